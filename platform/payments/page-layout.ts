import { html } from "hono/html";
import type { HtmlEscapedString } from "hono/utils/html";

/**
 * The document of a page the payment side serves itself (the test provider's hosted page, the
 * test processor's card-entry page): French, not indexed, with its own style and no script,
 * nothing of the shop's.
 */
export function providerPageLayout(
  title: string,
  style: string,
  body: HtmlEscapedString | Promise<HtmlEscapedString>,
) {
  return html`<!doctype html>
<html lang="fr">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <meta name="robots" content="noindex" />
    <title>${title}</title>
    <style>${style}</style>
  </head>
  <body>
    <main>${body}</main>
  </body>
</html>`;
}
