import { Hono } from "hono";
import { feedResponse } from "#platform/commerce/index.ts";
import type { ApiDependencies } from "#server/api/types.ts";
import { requireVerify } from "#server/api/verify.ts";

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
