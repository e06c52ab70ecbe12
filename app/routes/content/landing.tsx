import { Blocks } from "#app/components/content/blocks.tsx";
import { Breadcrumbs } from "#app/components/listing/breadcrumbs.tsx";
import { getPage, HOME_PAGE_SLUG } from "#app/lib/content/content.server.ts";
import { blocksPageData } from "#app/lib/content/pages.server.ts";
import { shopFactTexts } from "#app/lib/content/shop-facts.server.ts";
import { fillFacts } from "#app/lib/content/shop-facts.ts";
import { NOT_FOUND_MESSAGE } from "#app/lib/errors.ts";
import type { PageTypeHandle } from "#app/lib/page-type.ts";
import { canonicalUrl } from "#app/lib/seo.ts";
import type { Route } from "./+types/landing";
import { contentLinks, seoMetaFrom } from "./content-head.ts";

/**
 * A page made of blocks, /e/{slug}/: the seasonal pages (Noël, Pâques…) and any other
 * `homepage` entry. `/e/accueil/` is the home page's own entry: its canonical URL is `/`.
 */
// Not in the specification's page-type table: the seasonal and event pages.
export const handle: PageTypeHandle = { pageType: "page-evenement" };

export const links: Route.LinksFunction = contentLinks;

export const meta: Route.MetaFunction = seoMetaFrom((data) => ({
  title: data.page.seoTitle,
  description: data.page.seoDescription,
  canonical: data.canonical,
  image: data.page.image,
}));

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const entry = await getPage("homepage", params.slug);
  if (!entry) throw new Response(NOT_FOUND_MESSAGE, { status: 404, statusText: "Not Found" });
  const path = params.slug === HOME_PAGE_SLUG ? "/" : `/e/${encodeURIComponent(params.slug)}/`;
  const page = await blocksPageData(entry, {
    title: params.slug,
    description: "Une sélection du Comptoir, épicerie fine parisienne.",
  });
  return {
    // Block texts may name the stores, zones and identity (facts, as on the home page).
    page: fillFacts(page, await shopFactTexts()),
    path: `/e/${encodeURIComponent(params.slug)}/`,
    canonical: canonicalUrl(context, path),
  };
}

export default function LandingPage({ loaderData }: Route.ComponentProps) {
  const { page } = loaderData;
  return (
    <div className="content-page content-page--blocks">
      <Breadcrumbs crumbs={[{ label: page.title, href: loaderData.path }]} />
      <h1 className="visually-hidden">{page.title}</h1>
      <Blocks blocks={page.blocks} />
    </div>
  );
}
