/**
 * The copies of the ordering service's menus the shop keeps in memory (`/api/flipdish/menus`,
 * `flipdish.ts`) register here, so that the admin area can drop them after it changed a menu
 * (`export-flipdish`) as the `/api/webhooks/menus` webhook does.
 */
type Forget = () => void;

// A global, not a module variable: the server and the storefront bundle each load their own copy
// of this module, and both must reach the same caches.
const KEY = Symbol.for("comptoir.orderingMenuCaches");

function caches(): Set<Forget> {
  const holder = globalThis as typeof globalThis & { [KEY]?: Set<Forget> };
  holder[KEY] ??= new Set();
  return holder[KEY];
}

/** Registers a menu cache's `forget`; the returned function unregisters it. */
export function registerMenuCache(forget: Forget): () => void {
  caches().add(forget);
  return () => caches().delete(forget);
}

/** Drops every registered copy of the menus: they are read again at the next request. */
export function forgetOrderingMenus(): void {
  for (const forget of caches()) forget();
}
