import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "#db/client.ts";
import { seedRuns } from "#db/meta-schema.ts";
import { createTestDatabase } from "#db/testing/index.ts";
import { commerceShop } from "#platform/commerce/tables.ts";
import { SEED_VERSION, seedDatabase } from "#seed/index.ts";

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database?.close());

const shops = () => database.db.select().from(commerceShop).orderBy(commerceShop.id);
const runs = () => database.db.select().from(seedRuns).orderBy(seedRuns.id);

// The tests run in order on one database: empty, seeded, left alone, reseeded.
describe("seedDatabase", () => {
  it("seeds an empty database with the Comptoir shop", async () => {
    const summary = await seedDatabase(database, { seed: 5 });
    expect(summary).toEqual({
      seed: 5,
      version: SEED_VERSION,
      rows: expect.objectContaining({ commerce_shop: 1 }),
    });
    expect(await shops()).toMatchObject([
      {
        id: 1,
        name: "Comptoir",
        primaryDomainUrl: "http://localhost:3000",
        currencyCode: "EUR",
        description: expect.stringContaining("Paris"),
      },
    ]);
  });

  it("records the run with its seed, version and seeders", async () => {
    expect(await runs()).toMatchObject([
      {
        seed: 5,
        version: SEED_VERSION,
        seeders: "shop,catalogue,synonyms,discounts,redirects,customers,content,ordering",
      },
    ]);
  });

  it("changes nothing on a database that already holds data", async () => {
    const before = { shops: await shops(), runs: await runs() };
    expect(await seedDatabase(database, { seed: 6 })).toBeNull();
    expect({ shops: await shops(), runs: await runs() }).toEqual(before);
  });

  it("reseeds on demand with identical rows for the same seed", async () => {
    const before = await shops();
    await database.db.update(commerceShop).set({ name: "Changé" });
    expect(await seedDatabase(database, { seed: 5, force: true })).not.toBeNull();
    expect(await shops()).toEqual(before);
    expect((await runs()).map((run) => run.seed)).toEqual([5, 5]);
  });

  it("refuses a seed that does not fit the seed_runs column", async () => {
    await expect(seedDatabase(database, { seed: 2 ** 31, force: true })).rejects.toThrow(
      "seed must be an integer",
    );
  });
});

describe("seedDatabase on a database with data it did not seed", () => {
  it("leaves the data alone", async () => {
    const other = await createTestDatabase();
    try {
      await other.db.insert(commerceShop).values({ name: "Boutique", primaryDomainUrl: "x" });
      expect(await seedDatabase(other)).toBeNull();
      expect(await other.db.select({ name: commerceShop.name }).from(commerceShop)).toEqual([
        { name: "Boutique" },
      ]);
    } finally {
      await other.close();
    }
  });
});
