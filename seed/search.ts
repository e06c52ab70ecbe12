import { sql } from "drizzle-orm";
import { syncSearchIndex } from "#platform/search/indexer.ts";
import { searchDocument, searchTerm } from "#platform/search/schema.ts";
import type { Seeder } from "#seed/seeder.ts";

/** Indexes the seeded catalogue for search, in the seed's transaction. */
export const searchSeeder: Seeder = {
  name: "search",
  tables: [searchDocument, searchTerm],
  async run(tx) {
    const ids = async (table: string) =>
      (
        (await tx.execute(sql.raw(`select id from ${table} order by id`))) as unknown as {
          rows: { id: number }[];
        }
      ).rows.map((row) => Number(row.id));
    await syncSearchIndex(tx, {
      products: await ids("commerce_product"),
      collections: await ids("commerce_collection"),
      metaobjects: await ids("commerce_metaobject"),
    });
  },
};
