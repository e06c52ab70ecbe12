import {
  type ProductCardData,
  type StorefrontProduct,
  toCardData,
} from "#app/lib/catalogue/product.ts";
/**
 * A listing's state lives in its URL, so a shared link shows the same list (storefront issue:
 * listings): sort, filters and the page cursor, as GET parameters a plain form writes.
 */

/** Listing sorts of the specification (storefront.md §4); anything else is the default order. */
export type ListingSort = "price-asc" | "price-desc" | "created-recently" | "default";

export const SORT_OPTIONS: readonly { value: ListingSort; label: string }[] = [
  { value: "default", label: "Notre sélection" },
  { value: "price-asc", label: "Prix croissant" },
  { value: "price-desc", label: "Prix décroissant" },
  { value: "created-recently", label: "Nouveautés" },
];

export function parseSort(value: string | null | undefined): ListingSort {
  return value === "price-asc" || value === "price-desc" || value === "created-recently"
    ? value
    : "default";
}

/** Query parameter names: French, as the shop's URLs are. */
export const PARAM = {
  sort: "tri",
  brand: "marque",
  diet: "regime",
  label: "label",
  withoutAllergen: "sans",
  available: "dispo",
  priceMin: "prix_min",
  priceMax: "prix_max",
  after: "apres",
  query: "q",
} as const;

export type ListingParams = {
  sort: ListingSort;
  brands: string[];
  diets: string[];
  labels: string[];
  withoutAllergens: string[];
  availableOnly: boolean;
  priceMin: number | null;
  priceMax: number | null;
  after: string | null;
};

function price(value: string | null): number | null {
  if (value === null || value.trim() === "") return null;
  const parsed = Number(value.replace(",", "."));
  return Number.isFinite(parsed) && parsed >= 0 ? parsed : null;
}

function list(search: URLSearchParams, name: string): string[] {
  return [
    ...new Set(
      search
        .getAll(name)
        .map((value) => value.trim())
        .filter(Boolean),
    ),
  ].slice(0, 50);
}

export function readListingParams(search: URLSearchParams): ListingParams {
  return {
    sort: parseSort(search.get(PARAM.sort)),
    brands: list(search, PARAM.brand),
    diets: list(search, PARAM.diet),
    labels: list(search, PARAM.label),
    withoutAllergens: list(search, PARAM.withoutAllergen),
    availableOnly: search.get(PARAM.available) === "1",
    priceMin: price(search.get(PARAM.priceMin)),
    priceMax: price(search.get(PARAM.priceMax)),
    after: search.get(PARAM.after),
  };
}

/** How many filters a visitor has chosen (the sort and the page are not filters). */
export function activeFilterCount(params: ListingParams): number {
  return (
    params.brands.length +
    params.diets.length +
    params.labels.length +
    params.withoutAllergens.length +
    (params.availableOnly ? 1 : 0) +
    (params.priceMin !== null || params.priceMax !== null ? 1 : 0)
  );
}

/**
 * A listing form's parameters without the empty ones: an untouched price field or an empty
 * hidden field adds nothing to the address (`?tri=price-asc`, not `?tri=price-asc&prix_min=`).
 */
export function filledParams(entries: Iterable<[string, FormDataEntryValue]>): URLSearchParams {
  const params = new URLSearchParams();
  for (const [name, value] of entries) {
    if (typeof value === "string" && value.trim() !== "") params.append(name, value);
  }
  return params;
}

/** The same listing from `cursor` on: every other parameter kept. */
export function pageHref(pathname: string, search: URLSearchParams, cursor: string): string {
  const next = new URLSearchParams(search);
  next.set(PARAM.after, cursor);
  return `${pathname}?${next}`;
}

/** A page of products as the listing grid shows it: cards, and the link to the next page. */
export function listingView(
  page: { products: StorefrontProduct[]; hasNextPage: boolean; endCursor: string | null },
  url: URL,
): { products: ProductCardData[]; nextHref: string | null } {
  return {
    products: page.products.map((product) => toCardData(product)),
    nextHref:
      page.hasNextPage && page.endCursor
        ? pageHref(url.pathname, url.searchParams, page.endCursor)
        : null,
  };
}

/** Products per page (ordering-and-server.md §9): categories 100, two fewer beside a push block. */
export const CATEGORY_PAGE_SIZE = 100;
export const PUSH_BLOCK_SLOTS = 2;
export const BRAND_PAGE_SIZE = 48;
export const SEARCH_PAGE_SIZE = 100;

export function categoryPageSize(pushCount: number): number {
  return CATEGORY_PAGE_SIZE - PUSH_BLOCK_SLOTS * Math.max(0, pushCount);
}

/** A filter form, ready to print: built on the server from the API's facets. */
export type FilterOption = { value: string; label: string; count: number | null; checked: boolean };
export type FilterGroup = { param: string; legend: string; options: FilterOption[] };
export type FilterView = {
  groups: FilterGroup[];
  available: { checked: boolean; count: number };
  price: { min: number | null; max: number | null; bound: number };
  sort: ListingSort;
  activeCount: number;
  /** Products in the filtered listing, when the facets can tell (not with an exclusion). */
  total: number | null;
};
