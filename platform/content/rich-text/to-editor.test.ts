import { describe, expect, it } from "vitest";
import { editorContent, isAllowedLinkUri } from "./editor-document.ts";
import { RichTextConversionError } from "./errors.ts";
import { RICH_TEXT_SAMPLES } from "./samples.ts";
import { toEditorDocument } from "./to-editor.ts";

const sample = (name: string) => {
  const document = RICH_TEXT_SAMPLES[name];
  if (!document) throw new Error(`No sample ${name}`);
  return document;
};
const t = (value: string, ...marks: string[]) => ({
  nodeType: "text",
  value,
  marks: marks.map((type) => ({ type })),
  data: {},
});
const doc = (...content: unknown[]) => ({ nodeType: "document", data: {}, content });
const p = (...content: unknown[]) => ({ nodeType: "paragraph", data: {}, content });
const entry = (id: string) => ({ target: { sys: { type: "Link", linkType: "Entry", id } } });
const asset = (id: string) => ({ target: { sys: { type: "Link", linkType: "Asset", id } } });

describe("toEditorDocument", () => {
  it("gives an empty document one empty paragraph to type in", () => {
    expect(toEditorDocument(doc())).toEqual({
      type: "doc",
      attrs: {},
      content: [{ type: "paragraph", attrs: {} }],
    });
    expect(toEditorDocument(sample("an empty document")).content).toEqual([
      { type: "paragraph", attrs: {} },
    ]);
  });

  it("turns heading-1 to heading-6 into headings with their level", () => {
    const levels = toEditorDocument(sample("headings of every level"))
      .content?.filter((node) => node.type === "heading")
      .map((node) => node.attrs?.level);
    expect(levels).toEqual([1, 2, 3, 4, 5, 6]);
  });

  it("maps every Contentful mark to the editor's, and keeps an unknown one", () => {
    const [paragraph] =
      toEditorDocument(
        doc(
          p(
            t("x", "bold", "italic", "underline", "code", "superscript", "subscript"),
            t("y", "strikethrough", "highlight"),
          ),
        ),
      ).content ?? [];
    expect(paragraph?.content).toEqual([
      {
        type: "text",
        text: "x",
        marks: [
          { type: "bold" },
          { type: "italic" },
          { type: "underline" },
          { type: "code" },
          { type: "superscript" },
          { type: "subscript" },
        ],
      },
      {
        type: "text",
        text: "y",
        marks: [
          { type: "strike" },
          { type: "unknownMark", attrs: { mark: { type: "highlight" } } },
        ],
      },
    ]);
  });

  it("makes a line break in a text a hard break carrying the text's marks", () => {
    const [paragraph] = toEditorDocument(doc(p(t("un\ndeux", "bold")))).content ?? [];
    expect(paragraph?.content).toEqual([
      { type: "text", text: "un", marks: [{ type: "bold" }] },
      { type: "hardBreak", marks: [{ type: "bold" }] },
      { type: "text", text: "deux", marks: [{ type: "bold" }] },
    ]);
  });

  it("nests lists as lists inside list items", () => {
    const [list] = toEditorDocument(sample("nested lists")).content ?? [];
    expect(list?.type).toBe("bulletList");
    const second = list?.content?.[1];
    expect(second?.type).toBe("listItem");
    expect(second?.content?.map((node) => node.type)).toEqual(["paragraph", "orderedList"]);
    expect(second?.content?.[1]?.content?.[1]?.content?.[1]?.type).toBe("bulletList");
  });

  it("makes the three kinds of link marks on their text, keeping each link's data", () => {
    const [paragraph] =
      toEditorDocument(
        doc(
          p(
            t(""),
            { nodeType: "hyperlink", data: { uri: "/faq/" }, content: [t("FAQ", "bold")] },
            t(""),
            { nodeType: "entry-hyperlink", data: entry("miel"), content: [t("miel")] },
            t(""),
            { nodeType: "asset-hyperlink", data: asset("fiche"), content: [t("fiche")] },
            t(""),
          ),
        ),
        { describe: (link) => ({ label: `Nom de ${link.sys.id}` }) },
      ).content ?? [];
    expect(paragraph?.content).toEqual([
      {
        type: "text",
        text: "FAQ",
        marks: [{ type: "bold" }, { type: "link", attrs: { href: "/faq/", data: null } }],
      },
      {
        type: "text",
        text: "miel",
        marks: [{ type: "entryLink", attrs: { data: entry("miel"), label: "Nom de miel" } }],
      },
      {
        type: "text",
        text: "fiche",
        marks: [{ type: "assetLink", attrs: { data: asset("fiche"), label: "Nom de fiche" } }],
      },
    ]);
  });

  it("keeps an embedded entry's and asset's data.target, with the name the screen gives", () => {
    const describe = (link: { sys: { id: string } }) =>
      link.sys.id === "photo"
        ? { label: "Plateau de fromages", previewUrl: "/cdn/images/p.svg" }
        : { label: "Chocolat noir" };
    const editor = toEditorDocument(
      doc(
        { nodeType: "embedded-entry-block", data: entry("choco"), content: [] },
        p(t("a"), { nodeType: "embedded-entry-inline", data: entry("choco"), content: [] }, t("")),
        { nodeType: "embedded-asset-block", data: asset("photo"), content: [] },
      ),
      { describe },
    );
    expect(editor.content?.[0]).toEqual({
      type: "embeddedEntryBlock",
      attrs: { data: entry("choco"), label: "Chocolat noir" },
    });
    expect(editor.content?.[1]?.content?.[1]).toEqual({
      type: "embeddedEntryInline",
      attrs: { data: entry("choco"), label: "Chocolat noir" },
    });
    expect(editor.content?.[2]).toEqual({
      type: "embeddedAssetBlock",
      attrs: {
        data: asset("photo"),
        label: "Plateau de fromages",
        previewUrl: "/cdn/images/p.svg",
      },
    });
  });

  it("keeps table cells' spans as the editor's attributes and their data whole", () => {
    const [table] = toEditorDocument(sample("a table")).content ?? [];
    const cell = table?.content?.[2]?.content?.[0];
    expect(cell).toMatchObject({ type: "tableCell", attrs: { data: { colspan: 2 }, colspan: 2 } });
    expect(table?.content?.[0]?.content?.[0]?.type).toBe("tableHeader");
  });

  it("keeps whole, as opaque nodes, what the editor cannot edit where it stands", () => {
    const unknown = { nodeType: "future-block", data: {}, content: [p(t("dedans"))] };
    const resource = { nodeType: "embedded-resource-block", data: {}, content: [] };
    const headingInQuote = {
      nodeType: "blockquote",
      data: {},
      content: [{ nodeType: "heading-2", data: {}, content: [t("titre")] }],
    };
    const emptyList = { nodeType: "unordered-list", data: {}, content: [] };
    const ruleWithContent = { nodeType: "hr", data: {}, content: [t("?")] };
    const extraKey = { nodeType: "paragraph", data: {}, content: [], style: "x" };
    const textAtTop = t("texte hors paragraphe");
    const linkAroundEmbed = {
      nodeType: "hyperlink",
      data: { uri: "/" },
      content: [{ nodeType: "embedded-entry-inline", data: entry("x"), content: [] }],
    };
    const emptyLink = { nodeType: "hyperlink", data: { uri: "/" }, content: [t("")] };
    const linkWithoutUri = { nodeType: "hyperlink", data: {}, content: [t("lien")] };
    const textWithData = { ...t("x"), data: { a: 1 } };
    const editor = toEditorDocument(
      doc(
        unknown,
        resource,
        headingInQuote,
        emptyList,
        ruleWithContent,
        extraKey,
        textAtTop,
        p(t(""), linkAroundEmbed, t(""), emptyLink, t(""), linkWithoutUri, textWithData),
      ),
    );
    const kept = (node: unknown) => ({ type: "opaqueBlock", attrs: { node } });
    expect(editor.content?.slice(0, 7)).toEqual([
      kept(unknown),
      kept(resource),
      { type: "blockquote", attrs: {}, content: [kept(headingInQuote.content[0])] },
      kept(emptyList),
      kept(ruleWithContent),
      kept(extraKey),
      kept(textAtTop),
    ]);
    expect(editor.content?.[7]?.content).toEqual(
      [linkAroundEmbed, emptyLink, linkWithoutUri, textWithData].map((node) => ({
        type: "opaqueInline",
        attrs: { node },
      })),
    );
  });

  it("refuses what is not a document, naming where", () => {
    expect(() => toEditorDocument(null)).toThrow(RichTextConversionError);
    expect(() => toEditorDocument({ nodeType: "paragraph", content: [] })).toThrow(
      /nodeType "document"/,
    );
    expect(() => toEditorDocument(doc(p(t("a"), { value: "sans type" })))).toThrow(
      "A rich-text node must be an object with a nodeType (at content[0].content[1])",
    );
    expect(() => toEditorDocument(doc(p({ nodeType: "text", value: 3 })))).toThrow(
      /value must be a string \(at content\[0\]\.content\[0\]\)/,
    );
    expect(() => toEditorDocument(doc({ nodeType: "paragraph", content: "x" }))).toThrow(
      /must be a list/,
    );
  });
});

describe("the editor's content rules", () => {
  it("are Contentful's, with kept blocks allowed anywhere a block is", () => {
    expect(editorContent("blockquote")).toBe("(paragraph | opaqueBlock)+");
    expect(editorContent("unordered-list")).toBe("(listItem | opaqueBlock)+");
    expect(editorContent("document")).toBe(
      "(paragraph | heading | orderedList | bulletList | horizontalRule | blockquote | embeddedEntryBlock | embeddedAssetBlock | table | opaqueBlock)+",
    );
    expect(editorContent("list-item")).not.toContain("table");
  });
});

describe("isAllowedLinkUri", () => {
  it("allows web pages, e-mail, phone numbers and site paths", () => {
    for (const uri of [
      "https://example.com/",
      "http://a.fr",
      "mailto:a@b.fr",
      "tel:+33123",
      "/faq/",
      "#haut",
    ]) {
      expect(isAllowedLinkUri(uri), uri).toBe(true);
    }
  });

  it("refuses scripts, protocol-relative addresses, bare words and spaces", () => {
    for (const uri of [
      "javascript:alert(1)",
      "//evil.example",
      "example.com",
      "https://a b",
      "",
      "data:text/html,x",
    ]) {
      expect(isAllowedLinkUri(uri), uri).toBe(false);
    }
  });
});
