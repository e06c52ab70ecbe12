/**
 * News of catalogue writes within this process, for whoever keeps catalogue reads in memory (the
 * storefront's catalogue cache). Writes made by another process (another instance on the same
 * PostgreSQL, `npm run seed`) are not heard: such caches must also bound how long they keep
 * anything.
 *
 * A global, not a module variable: the server and the storefront bundle each load their own copy
 * of the commerce modules (the admin screens write through the bundle's), and a write through
 * either copy must reach every listener.
 */
const LISTENERS = Symbol.for("comptoir.catalogueListeners");

function listeners(): Set<() => void> {
  const holder = globalThis as typeof globalThis & { [LISTENERS]?: Set<() => void> };
  holder[LISTENERS] ??= new Set();
  return holder[LISTENERS];
}

/** Calls `listener` after each catalogue write; returns what stops it. */
export function onCatalogueChange(listener: () => void): () => void {
  listeners().add(listener);
  return () => listeners().delete(listener);
}

/** Tells every listener that the catalogue changed (`catalogueChanged` does, for each write). */
export function announceCatalogueChange() {
  for (const listener of listeners()) listener();
}
