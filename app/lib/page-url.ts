/**
 * The address of the page a loader answers for. A client-side navigation asks React Router's
 * data request (`/c/fromagerie/_.data?tri=price-asc&_routes=…`), and `request.url` is that
 * request's address, not the page's: links built from it (the next page of a listing, a reset
 * link) would lead to `…/_.data.data` and fail. The page's address is the data request's without
 * its `.data` suffix and React Router's `_routes` parameter — as React Router itself reads it.
 */
export function pageUrl(request: Request | string): URL {
  const url = new URL(typeof request === "string" ? request : request.url);
  if (url.pathname.endsWith("/_.data")) url.pathname = url.pathname.slice(0, -"_.data".length);
  else if (url.pathname.endsWith(".data")) url.pathname = url.pathname.slice(0, -".data".length);
  url.searchParams.delete("_routes");
  // An emptied query string leaves no lone "?" behind.
  if (url.search === "?") url.search = "";
  return url;
}
