import { seoMeta } from "#app/lib/seo.ts";
import catalogueStyles from "#app/styles/catalogue.css?url";
import contentStyles from "#app/styles/content.css?url";

/**
 * The head shared by the content pages (FAQ, CMS, store, seasonal pages, sitemap) and the
 * product page: their stylesheets and their SEO meta tags once the loader answered.
 */

/** The catalogue's sheet (breadcrumbs, buttons and badges) and the page's own sheet. */
export function catalogueStylesWith(pageStyles: string) {
  return () => [
    { rel: "stylesheet", href: catalogueStyles },
    { rel: "stylesheet", href: pageStyles },
  ];
}

/** The links of a content page: the catalogue's sheet and content.css. */
export const contentLinks = catalogueStylesWith(contentStyles);

/** A `meta` function: the SEO tags built from the loader's data, none without data (errors). */
export function seoMetaFrom<D>(seoOf: (data: D) => Parameters<typeof seoMeta>[0]) {
  return ({ loaderData }: { loaderData: D | undefined }) =>
    loaderData ? seoMeta(seoOf(loaderData)) : [];
}
