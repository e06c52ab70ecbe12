import type { ProductFilterInput } from "#platform/commerce/catalogue/listing.ts";

/**
 * What the commerce API needs from a search index, so the Storefront API's `predictiveSearch` and
 * `search` can be answered by the embedded search module or by another index.
 */
export type CatalogueSearch = {
  /** Best matches for a type-ahead term (nothing under 3 characters). */
  predictive(
    query: string,
    limit: number,
  ): Promise<{ productIds: number[]; collectionIds: number[]; queries: string[] }>;
  /** Every product matching a full search, best first (the price order, facets over the matches). */
  matchingProductIds(query: string): Promise<number[]>;
  /**
   * Products `offset` to `offset + limit` of a full search in relevance order (worst first with
   * `reverse`), with the filters applied, and how many products match them.
   */
  searchPage(
    query: string,
    page: {
      offset: number;
      limit: number;
      reverse: boolean;
      filters: readonly ProductFilterInput[];
    },
  ): Promise<{ ids: number[]; totalCount: number }>;
};
