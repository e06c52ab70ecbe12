import { validateRichTextDocument } from "@contentful/rich-text-types";
import { describe, expect, it } from "vitest";
import { richTextToPlainText } from "#app/lib/content/rich-text-data.ts";
import { RICH_TEXT_SAMPLES } from "./samples.ts";
import { toRichTextDocument } from "./to-contentful.ts";
import { toEditorDocument } from "./to-editor.ts";

const roundTrip = (document: unknown) => toRichTextDocument(toEditorDocument(document));
const t = (value: string, ...marks: string[]) => ({
  nodeType: "text",
  value,
  marks: marks.map((type) => ({ type })),
  data: {},
});
const doc = (...content: unknown[]) => ({ nodeType: "document", data: {}, content });
const p = (...content: unknown[]) => ({ nodeType: "paragraph", data: {}, content });

describe("a rich-text round trip through the editor's document", () => {
  for (const [name, document] of Object.entries(RICH_TEXT_SAMPLES)) {
    it(`gives ${name} back identical`, () => {
      expect(JSON.stringify(roundTrip(document))).toBe(JSON.stringify(document));
    });
  }

  it("covers every node type and mark of Contentful's rich text", () => {
    const nodeTypes = new Set<string>();
    const marks = new Set<string>();
    JSON.stringify(Object.values(RICH_TEXT_SAMPLES), (_key, value) => {
      if (typeof value?.nodeType === "string") nodeTypes.add(value.nodeType);
      for (const mark of value?.marks ?? []) marks.add(mark.type);
      return value;
    });
    for (const type of [
      "document",
      "paragraph",
      "heading-1",
      "heading-2",
      "heading-3",
      "heading-4",
      "heading-5",
      "heading-6",
      "ordered-list",
      "unordered-list",
      "list-item",
      "blockquote",
      "hr",
      "table",
      "table-row",
      "table-cell",
      "table-header-cell",
      "hyperlink",
      "entry-hyperlink",
      "asset-hyperlink",
      "embedded-entry-block",
      "embedded-entry-inline",
      "embedded-asset-block",
      "embedded-resource-block",
      "embedded-resource-inline",
      "text",
    ]) {
      expect(nodeTypes, type).toContain(type);
    }
    for (const mark of [
      "bold",
      "italic",
      "underline",
      "code",
      "superscript",
      "subscript",
      "strikethrough",
    ]) {
      expect(marks, mark).toContain(mark);
    }
  });

  it("writes only documents Contentful's validation accepts, from valid ones", () => {
    const valid = Object.entries(RICH_TEXT_SAMPLES).filter(
      ([name]) => !name.startsWith("nodes the editor keeps") && !name.startsWith("data kept"),
    );
    for (const [name, document] of valid) {
      expect(validateRichTextDocument(document), name).toEqual([]);
      expect(validateRichTextDocument(roundTrip(document)), name).toEqual([]);
    }
  });

  it("writes a document in another form as Contentful's editor would, with the same text", () => {
    const loose = doc(
      p(t("a", "italic", "bold"), t("b", "bold", "italic"), t(""), t("c")),
      p({ nodeType: "hyperlink", data: { uri: "/" }, content: [t("seul")] }),
      { nodeType: "paragraph", data: {}, content: [] },
      { nodeType: "heading-2", content: [{ nodeType: "text", value: "sans data ni marks" }] },
    );
    expect(roundTrip(loose)).toEqual(
      doc(
        p(t("ab", "bold", "italic"), t("c")),
        p(t(""), { nodeType: "hyperlink", data: { uri: "/" }, content: [t("seul")] }, t("")),
        p(t("")),
        { nodeType: "heading-2", data: {}, content: [t("sans data ni marks")] },
      ),
    );
    expect(richTextToPlainText(roundTrip(loose))).toBe(richTextToPlainText(loose));
  });

  it("is stable: a second round trip changes nothing", () => {
    const once = roundTrip(
      doc(p(t("x", "code", "bold")), { nodeType: "hr", data: {}, content: [] }),
    );
    expect(roundTrip(once)).toEqual(once);
  });
});
