import type { MiddlewareHandler } from "hono";
import { refuse } from "./refusals.ts";

/**
 * Whether a URL holds bytes no page or API of the shop can mean: a NUL anywhere (PostgreSQL
 * refuses it in text, so it could only end as a failed query), or a path whose percent-escapes
 * are not UTF-8 (`%FF`, the overlong `%C0%AF` that some decoders read as `/`).
 */
export function hasBadBytes(url: URL): boolean {
  let path: string;
  try {
    path = decodeURIComponent(url.pathname);
  } catch {
    return true;
  }
  if (path.includes("\0")) return true;
  return /%00/.test(url.search) || url.search.includes("\0");
}

/** Answers 400, in the shape of the API the path belongs to, for a URL with bad bytes. */
export function refuseBadBytes(): MiddlewareHandler {
  return async (c, next) => (hasBadBytes(new URL(c.req.url)) ? refuse(c, "bad_request") : next());
}

/** Bodies read as text by the routes: forms, JSON (GraphQL included), CSV and plain text. */
const TEXT_BODY = /^\s*(application\/(x-www-form-urlencoded|json|graphql|[\w.+-]+\+json)|text\/)/i;

/**
 * Whether a text body carries a NUL, as a byte or in the body's own escape (`%00` in a form,
 * `\u0000` in JSON, and so in a GraphQL document's string). A NUL has no meaning in any field
 * the shop takes, and PostgreSQL would refuse it (`invalid byte sequence`, a 500 deep in a
 * route). A JSON string holding a literal backslash before `u0000` is refused too: none of ours
 * needs one. File uploads (multipart) are binary and left alone.
 */
export function bodyHasNul(contentType: string, text: string): boolean {
  if (text.includes("\0")) return true;
  if (/^\s*application\/x-www-form-urlencoded/i.test(contentType)) return /%00/.test(text);
  return text.includes("\\u0000");
}

/**
 * Answers 400 for a text body with a NUL. Runs after the body limit, so the copy it reads is
 * bounded; the route reads the original.
 */
export function refuseNulInBodies(): MiddlewareHandler {
  return async (c, next) => {
    const type = c.req.header("content-type") ?? "";
    if (!c.req.raw.body || !TEXT_BODY.test(type)) return next();
    const text = await c.req.raw.clone().text();
    return bodyHasNul(type, text) ? refuse(c, "bad_request") : next();
  };
}
