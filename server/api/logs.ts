import { Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import { z } from "zod";
import type { Database } from "#db/client.ts";
import { limiterStore, memoryStore, RateLimiter } from "#platform/rate-limit.ts";
import type { ApiDependencies } from "#server/api/types.ts";
import { clientIp, createIpMatcher } from "#server/rules/client-ip.ts";

/**
 * `POST /api/logs/addr`: the storefront reports a delivery address it could not use (outside the
 * zones, not found), so the office sees where shoppers would like deliveries. It becomes one
 * structured log line: postcode and city, never the street or the shopper.
 */
const addressReport = z.object({
  data: z.object({
    zip: z.string().trim().max(10).optional(),
    city: z.string().trim().max(100).optional(),
    reason: z.string().trim().max(200).optional(),
    mode: z.union([z.literal(1), z.literal(2)]).optional(),
  }),
});

/** Counts in the shop's store (`limiterStore`) when given the database, in memory otherwise. */
export function logRoutes(deps: Pick<ApiDependencies, "logger" | "env"> & { database?: Database }) {
  const isTrustedProxy = createIpMatcher(deps.env.TRUSTED_PROXIES, "TRUSTED_PROXIES");
  // A page reports at most a few addresses; more from one address is noise or abuse.
  const perClient = new RateLimiter({
    name: "address-reports",
    limit: 30,
    windowMs: 60_000,
    store: deps.database ? limiterStore(deps.database) : memoryStore,
  });
  const api = new Hono();
  api.post(
    "/logs/addr",
    bodyLimit({
      maxSize: 4096,
      onError: (c) => c.json({ success: false, error: "too large" }, 413),
    }),
    async (c) => {
      const client = clientIp(c, isTrustedProxy) ?? "unknown";
      if (!(await perClient.hit(client)))
        return c.json({ success: false, error: "too many reports" }, 429);
      const parsed = addressReport.safeParse(await c.req.json().catch(() => null));
      if (!parsed.success) {
        return c.json({ success: false, error: parsed.error.issues[0]?.message ?? "invalid" }, 400);
      }
      deps.logger.info({ event: "address-report", ...parsed.data.data }, "address not served");
      return c.json({ success: true, response: null });
    },
  );
  return api;
}
