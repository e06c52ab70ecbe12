import type { MiddlewareHandler } from "hono";

export type UrlRedirectOptions = {
  /** The target of the redirect of a requested path (as the browser sent it), if any. */
  find: (pathname: string) => Promise<string | undefined>;
  /** Where the location of a target with no query string gets the request's own. */
  locate: (target: string, search: string) => string;
  /** Path prefixes that are never redirected (APIs, the admin area). */
  skipPrefixes: readonly string[];
};

// A redirect staff may change: kept an hour by browsers and proxies, not for ever.
const REDIRECT_CACHE_CONTROL = "public, max-age=3600";

/**
 * The shop's URL redirects (platform/commerce/redirects/url-redirects.ts), as Shopify's online store and
 * Hydrogen's `storefrontRedirect` follow them: only when a GET or HEAD of a page would answer
 * 404, so a live page is never shadowed, and then at the cost of one indexed read. The answer is
 * a 301 to the target, with the request's query string when the target has none.
 */
export function followUrlRedirects(options: UrlRedirectOptions): MiddlewareHandler {
  return async (c, next) => {
    await next();
    if (c.res.status !== 404 || (c.req.method !== "GET" && c.req.method !== "HEAD")) return;
    const url = new URL(c.req.url);
    if (options.skipPrefixes.some((prefix) => url.pathname.startsWith(prefix))) return;
    const target = await options.find(url.pathname);
    if (target === undefined) return;
    // The 404 page is not sent: its stream is let go.
    await c.res.body?.cancel();
    // Unset first: Hono would otherwise copy the 404's headers onto the redirect.
    c.res = undefined;
    c.res = new Response(null, {
      status: 301,
      headers: {
        Location: options.locate(target, url.search),
        "Cache-Control": REDIRECT_CACHE_CONTROL,
      },
    });
  };
}
