import type { Document } from "@contentful/rich-text-types";
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { RICH_TEXT_SAMPLES } from "#platform/content/testing.ts";
import { RichTextEditor } from "./rich-text-editor.tsx";

const t = (value: string, ...marks: string[]) => ({
  nodeType: "text",
  value,
  marks: marks.map((type) => ({ type })),
  data: {},
});
const link = (linkType: "Entry" | "Asset", id: string) => ({
  target: { sys: { type: "Link", linkType, id } },
});
const post = {
  nodeType: "document",
  data: {},
  content: [
    { nodeType: "heading-2", data: {}, content: [t("La galette")] },
    {
      nodeType: "unordered-list",
      data: {},
      content: [
        {
          nodeType: "list-item",
          data: {},
          content: [{ nodeType: "paragraph", data: {}, content: [t("beurre", "bold")] }],
        },
      ],
    },
    {
      nodeType: "paragraph",
      data: {},
      content: [
        t("Voir "),
        { nodeType: "hyperlink", data: { uri: "/faq/" }, content: [t("la FAQ")] },
        t(""),
      ],
    },
    { nodeType: "embedded-entry-block", data: link("Entry", "product-1"), content: [] },
    { nodeType: "embedded-asset-block", data: link("Asset", "photo-1"), content: [] },
  ],
} as unknown as Document;

const describeLink = ({ sys }: { sys: { id: string } }) =>
  sys.id === "photo-1"
    ? { label: "Galette dorée", previewUrl: "/cdn/images/content/galette.svg" }
    : { label: "Galette des rois" };

const hiddenValue = (html: string) => {
  const match = /<input type="hidden" name="body" value="([^"]*)"/.exec(html);
  return match?.[1]?.replaceAll("&quot;", '"').replaceAll("&amp;", "&");
};

describe("RichTextEditor on the server", () => {
  it("posts the document as Contentful JSON in a hidden field, unchanged", () => {
    const html = renderToString(
      <RichTextEditor name="body" label="Corps" defaultValue={post} describeLink={describeLink} />,
    );
    expect(JSON.parse(hiddenValue(html) ?? "")).toEqual(post);
  });

  it("posts an empty value for a field without a document", () => {
    const html = renderToString(<RichTextEditor name="body" label="Corps" />);
    expect(hiddenValue(html)).toBe("");
  });

  it("shows the document read-only, with the names of embedded entries and assets", () => {
    const html = renderToString(
      <RichTextEditor name="body" label="Corps" defaultValue={post} describeLink={describeLink} />,
    );
    expect(html).toContain("<h2>La galette</h2>");
    expect(html).toContain("<ul><li><p><strong>beurre</strong></p></li></ul>");
    expect(html).toContain('<span class="rte-link">la FAQ</span>');
    expect(html).toContain("Galette des rois");
    expect(html).toContain('src="/cdn/images/content/galette.svg"');
    expect(html).toContain('aria-readonly="true"');
  });

  it("names the editing area by its label and ties the hint and the error to it", () => {
    const html = renderToString(
      <RichTextEditor
        name="body"
        label="Corps de l'article"
        hint="Le texte de l'article."
        error="Le corps est obligatoire."
        required
      />,
    );
    const labelId = /<span id="([^"]+)" class="rte__label">Corps de l&#x27;article<\/span>/.exec(
      html,
    )?.[1];
    expect(labelId).toBeTruthy();
    const area = /<div id="f-body"[^>]*>/.exec(html)?.[0] ?? "";
    expect(area).toContain(`aria-labelledby="${labelId}"`);
    expect(area).toContain('aria-invalid="true"');
    expect(area).toContain('aria-required="true"');
    const describedBy = /aria-describedby="([^"]+)"/.exec(area)?.[1]?.split(" ") ?? [];
    expect(describedBy).toHaveLength(2);
    for (const id of describedBy) expect(html).toContain(`id="${id}"`);
    expect(html).toContain("Le corps est obligatoire.");
  });

  it("renders every sample document without failing, kept nodes named", () => {
    for (const [name, document] of Object.entries(RICH_TEXT_SAMPLES)) {
      expect(() =>
        renderToString(<RichTextEditor name="body" label="Corps" defaultValue={document} />),
      ).not.toThrow();
      if (name.startsWith("nodes the editor keeps")) {
        expect(
          renderToString(<RichTextEditor name="body" label="Corps" defaultValue={document} />),
        ).toContain("Contenu conservé tel quel (embedded-resource-block)");
      }
    }
  });
});
