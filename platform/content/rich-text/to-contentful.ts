import { BLOCKS, type Document, INLINES } from "@contentful/rich-text-types";
import {
  BLOCK_TO_EDITOR,
  EDITOR_MARK,
  EDITOR_NODE,
  type EditorMark,
  type EditorNode,
  MARK_TO_EDITOR,
} from "./editor-document.ts";
import { RichTextConversionError } from "./errors.ts";

type Json = Record<string, unknown>;
type Mark = Json & { type: string };
type Text = { nodeType: "text"; value: string; marks: Mark[]; data: Json };
type Element = { nodeType: string; data: Json; content: Node[] };
type Node = Text | Element | Json;

function isRecord(value: unknown): value is Json {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** The Contentful block type of each editor block node (headings by their level). */
const EDITOR_TO_BLOCK: Readonly<Record<string, string>> = Object.fromEntries(
  Object.entries(BLOCK_TO_EDITOR)
    .filter(([, name]) => name !== EDITOR_NODE.heading)
    .map(([type, name]) => [name, type]),
);

const FORMAT_MARKS: ReadonlyMap<string, string> = new Map(
  Object.entries(MARK_TO_EDITOR).map(([type, name]) => [name, type]),
);
const MARK_ORDER = [...FORMAT_MARKS.values()];
const LINK_MARKS: ReadonlySet<string> = new Set([
  EDITOR_MARK.link,
  EDITOR_MARK.entryLink,
  EDITOR_MARK.assetLink,
]);

const dataOf = (node: { attrs?: Json }): Json =>
  isRecord(node.attrs?.data) ? (node.attrs.data as Json) : {};

const text = (value: string, marks: Mark[] = []): Text => ({
  nodeType: "text",
  value,
  marks,
  data: {},
});

/** Contentful's marks of an editor text: formatting first, in `MARKS` order, kept ones after. */
function contentfulMarks(marks: EditorMark[] | undefined): Mark[] {
  const known: Mark[] = [];
  const kept: Mark[] = [];
  for (const mark of marks ?? []) {
    const type = FORMAT_MARKS.get(mark.type);
    if (type) known.push({ type });
    else if (mark.type === EDITOR_MARK.unknownMark && isRecord(mark.attrs?.mark)) {
      kept.push(mark.attrs.mark as Mark);
    } else if (!LINK_MARKS.has(mark.type)) {
      throw new RichTextConversionError(`The editor's mark ${mark.type} has no rich-text mark`, "");
    }
  }
  known.sort((a, b) => MARK_ORDER.indexOf(a.type) - MARK_ORDER.indexOf(b.type));
  return [...known, ...kept];
}

/** The hyperlink node a link mark stands for, without content yet. */
function linkNode(mark: EditorMark): Element {
  if (mark.type === EDITOR_MARK.link) {
    const href = typeof mark.attrs?.href === "string" ? mark.attrs.href : "";
    const data = isRecord(mark.attrs?.data) ? { ...mark.attrs.data, uri: href } : { uri: href };
    return { nodeType: INLINES.HYPERLINK, data, content: [] };
  }
  const nodeType =
    mark.type === EDITOR_MARK.entryLink ? INLINES.ENTRY_HYPERLINK : INLINES.ASSET_HYPERLINK;
  return { nodeType, data: dataOf(mark), content: [] };
}

/** What makes two link marks one link: the data written, not what the editor only shows. */
function linkKey(mark: EditorMark | undefined): string {
  return mark ? JSON.stringify(linkNode(mark)) : "";
}

const sameMarks = (a: Mark[], b: Mark[]) => JSON.stringify(a) === JSON.stringify(b);

/** Appends text, merging it into the previous text when they have the same marks. */
function appendText(into: Node[], value: string, marks: Mark[]) {
  const last = into.at(-1) as Text | undefined;
  if (last?.nodeType === "text" && sameMarks(last.marks, marks)) last.value += value;
  else into.push(text(value, marks));
}

function inlineNode(node: EditorNode, path: string): Node {
  switch (node.type) {
    case EDITOR_NODE.embeddedEntryInline:
      return { nodeType: INLINES.EMBEDDED_ENTRY, data: dataOf(node), content: [] };
    case EDITOR_NODE.opaqueInline:
      return keptNode(node, path);
    default:
      throw new RichTextConversionError(`The editor's node ${node.type} is not inline`, path);
  }
}

/**
 * The content of a paragraph or heading. Contentful's own editor writes inline nodes between
 * text nodes (an empty one where there is no text), and so does this: a document it wrote
 * comes back identical.
 */
function inlines(children: EditorNode[] | undefined, path: string): Node[] {
  const out: Node[] = [];
  let link: { key: string; node: Element } | null = null;
  (children ?? []).forEach((child, index) => {
    const at = `${path}.content[${index}]`;
    const value =
      child.type === EDITOR_NODE.text
        ? (child.text ?? "")
        : child.type === EDITOR_NODE.hardBreak
          ? "\n"
          : null;
    if (value === null) {
      link = null;
      out.push(inlineNode(child, at));
      return;
    }
    const marks = contentfulMarks(child.marks);
    const mark = child.marks?.find((m) => LINK_MARKS.has(m.type));
    if (!mark) {
      link = null;
      appendText(out, value, marks);
      return;
    }
    const key = linkKey(mark);
    if (link?.key !== key) {
      link = { key, node: linkNode(mark) };
      out.push(link.node);
    }
    appendText(link.node.content, value, marks);
  });
  const padded: Node[] = [];
  for (const node of out) {
    if (node.nodeType !== "text" && padded.at(-1)?.nodeType !== "text") padded.push(text(""));
    padded.push(node);
  }
  if (padded.at(-1)?.nodeType !== "text") padded.push(text(""));
  return padded;
}

function keptNode(node: EditorNode, path: string): Json {
  const kept = node.attrs?.node;
  if (!isRecord(kept)) throw new RichTextConversionError("A kept node has lost its content", path);
  return kept;
}

function cellData(node: EditorNode): Json {
  const data = { ...dataOf(node) };
  for (const span of ["colspan", "rowspan"] as const) {
    const value = typeof node.attrs?.[span] === "number" ? node.attrs[span] : 1;
    if (value !== (typeof data[span] === "number" ? data[span] : 1)) data[span] = value;
  }
  return data;
}

function block(node: EditorNode, path: string): Node {
  const children = () =>
    (node.content ?? []).map((child, index) => block(child, `${path}.content[${index}]`));
  switch (node.type) {
    case EDITOR_NODE.paragraph:
      return {
        nodeType: BLOCKS.PARAGRAPH,
        data: dataOf(node),
        content: inlines(node.content, path),
      };
    case EDITOR_NODE.heading: {
      const level = Number(node.attrs?.level);
      if (!Number.isInteger(level) || level < 1 || level > 6) {
        throw new RichTextConversionError(`A heading's level must be 1 to 6, not ${level}`, path);
      }
      return {
        nodeType: `heading-${level}`,
        data: dataOf(node),
        content: inlines(node.content, path),
      };
    }
    case EDITOR_NODE.horizontalRule:
    case EDITOR_NODE.embeddedEntryBlock:
    case EDITOR_NODE.embeddedAssetBlock:
      return { nodeType: EDITOR_TO_BLOCK[node.type] as string, data: dataOf(node), content: [] };
    case EDITOR_NODE.tableCell:
    case EDITOR_NODE.tableHeader:
      return {
        nodeType: EDITOR_TO_BLOCK[node.type] as string,
        data: cellData(node),
        content: children(),
      };
    case EDITOR_NODE.opaqueBlock:
      return keptNode(node, path);
    default: {
      const nodeType = EDITOR_TO_BLOCK[node.type];
      if (!nodeType) {
        throw new RichTextConversionError(`The editor's node ${node.type} is not a block`, path);
      }
      return { nodeType, data: dataOf(node), content: children() };
    }
  }
}

/**
 * The editor's document (ProseMirror JSON) as a Contentful rich-text document. Text nodes with
 * the same marks are merged, marks are written in Contentful's order (`MARKS`), and kept nodes
 * come back as they were read.
 */
export function toRichTextDocument(editorDocument: EditorNode): Document {
  if (editorDocument.type !== EDITOR_NODE.doc) {
    throw new RichTextConversionError(`The editor's document is a ${editorDocument.type}`, "");
  }
  const content = (editorDocument.content ?? []).map((child, index) =>
    block(child, `content[${index}]`),
  );
  if (content.length === 0)
    content.push({ nodeType: BLOCKS.PARAGRAPH, data: {}, content: [text("")] });
  return { nodeType: BLOCKS.DOCUMENT, data: dataOf(editorDocument), content } as Document;
}

/** Whether a document holds nothing: no block, or one paragraph of empty text. */
export function isEmptyRichTextDocument(document: Document): boolean {
  const [first, ...rest] = document.content;
  if (!first) return true;
  return (
    rest.length === 0 &&
    first.nodeType === BLOCKS.PARAGRAPH &&
    first.content.every((node) => node.nodeType === "text" && node.value === "")
  );
}
