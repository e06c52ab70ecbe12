import { type SQL, sql } from "drizzle-orm";
import type { CatalogueSource, SearchProductFilter } from "#platform/search/catalogue-source.ts";
import { SearchError } from "#platform/search/errors.ts";
import { type ProductIndex, productIndex } from "#platform/search/memory-index.ts";
import { normaliseTerm, planQuery, type QueryPlan, tsquery } from "#platform/search/query.ts";
import { rankProducts } from "#platform/search/ranking.ts";
import { intArray, rows, type SearchExecutor, withLocalSetting } from "#platform/search/sql.ts";

/**
 * Searching the index (storefront.md §5, issue 22): a product matches when every word of the term
 * is in its title, vendor, tags, categories or description, with French folding, typo correction
 * and the last word as a prefix, and when it carries the diets and labels the term names.
 * Ranking is one scoring function (ranking.ts). Archived and hidden products are never indexed.
 */

export type SearchHit = { id: number; handle: string; title: string };

export type PredictiveSearchResult = {
  products: SearchHit[];
  collections: SearchHit[];
  marques: SearchHit[];
  artisans: SearchHit[];
  /** Query suggestions: the term with its last word completed or corrected. */
  queries: string[];
};

/** Predictive search answers nothing for a normalised term shorter than this (storefront.md §5). */
export const MIN_PREDICTIVE_LENGTH = 3;
export const MAX_PREDICTIVE_LIMIT = 50;
export const MAX_PAGE_SIZE = 250;
/** Suggestions in a predictive answer. */
const MAX_QUERIES = 3;
const empty = (): PredictiveSearchResult => ({
  products: [],
  collections: [],
  marques: [],
  artisans: [],
  queries: [],
});

/**
 * Type-ahead results: up to `limit` products, collections, brands (`marques`) and artisans in
 * rank order, and query suggestions. Empty when the normalised term has fewer than 3 characters.
 */
export async function predictiveSearch(
  db: SearchExecutor,
  { query, limit = 10 }: { query: string; limit?: number },
): Promise<PredictiveSearchResult> {
  if (normaliseTerm(query).join(" ").length < MIN_PREDICTIVE_LENGTH) return empty();
  const size = clamp(limit, 1, MAX_PREDICTIVE_LIMIT);
  const [index, found] = await Promise.all([
    productIndex(db),
    (async () => {
      const plan = await planQuery(db, query, { prefixLast: true, similarWords: false });
      if (plan.clauses.length === 0 && plan.intents.length === 0) return undefined;
      return { plan, ...(await predictiveOthers(db, plan, size)) };
    })(),
  ]);
  if (!found) return empty();
  const { plan, ...lists } = found;
  const products = rankProducts(index, plan, { limit: size }).documents.map(
    ({ id, handle, title }) => ({ id, handle, title }),
  );
  const typed = plan.words.slice(0, -1);
  const queries = plan.alternatives
    .toSorted((a, b) => a.length - b.length || a.localeCompare(b))
    .slice(0, MAX_QUERIES)
    .map((word) => [...typed, word].join(" "));
  return { products, ...lists, queries };
}

/**
 * Runs `work` in a transaction where the planner avoids sequential scans: the typo fallback
 * reads titles through their trigram index, and a LIMIT makes a sequential scan look cheap
 * whenever the planner overestimates the matches.
 */
const withIndexScans = <T>(db: SearchExecutor, work: (tx: SearchExecutor) => Promise<T>) =>
  withLocalSetting(db, "enable_seqscan", "off", work);

/**
 * Collections, brands and artisans: a few hundred documents, ranked in one statement through
 * their own partial index (which the planner picks: they are a thousandth of the table). A long
 * word names a collection by its start too, as for products' categories: "fromages" suggests the
 * Fromagerie.
 */
async function predictiveOthers(db: SearchExecutor, plan: QueryPlan, limit: number) {
  if (plan.clauses.length === 0) return { collections: [], marques: [], artisans: [] };
  const any = tsquery(plan, "any", { widen: true });
  const found = await rows<SearchHit & { kind: string }>(
    db,
    sql`
      select kind, id, handle, title from (
        select kind, ref_id as id, handle, title, row_number() over (
          partition by kind
          order by head_vector @@ ${tsquery(plan, "all", { widen: true })} desc,
            title_vector @@ ${tsquery(plan, "all", { exactOnly: true })} desc,
            ts_rank(head_vector, ${any}, 1) desc, rank_boost desc, ref_id
        ) as position
        from search_document
        where kind <> 'product' and head_vector @@ ${any}
      ) as ranked
      where position <= ${limit}
      order by kind, position`,
  );
  const of = (kind: string) =>
    found
      .filter((row) => row.kind === kind)
      .map(({ id, handle, title }) => ({ id, handle, title }));
  return { collections: of("collection"), marques: of("marque"), artisans: of("artisan") };
}

// ---------------------------------------------------------------------------------------------
// Full search

export type SearchProductsInput = {
  query: string;
  /** Page size, 1 to 250. */
  first: number;
  /** The `endCursor` of the previous page. */
  after?: string | null;
  sortKey?: "RELEVANCE" | "PRICE";
  reverse?: boolean;
  filters?: readonly SearchProductFilter[];
};

export type SearchProductsResult = {
  ids: number[];
  totalCount: number;
  hasNextPage: boolean;
  endCursor: string | null;
};

/**
 * One page of the full search: product ids in order, the number of matches and a cursor. With no
 * word matching anything, falls back to titles close to the whole term.
 */
export async function searchProducts(
  db: SearchExecutor,
  source: CatalogueSource,
  input: SearchProductsInput,
): Promise<SearchProductsResult> {
  if (!Number.isInteger(input.first) || input.first < 1 || input.first > MAX_PAGE_SIZE) {
    throw new SearchError("INVALID_ARGUMENT", `first must be between 1 and ${MAX_PAGE_SIZE}`);
  }
  const cursor = input.after ? decodeCursor(input.after) : { offset: 0, trigram: false };
  const none = { ids: [], totalCount: 0, hasNextPage: false, endCursor: null };
  const [plan, index] = await Promise.all([
    planQuery(db, input.query, { prefixLast: false, similarWords: true }),
    productIndex(db),
  ]);
  if (plan.clauses.length === 0 && plan.intents.length === 0) return none;
  const options = {
    source,
    filters: input.filters ?? [],
    sortKey: input.sortKey ?? "RELEVANCE",
    reverse: input.reverse ?? false,
    offset: cursor.offset,
    limit: input.first + 1,
  };
  let trigram = cursor.trigram;
  let page = await pageOfProducts(db, index, plan, { ...options, trigram });
  if (!trigram && page.totalCount === 0 && cursor.offset === 0 && plan.clauses.length > 0) {
    trigram = true;
    page = await pageOfProducts(db, index, plan, { ...options, trigram });
  }
  const hasNextPage = page.ids.length > input.first;
  const ids = page.ids.slice(0, input.first);
  return {
    ids,
    totalCount: page.totalCount,
    hasNextPage,
    endCursor:
      ids.length > 0 ? encodeCursor({ offset: cursor.offset + ids.length, trigram }) : null,
  };
}

export type SearchPageInput = {
  query: string;
  /** Rows to skip, in the order asked for. */
  offset: number;
  /** Rows to answer, 0 to `MAX_PAGE_SIZE + 1` (one more than a page tells whether one follows). */
  limit: number;
  /** Worst match first. */
  reverse?: boolean;
  filters?: readonly SearchProductFilter[];
};

/**
 * Products `offset` to `offset + limit` of a full search in relevance order, filtered, and how
 * many products match: for callers that keep their own cursors (the Storefront API's `search`).
 * When no word matches anything, titles close to the whole term answer instead, on every page.
 */
export async function searchPage(
  db: SearchExecutor,
  source: CatalogueSource,
  input: SearchPageInput,
): Promise<{ ids: number[]; totalCount: number }> {
  if (!Number.isSafeInteger(input.offset) || input.offset < 0) {
    throw new SearchError("INVALID_ARGUMENT", "offset must be a whole number from 0");
  }
  if (!Number.isInteger(input.limit) || input.limit < 0 || input.limit > MAX_PAGE_SIZE + 1) {
    throw new SearchError("INVALID_ARGUMENT", `limit must be between 0 and ${MAX_PAGE_SIZE + 1}`);
  }
  const [plan, index] = await Promise.all([
    planQuery(db, input.query, { prefixLast: false, similarWords: true }),
    productIndex(db),
  ]);
  if (plan.clauses.length === 0 && plan.intents.length === 0) return { ids: [], totalCount: 0 };
  const options = {
    source,
    filters: input.filters ?? [],
    sortKey: "RELEVANCE",
    reverse: input.reverse ?? false,
    offset: input.offset,
    limit: input.limit,
  } as const;
  const page = await pageOfProducts(db, index, plan, { ...options, trigram: false });
  if (page.totalCount > 0 || plan.clauses.length === 0) return page;
  return withIndexScans(db, (tx) => pageOfProducts(tx, index, plan, { ...options, trigram: true }));
}

/** Every matching product id, best first (at most `limit`): for callers that page themselves. */
export async function matchingProductIds(
  db: SearchExecutor,
  query: string,
  { limit = 10_000 }: { limit?: number } = {},
): Promise<number[]> {
  const [plan, index] = await Promise.all([
    planQuery(db, query, { prefixLast: false, similarWords: true }),
    productIndex(db),
  ]);
  if (plan.clauses.length === 0 && plan.intents.length === 0) return [];
  const options = {
    source: undefined,
    filters: [],
    sortKey: "RELEVANCE",
    reverse: false,
    offset: 0,
    limit,
    // The caller pages and counts itself: no count over every match.
    counted: false,
  } as const;
  const page = await pageOfProducts(db, index, plan, { ...options, trigram: false });
  if (page.ids.length > 0 || plan.clauses.length === 0) return page.ids;
  return (await pageOfProducts(db, index, plan, { ...options, trigram: true })).ids;
}

type RankOptions = {
  /** Needed for filters and the price order; the index alone answers the rest. */
  source: CatalogueSource | undefined;
  filters: readonly SearchProductFilter[];
  sortKey: "RELEVANCE" | "PRICE";
  reverse: boolean;
  offset: number;
  limit: number;
  trigram: boolean;
  /** Whether to count every match (`totalCount`); 0 when not. */
  counted?: boolean;
};

async function pageOfProducts(
  db: SearchExecutor,
  index: ProductIndex,
  plan: QueryPlan,
  options: RankOptions,
) {
  // The product's facts are only read when a filter or the price needs them. The indexer keeps
  // archived and hidden products out.
  const facts =
    options.filters.length > 0 || options.sortKey === "PRICE"
      ? options.source?.productFacts
      : undefined;
  if ((options.filters.length > 0 || options.sortKey === "PRICE") && !facts) {
    throw new SearchError("INVALID_ARGUMENT", "filters and the price order need the catalogue");
  }
  if (options.trigram) return titlesCloseTo(db, plan, options, facts);
  if (!facts) {
    const { documents, total } = rankProducts(index, plan, {
      limit: options.offset + options.limit,
      reverse: options.reverse,
    });
    return {
      ids: documents.slice(options.offset).map((document) => document.id),
      totalCount: options.counted === false ? 0 : total,
    };
  }
  const ranked = rankProducts(index, plan).documents.map((document) => document.id);
  if (ranked.length === 0) return { ids: [], totalCount: 0 };
  // Filters and the price are the catalogue's: it keeps the matches they let through.
  const where = [
    sql`d.kind = 'product'`,
    sql`d.ref_id = any(${intArray(ranked)})`,
    ...filterConditions(facts, options.filters),
  ];
  const from = sql`search_document d ${facts.join(sql`d.ref_id`)}`;
  if (options.sortKey === "PRICE") {
    const then = options.reverse ? sql`desc` : sql`asc`;
    return countedPage(
      db,
      sql`select d.ref_id as id, count(*) over ()::int as total
        from ${from} where ${sql.join(where, sql` and `)}
        order by ${facts.price} ${then}, d.ref_id ${then}
        limit ${options.limit} offset ${options.offset}`,
      sql`select count(*)::int as total from ${from} where ${sql.join(where, sql` and `)}`,
    );
  }
  const kept = new Set(
    (
      await rows<{ id: number }>(
        db,
        sql`select d.ref_id as id from ${from} where ${sql.join(where, sql` and `)}`,
      )
    ).map((row) => row.id),
  );
  const ids = ranked.filter((id) => kept.has(id));
  if (options.reverse) ids.reverse();
  return { ids: ids.slice(options.offset, options.offset + options.limit), totalCount: ids.length };
}

/**
 * The typo fallback, when no word matches anything: titles close to the whole term, by pg_trgm's
 * word similarity, then popularity.
 */
function titlesCloseTo(
  db: SearchExecutor,
  plan: QueryPlan,
  options: RankOptions,
  facts: CatalogueSource["productFacts"] | undefined,
) {
  const term = sql`${plan.words.join(" ")}::text`;
  const where = [
    sql`d.kind = 'product'`,
    sql`${term} <% d.title_norm`,
    ...(facts ? filterConditions(facts, options.filters) : []),
  ];
  const from = facts ? sql`search_document d ${facts.join(sql`d.ref_id`)}` : sql`search_document d`;
  // Best first, then the lowest id; `reverse` turns the whole order around.
  const [first, then] = options.reverse ? [sql`asc`, sql`desc`] : [sql`desc`, sql`asc`];
  const order =
    options.sortKey === "PRICE"
      ? [sql`${facts?.price} ${then}`, sql`d.ref_id ${then}`]
      : [
          sql`word_similarity(${term}, d.title_norm) ${first}`,
          sql`d.rank_boost ${first}`,
          sql`d.ref_id ${then}`,
        ];
  return countedPage(
    db,
    sql`select d.ref_id as id, count(*) over ()::int as total
      from ${from} where ${sql.join(where, sql` and `)}
      order by ${sql.join(order, sql`, `)}
      limit ${options.limit} offset ${options.offset}`,
    sql`select count(*)::int as total from ${from} where ${sql.join(where, sql` and `)}`,
  );
}

/** A page with its total; past the last page, the total is counted on its own. */
async function countedPage(db: SearchExecutor, page: SQL, count: SQL) {
  const found = await rows<{ id: number; total: number }>(db, page);
  const total = found[0]?.total ?? (await rows<{ total: number }>(db, count))[0]?.total ?? 0;
  return { ids: found.map((row) => row.id), totalCount: total };
}

function filterConditions(
  facts: CatalogueSource["productFacts"],
  filters: readonly SearchProductFilter[],
): SQL[] {
  const byKind = new Map<string, SQL[]>();
  for (const filter of filters) {
    const found = facts.condition(filter);
    if (found) byKind.set(found.kind, [...(byKind.get(found.kind) ?? []), found.condition]);
  }
  return [...byKind.values()].map((conditions) => sql`(${sql.join(conditions, sql` or `)})`);
}

// Cursors are opaque to callers: the offset of the next row, and whether the page came from
// the typo fallback. Relevance is computed over every match anyway, so an offset costs nothing
// a keyset would save.
type Cursor = { offset: number; trigram: boolean };

function encodeCursor(cursor: Cursor): string {
  return Buffer.from(JSON.stringify({ o: cursor.offset, t: cursor.trigram ? 1 : 0 })).toString(
    "base64url",
  );
}

function decodeCursor(text: string): Cursor {
  try {
    const value = JSON.parse(Buffer.from(text, "base64url").toString("utf8")) as unknown;
    if (value && typeof value === "object" && "o" in value && "t" in value) {
      const { o, t } = value as { o: unknown; t: unknown };
      if (typeof o === "number" && Number.isSafeInteger(o) && o >= 0 && (t === 0 || t === 1)) {
        return { offset: o, trigram: t === 1 };
      }
    }
  } catch {
    // reported below
  }
  throw new SearchError("INVALID_CURSOR", "after is not a cursor of this search");
}

function clamp(value: number, min: number, max: number): number {
  return Math.min(Math.max(Math.trunc(Number.isFinite(value) ? value : min), min), max);
}
