import { Link } from "react-router";
import { Breadcrumbs, breadcrumbJsonLd, type Crumb } from "#app/components/listing/breadcrumbs.tsx";
import { ProductGrid } from "#app/components/listing/product-grid.tsx";
import { SortForm } from "#app/components/listing/sort-form.tsx";
import { collectionPage } from "#app/lib/catalogue/catalogue.server.ts";
import { excludedAllergens, toProductFilters } from "#app/lib/catalogue/filters.ts";
import {
  applyLandingFilter,
  categoryFilterHref,
  landingTitle,
  resolveLandingFilter,
} from "#app/lib/catalogue/landing-filters.ts";
import {
  CATEGORY_PAGE_SIZE,
  listingView,
  PARAM,
  readListingParams,
} from "#app/lib/catalogue/listing.ts";
import { catalogueReference, categoryLineage } from "#app/lib/catalogue/reference.server.ts";
import { NOT_FOUND_MESSAGE } from "#app/lib/errors.ts";
import { categoryHref } from "#app/lib/layout/sitemap-links.ts";
import { isProvinceVisitor } from "#app/lib/order-mode/province.ts";
import type { PageTypeHandle } from "#app/lib/page-type.ts";
import { pageUrl } from "#app/lib/page-url.ts";
import { canonicalUrl, jsonLd, seoMeta } from "#app/lib/seo.ts";
import { shopOrigin } from "#app/lib/server-context.ts";
import catalogueStyles from "#app/styles/catalogue.css?url";
import type { Route } from "./+types/filter-landing";

/**
 * A filtered landing page, /f/{category}/{filter}/ (`app/lib/catalogue/landing-filters.ts`): a category's
 * products under one diet, label, brand or allergen exclusion, 100 a page with "Voir plus".
 */
// Not in the specification's page-type table: the filtered landing pages.
export const handle: PageTypeHandle = { pageType: "landing-filtre" };

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: catalogueStyles }];

export const meta: Route.MetaFunction = ({ loaderData: data }) =>
  data
    ? seoMeta({
        title: `${data.title} | Comptoir`,
        description: data.description,
        canonical: data.canonical,
      })
    : [];

function notFound(): never {
  throw new Response(NOT_FOUND_MESSAGE, { status: 404, statusText: "Not Found" });
}

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const ref = await catalogueReference();
  const node = ref.categories.get(params.slug);
  const filter = resolveLandingFilter(params.filter, ref);
  if (!node || node.archived || !filter) notFound();
  // The page's address, not the data request's: listing links are built from it.
  const url = pageUrl(request);
  const listingParams = applyLandingFilter(readListingParams(url.searchParams), filter);
  const page = await collectionPage(node.handle, {
    first: CATEGORY_PAGE_SIZE,
    after: listingParams.after,
    filters: toProductFilters(listingParams, ref),
    excludeAllergens: excludedAllergens(listingParams, ref),
    sort: listingParams.sort,
    province: isProvinceVisitor(request),
  });
  if (!page) notFound();
  const title = landingTitle(node.title, filter);
  const path = `/f/${encodeURIComponent(node.handle)}/${encodeURIComponent(params.filter)}/`;
  const crumbs: Crumb[] = [
    ...categoryLineage(ref, node.handle).map((item) => ({
      label: item.title,
      href: categoryHref(item),
    })),
    { label: filter.title, href: path },
  ];
  const stateSearch = new URLSearchParams(url.searchParams);
  stateSearch.delete(PARAM.after);
  return {
    title,
    filterTitle: filter.title,
    crumbs,
    categoryTitle: node.title,
    categoryHref: categoryFilterHref(categoryHref(node), filter),
    sort: listingParams.sort,
    stateKey: `${url.pathname}?${stateSearch}`,
    listing: listingView(page, url),
    breadcrumbLd: jsonLd(breadcrumbJsonLd(crumbs, shopOrigin(context))),
    description: `${title} : une sélection du Comptoir, épicerie fine parisienne, livrée chez vous ou à retirer en boutique.`,
    canonical: canonicalUrl(context, path),
  };
}

export default function FilterLandingPage({ loaderData: data }: Route.ComponentProps) {
  return (
    <div className="listing-page">
      <Breadcrumbs crumbs={data.crumbs} />
      <header className="listing-page__header">
        <h1>{data.title}</h1>
        <p className="listing-page__intro">
          <Link to={data.categoryHref}>
            Affiner la sélection dans le rayon {data.categoryTitle}
          </Link>
        </p>
      </header>
      <SortForm sort={data.sort} />
      {data.listing.products.length === 0 ? (
        <p className="listing-empty" role="status">
          Aucun produit ne correspond à cette sélection pour le moment.
        </p>
      ) : (
        <ProductGrid
          key={data.stateKey}
          listing={data.listing}
          label={`Produits : ${data.title}`}
        />
      )}
      <script
        type="application/ld+json"
        // biome-ignore lint/security/noDangerouslySetInnerHtml: JSON-LD, escaped by jsonLd()
        dangerouslySetInnerHTML={{ __html: data.breadcrumbLd }}
      />
    </div>
  );
}
