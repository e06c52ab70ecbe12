import type { Context, MiddlewareHandler } from "hono";
import {
  PREVIEW_QUERY_PARAMETER,
  verifyPreviewToken,
  withContentPreview,
} from "#platform/content/index.ts";

/** Whether a request asks for a preview (`?preview=…`): the page cache neither reads nor keeps it. */
export const isContentPreview = (c: Context) =>
  new URL(c.req.url).searchParams.has(PREVIEW_QUERY_PARAMETER);

/**
 * A page opened from the admin area's "Aperçu" button (`?preview=<token>`, platform/content/
 * preview.ts): with a valid token it is rendered inside `withContentPreview`, its content read
 * with the drafts, and answered `private, no-store` so that no cache anywhere keeps it; a token
 * that expired or was never signed gets 403 and never the drafts.
 */
export function contentPreview(options: { secret: string; now?: () => Date }): MiddlewareHandler {
  const now = options.now ?? (() => new Date());
  return async (c, next) => {
    const token = new URL(c.req.url).searchParams.get(PREVIEW_QUERY_PARAMETER);
    if (token === null || (c.req.method !== "GET" && c.req.method !== "HEAD")) return next();
    if (!verifyPreviewToken(options.secret, token, now())) {
      return c.text(
        "Ce lien d'aperçu a expiré ou n'est pas valable : rouvrez l'aperçu depuis l'administration.",
        403,
        { "Cache-Control": "no-store", "X-Robots-Tag": "noindex" },
      );
    }
    await withContentPreview(() => next());
    // The answer may have immutable headers (a cached or fetched Response): copy it once.
    c.res = new Response(c.res.body, c.res);
    c.res.headers.set("Cache-Control", "private, no-store");
    c.res.headers.set("X-Robots-Tag", "noindex");
    c.res.headers.delete("ETag");
  };
}
