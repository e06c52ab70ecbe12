/**
 * Recently viewed products (storefront.md §5 "Recent products max 5 unique", ordering-and-server.md
 * §9 "viewed-products 1 day"): the handles of the last products whose page the visitor opened,
 * newest first, in the `viewedProducts` cookie. Written and read in the browser only: product
 * pages are shared through the page cache.
 */
import { cookieFrom } from "../cookies.ts";

export const VIEWED_PRODUCTS_COOKIE = "viewedProducts";
export const VIEWED_PRODUCTS_MAX = 5;
export const VIEWED_PRODUCTS_MAX_AGE_SECONDS = 86_400;
/** The resource route answering product cards for handles (app/routes/catalogue/recently-viewed-data.ts). */
export const RECENTLY_VIEWED_URL = "/produits-vus.json";

const HANDLE = /^[a-z0-9][a-z0-9-]{0,199}$/;

export function isProductHandle(value: string): boolean {
  return HANDLE.test(value);
}

/** The handles a cookie value holds (comma-separated), valid and unique, at most five. */
export function parseViewedProducts(value: string | undefined | null): string[] {
  if (!value) return [];
  const handles: string[] = [];
  for (const part of value.split(",")) {
    const handle = part.trim();
    if (!isProductHandle(handle) || handles.includes(handle)) continue;
    handles.push(handle);
    if (handles.length === VIEWED_PRODUCTS_MAX) break;
  }
  return handles;
}

/** The list after viewing `handle`: it comes first, once, and the oldest fall off past five. */
export function withViewedProduct(handles: readonly string[], handle: string): string[] {
  if (!isProductHandle(handle)) return [...handles];
  return [handle, ...handles.filter((other) => other !== handle)].slice(0, VIEWED_PRODUCTS_MAX);
}

/** The `document.cookie` assignment storing the list for a day. */
export function viewedProductsCookie(handles: readonly string[], secure: boolean): string {
  const parts = [
    `${VIEWED_PRODUCTS_COOKIE}=${handles.join(",")}`,
    "Path=/",
    `Max-Age=${VIEWED_PRODUCTS_MAX_AGE_SECONDS}`,
    "SameSite=Lax",
  ];
  if (secure) parts.push("Secure");
  return parts.join("; ");
}

/** The resource route's URL for these handles. */
export function recentlyViewedHref(handles: readonly string[]): string {
  return `${RECENTLY_VIEWED_URL}?${new URLSearchParams({ handles: handles.join(",") })}`;
}

/** The handles in the visitor's cookie, newest first. */
export function viewedProducts(): string[] {
  return parseViewedProducts(cookieFrom(document.cookie, VIEWED_PRODUCTS_COOKIE));
}

/** Records a view of the product `handle` in the visitor's cookie, when its page is shown. */
export function recordViewedProduct(handle: string) {
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing from Safari and Firefox.
  document.cookie = viewedProductsCookie(
    withViewedProduct(viewedProducts(), handle),
    window.location.protocol === "https:",
  );
}
