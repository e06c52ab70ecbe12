import type { PgTable } from "drizzle-orm/pg-core";
import type { Tx } from "#db/client.ts";
import type { Random } from "#seed/random.ts";

export type SeedOptions = {
  seed: number;
  /** Scale catalogue size; comes with the catalogue issue, unused for now. */
  products?: number;
};

export type SeedContext = SeedOptions & {
  /**
   * The seeded data's "now", fixed so that a reseed with the same seed gives identical rows;
   * seeders set timestamps from it rather than from the clock.
   */
  now: Date;
};

/** One module's demo data: the tables it fills (and empties on a forced reseed) and how. */
export type Seeder = {
  name: string;
  tables: PgTable[];
  run(tx: Tx, random: Random, context: SeedContext): Promise<void>;
};
