import { serviceFetch } from "#app/lib/services.server.ts";
import { readJsonInNfc } from "#app/lib/unicode-text.ts";

/**
 * The search index service's typed client for the search page, when a term finds nothing: the
 * query to suggest instead (`GET /api/search/suggest`) and the count of searches that found
 * nothing, which the back office's dashboard lists (`POST /api/search/zero-results`). The
 * overlay's suggestions have their own client (search-suggestions.server.ts).
 */

export class SearchIndexError extends Error {}

type Answer<T> = { success?: boolean; response?: T };

async function answer<T>(response: Response, what: string): Promise<T> {
  const body = await readJsonInNfc<Answer<T>>(response).catch(() => null);
  if (!response.ok || !body?.success || body.response === undefined) {
    throw new SearchIndexError(`search index answered ${response.status} to ${what}`);
  }
  return body.response;
}

/** The closest query that finds products, or null when the index has none worth suggesting. */
export async function suggestedQuery(term: string): Promise<string | null> {
  const response = await serviceFetch(
    "search",
    `/api/search/suggest?${new URLSearchParams({ q: term })}`,
    { headers: { accept: "application/json" } },
  );
  const found = await answer<{ query: string | null }>(response, "a suggestion");
  return typeof found.query === "string" && found.query !== "" ? found.query : null;
}

/** Counts one search of the search page that found nothing for `term`. */
export async function countZeroResultSearch(term: string): Promise<void> {
  const response = await serviceFetch("search", "/api/search/zero-results", {
    method: "POST",
    headers: { accept: "application/json", "content-type": "application/json" },
    body: JSON.stringify({ term }),
  });
  await answer<unknown>(response, "a search that found nothing");
}

/** A diet, label or allergen exclusion the search applied, and the term without it. */
export type AppliedSearchIntent = { label: string; without: string };

/**
 * The filters the search read in a term (« sans gluten », « bio »…), for the search page to show
 * and let the shopper remove (`GET /api/search/intents`).
 */
export async function searchIntents(term: string): Promise<AppliedSearchIntent[]> {
  const response = await serviceFetch(
    "search",
    `/api/search/intents?${new URLSearchParams({ q: term })}`,
    { headers: { accept: "application/json" } },
  );
  const found = await answer<{ intents: AppliedSearchIntent[] }>(response, "the term's filters");
  return Array.isArray(found.intents) ? found.intents : [];
}
