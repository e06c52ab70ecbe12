/**
 * The content module (Contentful stand-in): entries, assets, the content model, delivery and management APIs.
 * Its public face: the only file of the module that code outside it imports
 * (docs/architecture.md, "Layers"). Tables and other files are the module's own.
 */
export { bundlePrice } from "./bundle.ts";
export {
  CAROUSEL_KINDS,
  type CarouselKind,
  CONTENT_TYPES,
  findContentType,
} from "./content-types.ts";
export {
  entriesBySlug,
  entryFigures,
  entrySlugs,
  type SluggedEntry,
} from "./entry-reads.ts";
export { createContentApi } from "./http.ts";
export { type ContentChange, createContentManagementApi } from "./management.ts";
export {
  EDITOR_MARK,
  EDITOR_NODE,
  type EditorMark,
  type EditorNode,
  editorContent,
  isAllowedLinkUri,
  type LinkDescription,
  type RichTextLink,
} from "./rich-text/editor-document.ts";
export { RichTextConversionError } from "./rich-text/errors.ts";
export { isEmptyRichTextDocument, toRichTextDocument } from "./rich-text/to-contentful.ts";
export { type ToEditorOptions, toEditorDocument } from "./rich-text/to-editor.ts";
export { publishedAssetColumns, publishedEntryColumns, putEntry } from "./write.ts";
