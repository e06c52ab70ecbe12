/**
 * The copies of the ordering service's menus the shop keeps in memory (`/api/flipdish/menus`,
 * `flipdish.ts`) register here, so that the admin area can drop them after it changed a menu
 * (`export-flipdish`) as the `/api/webhooks/menus` webhook does.
 */
import { processGlobal } from "#platform/process-global.ts";

type Forget = () => void;

// The server and the storefront bundle each load this module: both must reach the same caches.
const caches = () => processGlobal("orderingMenuCaches", () => new Set<Forget>());

/** Registers a menu cache's `forget`; the returned function unregisters it. */
export function registerMenuCache(forget: Forget): () => void {
  caches().add(forget);
  return () => caches().delete(forget);
}

/** Drops every registered copy of the menus: they are read again at the next request. */
export function forgetOrderingMenus(): void {
  for (const forget of caches()) forget();
}

const storeCaches = () => processGlobal("orderingStoreCaches", () => new Set<Forget>());

/** Registers a copy of the ordering service's stores; the returned function unregisters it. */
export function registerStoreCache(forget: Forget): () => void {
  storeCaches().add(forget);
  return () => storeCaches().delete(forget);
}

/** Drops every registered copy of the stores: they are read again at the next request. */
export function forgetOrderingStores(): void {
  for (const forget of storeCaches()) forget();
}
