import type { Context, MiddlewareHandler } from "hono";
import { pathFamily, refuse } from "./refusals.ts";

/** The origins a state-changing request may come from (e.g. `["https://comptoir.example"]`). */
export type AllowedOrigins = (c: Context) => readonly string[];

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * Whether a path belongs to an API that authenticates every call with a token (Storefront API
 * access tokens, the ordering and content services' Bearer tokens) rather than a cookie. Those are
 * called from other origins by design, as Shopify's Storefront API is, and a forged request from a
 * browser carries no token: cross-site request forgery needs ambient credentials.
 */
export function isTokenApi(path: string): boolean {
  const family = pathFamily(path);
  return family === "storefront-api" || family === "ordering" || family === "content";
}

/**
 * Refuses (403) a state-changing request that a browser says comes from another site: an `Origin`
 * outside the allowed ones (`null` included: sandboxed frames, `data:` pages), or, without
 * `Origin`, `Sec-Fetch-Site: cross-site` or `same-site` (a neighbouring subdomain is another
 * origin). Covers pages' actions and resource routes (cart, favourites, sign-out) as well as the
 * shop's own cookie-authenticated API, whatever the content type.
 *
 * `Origin: null` is opaque: a sandboxed frame or a `data:` page sends it, and so does the shop's own
 * page when its Referrer-Policy is `no-referrer` (the hosted checkout's, whose address carries the
 * cart's key). The browser's `Sec-Fetch-Site`, which no page can set, then decides: only
 * `same-origin` passes.
 *
 * A request with neither header is let through: browsers have sent `Origin` on every cross-origin
 * POST for years (and `Sec-Fetch-Site` with it), so a forged request always carries one; only
 * non-browser clients (scripts with tokens, server-to-server calls, tests) send neither, and they
 * cannot ride a shopper's cookies. Hono's `csrf` middleware refuses those, which is why this rule
 * is our own.
 */
export function sameOriginWrites(options: { allowedOrigins: AllowedOrigins }): MiddlewareHandler {
  return async (c, next) => {
    if (SAFE_METHODS.has(c.req.method)) return next();
    if (isTokenApi(new URL(c.req.url).pathname)) return next();
    const origin = c.req.header("origin");
    const site = c.req.header("sec-fetch-site")?.toLowerCase();
    if (origin === "null") return site === "same-origin" ? next() : refuse(c, "cross_origin");
    if (origin !== undefined) {
      return options.allowedOrigins(c).includes(origin) ? next() : refuse(c, "cross_origin");
    }
    if (site === "cross-site" || site === "same-site") return refuse(c, "cross_origin");
    return next();
  };
}
