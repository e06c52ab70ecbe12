import { Hono } from "hono";
import { z } from "zod";
import type { Db } from "#db/client.ts";
import { MAX_PREDICTIVE_LIMIT, predictiveSearch } from "#platform/search/search.ts";

const predictiveQuery = z
  .object({
    q: z.string().max(200, "must be at most 200 characters"),
    limit: z.coerce.number().int().min(1).max(MAX_PREDICTIVE_LIMIT).default(10),
  })
  .strict();

/**
 * The search index service's own API (storefront.md §7): `GET /api/search/predictive?q=…` answers
 * products, collections, brands (`marques`) and artisans for a term, nothing under 3 characters.
 */
export function searchApi(db: Db) {
  const api = new Hono();
  api.get("/api/search/predictive", async (c) => {
    const parsed = predictiveQuery.safeParse(c.req.query());
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      return c.json(
        { success: false, error: `${issue?.path.join(".") || "query"}: ${issue?.message}` },
        400,
      );
    }
    const found = await predictiveSearch(db, { query: parsed.data.q, limit: parsed.data.limit });
    return c.json({ success: true, response: found });
  });
  return api;
}
