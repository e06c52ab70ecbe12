import type { Context } from "hono";

/** Why a rule refuses a request before any route sees it. */
export type RefusalReason = "bad_request" | "cross_origin" | "too_large";

const STATUS = { bad_request: 400, cross_origin: 403, too_large: 413 } as const;

/** Who answers a path, and so in which shape its errors are written. */
export type PathFamily = "storefront-api" | "ordering" | "content" | "own-api" | "page";

/** `/api/{version}/graphql.json`, or `/graphql`: Shopify serves both. */
const STOREFRONT_API = /^\/api\/[^/]+\/graphql(\.json)?$/;

export function pathFamily(path: string): PathFamily {
  if (STOREFRONT_API.test(path)) return "storefront-api";
  if (path === "/ordering" || path.startsWith("/ordering/")) return "ordering";
  if (/^\/content(-management|-preview)?(\/|$)/.test(path)) return "content";
  if (path.startsWith("/api/")) return "own-api";
  return "page";
}

const ENGLISH = {
  bad_request: "Malformed request",
  cross_origin: "Cross-origin request refused",
  too_large: "Request body too large",
} as const;

/** French, for shoppers: the ordering service's `UserMessage` and the storefront's page. */
const FRENCH = {
  bad_request: "Cette adresse ou cette demande n'est pas valide.",
  cross_origin: "Cette demande vient d'un autre site : elle a été refusée.",
  too_large: "Votre envoi est trop volumineux.",
} as const;

const CONTENT_IDS = {
  bad_request: "BadRequest",
  cross_origin: "AccessDenied",
  too_large: "BadRequest",
};
const STOREFRONT_CODES = {
  bad_request: "BAD_REQUEST",
  cross_origin: "FORBIDDEN",
  too_large: "PAYLOAD_TOO_LARGE",
} as const;
const ORDERING_CODES = {
  bad_request: "bad_request",
  cross_origin: "forbidden",
  too_large: "payload_too_large",
} as const;

function page(reason: RefusalReason): string {
  return `<!doctype html>
<html lang="fr">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>Demande refusée — Comptoir</title>
</head>
<body>
<main>
<h1>Demande refusée</h1>
<p>${FRENCH[reason]}</p>
<p><a href="/">Retour à l'accueil</a></p>
</main>
</body>
</html>
`;
}

/**
 * A refusal in the shape of the API the path belongs to, so that its clients read it as they
 * read that API's own errors: Shopify's `{ errors }` for the Storefront API, Flipdish's
 * `{ Success, UserMessage, Code }` for ordering, Contentful's `{ sys, message }` for content,
 * `{ success: false, error }` for the shop's own API, and a French page for everything else.
 */
export function refuse(c: Context, reason: RefusalReason): Response {
  const status = STATUS[reason];
  const headers = { "Cache-Control": "no-store" };
  switch (pathFamily(new URL(c.req.url).pathname)) {
    case "storefront-api":
      return c.json(
        { errors: [{ message: ENGLISH[reason], extensions: { code: STOREFRONT_CODES[reason] } }] },
        status,
        headers,
      );
    case "ordering":
      return c.json(
        { Success: false, UserMessage: FRENCH[reason], Code: ORDERING_CODES[reason] },
        status,
        headers,
      );
    case "content":
      return c.json(
        {
          sys: { type: "Error", id: CONTENT_IDS[reason] },
          message: ENGLISH[reason],
          details: {},
          requestId: String(c.get("requestId") ?? ""),
        },
        status,
        headers,
      );
    case "own-api":
      return c.json({ success: false, error: ENGLISH[reason] }, status, headers);
    case "page":
      return c.html(page(reason), status, headers);
  }
}
