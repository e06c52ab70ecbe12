import { sql } from "drizzle-orm";
import {
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
 * IMMUTABLE wrapper of `unaccent`, created by this module's migration) and lower-casing, stemmed
 * with the `french` text-search configuration.
 */

export const SEARCH_KINDS = ["product", "collection", "marque", "artisan"] as const;
export type SearchKind = (typeof SEARCH_KINDS)[number];

const tsvector = customType<{ data: string }>({ dataType: () => "tsvector" });

/** A column as a weighted French vector, unaccented (`to_tsvector` lower-cases it). */
const weighted = (column: string, weight: "A" | "B" | "C" | "D") =>
  `setweight(to_tsvector('french'::regconfig, search_unaccent("${column}")), '${weight}')`;

/** In kB (PostgreSQL's default is 4 MB). */
const SMALL_PENDING_LIST = { gin_pending_list_limit: 256 };

/** The GIN indexes whose pending lists a rebuild merges at the end. */
export const PRODUCT_GIN_INDEXES = [
  "search_document_product_title_idx",
  "search_document_product_head_idx",
  "search_document_product_search_idx",
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
    // For the typo fallback on whole titles (trigram index).
    titleNorm: text("title_norm")
      .notNull()
      .generatedAlwaysAs(sql.raw(`search_unaccent(lower("title"))`)),
    // Three nested vectors, each with its own index, so that every ranking tier of predictive
    // search (title; title, vendor and tags; everything) is one index lookup with few rows.
    titleVector: tsvector("title_vector")
      .notNull()
      .generatedAlwaysAs(sql.raw(weighted("title", "A"))),
    headVector: tsvector("head_vector")
      .notNull()
      .generatedAlwaysAs(
        sql.raw(
          [weighted("title", "A"), weighted("subtitle", "B"), weighted("tags", "C")].join(" || "),
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
            weighted("body", "D"),
          ].join(" || "),
        ),
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
      sql.raw(`(tsvector_to_array(to_tsvector('french'::regconfig, "word")))[1]`),
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
