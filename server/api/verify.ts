import { timingSafeEqual } from "node:crypto";
import type { MiddlewareHandler } from "hono";
import type { Env } from "#server/env.ts";

/** The header carrying the shared secret of admin-style calls (ordering-and-server.md §5). */
export const VERIFY_HEADER = "x-comptoir-verify";

function sameSecret(given: string | undefined, expected: string): boolean {
  if (!given) return false;
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * Admin-style calls (imports, deletes, purge, exports, index rebuild, webhooks) need the shared
 * verify secret, as the `X-Comptoir-Verify` header or the `password` query parameter; without it
 * they answer 401 and do nothing.
 */
export function requireVerify(env: Pick<Env, "ADMIN_VERIFY_SECRET">): MiddlewareHandler {
  return async (c, next) => {
    const given = c.req.header(VERIFY_HEADER) ?? c.req.query("password");
    if (!sameSecret(given, env.ADMIN_VERIFY_SECRET)) {
      return c.json({ success: false, error: "unauthorized" }, 401);
    }
    await next();
  };
}
