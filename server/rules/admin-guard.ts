import type { MiddlewareHandler } from "hono";
import { clientIp, createIpMatcher } from "./client-ip.ts";

export type AdminGuardOptions = {
  /** Office addresses and CIDR ranges allowed into the admin area. */
  allowlist: readonly string[];
  /** Proxies whose X-Forwarded-For is believed. */
  trustedProxies: readonly string[];
};

/**
 * Whether a path has a `middleware` segment. Decoded and case-insensitive because the router
 * matches `/Middleware/` and `/%6Diddleware/` to the same admin routes.
 */
export function isAdminPath(path: string): boolean {
  let decoded = path;
  try {
    decoded = decodeURIComponent(path);
  } catch {
    // A malformed escape: judge the path as written.
  }
  return decoded
    .toLowerCase()
    .split(/[/\\]/)
    .some((segment) => segment === "middleware");
}

/** Serves the admin area only to allow-listed client addresses; everyone else goes to `/`. */
export function adminGuard(options: AdminGuardOptions): MiddlewareHandler {
  const isAllowed = createIpMatcher(options.allowlist, "admin allow-list");
  const isTrustedProxy = createIpMatcher(options.trustedProxies, "trusted proxies");
  return async (c, next) => {
    if (!isAdminPath(new URL(c.req.url).pathname)) return next();
    const ip = clientIp(c, isTrustedProxy);
    if (ip === undefined || !isAllowed(ip)) return c.redirect("/", 302);
    return next();
  };
}
