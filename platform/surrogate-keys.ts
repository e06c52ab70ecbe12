/**
 * Surrogate keys (issue 51): the names of what a page shows — products, collections, brands,
 * content entries, content types listed — so that a change purges exactly the pages that show
 * it, in the shop's own page cache and in a shared cache in front (Varnish's xkey, a CDN's
 * `Surrogate-Key` or `Cache-Tag`).
 *
 * A page is rendered inside `collectSurrogateKeys`; the storefront's clients of the services
 * name what each answer holds (`addSurrogateKeys`), and a read kept in memory names it again on
 * every hit (`withSurrogateKeys`), since it answers without asking the service. Writers name
 * what they changed with the same builders.
 */
import { AsyncLocalStorage } from "node:async_hooks";
import { processGlobal } from "#platform/process-global.ts";

/** Every page carries it: purging it drops every page (what has no finer key, e.g. the stores). */
export const ALL_PAGES_KEY = "all";

export const productKey = (id: number | string) => `product-${id}`;
export const collectionKey = (id: number | string) => `collection-${id}`;
export const metaobjectKey = (id: number | string) => `metaobject-${id}`;
export const entryKey = (id: string) => `entry-${id}`;
/** A page listing entries of a content type (the blog, the sitemaps): a new entry joins it. */
export const contentTypeKey = (type: string) => `type-${type}`;
/**
 * A page that reads the catalogue's reference data (the category tree, brands, taxonomies): a
 * collection or a metaobject written changes it. Named instead of the hundreds of ids it holds.
 */
export const CATALOGUE_REFERENCE_KEY = "catalogue-reference";
/** A page listing products by a query (search results): a product written may join it. */
export const PRODUCT_SEARCH_KEY = "product-search";

/**
 * The keys, each once, in groups whose space-separated text is at most `maxBytes` long: what fits
 * in one header or one notification.
 */
export function keyBatches(keys: readonly string[], maxBytes: number): string[][] {
  const batches: string[][] = [];
  let batch: string[] = [];
  let bytes = 0;
  for (const key of new Set(keys)) {
    if (batch.length > 0 && bytes + 1 + key.length > maxBytes) {
      batches.push(batch);
      batch = [];
      bytes = 0;
    }
    bytes += (batch.length > 0 ? 1 : 0) + key.length;
    batch.push(key);
  }
  if (batch.length > 0) batches.push(batch);
  return batches;
}

/** The Storefront API's global ids of the kinds a page is purged by, with their numeric id. */
const GLOBAL_ID = /"gid:\/\/shopify\/(Product|Collection|Metaobject)\/(\d+)"/g;
const KEY_OF_TYPE: Record<string, (id: string) => string> = {
  Product: productKey,
  Collection: collectionKey,
  Metaobject: metaobjectKey,
};

/** The keys of the products, collections and metaobjects a Storefront API answer's text holds. */
export function keysOfStorefrontAnswer(text: string): string[] {
  const keys = new Set<string>();
  for (const [, type = "", id = ""] of text.matchAll(GLOBAL_ID)) {
    const key = KEY_OF_TYPE[type]?.(id);
    if (key) keys.add(key);
  }
  return [...keys];
}

const store = () =>
  processGlobal("surrogateKeys", () => new AsyncLocalStorage<Set<string> | undefined>());

/**
 * Runs `work` (a page's rendering) and gives what it returned with the keys it named. The keys
 * also go to an enclosing collection, so a read kept in memory can name them again on a hit.
 */
export async function collectSurrogateKeys<T>(
  work: () => Promise<T>,
): Promise<{ result: T; keys: string[] }> {
  const outer = store().getStore();
  const keys = new Set<string>();
  const result = await store().run(keys, work);
  if (outer) for (const key of keys) outer.add(key);
  return { result, keys: [...keys] };
}

/** Names keys for the page being rendered; nothing outside a collection. */
export function addSurrogateKeys(keys: Iterable<string>): void {
  const collecting = store().getStore();
  if (!collecting) return;
  for (const key of keys) collecting.add(key);
}

/** Runs `work` without naming what it reads, and names `keys` instead. */
export async function namedAs<T>(keys: readonly string[], work: () => Promise<T>): Promise<T> {
  const result = await store().run(new Set(), work);
  addSurrogateKeys(keys);
  return result;
}

/**
 * A read kept in memory and shared by the pages that ask for it: `load` runs once, in its own
 * collection, and each page that gets the value (the first one too) is given the keys it named.
 */
export function withSurrogateKeys<T>(load: () => Promise<T>): () => Promise<T> {
  const loaded = collectSurrogateKeys(load);
  return async () => {
    const { result, keys } = await loaded;
    addSurrogateKeys(keys);
    return result;
  };
}
