import { integer, pgTable, serial, text, timestamp } from "drizzle-orm/pg-core";

/** One row per seeding, so an operator can tell which demo data a database holds. */
export const seedRuns = pgTable("seed_runs", {
  id: serial("id").primaryKey(),
  seed: integer("seed").notNull(),
  // `SEED_VERSION` of seed/index.ts: the same seed and version give the same rows.
  version: integer("version").notNull(),
  // Comma-separated names of the seeders that ran.
  seeders: text("seeders").notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});
