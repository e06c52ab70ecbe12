import { Hono } from "hono";
import type { ApiDependencies } from "#server/api/types.ts";

/**
 * The shop's own API routes (ordering-and-server.md §7), each module a router of its own. Answers
 * are JSON; bad input gets `{ success: false, error }` and changes nothing.
 */
export function ownApiRoutes(deps: ApiDependencies) {
  const routers: Hono[] = [];
  const api = new Hono();
  for (const router of routers) api.route("/", router);
  return api;
}
