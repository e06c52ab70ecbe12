/**
 * The shop's map as links (the HTML sitemap /sitemap/ and /sitemap.xml): the category tree with
 * each category's full path, brands and artisans, and the content pages by type. Pure: the
 * loaders read the catalogue reference and the content lists and pass them in.
 */

import type { Brand } from "#app/lib/catalogue/product.ts";
import type { CategoryNode } from "#app/lib/catalogue/reference.server.ts";
import { artisanPath, brandPath, linkTo } from "#app/lib/links.ts";

export type SitemapLink = { title: string; href: string; children?: SitemapLink[] };

/** The path of a category page: its ancestors' handles then its own (`/c/top/sub/leaf/`). */
export function categoryHref(
  node: Pick<CategoryNode, "handle" | "parent" | "grandParent">,
): string {
  return `/${["c", node.grandParent, node.parent, node.handle]
    .filter((part): part is string => Boolean(part))
    .map(encodeURIComponent)
    .join("/")}/`;
}

/** The category tree, top categories first in title order, archived categories left out. */
export function categoryTree(categories: ReadonlyMap<string, CategoryNode>): SitemapLink[] {
  const byTitle = (a: SitemapLink, b: SitemapLink) => a.title.localeCompare(b.title, "fr");
  const build = (node: CategoryNode, depth: number): SitemapLink => {
    const children =
      depth < 2
        ? node.children
            .flatMap((handle) => {
              const child = categories.get(handle);
              return child && !child.archived ? [build(child, depth + 1)] : [];
            })
            .sort(byTitle)
        : [];
    return {
      title: node.title,
      href: categoryHref(node),
      ...(children.length > 0 ? { children } : {}),
    };
  };
  return [...categories.values()]
    .filter((node) => node.parent === null && !node.archived)
    .map((node) => build(node, 0))
    .sort(byTitle);
}

/** Brands and artisans, each in name order, as links to their pages (/m/…, /nos-artisans/c/…). */
export function brandLinks(brands: readonly Brand[]): {
  brands: SitemapLink[];
  artisans: SitemapLink[];
} {
  const link = (brand: Brand) => ({
    title: brand.name,
    href: brand.isArtisan ? artisanPath(brand.handle) : brandPath(brand.handle),
  });
  const byName = (a: Brand, b: Brand) =>
    a.name.localeCompare(b.name, "fr", { sensitivity: "base" });
  const sorted = [...brands].sort(byName);
  return {
    brands: sorted.filter((brand) => !brand.isArtisan).map(link),
    artisans: sorted.filter((brand) => brand.isArtisan).map(link),
  };
}

type Entry = {
  sys?: { id?: string; contentType?: { sys?: { id?: string } } };
  fields?: Record<string, unknown>;
};

/** Content entries as links (their title or name, the link builder's path), in title order. */
export function entryLinks(
  entries: readonly unknown[],
  except: readonly string[] = [],
): SitemapLink[] {
  return entries
    .flatMap((entry) => {
      const fields = (entry as Entry)?.fields ?? {};
      const title = typeof fields.title === "string" ? fields.title : fields.name;
      if (typeof title !== "string" || typeof fields.slug !== "string") return [];
      if (except.includes(fields.slug)) return [];
      return [{ title, href: linkTo(entry as Entry) }];
    })
    .sort((a, b) => a.title.localeCompare(b.title, "fr"));
}

/** The shop's fixed pages, as the header and footer name them. */
export const FIXED_PAGES: readonly SitemapLink[] = [
  { title: "Accueil", href: "/" },
  { title: "Nos marques", href: "/nos-marques/" },
  { title: "Nos artisans", href: "/nos-artisans/" },
  { title: "Le blog", href: "/blog/" },
  { title: "Le magasin", href: "/magasin/" },
  { title: "Questions fréquentes", href: "/faq/" },
];

/** One `<url>` of /sitemap.xml: an absolute address and, when known, its last change. */
export type SitemapUrl = { loc: string; lastmod?: string | null };

/** The sitemaps protocol's limit of addresses in one file. */
export const SITEMAP_MAX_URLS = 50_000;

function escapeXml(value: string): string {
  return value
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&apos;");
}

/** The XML sitemap of these addresses (sitemaps.org 0.9), each once, at most 50 000. */
export function sitemapXml(urls: readonly SitemapUrl[]): string {
  const seen = new Set<string>();
  const rows: string[] = [];
  for (const url of urls) {
    if (seen.has(url.loc) || rows.length >= SITEMAP_MAX_URLS) continue;
    seen.add(url.loc);
    const lastmod =
      url.lastmod && /^\d{4}-\d{2}-\d{2}/.test(url.lastmod) ? url.lastmod.slice(0, 10) : null;
    rows.push(
      `  <url><loc>${escapeXml(url.loc)}</loc>${lastmod ? `<lastmod>${lastmod}</lastmod>` : ""}</url>`,
    );
  }
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${rows.join("\n")}\n</urlset>\n`;
}

/** Every link of a nested list, depth first. */
export function flattenLinks(links: readonly SitemapLink[]): SitemapLink[] {
  return links.flatMap((link) => [link, ...flattenLinks(link.children ?? [])]);
}
