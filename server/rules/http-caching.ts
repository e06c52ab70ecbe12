import type { Context, MiddlewareHandler } from "hono";
import { ALL_PAGES_KEY, collectSurrogateKeys } from "#platform/surrogate-keys.ts";
import { isCacheablePath, isPersonal, SURROGATE_KEY_HEADER } from "./page-cache.ts";

/**
 * HTTP caching on every answer (issue 51, docs/deployment.md "Shared cache").
 *
 * - A page that is the same for every visitor is `public`: a browser keeps it a second and may
 *   show it while it asks again for nine more (as Hydrogen's pages), a shared cache in front
 *   (Varnish, a CDN) keeps it `s-maxage` seconds, and both are told what it shows in
 *   `Surrogate-Key` (space-separated, Varnish's xkey and Fastly) and `Cache-Tag` (comma-separated,
 *   Cloudflare), so that a change purges it at once. The page cache gives it its `ETag`.
 * - Every other answer that says nothing of its own is `no-store`: account, cart, checkout, the
 *   admin area, a signed-in shopper's pages, the APIs, redirects and errors.
 *
 * The page also varies on the `isProvince` cookie, as the page cache's key does: a shared cache
 * must put it in its key (deploy/varnish/comptoir.vcl does); `Vary: Cookie` would split it by
 * every other cookie too.
 */

/** The browser's part of a public page's policy. */
const BROWSER_POLICY = "max-age=1, stale-while-revalidate=9";

export function publicPageCacheControl(sharedMaxAgeSeconds: number): string {
  return `public, ${BROWSER_POLICY}, s-maxage=${sharedMaxAgeSeconds}`;
}

/** The answer to anything that says nothing of its own caching. */
export const NOT_STORED = "no-store";

/**
 * Around the storefront's document handler, inside the page cache: a page rendered for everyone
 * collects the surrogate keys of what it reads and, when it is a plain 200 HTML page with no
 * cookie set and no caching policy of its own, is marked public with them. Its body is read
 * whole inside the collection, so that what the page's stream still reads is named too.
 */
export function publicPages(options: {
  sharedMaxAgeSeconds: number;
  /**
   * False behind the site password: the page is still named (the page cache's purges need its
   * keys) but says nothing of its caching, so it is stored nowhere outside the process, where
   * the password is checked before the page cache.
   */
  shared?: boolean;
  /** Requests rendered for one visitor though anonymous (a content preview). */
  bypass?: (c: Context) => boolean;
  /**
   * JSON answers that are the same for everyone (the category paths), public as pages are: a
   * shared cache keeps and purges them by key, though the page cache keeps HTML only.
   */
  publicDocuments?: readonly string[];
}): MiddlewareHandler {
  const policy = publicPageCacheControl(options.sharedMaxAgeSeconds);
  const documents = new Set(options.publicDocuments);
  return async (c, next) => {
    const method = c.req.method;
    const document = documents.has(c.req.path);
    if (
      (method !== "GET" && method !== "HEAD") ||
      !(document || isCacheablePath(c.req.path)) ||
      isPersonal(c) ||
      options.bypass?.(c)
    ) {
      return next();
    }
    const type = document ? JSON_TYPE : HTML_TYPE;
    const { keys } = await collectSurrogateKeys(async () => {
      await next();
      if (isPublic(c.res, type) && c.res.body) {
        c.res = new Response(await c.res.arrayBuffer(), c.res);
      }
    });
    if (!isPublic(c.res, type)) return;
    const all = [ALL_PAGES_KEY, ...keys.sort()];
    if (options.shared !== false) c.res.headers.set("Cache-Control", policy);
    c.res.headers.set(SURROGATE_KEY_HEADER, all.join(" "));
    c.res.headers.set("Cache-Tag", all.join(","));
  };
}

const HTML_TYPE = /^\s*text\/html\b/i;
const JSON_TYPE = /^\s*application\/json\b/i;

function isPublic(res: Response, type: RegExp): boolean {
  return (
    res.status === 200 &&
    type.test(res.headers.get("Content-Type") ?? "") &&
    !res.headers.has("Set-Cookie") &&
    !res.headers.has("Cache-Control")
  );
}

/** Outermost: an answer with no `Cache-Control` of its own is not stored anywhere. */
export function notStoredByDefault(): MiddlewareHandler {
  return async (c, next) => {
    await next();
    if (c.res.headers.has("Cache-Control")) return;
    try {
      c.res.headers.set("Cache-Control", NOT_STORED);
    } catch {
      // A fetched Response's headers are immutable: the answer is copied once.
      c.res = new Response(c.res.body, c.res);
      c.res.headers.set("Cache-Control", NOT_STORED);
    }
  };
}
