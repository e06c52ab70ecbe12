import {
  type AnyExtension,
  Extension,
  Mark,
  mergeAttributes,
  Node,
  wrappingInputRule,
} from "@tiptap/core";
import Blockquote from "@tiptap/extension-blockquote";
import Bold from "@tiptap/extension-bold";
import Code from "@tiptap/extension-code";
import Document from "@tiptap/extension-document";
import HardBreak from "@tiptap/extension-hard-break";
import Heading from "@tiptap/extension-heading";
import HorizontalRule from "@tiptap/extension-horizontal-rule";
import Italic from "@tiptap/extension-italic";
import Link from "@tiptap/extension-link";
import { BulletList, ListItem, ListKeymap, OrderedList } from "@tiptap/extension-list";
import Paragraph from "@tiptap/extension-paragraph";
import Strike from "@tiptap/extension-strike";
import { Table, TableCell, TableHeader, TableRow } from "@tiptap/extension-table";
import Text from "@tiptap/extension-text";
import Underline from "@tiptap/extension-underline";
import { Dropcursor, Gapcursor, UndoRedo } from "@tiptap/extensions";
import type { DOMOutputSpec } from "@tiptap/pm/model";
import {
  EDITOR_MARK,
  EDITOR_NODE,
  editorContent,
  isAllowedLinkUri,
} from "#platform/content/index.ts";

/**
 * The editor's schema: Tiptap's nodes and marks, renamed nowhere, with the content rules of
 * Contentful's rich text (`editorContent`) and the nodes Tiptap has no counterpart for
 * (embedded entries and assets, links to entries and assets, kept nodes). Node and mark names
 * are the converter's (`EDITOR_NODE`, `EDITOR_MARK`, platform/content/rich-text/). Embedded and
 * kept nodes are leaves drawn by `renderHTML` alone: ProseMirror makes them uneditable and
 * selectable as a whole, and copy and paste keeps them through `data-rich-text-attrs`.
 */

const ATTRS = "data-rich-text-attrs";
const LINK_MARKS = `${EDITOR_MARK.link} ${EDITOR_MARK.entryLink} ${EDITOR_MARK.assetLink}`;

type Attrs = Record<string, unknown>;

function readAttrs(element: HTMLElement | string): Attrs | false {
  if (typeof element === "string") return false;
  try {
    const attrs = JSON.parse(element.getAttribute(ATTRS) ?? "");
    return typeof attrs === "object" && attrs !== null ? attrs : false;
  } catch {
    return false;
  }
}

const targetId = (attrs: Attrs): string => {
  const data = attrs.data as { target?: { sys?: { id?: unknown } } } | undefined;
  const id = data?.target?.sys?.id;
  return typeof id === "string" ? id : "?";
};

/** What an embedded or linked entry or asset is called in the editor. */
export function linkLabel(attrs: Attrs, kind: "Entry" | "Asset"): string {
  if (typeof attrs.label === "string" && attrs.label) return attrs.label;
  return `${kind === "Entry" ? "Entrée" : "Média"} ${targetId(attrs)}`;
}

/** The Contentful node type a kept node stands for, for its label. */
const keptType = (attrs: Attrs): string => {
  const node = attrs.node as { nodeType?: unknown } | null;
  return typeof node?.nodeType === "string" ? node.nodeType : "inconnu";
};

/** Contentful's `data` on the blocks that have nothing else of it: kept, never shown. */
const ContentfulData = Extension.create({
  name: "contentfulData",
  addGlobalAttributes() {
    return [
      {
        types: [
          EDITOR_NODE.doc,
          EDITOR_NODE.paragraph,
          EDITOR_NODE.heading,
          EDITOR_NODE.bulletList,
          EDITOR_NODE.orderedList,
          EDITOR_NODE.listItem,
          EDITOR_NODE.blockquote,
          EDITOR_NODE.horizontalRule,
          EDITOR_NODE.table,
          EDITOR_NODE.tableRow,
          EDITOR_NODE.tableCell,
          EDITOR_NODE.tableHeader,
        ],
        attributes: { data: { default: {}, rendered: false, keepOnSplit: false } },
      },
    ];
  },
});

const embedAttributes = () => ({
  data: { default: {}, rendered: false },
  label: { default: null, rendered: false },
  previewUrl: { default: null, rendered: false },
});

const leafAttributes = (kind: string, attrs: Attrs) => ({
  "data-rich-text": kind,
  [ATTRS]: JSON.stringify(attrs),
});

export const EmbeddedEntryBlock = Node.create({
  name: EDITOR_NODE.embeddedEntryBlock,
  group: "block",
  atom: true,
  selectable: true,
  draggable: true,
  addAttributes: embedAttributes,
  parseHTML: () => [{ tag: 'div[data-rich-text="embedded-entry-block"]', getAttrs: readAttrs }],
  renderHTML: ({ node }): DOMOutputSpec => [
    "div",
    { ...leafAttributes("embedded-entry-block", node.attrs), class: "rte-embed" },
    ["span", { class: "rte-embed__kind" }, "Entrée intégrée"],
    ["span", { class: "rte-embed__label" }, linkLabel(node.attrs, "Entry")],
  ],
});

export const EmbeddedAssetBlock = Node.create({
  name: EDITOR_NODE.embeddedAssetBlock,
  group: "block",
  atom: true,
  selectable: true,
  draggable: true,
  addAttributes: embedAttributes,
  parseHTML: () => [{ tag: 'div[data-rich-text="embedded-asset-block"]', getAttrs: readAttrs }],
  renderHTML: ({ node }): DOMOutputSpec => {
    const label = linkLabel(node.attrs, "Asset");
    const caption: DOMOutputSpec = [
      "span",
      { class: "rte-embed__text" },
      ["span", { class: "rte-embed__kind" }, "Média intégré"],
      ["span", { class: "rte-embed__label" }, label],
    ];
    const attrs = { ...leafAttributes("embedded-asset-block", node.attrs), class: "rte-embed" };
    return typeof node.attrs.previewUrl === "string"
      ? [
          "div",
          attrs,
          ["img", { src: node.attrs.previewUrl, alt: "", class: "rte-embed__img" }],
          caption,
        ]
      : ["div", attrs, caption];
  },
});

export const EmbeddedEntryInline = Node.create({
  name: EDITOR_NODE.embeddedEntryInline,
  group: "inline",
  inline: true,
  atom: true,
  selectable: true,
  marks: "",
  addAttributes: embedAttributes,
  parseHTML: () => [{ tag: 'span[data-rich-text="embedded-entry-inline"]', getAttrs: readAttrs }],
  renderHTML: ({ node }): DOMOutputSpec => [
    "span",
    { ...leafAttributes("embedded-entry-inline", node.attrs), class: "rte-inline-embed" },
    linkLabel(node.attrs, "Entry"),
  ],
});

const keptAttributes = () => ({ node: { default: null, rendered: false } });

export const OpaqueBlock = Node.create({
  name: EDITOR_NODE.opaqueBlock,
  group: "block",
  atom: true,
  selectable: true,
  addAttributes: keptAttributes,
  parseHTML: () => [{ tag: 'div[data-rich-text="kept"]', getAttrs: readAttrs }],
  renderHTML: ({ node }): DOMOutputSpec => [
    "div",
    { ...leafAttributes("kept", node.attrs), class: "rte-kept" },
    `Contenu conservé tel quel (${keptType(node.attrs)}), non modifiable ici`,
  ],
});

export const OpaqueInline = Node.create({
  name: EDITOR_NODE.opaqueInline,
  group: "inline",
  inline: true,
  atom: true,
  selectable: true,
  marks: "",
  addAttributes: keptAttributes,
  parseHTML: () => [{ tag: 'span[data-rich-text="kept"]', getAttrs: readAttrs }],
  renderHTML: ({ node }): DOMOutputSpec => [
    "span",
    { ...leafAttributes("kept", node.attrs), class: "rte-kept rte-kept--inline" },
    `[${keptType(node.attrs)}]`,
  ],
});

const linkToAttributes = () => ({
  data: { default: {}, rendered: false },
  label: { default: null, rendered: false },
});

export const EntryLink = Mark.create({
  name: EDITOR_MARK.entryLink,
  excludes: LINK_MARKS,
  inclusive: false,
  addAttributes: linkToAttributes,
  parseHTML: () => [{ tag: 'span[data-rich-text="entry-hyperlink"]', getAttrs: readAttrs }],
  renderHTML: ({ mark }): DOMOutputSpec => [
    "span",
    {
      ...leafAttributes("entry-hyperlink", mark.attrs),
      class: "rte-link rte-link--entry",
      title: `Lien vers ${linkLabel(mark.attrs, "Entry")}`,
    },
    0,
  ],
});

export const AssetLink = Mark.create({
  name: EDITOR_MARK.assetLink,
  excludes: LINK_MARKS,
  inclusive: false,
  addAttributes: linkToAttributes,
  parseHTML: () => [{ tag: 'span[data-rich-text="asset-hyperlink"]', getAttrs: readAttrs }],
  renderHTML: ({ mark }): DOMOutputSpec => [
    "span",
    {
      ...leafAttributes("asset-hyperlink", mark.attrs),
      class: "rte-link rte-link--asset",
      title: `Lien vers ${linkLabel(mark.attrs, "Asset")}`,
    },
    0,
  ],
});

export const UnknownMark = Mark.create({
  name: EDITOR_MARK.unknownMark,
  // Two unknown marks of different types may sit on one text.
  excludes: "",
  addAttributes: () => ({ mark: { default: null, rendered: false } }),
  parseHTML: () => [{ tag: "span[data-rich-text-mark]", getAttrs: readAttrs }],
  renderHTML: ({ mark }): DOMOutputSpec => [
    "span",
    {
      "data-rich-text-mark": String((mark.attrs.mark as { type?: unknown } | null)?.type ?? ""),
      [ATTRS]: JSON.stringify(mark.attrs),
      class: "rte-kept-mark",
    },
    0,
  ],
});

/** Tiptap has superscript and subscript marks, but pinned to an older core than ours. */
const scriptMark = (name: string, tag: "sup" | "sub", align: string, key: string) =>
  Mark.create({
    name,
    parseHTML: () => [
      { tag },
      { style: "vertical-align", getAttrs: (value) => (value === align ? null : false) },
    ],
    renderHTML: ({ HTMLAttributes }): DOMOutputSpec => [tag, mergeAttributes(HTMLAttributes), 0],
    addKeyboardShortcuts() {
      return { [key]: () => this.editor.commands.toggleMark(this.name) };
    },
  });

export const Superscript = scriptMark(EDITOR_MARK.superscript, "sup", "super", "Mod-.");
export const Subscript = scriptMark(EDITOR_MARK.subscript, "sub", "sub", "Mod-,");

/**
 * Contentful's ordered lists have no start number: the list starts at 1, and only « 1. »
 * typed at the start of a paragraph starts one.
 */
const ContentfulOrderedList = OrderedList.extend({
  content: editorContent("ordered-list"),
  addAttributes: () => ({}),
  renderHTML({ HTMLAttributes }) {
    return ["ol", mergeAttributes(this.options.HTMLAttributes, HTMLAttributes), 0];
  },
  addInputRules() {
    return [wrappingInputRule({ find: /^1\.\s$/, type: this.type })];
  },
});

/** The extensions of the editor's schema and behaviour, in Contentful's content rules. */
export function richTextExtensions(): AnyExtension[] {
  return [
    Document.extend({ content: editorContent("document") }),
    Paragraph,
    Text,
    Heading.configure({ levels: [1, 2, 3, 4, 5, 6] }),
    BulletList.extend({ content: editorContent("unordered-list") }),
    ContentfulOrderedList,
    ListItem.extend({ content: editorContent("list-item") }),
    ListKeymap,
    Blockquote.extend({ content: editorContent("blockquote") }),
    HorizontalRule,
    HardBreak.configure({ keepMarks: true }),
    Table.extend({ content: editorContent("table") }).configure({ resizable: false }),
    TableRow.extend({ content: editorContent("table-row") }),
    TableCell.extend({ content: editorContent("table-cell") }),
    TableHeader.extend({ content: editorContent("table-header-cell") }),
    EmbeddedEntryBlock,
    EmbeddedAssetBlock,
    EmbeddedEntryInline,
    OpaqueBlock,
    OpaqueInline,
    Bold,
    Italic,
    Underline,
    // Contentful lets code be bold or italic; Tiptap's code mark excludes every other.
    Code.extend({ excludes: EDITOR_MARK.code }),
    Superscript,
    Subscript,
    Strike,
    Link.extend({
      excludes: LINK_MARKS,
      addAttributes() {
        return { ...this.parent?.(), data: { default: null, rendered: false } };
      },
    }).configure({
      openOnClick: false,
      autolink: false,
      linkOnPaste: true,
      HTMLAttributes: { target: null, rel: null, class: null },
      isAllowedUri: (url) => isAllowedLinkUri(url),
    }),
    EntryLink,
    AssetLink,
    UnknownMark,
    ContentfulData,
    UndoRedo,
    Dropcursor,
    Gapcursor,
  ];
}
