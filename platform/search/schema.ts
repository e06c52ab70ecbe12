import { sql } from "drizzle-orm";
import {
  bigserial,
  check,
  customType,
  index,
  integer,
  pgTable,
  primaryKey,
  real,
  text,
  timestamp,
} from "drizzle-orm/pg-core";

/**
 * The search index: one document per searchable catalogue object, derived from the commerce
 * tables by `indexer.ts` and never edited by hand. Text is matched after `search_unaccent` (an
 * IMMUTABLE wrapper of `unaccent`, created by this module's migration) and lower-casing, folded
 * by `search_fold` and split by the `comptoir` text-search configuration (decision 017).
 */

export const SEARCH_KINDS = ["product", "collection", "marque", "artisan"] as const;
export type SearchKind = (typeof SEARCH_KINDS)[number];

const tsvector = customType<{ data: string }>({ dataType: () => "tsvector" });
const xid8 = customType<{ data: string }>({ dataType: () => "xid8" });

/**
 * Text as a weighted vector of the shop's own French words: `search_fold` (created by this
 * module's migration, see decision 017) folds plurals, feminine endings and accents without
 * merging distinct words, and the `comptoir` configuration drops French stop words.
 */
const vector = (text: string, weight: "A" | "B" | "C" | "D") =>
  `setweight(to_tsvector('comptoir'::regconfig, search_fold(${text})), '${weight}')`;
const weighted = (column: string, weight: "A" | "B" | "C" | "D") => vector(`"${column}"`, weight);
/** A title's first word (its head noun, in French) weighs A, the rest B. */
const TITLE_VECTOR = [
  vector(`substring("title" from '^[[:space:]]*[^[:space:]''’-]+')`, "A"),
  vector(`regexp_replace("title", '^[[:space:]]*[^[:space:]''’-]+', '')`, "B"),
].join(" || ");

/** In kB (PostgreSQL's default is 4 MB). */
const SMALL_PENDING_LIST = { gin_pending_list_limit: 256 };

/** The GIN indexes whose pending lists a rebuild merges at the end. */
export const PRODUCT_GIN_INDEXES = [
  "search_document_product_title_idx",
  "search_document_product_head_idx",
  "search_document_product_search_idx",
  "search_document_product_category_idx",
  "search_document_title_trgm_idx",
] as const;

export const searchDocument = pgTable(
  "search_document",
  {
    kind: text("kind").$type<SearchKind>().notNull(),
    // The product's, collection's or metaobject's id in the commerce tables.
    refId: integer("ref_id").notNull(),
    handle: text("handle").notNull(),
    title: text("title").notNull(),
    // The vendor, for products.
    subtitle: text("subtitle").notNull().default(""),
    // Tags (without the technical ones) and product type.
    tags: text("tags").notNull().default(""),
    // The description as plain text.
    body: text("body").notNull().default(""),
    // For products: the titles of their own categories (the most specific ones they are in)…
    category: text("category").notNull().default(""),
    // …and of the collections above them or beside them.
    ancestors: text("ancestors").notNull().default(""),
    // Diets, labels and allergens as tokens (`regimevegan`, `labelab`, `allergenelait`): what a
    // query naming them filters on (query.ts, intents).
    facets: text("facets").notNull().default(""),
    // For the typo fallback on whole titles (trigram index).
    titleNorm: text("title_norm")
      .notNull()
      .generatedAlwaysAs(sql.raw(`search_unaccent(lower("title"))`)),
    // Three nested vectors, each with its own index, so that every ranking tier of predictive
    // search (title; title, vendor and tags; everything) is one index lookup with few rows.
    titleVector: tsvector("title_vector").notNull().generatedAlwaysAs(sql.raw(TITLE_VECTOR)),
    headVector: tsvector("head_vector")
      .notNull()
      .generatedAlwaysAs(
        sql.raw(
          [
            weighted("title", "A"),
            weighted("subtitle", "B"),
            weighted("tags", "C"),
            weighted("category", "C"),
            weighted("ancestors", "C"),
          ].join(" || "),
        ),
      ),
    searchVector: tsvector("search_vector")
      .notNull()
      .generatedAlwaysAs(
        sql.raw(
          [
            weighted("title", "A"),
            weighted("subtitle", "B"),
            weighted("tags", "C"),
            weighted("category", "C"),
            weighted("ancestors", "C"),
            weighted("body", "D"),
            weighted("facets", "D"),
          ].join(" || "),
        ),
      ),
    // Whether a query names the product's category: its own categories weigh A, the others B.
    categoryVector: tsvector("category_vector")
      .notNull()
      .generatedAlwaysAs(
        sql.raw([weighted("category", "A"), weighted("ancestors", "B")].join(" || ")),
      ),
    // Popularity or merchandising weight, a tie-breaker after relevance; the indexer leaves it be.
    rankBoost: real("rank_boost").notNull().default(0),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.kind, t.refId] }),
    check("search_document_kind_check", sql.raw(`"kind" in ('${SEARCH_KINDS.join("', '")}')`)),
    // Partial indexes: products outnumber everything else a thousand to one, so the few
    // collections and brands get an index of their own instead of sifting product matches.
    // GIN's pending list halves the cost of a rebuild; kept small, because every search reads
    // it through until it is merged (by the next insert past the limit, by autovacuum, or by
    // the rebuild — PGlite has no autovacuum).
    index("search_document_product_title_idx")
      .using("gin", t.titleVector)
      .where(sql.raw(`"kind" = 'product'`))
      .with(SMALL_PENDING_LIST),
    index("search_document_product_head_idx")
      .using("gin", t.headVector)
      .where(sql.raw(`"kind" = 'product'`))
      .with(SMALL_PENDING_LIST),
    index("search_document_product_search_idx")
      .using("gin", t.searchVector)
      .where(sql.raw(`"kind" = 'product'`))
      .with(SMALL_PENDING_LIST),
    index("search_document_product_category_idx")
      .using("gin", t.categoryVector)
      .where(sql.raw(`"kind" = 'product'`))
      .with(SMALL_PENDING_LIST),
    index("search_document_other_head_idx")
      .using("gin", t.headVector)
      .where(sql.raw(`"kind" <> 'product'`)),
    index("search_document_title_trgm_idx")
      .using("gin", t.titleNorm.op("gin_trgm_ops"))
      .with(SMALL_PENDING_LIST),
  ],
);

/**
 * Every word of the indexed titles, vendors and tags, unaccented and lower-cased, with its
 * French stem: the dictionary that corrects typos (one-edit neighbours, trigram similarity) and
 * completes the word being typed (prefix). Indexing only adds words; a rebuild drops those no
 * document uses any more.
 */
export const searchTerm = pgTable(
  "search_term",
  {
    word: text("word").primaryKey(),
    // Null for a stop word.
    stem: text("stem").generatedAlwaysAs(
      sql.raw(`(tsvector_to_array(to_tsvector('comptoir'::regconfig, search_fold("word"))))[1]`),
    ),
    seenAt: timestamp("seen_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("search_term_trgm_idx").using("gin", t.word.op("gin_trgm_ops")),
    index("search_term_prefix_idx").on(t.word.op("text_pattern_ops")),
    index("search_term_stem_idx").on(t.stem),
  ],
);

/**
 * Each dictionary word under each of its deletions (`search_deletions`, created by this
 * module's migration: the word and every way of deleting one of its letters). Two words one edit
 * apart — a letter missing, extra, wrong, or two swapped — share a deletion, so a typo's
 * corrections are a few primary-key lookups.
 */
export const searchTermDeletion = pgTable(
  "search_term_deletion",
  {
    deletion: text("deletion").notNull(),
    // Not a foreign key: a rebuild prunes words and their deletions in two set-based statements.
    word: text("word").notNull(),
  },
  (t) => [primaryKey({ columns: [t.deletion, t.word] })],
);

/**
 * Which product documents changed, and in which transaction: what each instance's in-memory
 * product index (memory-index.ts) reads to catch up. Written only by the statement-level
 * triggers on `search_document` (migration 0027), so every writer is covered, SQL by hand
 * included. A reader asks for the rows of the transactions its last look could not see
 * (`pg_visible_in_snapshot`), so a change committed after a later one is never skipped. Rows
 * older than a day are pruned (`pruneDocumentChanges`); an instance that has not looked for
 * half that long reloads everything.
 */
export const searchDocumentChange = pgTable(
  "search_document_change",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    refId: integer("ref_id").notNull(),
    xid: xid8("xid").notNull().default(sql`pg_current_xact_id()`),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("search_document_change_xid_idx").on(t.xid),
    index("search_document_change_at_idx").on(t.at),
  ],
);
