import { AsyncLocalStorage } from "node:async_hooks";
import { createHmac, timingSafeEqual } from "node:crypto";
import { processGlobal } from "#platform/process-global.ts";

/**
 * The storefront's preview: a page rendered with the drafts, as shoppers will see it once
 * published, behind a short-lived signed token in its address (`?preview=…`). The admin area
 * makes the link (`previewPath`); the server checks the token and renders the request inside
 * `withContentPreview`, where the storefront's content reads go to the Preview API instead of
 * the Delivery API and skip their in-memory copies; the page is never cached
 * (`Cache-Control: private, no-store`, and the page cache is bypassed).
 *
 * The token is not the Preview API's: that one stays on the server. It is an HMAC of its expiry
 * under a key derived from the preview token (`CONTENT_PREVIEW_TOKEN`), so that it can be put in
 * a browser's address bar and stops working after `PREVIEW_TTL_SECONDS`.
 */

/** The query parameter that carries the token. */
export const PREVIEW_QUERY_PARAMETER = "preview";
/** How long a preview link works: an hour. */
export const PREVIEW_TTL_SECONDS = 3600;

const keyOf = (secret: string) =>
  createHmac("sha256", secret).update("comptoir.content-preview-page").digest();
const signatureOf = (secret: string, expires: number) =>
  createHmac("sha256", keyOf(secret)).update(`v1.${expires}`).digest("base64url");

/** A token that opens previews until `now + ttlSeconds`. */
export function signPreviewToken(
  secret: string,
  options: { now?: Date; ttlSeconds?: number } = {},
): string {
  const now = options.now ?? new Date();
  const expires = Math.floor(now.getTime() / 1000) + (options.ttlSeconds ?? PREVIEW_TTL_SECONDS);
  return `${expires}.${signatureOf(secret, expires)}`;
}

/** Whether a token was signed with this secret and has not expired at `now`. */
export function verifyPreviewToken(secret: string, token: string, now = new Date()): boolean {
  const match = /^(\d{1,12})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!match) return false;
  const expires = Number(match[1]);
  if (expires * 1000 <= now.getTime()) return false;
  const expected = Buffer.from(signatureOf(secret, expires));
  const sent = Buffer.from(match[2] ?? "");
  return expected.length === sent.length && timingSafeEqual(expected, sent);
}

/**
 * The address of a storefront page's preview: its path (and query) with a fresh token, e.g.
 * `/cms/cgv/?preview=…`, to open in a new tab from the editor.
 */
export function previewPath(
  path: string,
  secret: string,
  options: { now?: Date; ttlSeconds?: number } = {},
): string {
  const url = new URL(path, "http://preview.invalid");
  url.searchParams.set(PREVIEW_QUERY_PARAMETER, signPreviewToken(secret, options));
  return `${url.pathname}${url.search}${url.hash}`;
}

// The server and the storefront bundle each load this module: one store for both.
const store = () =>
  processGlobal("contentPreview", () => new AsyncLocalStorage<{ preview: true }>());

/** Runs `work` (a page's rendering) with the storefront's content reads on the drafts. */
export function withContentPreview<T>(work: () => T): T {
  return store().run({ preview: true }, work);
}

/** Whether the current request renders a preview (inside `withContentPreview`). */
export function contentPreviewActive(): boolean {
  return store().getStore()?.preview === true;
}
