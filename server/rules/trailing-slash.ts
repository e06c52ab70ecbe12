import type { MiddlewareHandler } from "hono";

export type TrailingSlashOptions = {
  /** Path prefixes left alone (APIs, health checks). */
  skipPrefixes: readonly string[];
};

/**
 * Spec: a GET for a path with no dot, not ending in a slash and without a `page` query parameter
 * is redirected (301) to the same path with a trailing slash, query string kept.
 */
export function trailingSlash(options: TrailingSlashOptions): MiddlewareHandler {
  return async (c, next) => {
    if (c.req.method !== "GET" && c.req.method !== "HEAD") return next();
    // The parsed URL keeps percent-escapes as the client sent them; `c.req.path` is decoded.
    const url = new URL(c.req.url);
    const path = url.pathname;
    if (
      path.endsWith("/") ||
      path.includes(".") ||
      url.searchParams.has("page") ||
      options.skipPrefixes.some((prefix) => path.startsWith(prefix))
    ) {
      return next();
    }
    // `//evil.example` would be a protocol-relative Location: an open redirect.
    const location = `${path.replace(/^\/+/, "/")}/${url.search}`;
    return c.redirect(location, 301);
  };
}
