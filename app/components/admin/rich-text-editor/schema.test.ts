import { getSchema } from "@tiptap/core";
import { describe, expect, it } from "vitest";
import { type EditorNode, toEditorDocument, toRichTextDocument } from "#platform/content/index.ts";
import { RICH_TEXT_SAMPLES } from "#platform/content/testing.ts";
import { richTextExtensions } from "./schema.ts";

const schema = getSchema(richTextExtensions());

/** A document into the editor's schema, checked as ProseMirror checks it, and out again. */
function throughEditor(document: unknown) {
  const node = schema.nodeFromJSON(toEditorDocument(document));
  node.check();
  return toRichTextDocument(node.toJSON());
}

describe("the editor's schema", () => {
  for (const [name, document] of Object.entries(RICH_TEXT_SAMPLES)) {
    it(`holds ${name} and gives it back identical`, () => {
      expect(JSON.stringify(throughEditor(document))).toBe(JSON.stringify(document));
    });
  }

  it("has a node or mark for every name the converter writes", () => {
    const names = new Set<string>();
    const walk = (node: EditorNode) => {
      names.add(node.type);
      for (const mark of node.marks ?? []) names.add(mark.type);
      for (const child of node.content ?? []) walk(child);
    };
    for (const document of Object.values(RICH_TEXT_SAMPLES)) walk(toEditorDocument(document));
    const known = new Set([...Object.keys(schema.nodes), ...Object.keys(schema.marks)]);
    expect([...names].filter((name) => !known.has(name))).toEqual([]);
    expect(names.size).toBeGreaterThan(25);
  });

  it("refuses a block where Contentful refuses it", () => {
    const quoteWithHeading = schema.nodeFromJSON({
      type: "doc",
      content: [
        {
          type: "blockquote",
          content: [
            { type: "heading", attrs: { level: 2 }, content: [{ type: "text", text: "x" }] },
          ],
        },
      ],
    });
    expect(() => quoteWithHeading.check()).toThrow(/Invalid content/);
  });
});
