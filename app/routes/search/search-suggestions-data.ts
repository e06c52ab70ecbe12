import { predictiveTerm } from "#app/lib/layout/site-layout.ts";
import { SUGGESTION_LIMIT, searchSuggestions } from "#app/lib/search/suggestions.server.ts";
import type { Suggestions } from "#app/lib/search/suggestions.ts";
import type { Route } from "./+types/search-suggestions-data";

/** Longest term asked for, as the search index accepts. */
const MAX_TERM_LENGTH = 200;

const EMPTY: Suggestions = { products: [], collections: [], marques: [], artisans: [] };

/**
 * GET /search/suggestions.json?q=…: the search overlay's suggestions (search-suggestions.server.ts),
 * the same for everyone; the browser keeps an answer a minute. Nothing under 3 characters.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const q = new URL(request.url).searchParams.get("q") ?? "";
  if (q.length > MAX_TERM_LENGTH) {
    return Response.json(
      { error: `La recherche est limitée à ${MAX_TERM_LENGTH} caractères.` },
      { status: 400 },
    );
  }
  const term = predictiveTerm(q);
  const suggestions = term === null ? EMPTY : await searchSuggestions(term, SUGGESTION_LIMIT);
  return Response.json(suggestions, { headers: { "Cache-Control": "private, max-age=60" } });
}
