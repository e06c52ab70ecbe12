/**
 * The head of the private pages (checkout, confirmation, account links): one stylesheet and a
 * title kept out of search engines. Their `headers` stay in each route (PRIVATE_HEADERS).
 */

/** A `links` function for the page's single stylesheet. */
export function stylesheetLinks(href: string) {
  return () => [{ rel: "stylesheet", href }];
}

/** A `meta` function: the page's title and `noindex`. */
export function noindexMeta(title: string) {
  return () => [{ title }, { name: "robots", content: "noindex" }];
}
