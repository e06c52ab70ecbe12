/**
 * News of catalogue writes within this process, for whoever keeps catalogue reads in memory (the
 * storefront's catalogue cache). Writes made by another process (another instance on the same
 * PostgreSQL, `npm run seed`) are not heard: such caches must also bound how long they keep
 * anything.
 *
 * The server and the storefront bundle each load their own copy of the commerce modules (the
 * admin screens write through the bundle's): a write through either must reach every listener.
 */
import { processGlobal } from "#platform/process-global.ts";

const listeners = () => processGlobal("catalogueListeners", () => new Set<() => void>());

/** Calls `listener` after each catalogue write; returns what stops it. */
export function onCatalogueChange(listener: () => void): () => void {
  listeners().add(listener);
  return () => listeners().delete(listener);
}

/** Tells every listener that the catalogue changed (`catalogueChanged` does, for each write). */
export function announceCatalogueChange() {
  for (const listener of listeners()) listener();
}
