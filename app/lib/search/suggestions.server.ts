import { productGidOf } from "#app/lib/favourites/bookmarks.ts";
import { SEARCH_SUGGESTIONS_QUERY } from "#app/lib/search/documents.ts";
import {
  type SuggestionHit,
  type Suggestions,
  toProductSuggestion,
} from "#app/lib/search/suggestions.ts";
import { serviceFetch } from "#app/lib/services.server.ts";
import type { SearchSuggestionProductFragment } from "#app/lib/storefront.generated.ts";
import { storefrontQuery } from "#app/lib/storefront.server.ts";
import { readJsonInNfc } from "#app/lib/unicode-text.ts";

/**
 * The search overlay's suggestions for a term (storefront.md §2, §7), from one question to the
 * search index service (`GET /api/search/predictive`), which alone knows brands and artisans:
 * categories, brands and artisans as it answers them, and its products' cards (thumbnail, price,
 * price per unit) read from the Storefront API by id (`nodes`), in the index's order. Asking the
 * Storefront API's `predictiveSearch` as well would rank the same term in the same index twice
 * per keystroke. Nothing under 3 characters, as the index itself (storefront.md §5).
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

function isProduct(node: unknown): node is SearchSuggestionProductFragment {
  return typeof node === "object" && node !== null && "handle" in node;
}

export async function searchSuggestions(
  term: string,
  limit: number = SUGGESTION_LIMIT,
): Promise<Suggestions> {
  const index = await indexSuggestions(term, limit);
  const { products: hits, queries: _queries, ...others } = index ?? {};
  const ids = (Array.isArray(hits) ? (hits as SuggestionHit[]) : [])
    .slice(0, limit)
    .flatMap((hit) => productGidOf(hit.id) ?? []);
  const cards = ids.length > 0 ? await storefrontQuery(SEARCH_SUGGESTIONS_QUERY, { ids }) : null;
  return {
    ...others,
    collections: index?.collections ?? [],
    marques: index?.marques ?? [],
    artisans: index?.artisans ?? [],
    // A product archived or unpublished since it was indexed is no node: it is left out.
    products: (cards?.nodes ?? []).filter(isProduct).map(toProductSuggestion),
  };
}
