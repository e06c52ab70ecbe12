import { date, integer, pgTable, primaryKey, text } from "drizzle-orm/pg-core";

/**
 * What shoppers searched for in vain: one row per Paris day and term, counted each time the
 * storefront's search page found no product for it. The term is stored normalised (lower case,
 * no accents, words joined by one space), so `Chocolt` and `chocolt ` count as one.
 */
export const searchZeroResult = pgTable(
  "search_zero_result",
  {
    // The day in Paris, as the dashboard counts days.
    day: date("day", { mode: "string" }).notNull(),
    term: text("term").notNull(),
    count: integer("count").notNull().default(1),
  },
  (t) => [primaryKey({ columns: [t.day, t.term] })],
);
