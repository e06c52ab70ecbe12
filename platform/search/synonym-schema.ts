import { sql } from "drizzle-orm";
import { check, pgTable, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";

export const SYNONYM_KINDS = ["one-way", "equivalent"] as const;
export type SynonymKind = (typeof SYNONYM_KINDS)[number];

/**
 * Search synonyms staff keep in the office (issue 22): what shoppers type and the words it stands
 * for. Read at query time (platform/search/synonyms.ts), so an edit needs no index rebuild.
 */
export const searchSynonym = pgTable(
  "search_synonym",
  {
    id: serial("id").primaryKey(),
    // What shoppers type, normalised as matching sees it (`normaliseTerm`, words joined by one
    // space): `Pâte  à tartiner` is `pate a tartiner`. One rule per term.
    term: text("term").notNull(),
    // Words or phrases, as staff typed them (accents kept for the office's list).
    replacements: text("replacements").array().notNull(),
    // `one-way`: the term is replaced (pq → papier toilette); `equivalent`: the term and its
    // replacements all stand for one another (gazeuse ⇄ pétillante).
    kind: text("kind").$type<SynonymKind>().notNull(),
    updatedBy: text("updated_by").notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("search_synonym_term_key").on(t.term),
    check("search_synonym_kind_check", sql`${t.kind} in ('one-way', 'equivalent')`),
  ],
);
