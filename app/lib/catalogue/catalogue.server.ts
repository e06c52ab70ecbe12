import {
  CATALOGUE_BRAND_PRODUCTS_QUERY,
  CATALOGUE_COLLECTION_QUERY,
  CATALOGUE_COLLECTION_VENDORS_QUERY,
  CATALOGUE_PRODUCT_CARDS_QUERY,
  CATALOGUE_PRODUCT_QUERY,
  CATALOGUE_SEARCH_QUERY,
} from "#app/lib/catalogue/documents.ts";
import type { Facet, ProductFilter } from "#app/lib/catalogue/filters.ts";
import type { ListingSort } from "#app/lib/catalogue/listing.ts";
import {
  type ApiProduct,
  type Brand,
  normaliseProduct,
  type StorefrontProduct,
} from "#app/lib/catalogue/product.ts";
import type {
  CatalogueBrandProductsQueryVariables,
  CatalogueCollectionQueryVariables,
  CatalogueProductPageFragment,
} from "#app/lib/storefront.generated.ts";
import {
  catalogueNodes,
  catalogueQuery,
  StorefrontError,
  storefrontQuery,
} from "#app/lib/storefront.server.ts";
import { sanitizeRichHtml } from "#platform/commerce/index.ts";
import { NUTRITION_ROWS, type NutritionKey } from "#platform/nutrition.ts";
import { addSurrogateKeys, PRODUCT_SEARCH_KEY } from "#platform/surrogate-keys.ts";

/**
 * The catalogue as the storefront pages read it, through the Storefront API (storefront.md §7):
 * a product by handle, a collection's products (first, after, filters, sortKey, reverse) with
 * their facets, brands and artisans, product search. Each page costs one GraphQL round trip;
 * what every page needs to resolve names (catalogue-reference.server.ts) is read in one more
 * and kept for a minute.
 */

/** One page of a listing; `endCursor` is where the next page starts. */
export type ProductPage = {
  products: StorefrontProduct[];
  hasNextPage: boolean;
  endCursor: string | null;
};

/** A product by handle; null when there is none (or it is archived). */
export async function productByHandle(handle: string): Promise<{
  product: StorefrontProduct;
  descriptionHtml: string;
  seo: { title: string | null; description: string | null };
  details: ProductDetails;
  /** The ids of its related products, for `relatedProducts`. */
  relatedIds: string[];
  /** The handles of the collections (categories) it belongs to. */
  collections: string[];
} | null> {
  const data = await catalogueQuery(CATALOGUE_PRODUCT_QUERY, { handle });
  const raw = data.product;
  if (!raw) return null;
  const fields = new Map(raw.metafields.filter((field) => field !== null).map((f) => [f.key, f]));
  const text = (key: string) => fields.get(key)?.value?.trim() || null;
  const relatedIds = productIdsOf(raw.relatedProducts?.value);
  return {
    product: normaliseProduct(raw),
    // Sanitised again at render (issue 16): rows written before write-time sanitising, straight
    // into the database, or by a remote commerce platform are made safe here all the same.
    descriptionHtml: sanitizeRichHtml(raw.descriptionHtml),
    seo: raw.seo,
    details: {
      origin: text("origin"),
      ingredients: text("ingredients_composition"),
      conservation: text("conservation_text"),
      durability: text("durability_text"),
      allergenAlert: text("ingredients_alertDetails"),
      nutrition: Object.fromEntries(NUTRITION_ROWS.map(({ key }) => [key, text(key)])) as Record<
        NutritionKey,
        string | null
      >,
      nutritionExemption: text("nutrition_exemption"),
    },
    relatedIds,
    collections: raw.collections.nodes.map((node) => node.handle),
  };
}

/** The product ids a `list.product_reference` metafield's value holds; none when it is not one. */
function productIdsOf(value: string | null | undefined): string[] {
  if (!value) return [];
  try {
    const ids: unknown = JSON.parse(value);
    return Array.isArray(ids)
      ? ids.filter((id): id is string => typeof id === "string" && id.startsWith(PRODUCT_GID))
      : [];
  } catch {
    return [];
  }
}
const PRODUCT_GID = "gid://shopify/Product/";

/**
 * A product's related products, as cards: the first ten that still exist (as the field's
 * `references(first: 10)` would give them), less those archived. The cards are kept one by one
 * across pages (`catalogueNodes`): the products of a category mostly name the same few, so a
 * product's first view seldom asks for them all.
 */
export async function relatedProducts(ids: readonly string[]): Promise<StorefrontProduct[]> {
  if (ids.length === 0) return [];
  const nodes = await catalogueNodes(CATALOGUE_PRODUCT_CARDS_QUERY, ids);
  return nodes
    .flatMap((node) => (node?.__typename === "Product" ? [node] : []))
    .slice(0, 10)
    .map((node) => normaliseProduct(node))
    .filter((product) => !product.tags.includes("Archive"));
}

/** The product page's texts beside the normalised product. */
export type ProductDetails = {
  origin: string | null;
  /** The ingredients, allergens written `_blé_` (emphasised on the page). */
  ingredients: string | null;
  conservation: string | null;
  /** Date marking and use after opening. */
  durability: string | null;
  allergenAlert: string | null;
  /** The INCO declaration per 100 g or 100 ml (`platform/nutrition.ts`). */
  nutrition: Record<NutritionKey, string | null>;
  /** Why the product declares no nutrition, when it is exempt. */
  nutritionExemption: string | null;
};

function sortArguments(sort: ListingSort, inCollection: true): CollectionSort;
function sortArguments(sort: ListingSort, inCollection: false): ProductsSort;
function sortArguments(sort: ListingSort, inCollection: boolean): CollectionSort | ProductsSort {
  switch (sort) {
    case "price-asc":
      return { sortKey: "PRICE", reverse: false };
    case "price-desc":
      return { sortKey: "PRICE", reverse: true };
    case "created-recently":
      return { sortKey: inCollection ? "CREATED" : "CREATED_AT", reverse: true } as
        | CollectionSort
        | ProductsSort;
    default:
      return { sortKey: inCollection ? "COLLECTION_DEFAULT" : "ID", reverse: false } as
        | CollectionSort
        | ProductsSort;
  }
}

type CollectionSort = {
  sortKey: NonNullable<CatalogueCollectionQueryVariables["sortKey"]>;
  reverse: boolean;
};
type ProductsSort = {
  sortKey: NonNullable<CatalogueBrandProductsQueryVariables["sortKey"]>;
  reverse: boolean;
};

/** A cursor as the API writes them (base64url of JSON); anything else is ignored. */
export function isCursor(value: string | null | undefined): value is string {
  if (!value || value.length > 500 || !/^[A-Za-z0-9_-]+$/.test(value)) return false;
  try {
    const key = JSON.parse(Buffer.from(value, "base64url").toString("utf8")) as {
      v?: unknown;
      id?: unknown;
    };
    return Array.isArray(key.v) && Number.isInteger(key.id);
  } catch {
    return false;
  }
}

/**
 * Runs a listing query from a cursor; a cursor the API refuses (edited by hand, or taken from
 * another sort) gives the first page rather than an error page.
 */
async function fromCursor<T>(
  after: string | null | undefined,
  run: (after: string | null) => Promise<T>,
): Promise<T> {
  const cursor = isCursor(after) ? after : null;
  if (cursor === null) return run(null);
  try {
    return await run(cursor);
  } catch (error) {
    if (error instanceof StorefrontError) return run(null);
    throw error;
  }
}

export type ListingOptions = {
  first: number;
  after?: string | null;
  filters?: ProductFilter[];
  /** Allergen metaobject GIDs: products holding any of them are left out. */
  excludeAllergens?: string[];
  sort?: ListingSort;
  /** A province visitor: only the province assortment (products tagged isProvince). */
  province?: boolean;
};

/** The tag of products that can be delivered outside Paris (storefront.md §3). */
export const PROVINCE_TAG = "isProvince";

/** The API filters that narrow a listing to the province assortment, when it applies. */
function provinceFilters(province: boolean | undefined): ProductFilter[] {
  return province ? [{ tag: PROVINCE_TAG }] : [];
}

export type CollectionPage = {
  collection: {
    id: string;
    handle: string;
    title: string;
    descriptionHtml: string;
    seo: { title: string | null; description: string | null };
    image: { url: string; altText: string | null } | null;
    metafields: Record<string, string>;
  };
  facets: Facet[];
} & ProductPage;

// Filters cannot exclude: a page asks for more products and drops those with an excluded
// allergen, so pages stay full unless most products are excluded.
const EXCLUSION_BATCH = 250;

/** A collection with one page of its products and its facets; null when there is none. */
export async function collectionPage(
  handle: string,
  options: ListingOptions,
): Promise<CollectionPage | null> {
  const excluding = (options.excludeAllergens ?? []).length > 0;
  const data = await fromCursor(options.after, (after) =>
    catalogueQuery(CATALOGUE_COLLECTION_QUERY, {
      handle,
      first: excluding ? EXCLUSION_BATCH : options.first,
      after,
      filters: [...(options.filters ?? []), ...provinceFilters(options.province)],
      ...sortArguments(options.sort ?? "default", true),
    }),
  );
  const collection = data.collection;
  if (!collection) return null;
  const { products, ...rest } = collection;
  return {
    collection: {
      ...rest,
      // The page writes it as HTML: sanitised at render as a product's (see productByHandle).
      descriptionHtml: sanitizeRichHtml(rest.descriptionHtml),
      metafields: Object.fromEntries(
        collection.metafields.filter((field) => field !== null).map((f) => [f.key, f.value]),
      ),
    },
    facets: products.filters,
    ...pageOf(products, options.first, options.excludeAllergens ?? []),
  };
}

/** A page of products as the API answers it (a collection's, a brand's, a search's). */
type ApiProductConnection = Pick<CatalogueProductPageFragment, "pageInfo"> & {
  edges: { cursor: string; node: ApiProduct }[];
};

function allergenGids(product: ApiProduct): string[] {
  const value = product.metafields.find((field) => field?.key === "allergens")?.value;
  try {
    const parsed = JSON.parse(value ?? "[]") as unknown;
    return Array.isArray(parsed) ? parsed.map(String) : [];
  } catch {
    return [];
  }
}

/** Keeps up to `size` products, leaving out excluded allergens, and says where to go on. */
export function pageOf(
  connection: ApiProductConnection,
  size: number,
  excludeAllergens: readonly string[],
): ProductPage {
  const excluded = new Set(excludeAllergens);
  const kept: StorefrontProduct[] = [];
  let endCursor = connection.pageInfo.endCursor;
  let stoppedAt = -1;
  for (const [index, edge] of connection.edges.entries()) {
    if (kept.length === size) {
      stoppedAt = index;
      break;
    }
    if (allergenGids(edge.node).some((gid) => excluded.has(gid))) continue;
    kept.push(normaliseProduct(edge.node));
    endCursor = edge.cursor;
  }
  if (stoppedAt === -1) endCursor = connection.pageInfo.endCursor;
  return {
    products: kept,
    hasNextPage: stoppedAt !== -1 || connection.pageInfo.hasNextPage,
    endCursor,
  };
}

/** A brand's products, 48 a page by default (ordering-and-server.md §9). */
export async function brandProducts(
  brand: Brand,
  options: { first: number; after?: string | null; sort?: ListingSort; province?: boolean },
): Promise<ProductPage> {
  const vendor = `vendor:"${brand.name.replace(/"/g, "")}"`;
  // Listed by a query: a product written may join the list.
  addSurrogateKeys([PRODUCT_SEARCH_KEY]);
  const data = await fromCursor(options.after, (after) =>
    catalogueQuery(CATALOGUE_BRAND_PRODUCTS_QUERY, {
      query: options.province ? `${vendor} tag:${PROVINCE_TAG}` : vendor,
      first: options.first,
      after,
      ...sortArguments(options.sort ?? "default", false),
    }),
  );
  return pageOf(data.products, options.first, []);
}

/** The brands that sell in a category: the vendor facet of its collection. */
export async function vendorsOfCollection(handle: string): Promise<string[] | null> {
  const data = await catalogueQuery(CATALOGUE_COLLECTION_VENDORS_QUERY, { handle });
  if (!data.collection) return null;
  const vendor = data.collection.products.filters.find((facet) => facet.id === "filter.p.vendor");
  return (vendor?.values ?? []).filter((value) => value.count > 0).map((value) => value.label);
}

/** Product search (storefront.md §7): the Storefront API's `search`, products only. */
export async function searchProducts(
  term: string,
  options: { first: number; after?: string | null; sort?: ListingSort; province?: boolean },
): Promise<ProductPage & { totalCount: number }> {
  const sort = options.sort ?? "default";
  // Listed by a query: a product written may join the results.
  addSurrogateKeys([PRODUCT_SEARCH_KEY]);
  const data = await fromCursor(options.after, (after) =>
    storefrontQuery(CATALOGUE_SEARCH_QUERY, {
      query: term,
      first: options.first,
      after,
      productFilters: provinceFilters(options.province),
      sortKey: sort === "price-asc" || sort === "price-desc" ? "PRICE" : "RELEVANCE",
      reverse: sort === "price-desc",
    }),
  );
  // `types: [PRODUCT]`: every result is a product (the union also holds articles and pages).
  type Node = (typeof data.search.edges)[number]["node"];
  const isProduct = (node: Node): node is Extract<Node, { id: string }> => "id" in node;
  const edges = data.search.edges.flatMap(({ cursor, node }) =>
    isProduct(node) ? [{ cursor, node }] : [],
  );
  const page = pageOf({ pageInfo: data.search.pageInfo, edges }, options.first, []);
  return {
    ...page,
    products: page.products.filter((product) => !product.hideInSearch),
    totalCount: data.search.totalCount,
  };
}
