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
import type { SharedCache } from "#server/shared-cache.ts";

/** Keys that name catalogue data: a purge of one also drops the catalogue reads kept. */
const CATALOGUE_KEY = /^(product|collection|metaobject|catalogue)-/;

/**
 * Every cache a write can make stale, subscribed in this one place to the events that name it
 * (server/invalidation.ts), whichever instance published them. Pages go from this instance's
 * page cache and from the shared cache in front, when there is one (server/shared-cache.ts).
 */
export function subscribeCaches(
  invalidations: Invalidations,
  pageCache: PageCache,
  sharedCache?: SharedCache,
): void {
  const pages = {
    all() {
      pageCache.purge();
      void sharedCache?.purgeKeys([ALL_PAGES_KEY]);
    },
    url(url: string) {
      pageCache.purge(url);
      void sharedCache?.purgeUrl(url);
    },
    keys(keys: readonly string[]) {
      pageCache.purgeKeys(keys);
      if (keys.length > 0) void sharedCache?.purgeKeys(keys);
    },
  };
  invalidations.on("pages", ({ url }) => (url === undefined ? pages.all() : pages.url(url)));
  // A write's commit names what it changed: the pages that show it go. The catalogue reads go
  // too, since a page rendered between the write and its commit may have kept the old data.
  invalidations.on("keys", ({ keys }) => {
    if (keys.some((key) => key === ALL_PAGES_KEY || CATALOGUE_KEY.test(key))) {
      forgetCatalogueReads();
      clearCatalogueReference();
    }
    pages.keys(keys);
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
    if (keys) pages.keys(keys);
    else pages.all();
  });
  invalidations.on("ordering-menus", () => forgetOrderingMenus());
  // Stores' hours, zones and fees show in the shop facts of every page.
  invalidations.on("ordering-stores", () => {
    forgetOrderingStores();
    forgetShopFacts();
    pages.all();
  });
  // Synonyms are read at query time: the next search uses them, and no kept result page hides it.
  invalidations.on("search-synonyms", () => {
    forgetSynonymRules();
    pages.keys([PRODUCT_SEARCH_KEY]);
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
