import { Hono } from "hono";
import {
  FEED_CONTENT_TYPES,
  type FeedFormat,
  feedFileName,
  feedStream,
} from "#platform/commerce/index.ts";
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
 * `PUBLIC_URL`.
 */
export function exportRoutes(deps: ApiDependencies) {
  const api = new Hono();
  const verify = requireVerify(deps.env);
  const origin = deps.env.PUBLIC_URL;
  api.get("/export/products", verify, () => feedResponse(deps, "csv", origin));
  api.get("/export/fb/products", verify, () => feedResponse(deps, "xml", origin));
  return api;
}
