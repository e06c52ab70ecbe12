/**
 * Contentful rich-text documents as data, for code that renders no React (the server, the
 * Storefront API's page bodies): their node shape, their plain text and their assets' files.
 * The React renderer is rich-text.tsx, which re-exports these.
 */

export type RichTextMark = { type: string };
export type RichTextNode = {
  nodeType: string;
  value?: string;
  marks?: RichTextMark[];
  data?: Record<string, unknown>;
  content?: RichTextNode[];
};

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** Whether a field holds a rich-text document. */
export function isRichTextDocument(value: unknown): value is RichTextNode {
  return isRecord(value) && value.nodeType === "document" && Array.isArray(value.content);
}

const BLOCKS_ENDING_A_LINE = new Set([
  "paragraph",
  "heading-1",
  "heading-2",
  "heading-3",
  "heading-4",
  "heading-5",
  "heading-6",
  "list-item",
  "blockquote",
  "table-row",
]);

/**
 * The document's text without markup: blocks on their own lines, words of one block joined as
 * written. For meta descriptions, excerpts and tests.
 */
export function richTextToPlainText(document: unknown): string {
  if (!isRecord(document)) return "";
  const walk = (node: RichTextNode): string => {
    if (node.nodeType === "text") return node.value ?? "";
    const inner = (node.content ?? []).map(walk).join("");
    return BLOCKS_ENDING_A_LINE.has(node.nodeType) ? `${inner}\n` : inner;
  };
  return walk(document as RichTextNode)
    .split("\n")
    .map((line) => line.replace(/\s+/g, " ").trim())
    .filter(Boolean)
    .join("\n");
}

/** An asset's file URL and size, from a resolved asset (`fields.file`). */
export function assetFile(
  value: unknown,
): { url: string; title: string; width: number | null; height: number | null } | null {
  if (!isRecord(value) || !isRecord(value.fields)) return null;
  const { file, title, description } = value.fields;
  if (!isRecord(file) || typeof file.url !== "string" || file.url === "") return null;
  const details = isRecord(file.details) && isRecord(file.details.image) ? file.details.image : {};
  const width = typeof details.width === "number" ? details.width : null;
  const height = typeof details.height === "number" ? details.height : null;
  const label =
    (typeof description === "string" && description.trim()) ||
    (typeof title === "string" && title.trim()) ||
    "";
  return { url: file.url, title: label, width, height };
}
