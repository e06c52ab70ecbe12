import { BLOCKS, CONTAINERS, INLINES, MARKS, TOP_LEVEL_BLOCKS } from "@contentful/rich-text-types";

/**
 * The admin's rich-text editor (Tiptap, on ProseMirror) holds a document of its own: this file
 * names its nodes, marks and attributes, and the rules of which node may hold which, taken from
 * Contentful's (`CONTAINERS`, `TOP_LEVEL_BLOCKS`) so that the editor cannot build a document
 * Contentful would refuse. The editor's schema (`app/components/admin/rich-text-editor/`) is
 * built from these names and content expressions; `to-editor.ts` and `to-contentful.ts`
 * convert between the two documents (decision 026).
 */

/** A node of the editor's document, as ProseMirror's `toJSON()` writes it (Tiptap's `JSONContent`). */
export type EditorNode = {
  type: string;
  attrs?: Record<string, unknown>;
  content?: EditorNode[];
  marks?: EditorMark[];
  text?: string;
};

export type EditorMark = { type: string; attrs?: Record<string, unknown> };

/** A Contentful link, as rich-text nodes hold it in `data.target`. */
export type RichTextLink = { sys: { type: "Link"; linkType: "Entry" | "Asset"; id: string } };

/** What the editor shows for a linked entry or asset: its name, and a picture for an image. */
export type LinkDescription = { label: string; previewUrl?: string };

/** The editor's node names. */
export const EDITOR_NODE = {
  doc: "doc",
  paragraph: "paragraph",
  heading: "heading",
  bulletList: "bulletList",
  orderedList: "orderedList",
  listItem: "listItem",
  blockquote: "blockquote",
  horizontalRule: "horizontalRule",
  table: "table",
  tableRow: "tableRow",
  tableCell: "tableCell",
  tableHeader: "tableHeader",
  embeddedEntryBlock: "embeddedEntryBlock",
  embeddedAssetBlock: "embeddedAssetBlock",
  embeddedEntryInline: "embeddedEntryInline",
  /** A Contentful block the editor cannot edit, kept as it was (`attrs.node`). */
  opaqueBlock: "opaqueBlock",
  /** A Contentful inline node or text the editor cannot edit, kept as it was (`attrs.node`). */
  opaqueInline: "opaqueInline",
  hardBreak: "hardBreak",
  text: "text",
} as const;

/** The editor's mark names. */
export const EDITOR_MARK = {
  bold: "bold",
  italic: "italic",
  underline: "underline",
  code: "code",
  superscript: "superscript",
  subscript: "subscript",
  strike: "strike",
  /** `hyperlink`: `attrs.href` is its `data.uri`. */
  link: "link",
  /** `entry-hyperlink`: `attrs.data` is its data, `data.target` the link. */
  entryLink: "entryLink",
  /** `asset-hyperlink`. */
  assetLink: "assetLink",
  /** A Contentful mark the editor does not know, kept as it was (`attrs.mark`). */
  unknownMark: "unknownMark",
} as const;

/** The editor's block node for each Contentful block type it edits. */
export const BLOCK_TO_EDITOR: Readonly<Record<string, string>> = {
  [BLOCKS.PARAGRAPH]: EDITOR_NODE.paragraph,
  [BLOCKS.HEADING_1]: EDITOR_NODE.heading,
  [BLOCKS.HEADING_2]: EDITOR_NODE.heading,
  [BLOCKS.HEADING_3]: EDITOR_NODE.heading,
  [BLOCKS.HEADING_4]: EDITOR_NODE.heading,
  [BLOCKS.HEADING_5]: EDITOR_NODE.heading,
  [BLOCKS.HEADING_6]: EDITOR_NODE.heading,
  [BLOCKS.UL_LIST]: EDITOR_NODE.bulletList,
  [BLOCKS.OL_LIST]: EDITOR_NODE.orderedList,
  [BLOCKS.LIST_ITEM]: EDITOR_NODE.listItem,
  [BLOCKS.QUOTE]: EDITOR_NODE.blockquote,
  [BLOCKS.HR]: EDITOR_NODE.horizontalRule,
  [BLOCKS.TABLE]: EDITOR_NODE.table,
  [BLOCKS.TABLE_ROW]: EDITOR_NODE.tableRow,
  [BLOCKS.TABLE_CELL]: EDITOR_NODE.tableCell,
  [BLOCKS.TABLE_HEADER_CELL]: EDITOR_NODE.tableHeader,
  [BLOCKS.EMBEDDED_ENTRY]: EDITOR_NODE.embeddedEntryBlock,
  [BLOCKS.EMBEDDED_ASSET]: EDITOR_NODE.embeddedAssetBlock,
};

/** Contentful's marks and the editor's, in the order `toRichTextDocument` writes them. */
export const MARK_TO_EDITOR: Readonly<Record<string, string>> = {
  [MARKS.BOLD]: EDITOR_MARK.bold,
  [MARKS.ITALIC]: EDITOR_MARK.italic,
  [MARKS.UNDERLINE]: EDITOR_MARK.underline,
  [MARKS.CODE]: EDITOR_MARK.code,
  [MARKS.SUPERSCRIPT]: EDITOR_MARK.superscript,
  [MARKS.SUBSCRIPT]: EDITOR_MARK.subscript,
  [MARKS.STRIKETHROUGH]: EDITOR_MARK.strike,
};

/** Contentful's three kinds of link, each a mark in the editor. */
export const LINK_TO_EDITOR: Readonly<Record<string, string>> = {
  [INLINES.HYPERLINK]: EDITOR_MARK.link,
  [INLINES.ENTRY_HYPERLINK]: EDITOR_MARK.entryLink,
  [INLINES.ASSET_HYPERLINK]: EDITOR_MARK.assetLink,
};

/** The Contentful block types whose content is text and inline nodes. */
export const TEXT_BLOCKS: ReadonlySet<string> = new Set([
  BLOCKS.PARAGRAPH,
  BLOCKS.HEADING_1,
  BLOCKS.HEADING_2,
  BLOCKS.HEADING_3,
  BLOCKS.HEADING_4,
  BLOCKS.HEADING_5,
  BLOCKS.HEADING_6,
]);

/** The Contentful block types that have no content. */
export const VOID_BLOCKS: ReadonlySet<string> = new Set([
  BLOCKS.HR,
  BLOCKS.EMBEDDED_ENTRY,
  BLOCKS.EMBEDDED_ASSET,
]);

/**
 * The block types a Contentful container (or the document) may hold that the editor edits;
 * anything else found there is kept as an opaque block.
 */
export function editableChildren(containerType: string): readonly string[] {
  const allowed: readonly string[] =
    containerType === BLOCKS.DOCUMENT
      ? TOP_LEVEL_BLOCKS
      : // `CONTAINERS` lets a table cell hold lists, but Contentful's validation
        // (`validateRichTextDocument`, which its API applies) accepts only paragraphs there.
        containerType === BLOCKS.TABLE_CELL
        ? [BLOCKS.PARAGRAPH]
        : ((CONTAINERS as Record<string, readonly string[]>)[containerType] ?? []);
  return allowed.filter((type) => type in BLOCK_TO_EDITOR);
}

/**
 * Containers whose children the table editing code lays out as rows and cells: a kept block
 * cannot stand among them, so a table the editor cannot hold whole is kept whole.
 */
export const TABLE_FRAMES: ReadonlySet<string> = new Set([BLOCKS.TABLE, BLOCKS.TABLE_ROW]);

/**
 * The ProseMirror content expression of the editor node standing for a Contentful container:
 * the editable children Contentful allows there, or kept blocks, at least one.
 */
export function editorContent(containerType: string): string {
  const names = [
    ...new Set(editableChildren(containerType).map((type) => BLOCK_TO_EDITOR[type])),
    ...(TABLE_FRAMES.has(containerType) ? [] : [EDITOR_NODE.opaqueBlock]),
  ];
  return `(${names.join(" | ")})+`;
}

/** Whether an address may be a hyperlink's: a web page, an e-mail, a phone or a site path. */
export function isAllowedLinkUri(uri: string): boolean {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are refused.
  if (/[\s\u0000-\u001f]/.test(uri)) return false;
  return /^(?:https?:\/\/[^/]|mailto:.|tel:\+?[0-9]|\/(?!\/)|#.)/i.test(uri);
}
