import { catalogueReference } from "#app/lib/catalogue/reference.server.ts";
import { getBlogPosts, getPageList, HOME_PAGE_SLUG } from "#app/lib/content/content.server.ts";
import {
  brandLinks,
  categoryTree,
  entryLinks,
  FIXED_PAGES,
  flattenLinks,
  SITEMAP_MAX_URLS,
  type SitemapUrl,
  sitemapXml,
} from "#app/lib/layout/sitemap-links.ts";
import { productPath } from "#app/lib/links.ts";
import { shopOrigin } from "#app/lib/server-context.ts";
import type { SitemapProductsQuery } from "#app/lib/storefront.generated.ts";
import { type StorefrontDocument, storefrontQuery } from "#app/lib/storefront.server.ts";
import type { Route } from "./+types/content-sitemap-xml";

/**
 * /sitemap.xml for search engines: the fixed pages, every category, brand and artisan, the
 * seasonal and CMS pages, the blog's categories and posts, and the products on sale (archived
 * ones left out), up to the protocol's 50 000 addresses.
 */

const PRODUCTS_PER_REQUEST = 250;

const SITEMAP_PRODUCTS_QUERY = `#graphql
  query SitemapProducts($first: Int!, $after: String) {
    products(first: $first, after: $after) {
      pageInfo { hasNextPage endCursor }
      nodes { handle tags updatedAt }
    }
  }
` as StorefrontDocument<"SitemapProducts">;

async function productUrls(limit: number): Promise<{ path: string; updatedAt: string }[]> {
  const found: { path: string; updatedAt: string }[] = [];
  let after: string | null = null;
  while (found.length < limit) {
    const page: SitemapProductsQuery = await storefrontQuery(SITEMAP_PRODUCTS_QUERY, {
      first: PRODUCTS_PER_REQUEST,
      after,
    });
    for (const node of page.products.nodes) {
      if (!node.tags.includes("Archive"))
        found.push({ path: productPath(node.handle), updatedAt: node.updatedAt });
    }
    if (!page.products.pageInfo.hasNextPage || !page.products.pageInfo.endCursor) break;
    after = page.products.pageInfo.endCursor;
  }
  return found.slice(0, limit);
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const origin = shopOrigin(context);
  const [ref, cms, seasonal, posts] = await Promise.all([
    catalogueReference(),
    getPageList("cms"),
    getPageList("homepage"),
    getBlogPosts(),
  ]);
  const { brands, artisans } = brandLinks(ref.brands);
  const blogCategories = new Map<string, string>();
  for (const post of posts) {
    const category = (post.fields as { category?: { fields?: { slug?: string } } }).category;
    if (category?.fields?.slug)
      blogCategories.set(category.fields.slug, `/b/${encodeURIComponent(category.fields.slug)}/`);
  }
  const pages: SitemapUrl[] = [
    ...FIXED_PAGES.map((link) => ({ loc: link.href })),
    { loc: "/sitemap/" },
    ...flattenLinks(categoryTree(ref.categories)).map((link) => ({ loc: link.href })),
    ...[...brands, ...artisans].map((link) => ({ loc: link.href })),
    ...entryLinks(seasonal, [HOME_PAGE_SLUG]).map((link) => ({ loc: link.href })),
    ...cms.flatMap((entry) =>
      entryLinks([entry]).map((link) => ({ loc: link.href, lastmod: entry.sys.updatedAt })),
    ),
    ...[...blogCategories.values()].map((loc) => ({ loc })),
    ...posts.flatMap((post) =>
      entryLinks([post]).map((link) => ({
        loc: link.href,
        lastmod: (post.fields as { publishDate?: string }).publishDate ?? null,
      })),
    ),
  ];
  const products = await productUrls(Math.max(0, SITEMAP_MAX_URLS - pages.length));
  const urls = [
    ...pages,
    ...products.map((product) => ({ loc: product.path, lastmod: product.updatedAt })),
  ].map((url) => ({ ...url, loc: new URL(url.loc, origin).toString() }));
  return new Response(sitemapXml(urls), {
    headers: {
      "Content-Type": "application/xml; charset=utf-8",
      "Cache-Control": "public, max-age=3600",
    },
  });
}
