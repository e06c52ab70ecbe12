import { Hono } from "hono";
import { z } from "zod";
import type { Db } from "#db/client.ts";
import { appliedIntents } from "#platform/search/intents.ts";
import { normaliseTerm } from "#platform/search/query.ts";
import { recordZeroResult } from "#platform/search/query-log.ts";
import { MAX_PREDICTIVE_LIMIT, predictiveSearch } from "#platform/search/search.ts";
import { suggestQuery } from "#platform/search/suggest.ts";

/** Longest term the API reads, as the storefront's search page. */
const MAX_TERM_LENGTH = 200;

const term = z.string().max(MAX_TERM_LENGTH, `must be at most ${MAX_TERM_LENGTH} characters`);

const predictiveQuery = z
  .object({
    q: term,
    limit: z.coerce.number().int().min(1).max(MAX_PREDICTIVE_LIMIT).default(10),
  })
  .strict();

const suggestParams = z.object({ q: term }).strict();

const zeroResultBody = z.object({ term: term.min(1, "must not be empty") }).strict();

export type SearchApiOptions = {
  /** The clock that dates the searches that found nothing (tests set it). */
  now?: () => Date;
};

/** A failed parse, in the API's error shape: the field and the reason. */
function refusal(error: z.ZodError) {
  const issue = error.issues[0];
  return { success: false, error: `${issue?.path.join(".") || "query"}: ${issue?.message}` };
}

/**
 * The search index service's own API (storefront.md §7):
 * - `GET /api/search/predictive?q=…` answers products, collections, brands (`marques`) and
 *   artisans for a term, nothing under 3 characters;
 * - `GET /api/search/suggest?q=…` answers the closest query that finds products, for a term that
 *   found none (`query`, null when there is none worth suggesting);
 * - `GET /api/search/intents?q=…` answers the diets, labels and allergen exclusions the term
 *   names, which the search applies as filters: `[{ label, without }]`, `without` being the term
 *   without them (the search page's link that removes the filter);
 * - `POST /api/search/zero-results` with `{ "term": … }` counts a search that found nothing, for
 *   the back office's dashboard.
 */
export function searchApi(db: Db, options: SearchApiOptions = {}) {
  const now = options.now ?? (() => new Date());
  const api = new Hono();
  api.get("/api/search/predictive", async (c) => {
    const parsed = predictiveQuery.safeParse(c.req.query());
    if (!parsed.success) return c.json(refusal(parsed.error), 400);
    const found = await predictiveSearch(db, { query: parsed.data.q, limit: parsed.data.limit });
    return c.json({ success: true, response: found });
  });
  api.get("/api/search/suggest", async (c) => {
    const parsed = suggestParams.safeParse(c.req.query());
    if (!parsed.success) return c.json(refusal(parsed.error), 400);
    const query = await suggestQuery(db, parsed.data.q);
    return c.json({ success: true, response: { query: query ?? null } });
  });
  api.get("/api/search/intents", (c) => {
    const parsed = suggestParams.safeParse(c.req.query());
    if (!parsed.success) return c.json(refusal(parsed.error), 400);
    const intents = appliedIntents(parsed.data.q, (word) => normaliseTerm(word).join(" "));
    return c.json({ success: true, response: { intents } });
  });
  api.post("/api/search/zero-results", async (c) => {
    const body = await c.req.json().catch(() => undefined);
    const parsed = zeroResultBody.safeParse(body);
    if (!parsed.success) return c.json(refusal(parsed.error), 400);
    const counted = await recordZeroResult(db, parsed.data.term, now());
    return c.json({ success: true, response: { term: counted } });
  });
  return api;
}
