import { BLOCKS, INLINES } from "@contentful/rich-text-types";
import {
  BLOCK_TO_EDITOR,
  EDITOR_MARK,
  EDITOR_NODE,
  type EditorMark,
  type EditorNode,
  editableChildren,
  LINK_TO_EDITOR,
  type LinkDescription,
  MARK_TO_EDITOR,
  type RichTextLink,
  TEXT_BLOCKS,
  VOID_BLOCKS,
} from "./editor-document.ts";
import { RichTextConversionError } from "./errors.ts";

export type ToEditorOptions = {
  /**
   * The name (and picture) the editor shows for an embedded or linked entry or asset; the
   * document holds only its id. Not written back to Contentful.
   */
  describe?: (link: RichTextLink) => LinkDescription | undefined;
};

type Json = Record<string, unknown>;
/** A node as stored, once its shape is checked. */
type StoredNode = Json & { nodeType: string; content?: unknown[] };

function isRecord(value: unknown): value is Json {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

const ELEMENT_KEYS = new Set(["nodeType", "data", "content"]);
const TEXT_KEYS = new Set(["nodeType", "value", "marks", "data"]);

/** Refuses what is not a Contentful node at all: kept nodes must at least be nodes. */
function checked(node: unknown, path: string): StoredNode {
  if (!isRecord(node) || typeof node.nodeType !== "string") {
    throw new RichTextConversionError("A rich-text node must be an object with a nodeType", path);
  }
  if (node.content !== undefined && !Array.isArray(node.content)) {
    throw new RichTextConversionError(`The content of a ${node.nodeType} must be a list`, path);
  }
  if (node.data !== undefined && !isRecord(node.data)) {
    throw new RichTextConversionError(`The data of a ${node.nodeType} must be an object`, path);
  }
  if (node.nodeType === "text") {
    if (typeof node.value !== "string") {
      throw new RichTextConversionError("A text node's value must be a string", path);
    }
    if (node.marks !== undefined && !(Array.isArray(node.marks) && node.marks.every(isRecord))) {
      throw new RichTextConversionError("A text node's marks must be a list of objects", path);
    }
  }
  return node as StoredNode;
}

const onlyKeys = (node: Json, keys: ReadonlySet<string>) =>
  Object.keys(node).every((key) => keys.has(key));

/** A block or inline node with nothing the editor would not give back. */
const isPlainElement = (node: StoredNode) =>
  node.nodeType !== "text" && onlyKeys(node, ELEMENT_KEYS);

/** A text node with nothing the editor would not give back (text data is always empty). */
const isPlainText = (node: StoredNode) =>
  node.nodeType === "text" &&
  onlyKeys(node, TEXT_KEYS) &&
  (node.data === undefined || Object.keys(node.data as Json).length === 0);

const contentOf = (node: StoredNode): unknown[] => node.content ?? [];

const dataAttrs = (node: StoredNode): Json =>
  isRecord(node.data) && Object.keys(node.data).length > 0 ? { data: node.data } : {};

const opaque = (type: string, node: StoredNode): EditorNode => ({ type, attrs: { node } });

function isLink(value: unknown): value is RichTextLink {
  return (
    isRecord(value) &&
    isRecord(value.sys) &&
    value.sys.type === "Link" &&
    (value.sys.linkType === "Entry" || value.sys.linkType === "Asset") &&
    typeof value.sys.id === "string"
  );
}

function describeTarget(node: StoredNode, options: ToEditorOptions): Json {
  const target = isRecord(node.data) ? node.data.target : undefined;
  const description = isLink(target) ? options.describe?.(target) : undefined;
  if (!description) return {};
  return description.previewUrl
    ? { label: description.label, previewUrl: description.previewUrl }
    : { label: description.label };
}

function toMarks(marks: unknown[] | undefined): EditorMark[] {
  return (marks ?? []).map((mark) => {
    const record = mark as Json;
    const name = typeof record.type === "string" ? MARK_TO_EDITOR[record.type] : undefined;
    return name && onlyKeys(record, new Set(["type"]))
      ? { type: name }
      : { type: EDITOR_MARK.unknownMark, attrs: { mark: record } };
  });
}

/** Text as the editor holds it: line breaks are nodes of their own. */
function pushText(out: EditorNode[], value: string, marks: EditorMark[]) {
  const withMarks = marks.length > 0 ? { marks } : {};
  value.split("\n").forEach((part, index) => {
    if (index > 0) out.push({ type: EDITOR_NODE.hardBreak, ...withMarks });
    if (part) out.push({ type: EDITOR_NODE.text, text: part, ...withMarks });
  });
}

/** A hyperlink's mark, or null when its data cannot be one (no `uri`). */
function linkMark(node: StoredNode, options: ToEditorOptions): EditorMark | null {
  const data = (node.data ?? {}) as Json;
  if (node.nodeType === INLINES.HYPERLINK) {
    if (typeof data.uri !== "string") return null;
    const more = Object.keys(data).some((key) => key !== "uri");
    return { type: EDITOR_MARK.link, attrs: { href: data.uri, data: more ? data : null } };
  }
  return {
    type: LINK_TO_EDITOR[node.nodeType] ?? EDITOR_MARK.entryLink,
    attrs: { data, ...describeTarget(node, options) },
  };
}

function toInlines(content: unknown[], path: string, options: ToEditorOptions): EditorNode[] {
  const out: EditorNode[] = [];
  content.forEach((child, index) => {
    const at = `${path}.content[${index}]`;
    const node = checked(child, at);
    if (node.nodeType === "text") {
      if (isPlainText(node)) pushText(out, node.value as string, toMarks(node.marks as unknown[]));
      else out.push(opaque(EDITOR_NODE.opaqueInline, node));
      return;
    }
    if (node.nodeType in LINK_TO_EDITOR) {
      const texts = contentOf(node).map((text, i) => checked(text, `${at}.content[${i}]`));
      const mark = isPlainElement(node) ? linkMark(node, options) : null;
      // A link the editor's marks could not give back whole stays as it is: one holding
      // anything but plain text, or no text at all.
      if (!mark || !texts.every(isPlainText) || texts.every((text) => text.value === "")) {
        out.push(opaque(EDITOR_NODE.opaqueInline, node));
        return;
      }
      for (const text of texts) {
        pushText(out, text.value as string, [...toMarks(text.marks as unknown[]), mark]);
      }
      return;
    }
    if (
      node.nodeType === INLINES.EMBEDDED_ENTRY &&
      isPlainElement(node) &&
      contentOf(node).length === 0
    ) {
      out.push({
        type: EDITOR_NODE.embeddedEntryInline,
        attrs: { data: node.data ?? {}, ...describeTarget(node, options) },
      });
      return;
    }
    out.push(opaque(EDITOR_NODE.opaqueInline, node));
  });
  return out;
}

function cellSpans(node: StoredNode): Json {
  const data = (node.data ?? {}) as Json;
  const spans: Json = {};
  if (typeof data.colspan === "number") spans.colspan = data.colspan;
  if (typeof data.rowspan === "number") spans.rowspan = data.rowspan;
  return spans;
}

/** A table whose every row and cell the editor edits: only rows of cells, none empty. */
function isWholeTable(table: StoredNode): boolean {
  const isFrame = (node: unknown, types: readonly string[]) =>
    isRecord(node) &&
    typeof node.nodeType === "string" &&
    types.includes(node.nodeType) &&
    isPlainElement(node as StoredNode) &&
    Array.isArray(node.content) &&
    node.content.length > 0;
  return contentOf(table).every(
    (row) =>
      isFrame(row, [BLOCKS.TABLE_ROW]) &&
      contentOf(row as StoredNode).every((cell) =>
        isFrame(cell, [BLOCKS.TABLE_CELL, BLOCKS.TABLE_HEADER_CELL]),
      ),
  );
}

function toBlock(
  parentType: string,
  child: unknown,
  path: string,
  options: ToEditorOptions,
): EditorNode {
  const node = checked(child, path);
  const type = node.nodeType;
  const name = BLOCK_TO_EDITOR[type];
  if (!name || !editableChildren(parentType).includes(type) || !isPlainElement(node)) {
    return opaque(EDITOR_NODE.opaqueBlock, node);
  }
  const content = contentOf(node);
  if (TEXT_BLOCKS.has(type)) {
    const attrs = dataAttrs(node);
    if (name === EDITOR_NODE.heading) attrs.level = Number(type.slice(-1));
    const inlines = toInlines(content, path, options);
    return { type: name, attrs, ...(inlines.length > 0 ? { content: inlines } : {}) };
  }
  if (VOID_BLOCKS.has(type)) {
    if (content.length > 0) return opaque(EDITOR_NODE.opaqueBlock, node);
    if (type === BLOCKS.HR) return { type: name, attrs: dataAttrs(node) };
    return { type: name, attrs: { data: node.data ?? {}, ...describeTarget(node, options) } };
  }
  // A container: the editor's holds at least one child, as Contentful's validation wants.
  if (content.length === 0) return opaque(EDITOR_NODE.opaqueBlock, node);
  if (type === BLOCKS.TABLE && !isWholeTable(node)) return opaque(EDITOR_NODE.opaqueBlock, node);
  const attrs = dataAttrs(node);
  if (type === BLOCKS.TABLE_CELL || type === BLOCKS.TABLE_HEADER_CELL) {
    Object.assign(attrs, cellSpans(node));
  }
  return {
    type: name,
    attrs,
    content: content.map((grandchild, index) =>
      toBlock(type, grandchild, `${path}.content[${index}]`, options),
    ),
  };
}

/**
 * A Contentful rich-text document as the editor's document (ProseMirror JSON). Nothing is
 * dropped: a node the editor cannot edit where it stands (an unknown node type, a block
 * Contentful does not allow in its container, a link holding more than text) is kept whole in
 * an opaque node and written back as it was. Refuses, with a `RichTextConversionError`, a value
 * that is not a document or holds something that is not a node.
 */
export function toEditorDocument(document: unknown, options: ToEditorOptions = {}): EditorNode {
  if (!isRecord(document) || document.nodeType !== BLOCKS.DOCUMENT) {
    throw new RichTextConversionError('A rich-text document must have nodeType "document"', "");
  }
  const root = checked(document, "");
  if (!onlyKeys(root, ELEMENT_KEYS)) {
    throw new RichTextConversionError("A document has only nodeType, data and content", "");
  }
  const blocks = contentOf(root).map((child, index) =>
    toBlock(BLOCKS.DOCUMENT, child, `content[${index}]`, options),
  );
  return {
    type: EDITOR_NODE.doc,
    attrs: dataAttrs(root),
    // The editor needs a block to type in; Contentful's empty document has one too.
    content: blocks.length > 0 ? blocks : [{ type: EDITOR_NODE.paragraph, attrs: {} }],
  };
}
