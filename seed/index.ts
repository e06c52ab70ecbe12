import { count, getTableName, sql } from "drizzle-orm";
import type { Database, Tx } from "#db/client.ts";
import { seedRuns } from "#db/meta-schema.ts";
import { recountFacets } from "#platform/commerce/index.ts";
import { settleSearchIndex } from "#platform/search/index.ts";
import { catalogueSeeder } from "#seed/catalogue/index.ts";
import { customersSeeder } from "#seed/commerce/customers.ts";
import { discountsSeeder } from "#seed/commerce/discounts.ts";
import { redirectsSeeder } from "#seed/commerce/redirects.ts";
import { contentSeeder } from "#seed/content/index.ts";
import { orderingSeeder } from "#seed/ordering/index.ts";
import { createRandom, deriveSeed } from "#seed/random.ts";
import { synonymsSeeder } from "#seed/search/synonyms.ts";
import type { Seeder, SeedOptions } from "#seed/seeder.ts";
import { shopSeeder } from "#seed/shop.ts";

/** Bump when the demo data changes, so `seed_runs` tells which data a database holds. */
export const SEED_VERSION = 8;
export const DEFAULT_SEED = 1;
/** The seeded data's "now" (see `SeedContext.now`). */
export const SEED_NOW = new Date("2025-01-06T09:00:00.000Z");

/** In order: a seeder may rely on the rows of the ones before it. */
export const seeders: readonly Seeder[] = [
  shopSeeder,
  catalogueSeeder,
  synonymsSeeder,
  discountsSeeder,
  redirectsSeeder,
  customersSeeder,
  contentSeeder,
  orderingSeeder,
];

export type SeedDatabaseOptions = Partial<SeedOptions> & {
  /** Empty the seeded tables and seed again, even if the database holds data. */
  force?: boolean;
};

export type SeedSummary = {
  seed: number;
  version: number;
  /** Rows in each seeded table afterwards, by table name. */
  rows: Record<string, number>;
};

// Any fixed key: servers starting together on an empty PostgreSQL must not both seed it.
const SEED_LOCK = 7_242_002;

/**
 * Loads the demo data in one transaction. Without `force` it does nothing on a database that
 * holds data (the first start seeds, later starts leave it alone) and resolves to null. With
 * `force` it empties the seeded tables, and every table whose foreign keys point at them, then
 * seeds again.
 */
export async function seedDatabase(
  database: Database,
  options: SeedDatabaseOptions = {},
): Promise<SeedSummary | null> {
  const seed = options.seed ?? DEFAULT_SEED;
  if (!Number.isInteger(seed) || seed < 0 || seed > 2_147_483_647) {
    throw new RangeError(`seed must be an integer from 0 to 2147483647, got ${seed}`);
  }
  const tables = seeders.flatMap((seeder) => seeder.tables);

  const summary = await database.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK})`);
    if (options.force) {
      const list = sql.join(tables, sql`, `);
      await tx.execute(sql`truncate ${list} restart identity cascade`);
    } else if (await holdsData(tx)) {
      return null;
    }

    const context = { seed, products: options.products, now: SEED_NOW };
    for (const seeder of seeders) {
      await seeder.run(tx, createRandom(deriveSeed(seed, seeder.name)), context);
    }
    await tx.insert(seedRuns).values({
      seed,
      version: SEED_VERSION,
      seeders: seeders.map((seeder) => seeder.name).join(","),
    });

    const rows: Record<string, number> = {};
    for (const table of tables) {
      const [row] = await tx.select({ rows: count() }).from(table);
      rows[getTableName(table)] = row?.rows ?? 0;
    }
    return { seed, version: SEED_VERSION, rows };
  });
  // Bulk writes leave the search index's pending entries unmerged and the planner without
  // statistics (PGlite has no autovacuum): settle them once the data is in. Without statistics
  // on the catalogue tables a category page on 100 000 products takes twice as long.
  if (summary) {
    await settleSearchIndex(database.db);
    await recountFacets(database.db);
    for (const table of tables) await database.db.execute(sql`analyze ${table}`);
  }
  return summary;
}

async function holdsData(tx: Tx) {
  for (const table of [seedRuns, ...seeders.flatMap((seeder) => seeder.tables)]) {
    const found = await tx.select({ one: sql`1` }).from(table).limit(1);
    if (found.length > 0) return true;
  }
  return false;
}
