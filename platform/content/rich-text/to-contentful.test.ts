import { EMPTY_DOCUMENT } from "@contentful/rich-text-types";
import { describe, expect, it } from "vitest";
import type { EditorNode } from "./editor-document.ts";
import { RichTextConversionError } from "./errors.ts";
import { isEmptyRichTextDocument, toRichTextDocument } from "./to-contentful.ts";

const t = (value: string, ...marks: string[]) => ({
  nodeType: "text",
  value,
  marks: marks.map((type) => ({ type })),
  data: {},
});
const editorDoc = (...content: EditorNode[]): EditorNode => ({ type: "doc", content });
const para = (...content: EditorNode[]): EditorNode => ({ type: "paragraph", content });
const text = (value: string, ...marks: EditorNode["marks"] & object): EditorNode => ({
  type: "text",
  text: value,
  marks,
});
const entry = (id: string) => ({ target: { sys: { type: "Link", linkType: "Entry", id } } });
const firstBlock = (editor: EditorNode) => toRichTextDocument(editor).content[0];

describe("toRichTextDocument", () => {
  it("writes an empty editor as Contentful's empty document", () => {
    expect(toRichTextDocument(editorDoc(para()))).toEqual(EMPTY_DOCUMENT);
    expect(toRichTextDocument(editorDoc())).toEqual(EMPTY_DOCUMENT);
  });

  it("merges neighbouring texts with the same marks and writes marks in Contentful's order", () => {
    expect(
      firstBlock(
        editorDoc(
          para(
            text("un ", { type: "italic" }, { type: "bold" }),
            text("deux", { type: "bold" }, { type: "italic" }),
            text(" trois"),
          ),
        ),
      ),
    ).toEqual({
      nodeType: "paragraph",
      data: {},
      content: [t("un deux", "bold", "italic"), t(" trois")],
    });
  });

  it("writes hard breaks as line breaks in the text", () => {
    expect(
      firstBlock(
        editorDoc(para(text("a"), { type: "hardBreak" }, text("b"), { type: "hardBreak" })),
      ),
    ).toMatchObject({ content: [t("a\nb\n")] });
  });

  it("groups the texts of one link into one hyperlink between text nodes", () => {
    const href = { type: "link", attrs: { href: "https://example.com/", target: "_blank" } };
    expect(
      firstBlock(
        editorDoc(para(text("le ", href), text("site", href, { type: "bold" }), text(" !"))),
      ),
    ).toEqual({
      nodeType: "paragraph",
      data: {},
      content: [
        t(""),
        {
          nodeType: "hyperlink",
          data: { uri: "https://example.com/" },
          content: [t("le "), t("site", "bold")],
        },
        t(" !"),
      ],
    });
  });

  it("writes links to entries and assets with their target, not the name shown", () => {
    const toEntry = { type: "entryLink", attrs: { data: entry("miel"), label: "Miel" } };
    const block = firstBlock(editorDoc(para(text("miel", toEntry))));
    expect(block).toEqual({
      nodeType: "paragraph",
      data: {},
      content: [
        t(""),
        { nodeType: "entry-hyperlink", data: entry("miel"), content: [t("miel")] },
        t(""),
      ],
    });
  });

  it("keeps two links apart when their targets differ", () => {
    const a = { type: "link", attrs: { href: "/a/" } };
    const b = { type: "link", attrs: { href: "/b/" } };
    const block = firstBlock(editorDoc(para(text("a", a), text("b", b))));
    expect(block?.content.map((node) => node.nodeType)).toEqual([
      "text",
      "hyperlink",
      "text",
      "hyperlink",
      "text",
    ]);
  });

  it("writes embedded entries and assets with their data and no content", () => {
    const document = toRichTextDocument(
      editorDoc(
        { type: "embeddedEntryBlock", attrs: { data: entry("choco"), label: "Chocolat" } },
        para({ type: "embeddedEntryInline", attrs: { data: entry("miel") } }),
      ),
    );
    expect(document.content).toEqual([
      { nodeType: "embedded-entry-block", data: entry("choco"), content: [] },
      {
        nodeType: "paragraph",
        data: {},
        content: [
          t(""),
          { nodeType: "embedded-entry-inline", data: entry("miel"), content: [] },
          t(""),
        ],
      },
    ]);
  });

  it("writes a cell's span into its data only when the editor changed it", () => {
    const cell = (attrs: Record<string, unknown>): EditorNode => ({
      type: "tableCell",
      attrs,
      content: [para(text("x"))],
    });
    const [table] = toRichTextDocument(
      editorDoc({
        type: "table",
        content: [
          {
            type: "tableRow",
            content: [
              cell({ colspan: 1, rowspan: 1 }),
              cell({ colspan: 2, rowspan: 1 }),
              cell({ colspan: 1, rowspan: 1, data: { colspan: 3 } }),
            ],
          },
        ],
      }),
    ).content;
    const [row] = (table?.content ?? []) as { content: { data: unknown }[] }[];
    expect(row?.content.map((node) => node.data)).toEqual([{}, { colspan: 2 }, { colspan: 1 }]);
  });

  it("refuses an editor node or mark that has no rich-text counterpart", () => {
    expect(() => toRichTextDocument(editorDoc({ type: "codeBlock" }))).toThrow(
      RichTextConversionError,
    );
    expect(() => toRichTextDocument(editorDoc(para(text("x", { type: "highlight" }))))).toThrow(
      /mark highlight/,
    );
    expect(() => toRichTextDocument(editorDoc({ type: "heading", attrs: { level: 7 } }))).toThrow(
      /level must be 1 to 6/,
    );
    expect(() => toRichTextDocument({ type: "paragraph" })).toThrow(/document is a paragraph/);
  });
});

describe("isEmptyRichTextDocument", () => {
  it("is true for no block or one empty paragraph, false as soon as anything is written", () => {
    expect(isEmptyRichTextDocument(EMPTY_DOCUMENT)).toBe(true);
    expect(isEmptyRichTextDocument({ nodeType: "document", data: {}, content: [] } as never)).toBe(
      true,
    );
    expect(isEmptyRichTextDocument(toRichTextDocument(editorDoc(para(text("a")))))).toBe(false);
    expect(
      isEmptyRichTextDocument(toRichTextDocument(editorDoc(para(), { type: "horizontalRule" }))),
    ).toBe(false);
  });
});
