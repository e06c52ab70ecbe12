import { type SQL, sql } from "drizzle-orm";
import type { Db } from "#db/client.ts";
import type { CatalogueSource } from "#platform/search/catalogue-source.ts";
import { popularitySince } from "#platform/search/popularity.ts";
import {
  PRODUCT_GIN_INDEXES,
  type SearchKind,
  searchDocument,
  searchTerm,
  searchTermDeletion,
} from "#platform/search/schema.ts";
import { intArray, rows, type SearchExecutor, textArray } from "#platform/search/sql.ts";

/**
 * Keeps `search_document` in step with the catalogue. Every function takes the ids that changed
 * and re-reads them through the catalogue's `CatalogueSource` in a few set-based statements: what
 * is still there and searchable is upserted (unchanged rows are left alone), the rest is deleted.
 * So one call after any write, creation or deletion is always right, and calling it twice is
 * harmless.
 */

/** Ids per statement; a rebuild also commits after each batch. */
export const INDEX_BATCH_SIZE = 2000;

type IndexOptions = {
  /**
   * Words already in the dictionary get this as `seen_at` if theirs is older: how a rebuild
   * tells the words still in use from those it can drop.
   */
  touchWordsBefore?: string;
};

/** Indexes these products, or removes them when deleted, archived or hidden from search. */
export async function indexProducts(
  tx: SearchExecutor,
  source: CatalogueSource,
  productIds: readonly number[],
  options: IndexOptions = {},
): Promise<void> {
  for (const ids of batches(productIds)) {
    await tx.execute(sql`
      with source as (${source.products(intArray(ids))}),
      popular as (${source.popularity(intArray(ids), popularitySince())}),
      removed as (
        delete from ${searchDocument} d
        where d.kind = 'product' and d.ref_id = any(${intArray(ids)})
          and d.ref_id not in (select id from source)
      )
      ${upsertDocuments(sql`select 'product', s.id, s.handle, s.title, s.vendor, s.tags, s.body,
        s.category, s.ancestors, s.facets, coalesce(p.boost, 0)::real
        from source s left join popular p on p.id = s.id`)}`);
    await addWords(tx, "product", ids, options);
  }
}

/** Indexes these collections, or removes them when deleted or archived (`category_archived`). */
export async function indexCollections(
  tx: SearchExecutor,
  source: CatalogueSource,
  collectionIds: readonly number[],
  options: IndexOptions = {},
): Promise<void> {
  for (const ids of batches(collectionIds)) {
    await tx.execute(sql`
      with source as (${source.collections(intArray(ids))}),
      removed as (
        delete from ${searchDocument} d
        where d.kind = 'collection' and d.ref_id = any(${intArray(ids)})
          and d.ref_id not in (select id from source)
      )
      ${upsertDocuments(sql`select 'collection', id, handle, title, '', '', body, '', '', '',
        0::real from source`)}`);
    await addWords(tx, "collection", ids, options);
  }
}

/**
 * Indexes these metaobjects: brands (`produit_marque`) as `marque`, or `artisan` when
 * `is_artisan` is true. Other types, and deleted metaobjects, leave the index.
 */
export async function indexMetaobjects(
  tx: SearchExecutor,
  source: CatalogueSource,
  metaobjectIds: readonly number[],
  options: IndexOptions = {},
): Promise<void> {
  for (const ids of batches(metaobjectIds)) {
    await tx.execute(sql`
      with source as (${source.brands(intArray(ids))}),
      removed as (
        delete from ${searchDocument} d
        where d.kind in ('marque', 'artisan') and d.ref_id = any(${intArray(ids)})
          and (d.kind, d.ref_id) not in (select kind, id from source)
      )
      ${upsertDocuments(sql`select kind, id, handle, title, '', '', '', '', '', '', 0::real
        from source`)}`);
    await addWords(tx, ["marque", "artisan"], ids, options);
  }
}

/** What changed in the catalogue, by commerce id. */
export type CatalogueChanges = {
  products?: readonly number[];
  collections?: readonly number[];
  metaobjects?: readonly number[];
};

/**
 * The one call the catalogue's write functions make after writing, in their transaction:
 * re-indexes (or un-indexes) whatever they created, changed or deleted.
 */
export async function syncSearchIndex(
  tx: SearchExecutor,
  source: CatalogueSource,
  changes: CatalogueChanges,
) {
  const products = new Set(changes.products ?? []);
  if (changes.collections?.length) {
    await indexCollections(tx, source, changes.collections);
    // A collection's title and members are its products' categories.
    const members = await rows<{ id: number }>(
      tx,
      source.collectionProducts(intArray(changes.collections)),
    );
    for (const { id } of members) products.add(id);
  }
  if (products.size > 0) await indexProducts(tx, source, [...products]);
  if (changes.metaobjects?.length) await indexMetaobjects(tx, source, changes.metaobjects);
}

/**
 * Takes documents out of the index whatever the catalogue says; `marque` and `artisan` both
 * stand for a brand metaobject and remove it under either kind.
 */
export async function removeFromIndex(
  tx: SearchExecutor,
  kind: SearchKind,
  ids: readonly number[],
): Promise<void> {
  const kinds = kind === "marque" || kind === "artisan" ? ["marque", "artisan"] : [kind];
  for (const batch of batches(ids)) {
    await tx.execute(sql`
      delete from ${searchDocument}
      where kind = any(${textArray(kinds)}) and ref_id = any(${intArray(batch)})`);
  }
}

export type RebuildProgress = {
  /** What is being indexed. */
  phase: "products" | "collections" | "metaobjects" | "cleanup";
  /** Source rows of this phase done so far, and in all. */
  done: number;
  total: number;
};

export type RebuildResult = { documents: number; words: number; milliseconds: number };

/**
 * Re-indexes the whole catalogue, `INDEX_BATCH_SIZE` objects per transaction, so that searches
 * and catalogue writes go on meanwhile; then drops documents and words nothing refers to any
 * more, and settles the index (`settleSearchIndex`).
 */
export async function rebuildSearchIndex(
  db: Db,
  source: CatalogueSource,
  options: { onProgress?: (progress: RebuildProgress) => void } = {},
): Promise<RebuildResult> {
  const started = performance.now();
  // The database's clock, to the microsecond: words older than this were not seen again.
  const [clock] = await rows<{ now: string }>(db, sql`select now()::text as now`);
  const touchWordsBefore = clock?.now ?? "-infinity";
  const phases = [
    { phase: "products", all: source.all.products, index: indexProducts },
    { phase: "collections", all: source.all.collections, index: indexCollections },
    { phase: "metaobjects", all: source.all.brands, index: indexMetaobjects },
  ] as const;
  for (const { phase, all, index } of phases) {
    const [count] = await rows<{ total: number }>(
      db,
      sql`select count(*)::int as total from (${all}) as source`,
    );
    const total = count?.total ?? 0;
    let done = 0;
    let after = 0;
    options.onProgress?.({ phase, done, total });
    for (;;) {
      const page = await rows<{ id: number }>(
        db,
        sql`select id from (${all}) as source where id > ${after}
          order by id limit ${INDEX_BATCH_SIZE}`,
      );
      const ids = page.map((row) => row.id);
      const last = ids.at(-1);
      if (last === undefined) break;
      await db.transaction((tx) => index(tx, source, ids, { touchWordsBefore }));
      after = last;
      done += ids.length;
      options.onProgress?.({ phase, done, total });
    }
  }
  options.onProgress?.({ phase: "cleanup", done: 0, total: 1 });
  // Documents whose source was deleted without the index being told.
  const gone = (kinds: SQL, all: SQL) =>
    sql`(d.kind in (${kinds}) and d.ref_id not in (select id from (${all}) as source))`;
  await db.execute(sql`
    delete from ${searchDocument} d
    where ${gone(sql`'product'`, source.all.products)}
      or ${gone(sql`'collection'`, source.all.collections)}
      or ${gone(sql`'marque', 'artisan'`, source.all.brands)}`);
  await db.execute(sql`delete from ${searchTerm} where seen_at < ${touchWordsBefore}::timestamptz`);
  await db.execute(sql`
    delete from ${searchTermDeletion} d
    where not exists (select 1 from ${searchTerm} t where t.word = d.word)`);
  await settleSearchIndex(db);
  const size = await searchIndexSize(db);
  options.onProgress?.({ phase: "cleanup", done: 1, total: 1 });
  return {
    documents: size.documents,
    words: size.words,
    milliseconds: Math.round(performance.now() - started),
  };
}

/** Documents (products among them) and dictionary words in the index. */
export async function searchIndexSize(
  db: SearchExecutor,
): Promise<{ documents: number; products: number; words: number }> {
  const [size] = await rows<{ documents: number; products: number; words: number }>(
    db,
    sql`select (select count(*)::int from ${searchDocument}) as documents,
      (select count(*)::int from ${searchDocument} where kind = 'product') as products,
      (select count(*)::int from ${searchTerm}) as words`,
  );
  return {
    documents: size?.documents ?? 0,
    products: size?.products ?? 0,
    words: size?.words ?? 0,
  };
}

/**
 * After a bulk load (a seed, an import) through the index functions: merges the GIN pending
 * lists, which every search reads through until then, and refreshes the planner's statistics.
 * PostgreSQL's autovacuum would do both in time; PGlite has no autovacuum. A rebuild ends with it.
 */
export async function settleSearchIndex(db: Db): Promise<void> {
  for (const index of PRODUCT_GIN_INDEXES) {
    await db.execute(sql`select gin_clean_pending_list(${index}::regclass)`);
  }
  // VACUUM too: a bulk load rewrites documents (a product indexed, then again once its
  // collections exist), and the dead versions would be read through by every search.
  for (const table of [searchDocument, searchTerm, searchTermDeletion]) {
    await db.execute(sql`vacuum analyze ${table}`);
  }
}

// ---------------------------------------------------------------------------------------------

/**
 * Upserts `(kind, ref_id, handle, title, subtitle, tags, body, category, ancestors, facets,
 * rank_boost)` rows, popularity (popularity.ts) written with the rest.
 * Unchanged ones are left out before the insert: a conflicting insert would still compute the
 * generated vectors, which is most of the cost of a rebuild that finds little to do.
 */
function upsertDocuments(select: SQL): SQL {
  return sql`
    insert into ${searchDocument} as d (kind, ref_id, ${DOCUMENT_FIELDS})
    select * from (${select}) as candidate (kind, ref_id, ${DOCUMENT_FIELDS})
    where not exists (
      select 1 from ${searchDocument} same
      where same.kind = candidate.kind and same.ref_id = candidate.ref_id
        and (${fieldsOf("same")}) is not distinct from (${fieldsOf("candidate")})
    )
    on conflict (kind, ref_id) do update set
      ${sql.join(
        FIELDS.map((field) => sql.raw(`${field} = excluded.${field}`)),
        sql`, `,
      )}, updated_at = now()`;
}

const FIELDS = [
  "handle",
  "title",
  "subtitle",
  "tags",
  "body",
  "category",
  "ancestors",
  "facets",
  "rank_boost",
] as const;
const DOCUMENT_FIELDS = sql.raw(FIELDS.join(", "));
const fieldsOf = (table: string) => sql.raw(FIELDS.map((field) => `${table}.${field}`).join(", "));

/**
 * Adds the words of these documents' titles, vendors and tags to the dictionary (descriptions
 * would triple the cost of indexing for words hardly anyone types), in word order so that
 * concurrent indexers lock shared words in the same order. Words under three letters or
 * starting with a digit (`70cl`, `500g`) correct nothing and are left out.
 */
async function addWords(
  tx: SearchExecutor,
  kinds: SearchKind | SearchKind[],
  ids: readonly number[],
  { touchWordsBefore }: IndexOptions,
) {
  const conflict = touchWordsBefore
    ? sql`do update set seen_at = excluded.seen_at
        where ${searchTerm.seenAt} < ${touchWordsBefore}::timestamptz`
    : sql`do nothing`;
  await tx.execute(sql`
    with added as (
      insert into ${searchTerm} (word)
      select distinct word
      from ${searchDocument} d
        cross join lateral unnest(tsvector_to_array(to_tsvector('simple',
          search_unaccent(lower(concat_ws(' ', d.title, d.subtitle, d.tags)))))) as word
      where d.kind = any(${textArray(typeof kinds === "string" ? [kinds] : kinds)})
        and d.ref_id = any(${intArray(ids)})
        and length(word) between 3 and 40 and word !~ '^[0-9]'
      order by word
      on conflict (word) ${conflict}
      returning word
    )
    insert into ${searchTermDeletion} (deletion, word)
    select deletion, word from added cross join lateral unnest(search_deletions(word)) as deletion
    order by deletion, word
    on conflict do nothing`);
}

function* batches(ids: readonly number[]): Generator<number[]> {
  const unique = [...new Set(ids)];
  for (let start = 0; start < unique.length; start += INDEX_BATCH_SIZE) {
    yield unique.slice(start, start + INDEX_BATCH_SIZE);
  }
}
