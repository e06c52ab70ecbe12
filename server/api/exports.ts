import { Hono } from "hono";
import {
  FEED_CONTENT_TYPES,
  type FeedFormat,
  feedFileName,
  feedStream,
} from "#platform/commerce/feed.ts";
import type { ApiDependencies } from "#server/api/types.ts";
import { requireVerify } from "#server/api/verify.ts";

/** The feed as a download, streamed: shared by the API and the admin area's export screen. */
export function feedResponse(
  deps: Pick<ApiDependencies, "database">,
  format: FeedFormat,
  origin: string,
  now = new Date(),
): Response {
  return new Response(feedStream(deps.database.db, format, { origin }), {
    headers: {
      "Content-Type": FEED_CONTENT_TYPES[format],
      "Content-Disposition": `attachment; filename="${feedFileName(format, now)}"`,
      "Cache-Control": "no-store",
    },
  });
}

/**
 * `GET /api/export/products` (CSV) and `GET /api/export/fb/products` (Merchant-style XML), for
 * scripts, behind the verify header (ordering-and-server.md §5, §7). Links in the feed use
 * `PUBLIC_URL`, else the address the request came to.
 */
export function exportRoutes(deps: ApiDependencies) {
  const api = new Hono();
  const verify = requireVerify(deps.env);
  const origin = (url: string) => deps.env.PUBLIC_URL ?? new URL(url).origin;
  api.get("/export/products", verify, (c) => feedResponse(deps, "csv", origin(c.req.url)));
  api.get("/export/fb/products", verify, (c) => feedResponse(deps, "xml", origin(c.req.url)));
  return api;
}
