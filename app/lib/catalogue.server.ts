import {
  activeFilterCount,
  type FilterGroup,
  type FilterView,
  type ListingParams,
  type ListingSort,
  PARAM,
} from "#app/lib/listing.ts";
import {
  type ApiMetaobject,
  type ApiProduct,
  type Brand,
  normaliseProduct,
  type StorefrontProduct,
  type Taxon,
  toBrand,
  toTaxon,
} from "#app/lib/product.ts";
import { catalogueQuery, StorefrontError, storefrontQuery } from "#app/lib/storefront.server.ts";
import { sanitizeRichHtml } from "#platform/commerce/index.ts";

/**
 * The catalogue as the storefront pages read it, through the Storefront API (storefront.md §7):
 * a product by handle, a collection's products (first, after, filters, sortKey, reverse) with
 * their facets, brands and artisans, product search. Each page costs one GraphQL round trip;
 * what every page needs to resolve names (the category tree, brands, allergens, diets, labels)
 * is read in one more and kept for a minute.
 */

/** Shopify's `ProductFilter` input, the parts the shop sends. */
export type ProductFilter =
  | { available: boolean }
  | { price: { min?: number; max?: number } }
  | { productVendor: string }
  | { tag: string }
  | { productMetafield: { namespace: string; key: string; value: string } };

export type FacetValue = { id: string; label: string; count: number; input: string };
export type Facet = {
  id: string;
  label: string;
  type: "BOOLEAN" | "LIST" | "PRICE_RANGE";
  values: FacetValue[];
};

/** One page of a listing; `endCursor` is where the next page starts. */
export type ProductPage = {
  products: StorefrontProduct[];
  hasNextPage: boolean;
  endCursor: string | null;
};

// ---------------------------------------------------------------------------------------------
// Reference data: category tree, brands, taxonomies

export type CategoryNode = {
  id: string;
  handle: string;
  title: string;
  parent: string | null;
  grandParent: string | null;
  children: string[];
  archived: boolean;
  hasPush: boolean;
};

export type CatalogueReference = {
  categories: Map<string, CategoryNode>;
  brands: Brand[];
  allergens: Taxon[];
  regimes: Taxon[];
  labels: Taxon[];
};

const REFERENCE_TTL_MS = 60_000;
let reference: { at: number; value: Promise<CatalogueReference> } | null = null;

/**
 * The category tree, brands and taxonomies, read once a minute at most: they change rarely and
 * every listing needs them to build breadcrumbs, sub-category links and readable filter URLs.
 */
export function catalogueReference(now = Date.now()): Promise<CatalogueReference> {
  if (reference && now - reference.at < REFERENCE_TTL_MS) return reference.value;
  const value = loadReference();
  reference = { at: now, value };
  value.catch(() => {
    if (reference?.value === value) reference = null;
  });
  return value;
}

/** Forgets the cached reference data (tests, and after catalogue imports). */
export function clearCatalogueReference() {
  reference = null;
}

type Connection<T> = { nodes: T[]; pageInfo: { hasNextPage: boolean; endCursor: string | null } };
type ApiCollectionNode = {
  id: string;
  handle: string;
  title: string;
  metafields: ({ key: string; value: string } | null)[];
};

async function loadReference(): Promise<CatalogueReference> {
  const data = await storefrontQuery<{
    collections: Connection<ApiCollectionNode>;
    brands: Connection<ApiMetaobject>;
    allergens: Connection<ApiMetaobject>;
    regimes: Connection<ApiMetaobject>;
    labels: Connection<ApiMetaobject>;
  }>(CATALOGUE_REFERENCE_QUERY);
  const collections = [
    ...data.collections.nodes,
    ...(await remainingPages(data.collections.pageInfo, (after) =>
      storefrontQuery<{ collections: Connection<ApiCollectionNode> }>(
        CATALOGUE_COLLECTIONS_PAGE_QUERY,
        { after },
      ).then((page) => page.collections),
    )),
  ];
  const brands = [
    ...data.brands.nodes,
    ...(await remainingPages(data.brands.pageInfo, (after) =>
      storefrontQuery<{ metaobjects: Connection<ApiMetaobject> }>(CATALOGUE_BRANDS_PAGE_QUERY, {
        after,
      }).then((page) => page.metaobjects),
    )),
  ];
  return {
    categories: new Map(collections.map((node) => [node.handle, toCategory(node)])),
    brands: brands
      .map(toBrand)
      .sort((a, b) => a.name.localeCompare(b.name, "fr", { sensitivity: "base" })),
    allergens: data.allergens.nodes.map(toTaxon),
    regimes: data.regimes.nodes.map(toTaxon),
    labels: data.labels.nodes.map(toTaxon),
  };
}

async function remainingPages<T>(
  pageInfo: Connection<T>["pageInfo"],
  next: (after: string) => Promise<Connection<T>>,
): Promise<T[]> {
  const items: T[] = [];
  let info = pageInfo;
  while (info.hasNextPage && info.endCursor) {
    const page = await next(info.endCursor);
    items.push(...page.nodes);
    info = page.pageInfo;
  }
  return items;
}

function toCategory(node: ApiCollectionNode): CategoryNode {
  const value = (key: string) => node.metafields.find((field) => field?.key === key)?.value ?? null;
  let children: string[] = [];
  try {
    const parsed = JSON.parse(value("category_enfant") ?? "[]") as unknown;
    if (Array.isArray(parsed)) children = parsed.map(String);
  } catch {
    children = [];
  }
  return {
    id: node.id,
    handle: node.handle,
    title: node.title,
    parent: value("category_parent"),
    grandParent: value("category_grand_parent"),
    children,
    archived: value("category_archived") === "true",
    hasPush: Boolean(value("push_title")),
  };
}

/**
 * The API filters a listing's URL asks for: brands by name, diets and labels by metaobject
 * handle, availability, price. Unknown handles are ignored rather than emptying the list.
 */
export function toProductFilters(params: ListingParams, ref: CatalogueReference): ProductFilter[] {
  const metafield = (key: string, handles: string[], taxa: Taxon[]) =>
    handles.flatMap((handle) => {
      const taxon = taxa.find((item) => item.handle === handle);
      return taxon ? [{ productMetafield: { namespace: "custom", key, value: taxon.id } }] : [];
    });
  const filters: ProductFilter[] = [
    ...params.brands.map((name) => ({ productVendor: name })),
    ...metafield("regimes", params.diets, ref.regimes),
    ...metafield("labelsDetails", params.labels, ref.labels),
  ];
  if (params.availableOnly) filters.push({ available: true });
  if (params.priceMin !== null || params.priceMax !== null) {
    filters.push({
      price: {
        ...(params.priceMin !== null ? { min: params.priceMin } : {}),
        ...(params.priceMax !== null ? { max: params.priceMax } : {}),
      },
    });
  }
  return filters;
}

/** GIDs of the allergens a listing's URL excludes. */
export function excludedAllergens(params: ListingParams, ref: CatalogueReference): string[] {
  return params.withoutAllergens.flatMap((handle) => {
    const taxon = ref.allergens.find((item) => item.handle === handle);
    return taxon ? [taxon.id] : [];
  });
}

function facetInput(value: FacetValue): Record<string, unknown> {
  try {
    const parsed = JSON.parse(value.input) as unknown;
    return typeof parsed === "object" && parsed !== null ? (parsed as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

function metafieldGid(value: FacetValue): string | undefined {
  const input = facetInput(value).productMetafield as { value?: string } | undefined;
  return input?.value;
}

/**
 * The filter form of a listing from the API's facets: brands, diets, labels, allergens to
 * exclude, availability, price; each option checked when the URL holds it.
 */
export function filterView(
  facets: Facet[],
  params: ListingParams,
  ref: CatalogueReference,
): FilterView {
  const facet = (id: string) => facets.find((item) => item.id === id);
  const taxonGroup = (
    id: string,
    param: string,
    legend: string,
    taxa: Taxon[],
    chosen: string[],
    counted: boolean,
  ): FilterGroup => ({
    param,
    legend,
    options: (facet(id)?.values ?? []).flatMap((value) => {
      const taxon = taxa.find((item) => item.id === metafieldGid(value));
      if (!taxon) return [];
      return [
        {
          value: taxon.handle,
          label: taxon.title || value.label,
          count: counted ? value.count : null,
          checked: chosen.includes(taxon.handle),
        },
      ];
    }),
  });
  const availability = facet("filter.v.availability")?.values ?? [];
  const inStock = availability.find((value) => facetInput(value).available === true)?.count ?? 0;
  const all = availability.reduce((sum, value) => sum + value.count, 0);
  const priceInput = facetInput(facet("filter.v.price")?.values[0] ?? ({} as FacetValue)).price as
    | { max?: number }
    | undefined;
  const groups: FilterGroup[] = [
    {
      param: PARAM.brand,
      legend: "Marques",
      options: (facet("filter.p.vendor")?.values ?? []).map((value) => ({
        value: value.label,
        label: value.label,
        count: value.count,
        checked: params.brands.includes(value.label),
      })),
    },
    taxonGroup("filter.p.m.custom.regimes", PARAM.diet, "Régimes", ref.regimes, params.diets, true),
    taxonGroup(
      "filter.p.m.custom.labelsDetails",
      PARAM.label,
      "Labels",
      ref.labels,
      params.labels,
      true,
    ),
    taxonGroup(
      "filter.p.m.custom.allergens",
      PARAM.withoutAllergen,
      "Sans allergènes",
      ref.allergens,
      params.withoutAllergens,
      false,
    ),
  ].filter((group) => group.options.length > 0);
  return {
    groups,
    available: { checked: params.availableOnly, count: inStock },
    price: {
      min: params.priceMin,
      max: params.priceMax,
      bound: Math.max(1, Math.ceil(priceInput?.max ?? 0)),
    },
    sort: params.sort,
    activeCount: activeFilterCount(params),
    total: params.withoutAllergens.length > 0 ? null : params.availableOnly ? inStock : all,
  };
}

/** Ancestors of a category, top first, from the tree: for breadcrumbs and URL checks. */
export function categoryLineage(ref: CatalogueReference, handle: string): CategoryNode[] {
  const lineage: CategoryNode[] = [];
  let node = ref.categories.get(handle);
  while (node && lineage.length < 5) {
    lineage.unshift(node);
    node = node.parent ? ref.categories.get(node.parent) : undefined;
  }
  return lineage;
}

// ---------------------------------------------------------------------------------------------
// Pages

/** A product by handle; null when there is none (or it is archived). */
export async function productByHandle(handle: string): Promise<{
  product: StorefrontProduct;
  descriptionHtml: string;
  seo: { title: string | null; description: string | null };
  details: ProductDetails;
  related: StorefrontProduct[];
} | null> {
  const data = await catalogueQuery<{ product: ApiProductDetail | null }>(CATALOGUE_PRODUCT_QUERY, {
    handle,
  });
  const raw = data.product;
  if (!raw) return null;
  const fields = new Map(raw.metafields.filter((field) => field !== null).map((f) => [f.key, f]));
  const text = (key: string) => fields.get(key)?.value?.trim() || null;
  const related = (fields.get("produit_associe")?.references?.nodes ?? [])
    .filter((node): node is ApiProduct & { __typename: "Product" } => node.__typename === "Product")
    .map((node) => normaliseProduct(node))
    .filter((product) => !product.tags.includes("Archive"))
    .slice(0, 10);
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
      allergenAlert: text("ingredients_alertDetails"),
      nutrition: {
        energy_value: text("energy_value"),
        lipids: text("lipids"),
        acids: text("acids"),
        glucids: text("glucids"),
        salt: text("salt"),
      },
    },
    related,
  };
}

/** The product page's texts beside the normalised product. */
export type ProductDetails = {
  origin: string | null;
  ingredients: string | null;
  conservation: string | null;
  allergenAlert: string | null;
  nutrition: Record<"energy_value" | "lipids" | "acids" | "glucids" | "salt", string | null>;
};

type ApiProductDetail = ApiProduct & {
  descriptionHtml: string;
  seo: { title: string | null; description: string | null };
  metafields: (ApiProduct["metafields"][number] & {
    references?: { nodes: ({ __typename?: string } & Partial<ApiProduct>)[] } | null;
  })[];
};

function sortArguments(sort: ListingSort, inCollection: boolean) {
  switch (sort) {
    case "price-asc":
      return { sortKey: "PRICE", reverse: false };
    case "price-desc":
      return { sortKey: "PRICE", reverse: true };
    case "created-recently":
      return { sortKey: inCollection ? "CREATED" : "CREATED_AT", reverse: true };
    default:
      return { sortKey: inCollection ? "COLLECTION_DEFAULT" : "ID", reverse: false };
  }
}

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
    catalogueQuery<{ collection: ApiCollectionPage | null }>(CATALOGUE_COLLECTION_QUERY, {
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

type ApiProductConnection = {
  pageInfo: { hasNextPage: boolean; endCursor: string | null };
  edges: { cursor: string; node: ApiProduct }[];
};

type ApiCollectionPage = Omit<CollectionPage["collection"], "metafields"> & {
  metafields: ({ key: string; value: string } | null)[];
  products: ApiProductConnection & { filters: Facet[] };
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
  const data = await fromCursor(options.after, (after) =>
    catalogueQuery<{ products: ApiProductConnection }>(CATALOGUE_BRAND_PRODUCTS_QUERY, {
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
  const data = await catalogueQuery<{
    collection: { products: { filters: Facet[] } } | null;
  }>(CATALOGUE_COLLECTION_VENDORS_QUERY, { handle });
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
  const data = await fromCursor(options.after, (after) =>
    storefrontQuery<{ search: ApiProductConnection & { totalCount: number } }>(
      CATALOGUE_SEARCH_QUERY,
      {
        query: term,
        first: options.first,
        after,
        productFilters: provinceFilters(options.province),
        sortKey: sort === "price-asc" || sort === "price-desc" ? "PRICE" : "RELEVANCE",
        reverse: sort === "price-desc",
      },
    ),
  );
  const page = pageOf(data.search, options.first, []);
  return {
    ...page,
    products: page.products.filter((product) => !product.hideInSearch),
    totalCount: data.search.totalCount,
  };
}

// ---------------------------------------------------------------------------------------------
// GraphQL documents

const CATALOGUE_IMAGE_FRAGMENT = `#graphql
  fragment CatalogueImage on Image {
    altText
    width
    height
    small: url(transform: { maxHeight: 450, preferredContentType: WEBP })
    medium: url(transform: { maxHeight: 700, preferredContentType: WEBP })
    large: url(transform: { maxHeight: 950, preferredContentType: WEBP })
  }
`;

const CATALOGUE_METAFIELD_FRAGMENT = `#graphql
  fragment CatalogueMetafield on Metafield {
    key
    value
    reference {
      __typename
      ... on Metaobject {
        id
        handle
        fields {
          key
          value
        }
      }
    }
  }
`;

export const CATALOGUE_PRODUCT_CARD_FRAGMENT = `#graphql
  fragment CatalogueProductCard on Product {
    id
    handle
    title
    vendor
    tags
    availableForSale
    createdAt
    featuredImage {
      ...CatalogueImage
    }
    priceRange {
      minVariantPrice { amount currencyCode }
      maxVariantPrice { amount currencyCode }
    }
    compareAtPriceRange {
      minVariantPrice { amount currencyCode }
      maxVariantPrice { amount currencyCode }
    }
    variants(first: 1) {
      nodes {
        id
        title
        availableForSale
        price { amount currencyCode }
        compareAtPrice { amount currencyCode }
      }
    }
    metafields(
      identifiers: [
        { namespace: "custom", key: "discountLabel" }
        { namespace: "custom", key: "quantity" }
        { namespace: "custom", key: "unit" }
        { namespace: "custom", key: "quantitiesUnit" }
        { namespace: "custom", key: "price_unit" }
        { namespace: "custom", key: "max_quantity" }
        { namespace: "custom", key: "gamme" }
        { namespace: "custom", key: "marque" }
        { namespace: "custom", key: "allergens" }
        { namespace: "custom", key: "hideInSearch" }
      ]
    ) {
      ...CatalogueMetafield
    }
  }
  ${CATALOGUE_IMAGE_FRAGMENT}
  ${CATALOGUE_METAFIELD_FRAGMENT}
`;

const CATALOGUE_PRODUCT_QUERY = `#graphql
  query CatalogueProduct($handle: String!) {
    product(handle: $handle) {
      id
      handle
      title
      vendor
      tags
      availableForSale
      createdAt
      descriptionHtml
      seo {
        title
        description
      }
      featuredImage {
        ...CatalogueImage
      }
      images(first: 10) {
        nodes {
          ...CatalogueImage
        }
      }
      priceRange {
        minVariantPrice { amount currencyCode }
        maxVariantPrice { amount currencyCode }
      }
      compareAtPriceRange {
        minVariantPrice { amount currencyCode }
        maxVariantPrice { amount currencyCode }
      }
      variants(first: 10) {
        nodes {
          id
          title
          sku
          barcode
          availableForSale
          price { amount currencyCode }
          compareAtPrice { amount currencyCode }
        }
      }
      metafields(
        identifiers: [
          { namespace: "custom", key: "discountLabel" }
          { namespace: "custom", key: "quantity" }
          { namespace: "custom", key: "gamme" }
          { namespace: "custom", key: "unit" }
          { namespace: "custom", key: "price_unit" }
          { namespace: "custom", key: "quantitiesUnit" }
          { namespace: "custom", key: "max_quantity" }
          { namespace: "custom", key: "origin" }
          { namespace: "custom", key: "alcohol" }
          { namespace: "custom", key: "ingredients_composition" }
          { namespace: "custom", key: "energy_value" }
          { namespace: "custom", key: "lipids" }
          { namespace: "custom", key: "acids" }
          { namespace: "custom", key: "glucids" }
          { namespace: "custom", key: "salt" }
          { namespace: "custom", key: "conservation_text" }
          { namespace: "custom", key: "labelsDetails" }
          { namespace: "custom", key: "allergens" }
          { namespace: "custom", key: "regimes" }
          { namespace: "custom", key: "ingredients_alertDetails" }
          { namespace: "custom", key: "marque" }
          { namespace: "custom", key: "produit_associe" }
          { namespace: "custom", key: "hideInSearch" }
        ]
      ) {
        ...CatalogueMetafield
        references(first: 10) {
          nodes {
            __typename
            ... on Metaobject {
              id
              handle
              fields {
                key
                value
              }
            }
            ... on Product {
              ...CatalogueProductCard
            }
          }
        }
      }
    }
  }
  ${CATALOGUE_PRODUCT_CARD_FRAGMENT}
`;

const CATALOGUE_COLLECTION_QUERY = `#graphql
  query CatalogueCollection(
    $handle: String!
    $first: Int!
    $after: String
    $filters: [ProductFilter!]
    $sortKey: ProductCollectionSortKeys
    $reverse: Boolean
  ) {
    collection(handle: $handle) {
      id
      handle
      title
      descriptionHtml
      seo {
        title
        description
      }
      image {
        url
        altText
      }
      metafields(
        identifiers: [
          { namespace: "custom", key: "category_parent" }
          { namespace: "custom", key: "category_grand_parent" }
          { namespace: "custom", key: "category_archived" }
          { namespace: "custom", key: "category_archived_text" }
          { namespace: "custom", key: "push_title" }
          { namespace: "custom", key: "push_subtitle" }
          { namespace: "custom", key: "push_text" }
          { namespace: "custom", key: "push_link" }
          { namespace: "custom", key: "push_image" }
          { namespace: "custom", key: "push_mobile_image" }
        ]
      ) {
        key
        value
      }
      products(
        first: $first
        after: $after
        filters: $filters
        sortKey: $sortKey
        reverse: $reverse
      ) {
        filters {
          id
          label
          type
          values {
            id
            label
            count
            input
          }
        }
        pageInfo {
          hasNextPage
          endCursor
        }
        edges {
          cursor
          node {
            ...CatalogueProductCard
          }
        }
      }
    }
  }
  ${CATALOGUE_PRODUCT_CARD_FRAGMENT}
`;

const CATALOGUE_COLLECTION_VENDORS_QUERY = `#graphql
  query CatalogueCollectionVendors($handle: String!) {
    collection(handle: $handle) {
      id
      products(first: 1) {
        filters {
          id
          label
          type
          values {
            id
            label
            count
            input
          }
        }
      }
    }
  }
`;

const CATALOGUE_BRAND_PRODUCTS_QUERY = `#graphql
  query CatalogueBrandProducts(
    $query: String!
    $first: Int!
    $after: String
    $sortKey: ProductSortKeys
    $reverse: Boolean
  ) {
    products(query: $query, first: $first, after: $after, sortKey: $sortKey, reverse: $reverse) {
      pageInfo {
        hasNextPage
        endCursor
      }
      edges {
        cursor
        node {
          ...CatalogueProductCard
        }
      }
    }
  }
  ${CATALOGUE_PRODUCT_CARD_FRAGMENT}
`;

const CATALOGUE_SEARCH_QUERY = `#graphql
  query CatalogueSearch(
    $query: String!
    $first: Int!
    $after: String
    $sortKey: SearchSortKeys
    $reverse: Boolean
    $productFilters: [ProductFilter!]
  ) {
    search(
      query: $query
      first: $first
      after: $after
      types: [PRODUCT]
      productFilters: $productFilters
      sortKey: $sortKey
      reverse: $reverse
    ) {
      totalCount
      pageInfo {
        hasNextPage
        endCursor
      }
      edges {
        cursor
        node {
          ... on Product {
            ...CatalogueProductCard
          }
        }
      }
    }
  }
  ${CATALOGUE_PRODUCT_CARD_FRAGMENT}
`;

const CATALOGUE_COLLECTION_FIELDS_FRAGMENT = `#graphql
  fragment CatalogueCollectionNode on Collection {
    id
    handle
    title
    metafields(
      identifiers: [
        { namespace: "custom", key: "category_parent" }
        { namespace: "custom", key: "category_grand_parent" }
        { namespace: "custom", key: "category_enfant" }
        { namespace: "custom", key: "category_archived" }
        { namespace: "custom", key: "push_title" }
      ]
    ) {
      key
      value
    }
  }
`;

const CATALOGUE_METAOBJECT_FRAGMENT = `#graphql
  fragment CatalogueMetaobject on Metaobject {
    id
    handle
    fields {
      key
      value
    }
  }
`;

const CATALOGUE_REFERENCE_QUERY = `#graphql
  query CatalogueReference {
    collections(first: 250) {
      nodes {
        ...CatalogueCollectionNode
      }
      pageInfo {
        hasNextPage
        endCursor
      }
    }
    brands: metaobjects(type: "produit_marque", first: 100) {
      nodes {
        ...CatalogueMetaobject
      }
      pageInfo {
        hasNextPage
        endCursor
      }
    }
    allergens: metaobjects(type: "produit_allergenes", first: 100) {
      nodes {
        ...CatalogueMetaobject
      }
      pageInfo {
        hasNextPage
        endCursor
      }
    }
    regimes: metaobjects(type: "produit_regime", first: 100) {
      nodes {
        ...CatalogueMetaobject
      }
      pageInfo {
        hasNextPage
        endCursor
      }
    }
    labels: metaobjects(type: "produit_label", first: 100) {
      nodes {
        ...CatalogueMetaobject
      }
      pageInfo {
        hasNextPage
        endCursor
      }
    }
  }
  ${CATALOGUE_COLLECTION_FIELDS_FRAGMENT}
  ${CATALOGUE_METAOBJECT_FRAGMENT}
`;

const CATALOGUE_COLLECTIONS_PAGE_QUERY = `#graphql
  query CatalogueCollectionsPage($after: String) {
    collections(first: 250, after: $after) {
      nodes {
        ...CatalogueCollectionNode
      }
      pageInfo {
        hasNextPage
        endCursor
      }
    }
  }
  ${CATALOGUE_COLLECTION_FIELDS_FRAGMENT}
`;

const CATALOGUE_BRANDS_PAGE_QUERY = `#graphql
  query CatalogueBrandsPage($after: String) {
    metaobjects(type: "produit_marque", first: 100, after: $after) {
      nodes {
        ...CatalogueMetaobject
      }
      pageInfo {
        hasNextPage
        endCursor
      }
    }
  }
  ${CATALOGUE_METAOBJECT_FRAGMENT}
`;
