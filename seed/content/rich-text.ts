/**
 * Contentful rich-text documents, built from plain French text: what the content service stores
 * in `RichText` fields (CMS bodies, blog posts, FAQ answers, legal text).
 */

type Text = { nodeType: "text"; value: string; marks: { type: string }[]; data: object };
type Block = { nodeType: string; data: object; content: (Block | Text)[] };
export type RichTextDocument = { nodeType: "document"; data: object; content: Block[] };

const text = (value: string, bold = false): Text => ({
  nodeType: "text",
  value,
  marks: bold ? [{ type: "bold" }] : [],
  data: {},
});

/** A paragraph; `**words**` are set in bold. */
export function paragraph(value: string): Block {
  const parts = value.split(/\*\*(.+?)\*\*/);
  return {
    nodeType: "paragraph",
    data: {},
    content: parts
      .map((part, index) => text(part, index % 2 === 1))
      .filter((node) => node.value !== ""),
  };
}

export const heading = (value: string, level: 2 | 3 = 2): Block => ({
  nodeType: `heading-${level}`,
  data: {},
  content: [text(value)],
});

export const list = (items: readonly string[]): Block => ({
  nodeType: "unordered-list",
  data: {},
  content: items.map((item) => ({ nodeType: "list-item", data: {}, content: [paragraph(item)] })),
});

/**
 * A document from lines: `## ` starts a heading, `- ` a list item (consecutive ones make one
 * list), anything else is a paragraph.
 */
export function richText(lines: readonly string[]): RichTextDocument {
  const content: Block[] = [];
  let items: string[] = [];
  const flush = () => {
    if (items.length > 0) content.push(list(items));
    items = [];
  };
  for (const line of lines) {
    if (line.startsWith("- ")) {
      items.push(line.slice(2));
      continue;
    }
    flush();
    if (line.startsWith("### ")) content.push(heading(line.slice(4), 3));
    else if (line.startsWith("## ")) content.push(heading(line.slice(3)));
    else content.push(paragraph(line));
  }
  flush();
  return { nodeType: "document", data: {}, content };
}

/** The plain text of a document, for tests and excerpts. */
export function plainText(document: RichTextDocument): string {
  const walk = (node: Block | Text): string =>
    node.nodeType === "text" ? (node as Text).value : (node as Block).content.map(walk).join(" ");
  return document.content.map(walk).join("\n");
}
