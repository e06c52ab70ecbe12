import type { APIRequestContext, Page } from "@playwright/test";

/**
 * Finding fields that take card data (issue 48: no card number, expiry or CVC is ever typed on
 * the shop's own pages; they go to the payment provider's hosted page). A field counts when its
 * autocomplete says so (`cc-number`, `cc-exp`, `cc-csc`…), when its name or id does (card
 * number, expiry, CVC/CVV), or when its label reads like one.
 */

const CARD_AUTOCOMPLETE = /^cc-/i;
const CARD_NAME =
  /(card.?number|cardnum|numero.?carte|cc.?num|\bpan\b|cvc|cvv|csc|cryptogramme|exp(iry|iration)?.?(date|month|year|mm|aa)?$|card.?exp)/i;
const CARD_LABEL =
  /(num[ée]ro de (la )?carte|date d['’]expiration|\bcvc\b|\bcvv\b|code de s[ée]curit[ée]|cryptogramme)/i;

export type CardField = { url: string; field: string };

/** The card fields of a page's HTML (server-rendered forms, which work without JavaScript). */
export function cardFieldsOfHtml(url: string, html: string): CardField[] {
  const found: CardField[] = [];
  for (const match of html.matchAll(/<(input|select|textarea)\b[^>]*>/gi)) {
    const tag = match[0];
    const attribute = (name: string) =>
      new RegExp(`\\s${name}\\s*=\\s*("([^"]*)"|'([^']*)'|([^\\s>]+))`, "i")
        .exec(tag)
        ?.slice(2)
        .find(Boolean) ?? "";
    const type = attribute("type").toLowerCase();
    if (["hidden", "submit", "button", "checkbox", "radio"].includes(type)) continue;
    const autocomplete = attribute("autocomplete");
    const names = `${attribute("name")} ${attribute("id")}`.trim();
    if (CARD_AUTOCOMPLETE.test(autocomplete) || names.split(/\s+/).some((n) => CARD_NAME.test(n))) {
      found.push({ url, field: tag });
    }
  }
  for (const match of html.matchAll(/<label\b[^>]*>([\s\S]*?)<\/label>/gi)) {
    const text = (match[1] ?? "").replace(/<[^>]+>/g, " ").replace(/\s+/g, " ");
    if (CARD_LABEL.test(text)) found.push({ url, field: `label: ${text.trim()}` });
  }
  return found;
}

/** The card fields of what the page shows now, as the browser rendered it. */
export async function cardFieldsOfPage(page: Page): Promise<CardField[]> {
  return cardFieldsOfHtml(page.url(), await page.content());
}

/** Links of a page's HTML to the same origin, without their fragment. */
function linksOf(html: string, base: string): string[] {
  const links: string[] = [];
  for (const match of html.matchAll(/\shref\s*=\s*"([^"]+)"/gi)) {
    try {
      const url = new URL((match[1] ?? "").replaceAll("&amp;", "&"), base);
      url.hash = "";
      if (url.origin === new URL(base).origin) links.push(url.href);
    } catch {}
  }
  return links;
}

/** Paths not to follow: the provider's and processor's own pages, files, APIs, sign-outs. */
const SKIP =
  /^\/(test-payments|api|cdn|assets|ordering|content|content-management|metrics|healthz|readyz)\/|\.(pdf|png|jpe?g|webp|avif|svg|ico|xml|txt|json|webmanifest|js|css)$|deconnexion|logout|sign-out|se-deconnecter/i;

/**
 * Reads every page reachable by links from `start` (with `request`'s cookies: a signed-in shopper,
 * an office session), at most `limit`, and the card fields of each. Query strings are followed
 * once per path, so a listing's filters and pages do not take the whole budget.
 */
export async function crawlForCardFields(
  request: APIRequestContext,
  base: string,
  start: string[],
  options: { limit: number; within?: RegExp },
): Promise<{ pages: string[]; found: CardField[] }> {
  const queue = start.map((path) => new URL(path, base).href);
  const seen = new Set<string>(queue);
  const pathsWithQuery = new Set<string>();
  const pages: string[] = [];
  const found: CardField[] = [];
  while (queue.length > 0 && pages.length < options.limit) {
    const url = queue.shift() as string;
    const answer = await request.get(url, { maxRedirects: 5, failOnStatusCode: false });
    const type = answer.headers()["content-type"] ?? "";
    if (!type.includes("text/html")) continue;
    const html = await answer.text();
    pages.push(url);
    found.push(...cardFieldsOfHtml(url, html));
    for (const link of linksOf(html, base)) {
      const parsed = new URL(link);
      if (seen.has(link) || SKIP.test(parsed.pathname)) continue;
      if (options.within && !options.within.test(parsed.pathname)) continue;
      if (parsed.search) {
        if (pathsWithQuery.has(parsed.pathname)) continue;
        pathsWithQuery.add(parsed.pathname);
      }
      seen.add(link);
      queue.push(link);
    }
  }
  return { pages, found };
}
