import { clearCatalogueReference } from "#app/lib/catalogue/reference.server.ts";
import { invalidateContentCache } from "#app/lib/content/content.server.ts";
import { forgetShopFacts } from "#app/lib/content/shop-facts.server.ts";
import { forgetCatalogueReads } from "#app/lib/storefront.server.ts";
import type { PageCache as SharedPageCache } from "#platform/backoffice/index.ts";
import { forgetSynonymRules } from "#platform/search/index.ts";
import { ALL_PAGES_KEY, PRODUCT_SEARCH_KEY } from "#platform/surrogate-keys.ts";
import { forgetOrderingMenus, forgetOrderingStores } from "#server/api/ordering-cache.ts";
import type { Invalidations } from "#server/invalidation.ts";
import type { PageCache } from "#server/rules/page-cache.ts";

/** Keys that name catalogue data: a purge of one also drops the catalogue reads kept. */
const CATALOGUE_KEY = /^(product|collection|metaobject|catalogue)-/;

/**
 * Every cache a write can make stale, subscribed in this one place to the events that name it
 * (server/invalidation.ts), whichever instance published them.
 */
export function subscribeCaches(invalidations: Invalidations, pageCache: PageCache): void {
  invalidations.on("pages", (event) => pageCache.purge(event.url));
  // A write's commit names what it changed: the pages that show it go. The catalogue reads go
  // too, since a page rendered between the write and its commit may have kept the old data.
  invalidations.on("keys", ({ keys }) => {
    if (keys.some((key) => key === ALL_PAGES_KEY || CATALOGUE_KEY.test(key))) {
      forgetCatalogueReads();
      clearCatalogueReference();
    }
    pageCache.purgeKeys(keys);
  });
  // Products, prices, facet counts: the storefront's catalogue reads; categories and brands.
  invalidations.on("catalogue", () => {
    forgetCatalogueReads();
    clearCatalogueReference();
  });
  // Content shows on pages (menus, footer, editorial): a change must not wait a week. The pages
  // that show the changed entries go, or every page when the change does not say which.
  invalidations.on("content", ({ keys }) => {
    invalidateContentCache();
    if (keys) pageCache.purgeKeys(keys);
    else pageCache.purge();
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
    pageCache.purgeKeys([PRODUCT_SEARCH_KEY]);
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
