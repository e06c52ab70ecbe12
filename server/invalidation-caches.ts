import { clearCatalogueReference } from "#app/lib/catalogue/reference.server.ts";
import { invalidateContentCache } from "#app/lib/content/content.server.ts";
import { forgetShopFacts } from "#app/lib/content/shop-facts.server.ts";
import { forgetCatalogueReads } from "#app/lib/storefront.server.ts";
import type { PageCache as SharedPageCache } from "#platform/backoffice/index.ts";
import { forgetSynonymRules } from "#platform/search/index.ts";
import { forgetOrderingMenus, forgetOrderingStores } from "#server/api/ordering-cache.ts";
import type { Invalidations } from "#server/invalidation.ts";
import type { PageCache } from "#server/rules/page-cache.ts";

/**
 * Every cache a write can make stale, subscribed in this one place to the events that name it
 * (server/invalidation.ts), whichever instance published them.
 */
export function subscribeCaches(invalidations: Invalidations, pageCache: PageCache): void {
  invalidations.on("pages", (event) => pageCache.purge(event.url));
  // Products, prices, facet counts: the storefront's catalogue reads; categories and brands.
  invalidations.on("catalogue", () => {
    forgetCatalogueReads();
    clearCatalogueReference();
  });
  // Content shows on pages (menus, footer, editorial): a change must not wait a week.
  invalidations.on("content", () => {
    invalidateContentCache();
    pageCache.purge();
  });
  invalidations.on("ordering-menus", () => forgetOrderingMenus());
  // Stores' hours, zones and fees show in the shop facts of every page.
  invalidations.on("ordering-stores", () => {
    forgetOrderingStores();
    forgetShopFacts();
    pageCache.purge();
  });
  // Synonyms are read at query time: the next search uses them, and no kept result page hides it.
  invalidations.on("search-synonyms", () => {
    forgetSynonymRules();
    for (const page of pageCache.pages()) {
      if (page.url.startsWith("/search/")) pageCache.purge(page.url);
    }
  });
}

/**
 * Drops every read the storefront keeps of the services (catalogue reads and reference, content,
 * shop facts, ordering menus and stores, synonyms). A server composes the services once, at
 * start; what an earlier composition in the same process kept (tests compose a shop per file,
 * each on its own database) answered for other services and must not answer for these.
 */
export function forgetServiceReads(): void {
  forgetCatalogueReads();
  clearCatalogueReference();
  invalidateContentCache();
  forgetShopFacts();
  forgetOrderingMenus();
  forgetOrderingStores();
  forgetSynonymRules();
}

/**
 * The page cache as the admin area and the admin API see it: a purge is published, so it reaches
 * every instance; the count is this instance's.
 */
export function sharedPageCache(
  pageCache: PageCache,
  invalidations: Invalidations,
): SharedPageCache {
  return {
    purge(url) {
      const before = pageCache.pages().length;
      invalidations.publish(url === undefined ? { kind: "pages" } : { kind: "pages", url });
      return before - pageCache.pages().length;
    },
    pages: () => pageCache.pages(),
    get maxEntries() {
      return pageCache.maxEntries;
    },
  };
}
