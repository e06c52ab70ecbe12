import { SEARCH_SUGGESTION_PRODUCT_FRAGMENT } from "#app/lib/fragments.ts";
import type { StorefrontDocument } from "#app/lib/storefront.server.ts";

/** The GraphQL documents of the search overlay's suggestions (search-suggestions.server.ts). */

/** The product cards of the suggestions, by id, in the index's order. */
export const SEARCH_SUGGESTIONS_QUERY = `#graphql
  query SearchSuggestions($ids: [ID!]!) {
    nodes(ids: $ids) {
      ... on Product {
        ...SearchSuggestionProduct
      }
    }
  }
  ${SEARCH_SUGGESTION_PRODUCT_FRAGMENT}
` as StorefrontDocument<"SearchSuggestions">;
