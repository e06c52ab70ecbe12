import { eq, type SQL, sql } from "drizzle-orm";
import type { Logger } from "pino";
import type { Db } from "#db/client.ts";
import { runOnce } from "#platform/background-lock.ts";
import { onCatalogueChange } from "#platform/commerce/catalogue/events.ts";
import {
  baseFrom,
  conditions,
  type ListingQuery,
  rowsOf,
} from "#platform/commerce/catalogue/listing.ts";
import {
  CUSTOM_NAMESPACE,
  FILTERABLE_PRODUCT_METAFIELDS,
} from "#platform/commerce/catalogue/metafields.ts";
import {
  commerceCatalogueVersion,
  commerceCollectionFacetCount,
  commerceCollectionFacetStale,
} from "#platform/commerce/catalogue/schema.ts";

/**
 * A listing's facets (Shopify's `filters`): availability, price range, vendor and the filterable
 * metafields, with counts. A collection's first page, with no filter chosen, is what every
 * shopper opens: those counts are stored per collection ahead of time (`recountFacets`) and read
 * in one indexed query; a catalogue write marks the collections it touches stale (triggers of
 * migration 0022) and, until they are counted again, they are counted live like any filtered
 * listing, so no shopper ever sees a count the catalogue no longer holds.
 */

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
 * Facet counts of a filtered listing cost a pass over every product of it (16 000 in a large
 * department), the same for every visitor until the catalogue changes: they are kept per listing
 * and filters, and dropped when the catalogue version (bumped by every catalogue write) moves on.
 */
const FACET_CACHE_ENTRIES = 500;
type KeptFacets = Map<string, { version: number; facets: Promise<Facet[]> }>;
// Per database handle: two databases in one process (tests) may share a catalogue version.
const facetCaches = new WeakMap<Db, KeptFacets>();

function facetCacheOf(db: Db): KeptFacets {
  let cache = facetCaches.get(db);
  if (!cache) {
    cache = new Map();
    facetCaches.set(db, cache);
  }
  return cache;
}

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
  // Search results, and listings by a query's condition: not worth keeping.
  if (query.productIds || query.where) return computeFacets(db, query);
  if (query.collectionId !== undefined && (query.filters ?? []).length === 0) {
    const stored = await storedFacetCounts(db, query.collectionId);
    if (stored) return facetsFrom(stored);
  }
  const key = JSON.stringify([query.collectionId ?? null, query.filters ?? []]);
  const version = await catalogueVersion(db);
  const facetCache = facetCacheOf(db);
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

type FacetRow = { facet: string; value: string; count: number; fields: unknown };

/**
 * Every facet of an unfiltered listing in one pass, as rows (facet, value, count): `available`
 * true/false, `price` (the highest price in cents, count 0), `vendor`, `m.<key>`.
 */
function onePassRows(query: ListingQuery): SQL {
  const keys = sql.join(
    METAFIELD_FACETS.map((key) => sql`${key}`),
    sql`, `,
  );
  return sql`
    with base as materialized (
      select p.id, p.available_for_sale, p.price_min_cents, p.vendor ${baseFrom(query)}
      where ${sql.join(conditions(query), sql` and `)}
    )
    select 'available' as facet, available_for_sale::text as value, count(*)::int as count
    from base group by 2
    union all
    select 'price', coalesce(max(price_min_cents), 0)::text, 0 from base
    union all
    select 'vendor', vendor, count(*)::int from base where vendor <> '' group by 2
    union all
    select 'm.' || fv.key, fv.value, count(*)::int
    from base join commerce_product_filter_value fv on fv.product_id = base.id
      and fv.namespace = ${CUSTOM_NAMESPACE} and fv.key in (${keys})
    group by fv.key, fv.value`;
}

/** Facet rows with the fields of the metaobject a value names (its label). */
async function labelled(db: Db, facetRows: SQL): Promise<FacetRow[]> {
  return rowsOf<FacetRow>(
    await db.execute(sql`
      select f.facet, f.value, f.count, mo.fields
      from (${facetRows}) as f
      left join commerce_metaobject mo on f.facet like 'm.%'
        and f.value = 'gid://shopify/Metaobject/' || mo.id::text`),
  );
}

function countsFromRows(rows: FacetRow[]): FacetCounts {
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

async function countFacetsInOnePass(db: Db, query: ListingQuery): Promise<FacetCounts> {
  return countsFromRows(await labelled(db, onePassRows(query)));
}

// ---------------------------------------------------------------------------------------------
// Stored counts of each collection, unfiltered

/**
 * A collection's stored counts, or undefined when it was never counted or a write since made
 * them stale (then the caller counts live).
 */
async function storedFacetCounts(db: Db, collectionId: number): Promise<FacetCounts | undefined> {
  const rows = await labelled(
    db,
    sql`
      select facet, value, count from ${commerceCollectionFacetCount}
      where collection_id = ${collectionId}
        and not exists (select 1 from ${commerceCollectionFacetStale}
          where collection_id = ${collectionId})`,
  );
  // The price row is always written: without it, the collection was not counted.
  return rows.some((row) => row.facet === "price") ? countsFromRows(rows) : undefined;
}

/** Collections whose counts are stale or were never stored. */
async function uncounted(db: Db): Promise<number[]> {
  const rows = rowsOf<{ id: number }>(
    await db.execute(sql`
      select distinct collection_id as id from ${commerceCollectionFacetStale}
      union
      select c.id from commerce_collection c
      where not exists (select 1 from ${commerceCollectionFacetCount} f
        where f.collection_id = c.id and f.facet = 'price')
      order by 1`),
  );
  return rows.map((row) => Number(row.id));
}

/**
 * Counts again every collection whose stored counts are stale or missing, one transaction per
 * collection; answers how many were counted. Its stale marks are taken first, and the products
 * counted after, so a write that lands meanwhile leaves its own mark for the next pass.
 */
export async function recountFacets(db: Db): Promise<number> {
  const ids = await uncounted(db);
  for (const collectionId of ids) {
    await db.transaction(async (tx) => {
      await tx
        .delete(commerceCollectionFacetStale)
        .where(eq(commerceCollectionFacetStale.collectionId, collectionId));
      await tx
        .delete(commerceCollectionFacetCount)
        .where(eq(commerceCollectionFacetCount.collectionId, collectionId));
      await tx.execute(sql`
        insert into ${commerceCollectionFacetCount} (collection_id, facet, value, count)
        select ${collectionId}, facet, value, count from (${onePassRows({ collectionId, sort: "MANUAL", reverse: false })}) as f
        where exists (select 1 from commerce_collection where id = ${collectionId})`);
    });
  }
  return ids.length;
}

/** After a catalogue write, the wait before counting again: the write's transaction commits. */
const RECOUNT_DELAY_MS = 200;
/** How often stale counts are looked for anyway: writes made by another instance. */
export const RECOUNT_INTERVAL_MS = 15_000;

/**
 * Keeps the stored counts true: counts what is stale at once, after each catalogue write in this
 * process, and every `intervalMs`, under an advisory lock so that one instance of several does
 * it. A failure is logged and the next round tries again.
 */
export function startFacetRecount(options: { db: Db; logger: Logger; intervalMs?: number }): {
  stop(): Promise<void>;
} {
  let running: Promise<unknown> | null = null;
  let again = false;
  let soon: NodeJS.Timeout | undefined;
  const tick = () => {
    if (running) {
      again = true;
      return;
    }
    running = runOnce(options.db, "listing-facets", () => recountFacets(options.db))
      .catch((error: unknown) => options.logger.error({ err: error }, "facet recount failed"))
      .finally(() => {
        running = null;
        if (again) {
          again = false;
          tick();
        }
      });
  };
  const stopListening = onCatalogueChange(() => {
    clearTimeout(soon);
    soon = setTimeout(tick, RECOUNT_DELAY_MS);
    soon.unref();
  });
  const timer = setInterval(tick, options.intervalMs ?? RECOUNT_INTERVAL_MS);
  timer.unref();
  tick();
  return {
    async stop() {
      stopListening();
      clearTimeout(soon);
      clearInterval(timer);
      again = false;
      await running;
    },
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
  return facetsFrom(await countFacets(db, query));
}

function facetsFrom({
  availability: availabilityRows,
  maxCents,
  vendors,
  metafields,
}: FacetCounts): Facet[] {
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
