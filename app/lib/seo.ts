import type { RouterContextProvider } from "react-router";
import { seoDescription } from "#app/lib/format.ts";
import { shopOrigin } from "#app/lib/server-context.ts";

/**
 * Meta tags of a page (storefront issue: SEO): title, description cut near 156 characters at a
 * sentence end, canonical URL with its trailing slash, Open Graph.
 */
export function seoMeta(page: {
  title: string;
  description: string;
  canonical: string;
  image?: string | null;
  type?: "website" | "product";
}) {
  const description = seoDescription(page.description);
  return [
    { title: page.title },
    { name: "description", content: description },
    { tagName: "link", rel: "canonical", href: page.canonical },
    { property: "og:title", content: page.title },
    { property: "og:description", content: description },
    { property: "og:url", content: page.canonical },
    { property: "og:type", content: page.type ?? "website" },
    { property: "og:locale", content: "fr_FR" },
    ...(page.image ? [{ property: "og:image", content: page.image }] : []),
  ];
}

/** The page's own URL on the shop's public origin, for the canonical link. */
export function canonicalUrl(context: Readonly<RouterContextProvider>, path: string): string {
  return new URL(path, shopOrigin(context)).toString();
}

/** JSON for a `<script type="application/ld+json">`, safe inside HTML. */
export function jsonLd(value: unknown): string {
  return JSON.stringify(value).replace(/</g, "\\u003c");
}
