import type { Db } from "#db/client.ts";
import { type CatalogueSearch, catalogueSearchSource } from "#platform/commerce/index.ts";
import { matchingProductIds, predictiveSearch, searchPage } from "#platform/search/index.ts";

/**
 * The commerce service's search port wired to the search module (server/platform.ts), also for
 * the tools and tests that run the Storefront API as the server serves it.
 */
export function catalogueSearch(db: Db): CatalogueSearch {
  return {
    async predictive(query, limit) {
      const found = await predictiveSearch(db, { query, limit });
      return {
        productIds: found.products.map((hit) => hit.id),
        collectionIds: found.collections.map((hit) => hit.id),
        queries: found.queries,
      };
    },
    matchingProductIds: (query) => matchingProductIds(db, query),
    searchPage: (query, page) => searchPage(db, catalogueSearchSource, { query, ...page }),
  };
}
