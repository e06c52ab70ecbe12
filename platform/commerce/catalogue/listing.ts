import { type SQL, sql } from "drizzle-orm";
import type { Db } from "#db/client.ts";
import type { commerceProduct } from "#platform/commerce/catalogue/schema.ts";
import type { CursorKey, PageWindow } from "#platform/commerce/graphql/pagination.ts";

/**
 * Product listings: a collection's products or the whole catalogue, filtered, sorted and paged
 * by keyset (so page 50 costs what page 1 does). Archived products never appear; facet counts
 * are in facets.ts.
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
  /** A condition of its own on `p`: a `query` argument's (product-query.ts). */
  where?: SQL;
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

export function baseFrom(query: ListingQuery): SQL {
  return query.collectionId !== undefined
    ? sql`from commerce_collection_product cp join commerce_product p on p.id = cp.product_id`
    : sql`from commerce_product p`;
}

/** The WHERE conditions of a listing: Shopify ORs values of one filter kind, ANDs the kinds. */
export function conditions(query: ListingQuery, omitKind?: string): SQL[] {
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
  if (query.where) where.push(sql`(${query.where})`);
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
export function priceCents(euros: number): number {
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

export const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

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
    vatRateBasisPoints: Number(raw.vat_rate_basis_points),
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

/** Ids of every product a listing holds (archived excluded, filters applied), unordered. */
export async function listingProductIds(db: Db, query: ListingQuery): Promise<number[]> {
  const result = await db.execute(sql`select p.id ${baseFrom(query)}
    where ${sql.join(conditions(query), sql` and `)}`);
  return rowsOf<{ id: number }>(result).map((row) => Number(row.id));
}
