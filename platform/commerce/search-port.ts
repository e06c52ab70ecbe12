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
  /** Every product matching a full search, best first. */
  matchingProductIds(query: string): Promise<number[]>;
};
