import { renderToStaticMarkup } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import {
  compactRichText,
  isRichTextDocument,
  RichText,
  richTextToPlainText,
} from "./rich-text.tsx";

const text = (value: string, marks: string[] = []) => ({
  nodeType: "text",
  value,
  marks: marks.map((type) => ({ type })),
  data: {},
});
const block = (nodeType: string, content: unknown[], data: Record<string, unknown> = {}) => ({
  nodeType,
  data,
  content,
});

const cms = (slug: string) => ({
  sys: { id: `cms-${slug}`, contentType: { sys: { id: "cms" } } },
  fields: { title: "Conditions", slug, body: { nodeType: "document", content: [] } },
});

const document = block("document", [
  block("heading-1", [text("Titre")]),
  block("heading-3", [text("Sous-titre")]),
  block("paragraph", [
    text("Du "),
    text("gras", ["bold"]),
    text(" et de l'"),
    text("italique", ["italic"]),
  ]),
  block("unordered-list", [
    block("list-item", [block("paragraph", [text("un")])]),
    block("list-item", [block("paragraph", [text("deux")])]),
  ]),
  block("paragraph", [
    text("Voir "),
    block("hyperlink", [text("le site")], { uri: "https://example.com/x" }),
    text(", "),
    block("hyperlink", [text("la FAQ")], { uri: "/faq/" }),
    text(" et "),
    block("entry-hyperlink", [text("les CGV")], { target: cms("cgv") }),
  ]),
  block("embedded-asset-block", [], {
    target: {
      sys: { id: "a" },
      fields: {
        title: "Une photo",
        file: { url: "/cdn/images/a.svg", details: { image: { width: 800, height: 600 } } },
      },
    },
  }),
  block("blockquote", [block("paragraph", [text("Citation")])]),
  block("hr", []),
  block("paragraph", [text("")]),
]);

function render(value: unknown, minHeading: 2 | 3 = 2) {
  return renderToStaticMarkup(
    <MemoryRouter>
      <RichText document={value} minHeading={minHeading} />
    </MemoryRouter>,
  );
}

describe("RichText", () => {
  it("renders blocks, marks and lists", () => {
    const html = render(document);
    expect(html).toContain("<strong>gras</strong>");
    expect(html).toContain("<em>italique</em>");
    expect(html).toContain("<ul><li><p>un</p></li><li><p>deux</p></li></ul>");
    expect(html).toContain("<blockquote><p>Citation</p></blockquote>");
    expect(html).toContain("<hr/>");
    // The trailing empty paragraph Contentful adds is left out.
    expect(html).not.toContain("<p></p>");
  });

  it("raises headings below the page's own h1", () => {
    expect(render(document)).toContain("<h2>Titre</h2>");
    expect(render(document)).toContain("<h3>Sous-titre</h3>");
    expect(render(document, 3)).toContain("<h3>Titre</h3>");
  });

  it("links to other sites, shop paths and entries through the link builder", () => {
    const html = render(document);
    expect(html).toContain('<a href="https://example.com/x" rel="noopener noreferrer">le site</a>');
    expect(html).toMatch(/<a href="\/faq\/"[^>]*>la FAQ<\/a>/);
    expect(html).toMatch(/<a href="\/cms\/cgv\/"[^>]*>les CGV<\/a>/);
  });

  it("shows embedded pictures with their size and alternative text, lazily", () => {
    expect(render(document)).toContain(
      '<img src="/cdn/images/a.svg" alt="Une photo" width="800" height="600" loading="lazy" decoding="async"/>',
    );
  });

  it("renders nothing for a value that is not a document", () => {
    expect(render(null)).toBe("");
    expect(render("texte")).toBe("");
    expect(isRichTextDocument(document)).toBe(true);
    expect(isRichTextDocument({ nodeType: "paragraph", content: [] })).toBe(false);
  });

  it("keeps the text of unknown node types", () => {
    expect(render(block("document", [block("mystery", [text("visible")])]))).toContain("visible");
  });
});

describe("richTextToPlainText", () => {
  it("puts blocks on their own lines", () => {
    expect(richTextToPlainText(document).split("\n").slice(0, 5)).toEqual([
      "Titre",
      "Sous-titre",
      "Du gras et de l'italique",
      "un",
      "deux",
    ]);
    expect(richTextToPlainText(undefined)).toBe("");
  });
});

describe("compactRichText", () => {
  it("cuts link targets to what a link needs", () => {
    const compact = compactRichText(document);
    const paragraph = compact?.content?.[4];
    const target = paragraph?.content?.[5]?.data?.target as { fields: Record<string, unknown> };
    expect(target.fields).toEqual({ title: "Conditions", slug: "cgv" });
    expect(render(compact)).toBe(render(document));
  });
});
