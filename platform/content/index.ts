/**
 * The content module (Contentful stand-in): entries, assets, the content model, delivery,
 * preview and management APIs, and what the admin area's content screens call.
 * Its public face: the only file of the module that code outside it imports
 * (docs/architecture.md, "Layers"). Tables and other files are the module's own.
 */
export { bundlePrice } from "./bundle.ts";
export {
  CAROUSEL_KINDS,
  type CarouselKind,
  CONTENT_TYPES,
  type ContentField,
  type ContentTypeDefinition,
  type ContentValidation,
  findContentType,
  PAGE_TYPES,
  TARGET_TYPES,
} from "./content-types.ts";
// The editors' screens (docs/content.md, "Editing"): drafts, publishing, archives.
export {
  archiveAsset,
  createAsset,
  deleteAsset,
  findAsset,
  publishAsset,
  unarchiveAsset,
  unpublishAsset,
  updateAsset,
} from "./editing/assets.ts";
export { compareFields, type FieldChange, type FieldChangeKind } from "./editing/compare.ts";
export {
  archiveEntry,
  createEntry,
  deleteEntry,
  type EditContext,
  findEntry,
  publishEntry,
  restoreSnapshot,
  unarchiveEntry,
  unpublishEntry,
  updateEntry,
} from "./editing/entries.ts";
export {
  type ChangesSince,
  changesSince,
  compareSnapshot,
  fieldsAtVersion,
  getSnapshot,
  listSnapshots,
  type SnapshotComparison,
  type SnapshotPage,
} from "./editing/history.ts";
export {
  type AssetListOptions,
  assetNamesByFileUrl,
  assetsByIds,
  type EntryListOptions,
  entriesByIds,
  entriesLinkingTo,
  entryEditors,
  listAssetsForEditing,
  listEntriesForEditing,
  type Page,
  pageKeysOfChange,
  publishedAncestors,
} from "./editing/listing.ts";
export {
  type AssetRow,
  type EntityStatus,
  type EntryRow,
  entityStatus,
  type SnapshotRow,
} from "./editing/render.ts";
export {
  cancelScheduledAction,
  getScheduledAction,
  listScheduledActions,
  runDueScheduledActions,
  type ScheduledActionKind,
  type ScheduledActionListOptions,
  type ScheduledActionRow,
  type ScheduledChange,
  SHOP_TIME_ZONE,
  scheduleAction,
  scheduledCalendar,
  startScheduledActions,
  updateScheduledAction,
} from "./editing/scheduled-actions.ts";
export {
  type EntryToValidate,
  type EntryValidation,
  type ValidationMode,
  validateEntry,
} from "./editing/validation.ts";
export { parseZoned, zonedIso } from "./editing/zoned-time.ts";
export {
  entriesBySlug,
  entryFigures,
  entrySlugs,
  type SluggedEntry,
} from "./entry-reads.ts";
export { ContentError, errorsByField, type FieldError } from "./errors.ts";
export { createContentApi, createContentPreviewApi, PREVIEW_BASE_PATH } from "./http.ts";
export {
  type ContentChange,
  type ContentChangeAction,
  createContentManagementApi,
  isLiveAction,
} from "./management.ts";
export {
  contentPreviewActive,
  PREVIEW_QUERY_PARAMETER,
  PREVIEW_TTL_SECONDS,
  previewPath,
  signPreviewToken,
  verifyPreviewToken,
  withContentPreview,
} from "./preview.ts";
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
export {
  publishedAssetColumns,
  publishedEntryColumns,
  putEntry,
  syncEntryFields,
} from "./write.ts";
