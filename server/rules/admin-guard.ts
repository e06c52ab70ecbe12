import type { MiddlewareHandler } from "hono";
import { fullyDecoded } from "#app/lib/safe-redirect.ts";
import { clientIp, createIpMatcher } from "./client-ip.ts";

export type AdminGuardOptions = {
  /** Office addresses and CIDR ranges allowed into the admin area. */
  allowlist: readonly string[];
  /** Proxies whose X-Forwarded-For is believed. */
  trustedProxies: readonly string[];
};

const ADMIN_SEGMENT = "middleware";
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it removes
const CONTROL_OR_SPACE = /[\u0000-\u0020\u007f]/g;

/**
 * Whether a path (or a route id, `routes/middleware/layout`) has a `middleware` segment. Judged
 * as widely as any layer could read it: percent-decoded until stable (`%2F`, `%252F`), `\` as
 * `/`, any case, without `;` parameters, spaces or control characters, and without React
 * Router's `.data` suffix (`/middleware.data`, `/middleware/_.data`: the loaders' data of the same
 * routes). A path so encoded that decoding never settles is admin if it holds the word at all.
 */
export function isAdminPath(path: string): boolean {
  const decoded = fullyDecoded(path);
  if (decoded === undefined) return path.toLowerCase().includes(ADMIN_SEGMENT);
  return decoded
    .toLowerCase()
    .split(/[/\\]/)
    .some((segment) => {
      const bare = segment.split(";")[0]?.replace(CONTROL_OR_SPACE, "") ?? "";
      return bare === ADMIN_SEGMENT || bare === `${ADMIN_SEGMENT}.data`;
    });
}

/**
 * Whether a request reaches the admin area by any door: its path, the route ids of a single-fetch
 * data request (`?_routes=routes/middleware/layout`, on any path, which picks the loaders to run),
 * or the paths React Router's route discovery is asked about (`/__manifest?paths=/middleware/…`,
 * which would list the admin screens and their modules).
 */
export function isAdminRequest(url: URL): boolean {
  if (isAdminPath(url.pathname)) return true;
  const named = [...url.searchParams.getAll("_routes"), ...url.searchParams.getAll("paths")];
  return named.some((value) => value.split(",").some(isAdminPath));
}

/**
 * Serves the admin area only to allow-listed client addresses, whatever the method; everyone else
 * goes to `/`.
 */
export function adminGuard(options: AdminGuardOptions): MiddlewareHandler {
  const isAllowed = createIpMatcher(options.allowlist, "admin allow-list");
  const isTrustedProxy = createIpMatcher(options.trustedProxies, "trusted proxies");
  return async (c, next) => {
    if (!isAdminRequest(new URL(c.req.url))) return next();
    const ip = clientIp(c, isTrustedProxy);
    if (ip === undefined || !isAllowed(ip)) return c.redirect("/", 302);
    return next();
  };
}
