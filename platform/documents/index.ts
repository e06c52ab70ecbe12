/**
 * The documents module: saved user documents with revisions.
 * Its public face: the only file of the module that code outside it imports
 * (docs/architecture.md, "Layers"). Tables and other files are the module's own.
 */

export { deleteDocumentsOfCustomer, documentsOfCustomer } from "./customer-data.ts";
export { REVISION_PATTERN, readDocument, writeDocument } from "./documents.ts";
