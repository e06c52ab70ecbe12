import { Hono } from "hono";
import { z } from "zod";
import type { PageCache, SearchRebuild } from "#platform/backoffice/index.ts";
import { requireVerify } from "#server/api/verify.ts";
import type { Env } from "#server/env.ts";

const purgeBody = z.object({ url: z.string().startsWith("/").optional() }).strict();

/**
 * Admin-style calls for scripts (ordering-and-server.md §5, §7), each behind the verify header or
 * `?password=`: the search index rebuild and the page cache purge. The admin area's screens do
 * the same for signed-in staff.
 */
export function adminApiRoutes(deps: {
  env: Pick<Env, "ADMIN_VERIFY_SECRET">;
  pageCache: PageCache;
  searchRebuild: SearchRebuild;
}) {
  const api = new Hono();
  api.use("/algolia", requireVerify(deps.env));
  api.use("/purge", requireVerify(deps.env));

  // Starts a rebuild (one at a time) and tells where it stands; call again to follow it.
  api.get("/algolia", async (c) => {
    const started = await deps.searchRebuild.start("api");
    return c.json({ success: true, response: { started, ...(await deps.searchRebuild.state()) } });
  });

  api.post("/purge", async (c) => {
    const parsed = purgeBody.safeParse(await c.req.json().catch(() => ({})));
    if (!parsed.success) {
      return c.json({ success: false, error: "url must be a path starting with /" }, 400);
    }
    const purged = deps.pageCache.purge(parsed.data.url);
    return c.json({ success: true, response: { purged } });
  });
  return api;
}
