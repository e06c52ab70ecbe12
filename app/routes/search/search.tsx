import { isbot } from "isbot";
import { data, Form, Link } from "react-router";
import { Breadcrumbs } from "#app/components/listing/breadcrumbs.tsx";
import { ProductGrid } from "#app/components/listing/product-grid.tsx";
import { SortForm } from "#app/components/listing/sort-form.tsx";
import { searchProducts } from "#app/lib/catalogue/catalogue.server.ts";
import {
  type ListingSort,
  listingView,
  PARAM,
  readListingParams,
  SEARCH_PAGE_SIZE,
  SORT_OPTIONS,
} from "#app/lib/catalogue/listing.ts";
import { normaliseSearchTerm } from "#app/lib/format.ts";
import { isProvinceVisitor } from "#app/lib/order-mode/province.ts";
import { PAGE_TYPES, type PageTypeHandle } from "#app/lib/page-type.ts";
import { pageUrl } from "#app/lib/page-url.ts";
import {
  countZeroResultSearch,
  searchIntents,
  suggestedQuery,
} from "#app/lib/search/search.server.ts";
import { serverContext } from "#app/lib/server-context.ts";
import catalogueStyles from "#app/styles/catalogue.css?url";
import type { Route } from "./+types/search";

/** Search results, /search/?q=…: 100 products a page (storefront.md §9). */
export const handle: PageTypeHandle = { pageType: PAGE_TYPES.search };

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: catalogueStyles }];

export const meta: Route.MetaFunction = ({ loaderData: data }) => [
  { title: data?.term ? `Recherche « ${data.term} » | Comptoir` : "Recherche | Comptoir" },
  // Result pages are endless variations: kept out of search engines.
  { name: "robots", content: "noindex, follow" },
];

// Search has no "newest first" order: relevance, or price.
const SEARCH_SORTS = SORT_OPTIONS.filter((option) => option.value !== "created-recently").map(
  (option) => (option.value === "default" ? { ...option, label: "Pertinence" } : option),
);

/**
 * A page that found nothing is not kept by the page cache: its suggestion follows the index, and
 * each time it is served counts a search that found nothing (the dashboard's list).
 */
export const headers: Route.HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

export async function loader({ request, context }: Route.LoaderArgs) {
  // The page's address, not the data request's: listing links are built from it.
  const url = pageUrl(request);
  const term = normaliseSearchTerm(url.searchParams.get(PARAM.query)).slice(0, 200);
  const listingParams = readListingParams(url.searchParams);
  const sort: ListingSort =
    listingParams.sort === "created-recently" ? "default" : listingParams.sort;
  if (!term) {
    return {
      term,
      sort,
      total: 0,
      stateKey: url.search,
      listing: { products: [], nextHref: null },
      suggestion: null,
      intents: [],
    };
  }
  const [page, intents] = await Promise.all([
    searchProducts(term, {
      first: SEARCH_PAGE_SIZE,
      after: listingParams.after,
      sort,
      province: isProvinceVisitor(request),
    }),
    // The filters the search read in the term; without them the page still shows its results.
    searchIntents(term).catch((error: unknown) => {
      context.get(serverContext).logger.warn({ err: error }, "search filters not read");
      return [];
    }),
  ]);
  const stateSearch = new URLSearchParams(url.searchParams);
  stateSearch.delete(PARAM.after);
  const found = {
    term,
    sort,
    total: page.totalCount,
    stateKey: `${url.pathname}?${stateSearch}`,
    listing: listingView(page, url),
    suggestion: null as string | null,
    intents,
  };
  // A later page past the end is no new search.
  if (page.totalCount > 0 || listingParams.after) return found;
  const suggestion = await followUpNothingFound(term, request, context);
  return data({ ...found, suggestion }, { headers: { "Cache-Control": "no-store" } });
}

/**
 * For a term that found nothing: counts the search (not a robot's) and asks the index for a
 * query to suggest, at once. Neither may break the page: a failure is logged, not shown.
 */
async function followUpNothingFound(
  term: string,
  request: Request,
  context: Route.LoaderArgs["context"],
): Promise<string | null> {
  const { logger } = context.get(serverContext);
  const userAgent = request.headers.get("user-agent");
  const [suggestion] = await Promise.all([
    suggestedQuery(term).catch((error: unknown) => {
      logger.warn({ err: error }, "search suggestion failed");
      return null;
    }),
    userAgent && isbot(userAgent)
      ? undefined
      : countZeroResultSearch(term).catch((error: unknown) => {
          logger.warn({ err: error }, "search that found nothing not counted");
        }),
  ]);
  return suggestion;
}

export default function SearchPage({ loaderData }: Route.ComponentProps) {
  const { term, listing } = loaderData;
  return (
    <div className="listing-page">
      <Breadcrumbs crumbs={[{ label: "Recherche", href: "/search/" }]} />
      <header className="listing-page__header">
        <h1>{term ? `Résultats pour « ${term} »` : "Rechercher un produit"}</h1>
        <Form method="get" action="/search/" role="search" className="search-form">
          <label htmlFor="search-page-q" className="visually-hidden">
            Rechercher un produit
          </label>
          <input
            id="search-page-q"
            key={term}
            type="search"
            name={PARAM.query}
            defaultValue={term}
            placeholder="Un produit, une marque…"
            autoComplete="off"
          />
          <button type="submit" className="button button--primary">
            Rechercher
          </button>
        </Form>
      </header>
      {loaderData.intents.length > 0 && (
        <section className="search-intents" aria-label="Filtres appliqués">
          <p className="search-intents__title">Filtres appliqués :</p>
          <ul className="search-intents__list">
            {loaderData.intents.map((intent) => (
              <li key={intent.label}>
                <Link
                  className="search-intents__chip"
                  to={`/search/?${new URLSearchParams({ [PARAM.query]: intent.without })}`}
                  aria-label={`Retirer le filtre ${intent.label}`}
                >
                  {intent.label}
                  <span aria-hidden="true"> ×</span>
                </Link>
              </li>
            ))}
          </ul>
        </section>
      )}
      {term && listing.products.length === 0 && (
        <div className="listing-empty" role="status">
          <p>Aucun résultat</p>
          {loaderData.suggestion && (
            <p>
              Vouliez-vous dire{" "}
              <Link
                to={`/search/?${new URLSearchParams({ [PARAM.query]: loaderData.suggestion })}`}
              >
                {loaderData.suggestion}
              </Link>
              {"\u00a0?"}
            </p>
          )}
        </div>
      )}
      {listing.products.length > 0 && (
        <>
          <SortForm
            sort={loaderData.sort}
            options={SEARCH_SORTS}
            hidden={{ [PARAM.query]: term }}
            total={loaderData.total}
          />
          <ProductGrid
            key={loaderData.stateKey}
            listing={listing}
            label={`Résultats pour ${term}`}
          />
        </>
      )}
    </div>
  );
}
