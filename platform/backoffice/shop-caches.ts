/**
 * What the shop keeps in memory and the admin area drops after a write. The server owns the
 * caches (server/rules/page-cache.ts, the content client, the ordering menu copies) and hands
 * them over through React Router's load context, typed here so that app/ needs no server/ type.
 * Each drop is published to every instance of the shop (server/invalidation.ts).
 */

/** The server's page cache, as the admin area sees it. */
export interface PageCache {
  /** Drops one page (every variant of its URL), or every page without a URL; how many went. */
  purge(url?: string): number;
  /** The pages kept now. */
  pages(): { url: string; isProvince: boolean; expiresAt: Date }[];
  readonly maxEntries: number;
}

/** In-memory copies the shop drops when the admin area changes what they copy. */
export type ShopCaches = {
  /**
   * The content client's entries (content.server.ts), and the pages that name one of `keys`
   * (platform/surrogate-keys.ts), or every page without them.
   */
  forgetContent(keys?: string[]): void;
  /** The copies of the ordering service's menus (`/api/flipdish/menus`). */
  forgetOrderingMenus(): void;
  /** The copies of the ordering service's stores, the shop facts and the pages that show them. */
  forgetStores(): void;
  /** The search synonyms' rules (platform/search/synonyms.ts) and the search pages kept. */
  forgetSearchSynonyms(): void;
};
