import type { MiddlewareHandler } from "hono";
import { bodyLimit } from "hono/body-limit";
import { refuse } from "./refusals.ts";

const MB = 1024 * 1024;

/** What any request body may weigh unless its path says otherwise: forms and JSON are small. */
export const DEFAULT_BODY_LIMIT = 1 * MB;

/**
 * Paths allowed more, first match wins. The routes keep their own, often smaller, limits and
 * messages; this one is the ceiling under them. Catalogue imports (CSV or JSON of a few thousand
 * lines) and image uploads (5 MB and the multipart envelope, as an API call, from the admin
 * area's images screen, whose script posts to `/middleware/images.data`, or from the content's
 * media screens and picker under `/middleware/contenu/medias/`) are the only large bodies the
 * shop takes.
 */
export const LARGER_BODIES: readonly { pattern: RegExp; maxSize: number }[] = [
  { pattern: /^\/api\/import\//, maxSize: 10 * MB },
  { pattern: /^\/api\/images\/upload$/, maxSize: 5 * MB + 64 * 1024 },
  { pattern: /^\/middleware\/images(\/|\.data$|$)/, maxSize: 5 * MB + 64 * 1024 },
  { pattern: /^\/middleware\/contenu\/medias(\/|\.data$|$)/, maxSize: 5 * MB + 64 * 1024 },
];

export function bodyLimitFor(path: string): number {
  return LARGER_BODIES.find((entry) => entry.pattern.test(path))?.maxSize ?? DEFAULT_BODY_LIMIT;
}

/**
 * A body limit on every route, answered 413 in the route's own error shape. Hono's `bodyLimit`
 * refuses a `Content-Length` over the limit before reading anything, and cuts a chunked body as
 * soon as it passes the limit, so memory never holds more than the limit.
 */
export function bodyLimits(): MiddlewareHandler {
  const limiters = new Map<number, MiddlewareHandler>();
  const limiterOf = (maxSize: number) => {
    let limiter = limiters.get(maxSize);
    if (!limiter) {
      limiter = bodyLimit({ maxSize, onError: (c) => refuse(c, "too_large") });
      limiters.set(maxSize, limiter);
    }
    return limiter;
  };
  return async (c, next) => {
    if (!c.req.raw.body) return next();
    return limiterOf(bodyLimitFor(new URL(c.req.url).pathname))(c, next);
  };
}
