import { SEARCH_SUGGESTION_PRODUCT_FRAGMENT } from "#app/lib/fragments.ts";
import type { StorefrontDocument } from "#app/lib/storefront.server.ts";

/** The GraphQL documents of the search overlay's suggestions (search-suggestions.server.ts). */

export const SEARCH_SUGGESTIONS_QUERY = `#graphql
  query SearchSuggestions($query: String!, $limit: Int!) {
    predictiveSearch(query: $query, limit: $limit, types: [PRODUCT]) {
      products {
        ...SearchSuggestionProduct
      }
    }
  }
  ${SEARCH_SUGGESTION_PRODUCT_FRAGMENT}
` as StorefrontDocument<"SearchSuggestions">;
