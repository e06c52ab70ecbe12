import { eq, type SQL, sql } from "drizzle-orm";
import type { Db } from "#db/client.ts";
import {
  commerceCatalogueVersion,
  type commerceProduct,
} from "#platform/commerce/catalogue-schema.ts";
import type { CursorKey, PageWindow } from "#platform/commerce/graphql/pagination.ts";
import { CUSTOM_NAMESPACE, FILTERABLE_PRODUCT_METAFIELDS } from "#platform/commerce/metafields.ts";

/**
 * Product listings: a collection's products or the whole catalogue, filtered, sorted and paged
 * by keyset (so page 50 costs what page 1 does), with facet counts. Archived products never
 * appear.
 */

export type ProductRow = typeof commerceProduct.$inferSelect;

/** Shopify's `ProductFilter`, the part we serve. */
export type ProductFilterInput = {
  available?: boolean | null;
  price?: { min?: number | null; max?: number | null } | null;
  productMetafield?: { namespace: string; key: string; value: string } | null;
  productType?: string | null;
  productVendor?: string | null;
  tag?: string | null;
};

export type ListingSort =
  | "MANUAL"
  | "PRICE"
  | "CREATED"
  | "TITLE"
  | "ID"
  | "UPDATED_AT"
  | "VENDOR"
  | "PRODUCT_TYPE";

export type ListingQuery = {
  collectionId?: number;
  /** Restrict to these products (search results). */
  productIds?: number[];
  filters?: ProductFilterInput[];
  sort: ListingSort;
  reverse: boolean;
};

/** Maps the API's sort keys (collection and catalogue flavours) onto ours. */
export function listingSort(key: string | null | undefined, inCollection: boolean): ListingSort {
  switch (key) {
    case "PRICE":
      return "PRICE";
    case "CREATED":
    case "CREATED_AT":
      return "CREATED";
    case "TITLE":
      return "TITLE";
    case "UPDATED_AT":
      return "UPDATED_AT";
    case "VENDOR":
      return "VENDOR";
    case "PRODUCT_TYPE":
      return "PRODUCT_TYPE";
    case "ID":
      return "ID";
    default:
      // COLLECTION_DEFAULT, MANUAL, BEST_SELLING, RELEVANCE: the merchandiser's order.
      return inCollection ? "MANUAL" : "ID";
  }
}

function sortExpression(sort: ListingSort): SQL {
  switch (sort) {
    case "MANUAL":
      return sql`cp.position`;
    case "PRICE":
      return sql`p.price_min_cents`;
    case "CREATED":
      return sql`p.created_at`;
    case "TITLE":
      return sql`p.title`;
    case "UPDATED_AT":
      return sql`p.updated_at`;
    case "VENDOR":
      return sql`p.vendor`;
    case "PRODUCT_TYPE":
      return sql`p.product_type`;
    case "ID":
      return sql`p.id`;
  }
}

/** A sort value as it travels in a cursor, and back into SQL with the right type. */
function cursorValue(sort: ListingSort, value: string | number | null): SQL {
  if (sort === "CREATED" || sort === "UPDATED_AT") return sql`${value}::timestamptz`;
  if (sort === "PRICE" || sort === "MANUAL" || sort === "ID") return sql`${Number(value)}::int`;
  return sql`${value}::text`;
}

function baseFrom(query: ListingQuery): SQL {
  return query.collectionId !== undefined
    ? sql`from commerce_collection_product cp join commerce_product p on p.id = cp.product_id`
    : sql`from commerce_product p`;
}

/** The WHERE conditions of a listing: Shopify ORs values of one filter kind, ANDs the kinds. */
function conditions(query: ListingQuery, omitKind?: string): SQL[] {
  const where: SQL[] = [sql`p.archived = false`];
  if (query.collectionId !== undefined) where.push(sql`cp.collection_id = ${query.collectionId}`);
  if (query.productIds) {
    where.push(
      query.productIds.length > 0
        ? sql`p.id in (${sql.join(
            query.productIds.map((id) => sql`${id}`),
            sql`, `,
          )})`
        : sql`false`,
    );
  }
  const byKind = new Map<string, SQL[]>();
  for (const filter of query.filters ?? []) {
    const kind = filterKind(filter);
    if (!kind || kind === omitKind) continue;
    const condition = filterCondition(filter);
    if (condition) byKind.set(kind, [...(byKind.get(kind) ?? []), condition]);
  }
  for (const alternatives of byKind.values()) {
    where.push(sql`(${sql.join(alternatives, sql` or `)})`);
  }
  return where;
}

function filterKind(filter: ProductFilterInput): string | undefined {
  if (filter.available != null) return "available";
  if (filter.price) return "price";
  if (filter.productVendor != null) return "vendor";
  if (filter.productType != null) return "productType";
  if (filter.tag != null) return "tag";
  if (filter.productMetafield) {
    return `m.${filter.productMetafield.namespace}.${filter.productMetafield.key}`;
  }
  return undefined;
}

/** The largest value of an `integer` column; a bound past it would fail the query (22003). */
const MAX_CENTS = 2_147_483_647;

/**
 * A price bound in cents, held to what the column can compare: a minimum above every price still
 * matches nothing, a maximum above every price still matches everything, a negative bound is 0.
 */
function priceCents(euros: number): number {
  const cents = Math.round(euros * 100);
  return Number.isNaN(cents) ? 0 : Math.min(Math.max(cents, 0), MAX_CENTS);
}

function filterCondition(filter: ProductFilterInput): SQL | undefined {
  if (filter.available != null) return sql`p.available_for_sale = ${filter.available}`;
  if (filter.price) {
    const parts: SQL[] = [];
    if (filter.price.min != null) {
      parts.push(sql`p.price_min_cents >= ${priceCents(filter.price.min)}`);
    }
    if (filter.price.max != null) {
      parts.push(sql`p.price_min_cents <= ${priceCents(filter.price.max)}`);
    }
    return parts.length > 0 ? sql.join(parts, sql` and `) : sql`true`;
  }
  if (filter.productVendor != null) return sql`p.vendor = ${filter.productVendor}`;
  if (filter.productType != null) return sql`p.product_type = ${filter.productType}`;
  if (filter.tag != null) return sql`p.tags @> array[${filter.tag}]::text[]`;
  if (filter.productMetafield) {
    const { namespace, key, value } = filter.productMetafield;
    return sql`exists (select 1 from commerce_product_filter_value fv
      where fv.product_id = p.id and fv.namespace = ${namespace} and fv.key = ${key}
        and fv.value = ${value})`;
  }
  return undefined;
}

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/** One page of products, `limit + 1` rows in page order, each with its cursor key. */
export async function listProducts(
  db: Db,
  query: ListingQuery,
  window: PageWindow,
): Promise<{ rows: ProductRow[]; keyOf: (row: ProductRow) => CursorKey }> {
  const sortBy = sortExpression(query.sort);
  const descending = query.reverse !== window.backwards;
  const where = conditions(query);
  if (window.after) {
    const [value] = window.after.v;
    const after = sql`(${sortBy}, p.id) ${descending ? sql`<` : sql`>`} (${cursorValue(query.sort, value ?? null)}, ${window.after.id}::int)`;
    where.push(after);
  }
  const direction = descending ? sql`desc` : sql`asc`;
  const result = await db.execute(sql`
    select p.*, ${sortBy} as sort_value
    ${baseFrom(query)}
    where ${sql.join(where, sql` and `)}
    order by ${sortBy} ${direction}, p.id ${direction}
    limit ${window.limit + 1}`);
  const rows = rowsOf<Record<string, unknown>>(result).map((raw) => {
    const row = toProductRow(raw);
    sortValues.set(row, serialiseSortValue(raw.sort_value));
    return row;
  });
  return { rows, keyOf: (row) => ({ v: [sortValues.get(row) ?? null], id: row.id }) };
}

const sortValues = new WeakMap<ProductRow, string | number | null>();

function serialiseSortValue(value: unknown): string | number | null {
  if (value instanceof Date) return value.toISOString();
  if (typeof value === "number" || typeof value === "string") return value;
  return value == null ? null : String(value);
}

/** Raw rows come back snake_cased from `execute`; map them onto the table's row type. */
export function toProductRow(raw: Record<string, unknown>): ProductRow {
  const date = (value: unknown) => (value instanceof Date ? value : new Date(String(value)));
  return {
    id: Number(raw.id),
    handle: String(raw.handle),
    title: String(raw.title),
    vendor: String(raw.vendor),
    productType: String(raw.product_type),
    descriptionHtml: String(raw.description_html),
    tags: parseTextArray(raw.tags),
    seoTitle: (raw.seo_title as string | null) ?? null,
    seoDescription: (raw.seo_description as string | null) ?? null,
    publishedAt: date(raw.published_at),
    createdAt: date(raw.created_at),
    updatedAt: date(raw.updated_at),
    priceMinCents: Number(raw.price_min_cents),
    priceMaxCents: Number(raw.price_max_cents),
    compareAtMinCents: raw.compare_at_min_cents == null ? null : Number(raw.compare_at_min_cents),
    compareAtMaxCents: raw.compare_at_max_cents == null ? null : Number(raw.compare_at_max_cents),
    availableForSale: Boolean(raw.available_for_sale),
    archived: Boolean(raw.archived),
    hideInSearch: Boolean(raw.hide_in_search),
  };
}

function parseTextArray(value: unknown): string[] {
  if (Array.isArray(value)) return value.map(String);
  if (typeof value !== "string" || value === "{}") return [];
  // Postgres array literal, e.g. {a,"b c"}
  return [...value.slice(1, -1).matchAll(/"((?:[^"\\]|\\.)*)"|([^,]+)/g)].map((m) =>
    m[1] !== undefined ? m[1].replace(/\\(.)/g, "$1") : (m[2] ?? ""),
  );
}

export type FacetValue = { id: string; label: string; count: number; input: unknown };
export type Facet = {
  id: string;
  label: string;
  type: "BOOLEAN" | "LIST" | "PRICE_RANGE";
  values: FacetValue[];
};

const METAFIELD_FACET_LABELS: Record<string, string> = {
  allergens: "Allergènes",
  regimes: "Régimes",
  labelsDetails: "Labels",
  marque: "Marque",
};

/**
 * Facet counts cost a pass over every product of a listing (16 000 in a large department), the
 * same for every visitor until the catalogue changes: they are kept per listing and filters, and
 * dropped when the catalogue version (bumped by every catalogue write) moves on.
 */
const FACET_CACHE_ENTRIES = 500;
const facetCache = new Map<string, { version: number; facets: Promise<Facet[]> }>();

async function catalogueVersion(db: Db): Promise<number> {
  const [row] = await db
    .select({ version: commerceCatalogueVersion.version })
    .from(commerceCatalogueVersion)
    .where(eq(commerceCatalogueVersion.id, 1));
  return row?.version ?? 0;
}

/**
 * Facets of a listing, Shopify-style: availability, price range, vendor and the filterable
 * metafields, each counted on the listing filtered by every other facet's selection.
 */
export async function listingFacets(db: Db, query: ListingQuery): Promise<Facet[]> {
  if (query.productIds) return computeFacets(db, query); // search results: not worth keeping
  const key = JSON.stringify([query.collectionId ?? null, query.filters ?? []]);
  const version = await catalogueVersion(db);
  const cached = facetCache.get(key);
  if (cached && cached.version === version) {
    facetCache.delete(key); // most recently used goes last
    facetCache.set(key, cached);
    return cached.facets;
  }
  const facets = computeFacets(db, query);
  facetCache.set(key, { version, facets });
  facets.catch(() => facetCache.delete(key));
  while (facetCache.size > FACET_CACHE_ENTRIES) {
    const oldest = facetCache.keys().next().value;
    if (oldest === undefined) break;
    facetCache.delete(oldest);
  }
  return facets;
}

type FacetCounts = {
  availability: { value: boolean; count: number }[];
  maxCents: number;
  vendors: { value: string; count: number }[];
  metafields: { key: string; rows: { value: string; count: number; fields: unknown }[] }[];
};

const METAFIELD_FACETS = FILTERABLE_PRODUCT_METAFIELDS.filter((key) => key !== "marque");

/**
 * Without filters every facet counts the same products: one pass over them serves all facets.
 * With filters, each facet counts the listing filtered by the other facets' selections.
 */
function countFacets(db: Db, query: ListingQuery): Promise<FacetCounts> {
  return (query.filters ?? []).length === 0
    ? countFacetsInOnePass(db, query)
    : countFacetsPerKind(db, query);
}

async function countFacetsInOnePass(db: Db, query: ListingQuery): Promise<FacetCounts> {
  const keys = sql.join(
    METAFIELD_FACETS.map((key) => sql`${key}`),
    sql`, `,
  );
  const result = await db.execute(sql`
    with base as materialized (
      select p.id, p.available_for_sale, p.price_min_cents, p.vendor ${baseFrom(query)}
      where ${sql.join(conditions(query), sql` and `)}
    )
    select 'available' as facet, available_for_sale::text as value, count(*)::int as count,
      null::jsonb as fields from base group by 2
    union all
    select 'price', coalesce(max(price_min_cents), 0)::text, 0, null from base
    union all
    select 'vendor', vendor, count(*)::int, null from base where vendor <> '' group by 2
    union all
    select 'm.' || fv.key, fv.value, count(*)::int, mo.fields
    from base join commerce_product_filter_value fv on fv.product_id = base.id
      and fv.namespace = ${CUSTOM_NAMESPACE} and fv.key in (${keys})
    left join commerce_metaobject mo on fv.value = 'gid://shopify/Metaobject/' || mo.id::text
    group by fv.key, fv.value, mo.fields`);
  const rows = rowsOf<{ facet: string; value: string; count: number; fields: unknown }>(result);
  const of = (facet: string) => rows.filter((row) => row.facet === facet);
  return {
    availability: of("available").map((row) => ({
      value: row.value === "true",
      count: row.count,
    })),
    maxCents: Number(of("price")[0]?.value ?? 0),
    vendors: of("vendor")
      .map(({ value, count }) => ({ value, count }))
      .sort((a, b) => a.value.localeCompare(b.value)),
    metafields: METAFIELD_FACETS.map((key) => ({
      key,
      rows: of(`m.${key}`).sort((a, b) => a.value.localeCompare(b.value)),
    })),
  };
}

async function countFacetsPerKind(db: Db, query: ListingQuery): Promise<FacetCounts> {
  const from = baseFrom(query);
  const whereWithout = (kind: string) => sql.join(conditions(query, kind), sql` and `);
  const [availability, price, vendors, metafields] = await Promise.all([
    db.execute(sql`select p.available_for_sale as value, count(*)::int as count ${from}
      where ${whereWithout("available")} group by 1`),
    db.execute(sql`select coalesce(max(p.price_min_cents), 0)::int as max ${from}
      where ${whereWithout("price")}`),
    db.execute(sql`select p.vendor as value, count(*)::int as count ${from}
      where ${whereWithout("vendor")} and p.vendor <> '' group by 1 order by 1`),
    Promise.all(
      METAFIELD_FACETS.map(async (key) => {
        const result = await db.execute(sql`
          select fv.value, count(*)::int as count, mo.fields as fields
          ${from} join commerce_product_filter_value fv on fv.product_id = p.id
            and fv.namespace = ${CUSTOM_NAMESPACE} and fv.key = ${key}
          left join commerce_metaobject mo
            on fv.value = 'gid://shopify/Metaobject/' || mo.id::text
          where ${whereWithout(`m.${CUSTOM_NAMESPACE}.${key}`)}
          group by fv.value, mo.fields order by 1`);
        return { key, rows: rowsOf<{ value: string; count: number; fields: unknown }>(result) };
      }),
    ),
  ]);
  return {
    availability: rowsOf<{ value: boolean; count: number }>(availability),
    maxCents: rowsOf<{ max: number }>(price)[0]?.max ?? 0,
    vendors: rowsOf<{ value: string; count: number }>(vendors),
    metafields,
  };
}

async function computeFacets(db: Db, query: ListingQuery): Promise<Facet[]> {
  const {
    availability: availabilityRows,
    maxCents,
    vendors,
    metafields,
  } = await countFacets(db, query);
  const facets: Facet[] = [];
  facets.push({
    id: "filter.v.availability",
    label: "Disponibilité",
    type: "LIST",
    values: [true, false].map((available) => ({
      id: `filter.v.availability.${available ? 1 : 0}`,
      label: available ? "En stock" : "Bientôt disponible",
      count: availabilityRows.find((row) => row.value === available)?.count ?? 0,
      input: JSON.stringify({ available }),
    })),
  });
  facets.push({
    id: "filter.v.price",
    label: "Prix",
    type: "PRICE_RANGE",
    values: [
      {
        id: "filter.v.price",
        label: "Prix",
        count: 0,
        input: JSON.stringify({ price: { min: 0, max: Math.ceil(maxCents / 100) } }),
      },
    ],
  });
  facets.push({
    id: "filter.p.vendor",
    label: "Marque",
    type: "LIST",
    values: vendors.map((row) => ({
      id: `filter.p.vendor.${row.value}`,
      label: row.value,
      count: row.count,
      input: JSON.stringify({ productVendor: row.value }),
    })),
  });
  for (const { key, rows } of metafields) {
    facets.push({
      id: `filter.p.m.${CUSTOM_NAMESPACE}.${key}`,
      label: METAFIELD_FACET_LABELS[key] ?? key,
      type: "LIST",
      values: rows.map((row) => ({
        id: `filter.p.m.${CUSTOM_NAMESPACE}.${key}.${row.value}`,
        label: metaobjectLabel(row.fields) ?? row.value,
        count: row.count,
        input: JSON.stringify({
          productMetafield: { namespace: CUSTOM_NAMESPACE, key, value: row.value },
        }),
      })),
    });
  }
  return facets;
}

/** The display name of a metaobject: its title, label or name field. */
export function metaobjectLabel(fields: unknown): string | undefined {
  const list = (typeof fields === "string" ? JSON.parse(fields) : fields) as
    | { key: string; value: string | null }[]
    | null;
  if (!Array.isArray(list)) return undefined;
  for (const key of ["title", "label", "name"]) {
    const value = list.find((field) => field.key === key)?.value;
    if (value) return value;
  }
  return undefined;
}

/** Ids of every product a listing holds (archived excluded, filters applied), unordered. */
export async function listingProductIds(db: Db, query: ListingQuery): Promise<number[]> {
  const result = await db.execute(sql`select p.id ${baseFrom(query)}
    where ${sql.join(conditions(query), sql` and `)}`);
  return rowsOf<{ id: number }>(result).map((row) => Number(row.id));
}
