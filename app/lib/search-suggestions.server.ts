import { SEARCH_SUGGESTIONS_QUERY } from "#app/lib/search-documents.ts";
import {
  type SuggestionHit,
  type Suggestions,
  toProductSuggestion,
} from "#app/lib/search-suggestions.ts";
import { serviceFetch } from "#app/lib/services.server.ts";
import { storefrontQuery } from "#app/lib/storefront.server.ts";
import { readJsonInNfc } from "#app/lib/unicode-text.ts";

/**
 * The search overlay's suggestions for a term (storefront.md §2, §7): products from the Storefront
 * API's `predictiveSearch`, with their thumbnail, price and price per unit; categories, brands and
 * artisans from the search index service (`GET /api/search/predictive`), which alone knows brands
 * and artisans. Both ask the same index, in parallel; the index's answer for the other kinds is
 * passed on as it is. Nothing under 3 characters, as the index itself (storefront.md §5).
 */

/** Suggestions of each kind the overlay shows. */
export const SUGGESTION_LIMIT = 6;

export class SearchSuggestionsError extends Error {}

type IndexAnswer = {
  success?: boolean;
  response?: Record<string, unknown> & {
    collections?: SuggestionHit[];
    marques?: SuggestionHit[];
    artisans?: SuggestionHit[];
  };
};

async function indexSuggestions(term: string, limit: number): Promise<IndexAnswer["response"]> {
  const query = new URLSearchParams({ q: term, limit: String(limit) });
  const response = await serviceFetch("search", `/api/search/predictive?${query}`, {
    headers: { accept: "application/json" },
  });
  const body = await readJsonInNfc<IndexAnswer>(response).catch(() => null);
  if (!response.ok || !body?.success || !body.response) {
    throw new SearchSuggestionsError(`search index answered ${response.status}`);
  }
  return body.response;
}

export async function searchSuggestions(
  term: string,
  limit: number = SUGGESTION_LIMIT,
): Promise<Suggestions> {
  const [found, index] = await Promise.all([
    storefrontQuery(SEARCH_SUGGESTIONS_QUERY, { query: term, limit }),
    indexSuggestions(term, limit),
  ]);
  const { products: _indexProducts, queries: _queries, ...others } = index ?? {};
  return {
    ...others,
    collections: index?.collections ?? [],
    marques: index?.marques ?? [],
    artisans: index?.artisans ?? [],
    products: (found.predictiveSearch?.products ?? []).map(toProductSuggestion),
  };
}
