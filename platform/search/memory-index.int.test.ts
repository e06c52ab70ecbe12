import { sql } from "drizzle-orm";
import { drizzle as drizzleNodePostgres } from "drizzle-orm/node-postgres";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database, Db } from "#db/client.ts";
import { createTestDatabase, testEngine } from "#db/testing/index.ts";
import { catalogueSearchSource as source } from "#platform/commerce/index.ts";
import { indexProducts, rebuildSearchIndex } from "#platform/search/indexer.ts";
import { productIndex, pruneDocumentChanges } from "#platform/search/memory-index.ts";
import { predictiveSearch, searchPage } from "#platform/search/search.ts";
import { insertTestProducts } from "#platform/search/testing.ts";

/**
 * Each instance ranks products from its own in-memory copy of the product documents, and catches
 * up from the change log before every search (memory-index.ts, decision 021). "Another instance"
 * is a second database handle over the same connection or pool: it has an index of its own.
 */

let database: Database;
/** The handle the writes go through, and another instance's. */
let db: Db;
let other: Db;
const ids: Record<string, number> = {};

beforeAll(async () => {
  database = await createTestDatabase();
  db = database.db;
  other =
    database.engine === "pglite"
      ? drizzlePglite({ client: database.client })
      : drizzleNodePostgres({ client: database.client });
  const products = [
    { handle: "miel-acacia", title: "Miel d'acacia", priceCents: 900 },
    { handle: "miel-lavande", title: "Miel de lavande", priceCents: 950 },
    { handle: "nougat-miel", title: "Nougat au miel", priceCents: 700 },
  ];
  const productIds = await insertTestProducts(db, products);
  products.forEach((product, index) => {
    ids[product.handle] = productIds[index] ?? 0;
  });
  await rebuildSearchIndex(db, source);
});
afterAll(() => database?.close());

const titlesFor = async (handle: Db, query: string) =>
  (await predictiveSearch(handle, { query, limit: 10 })).products.map((hit) => hit.title);
const pageFor = (handle: Db, query: string) =>
  searchPage(handle, source, { query, offset: 0, limit: 10 });

describe("the in-memory product index", () => {
  it("answers what the catalogue holds on every instance", async () => {
    expect(await titlesFor(db, "miel")).toEqual([
      "Miel d'acacia",
      "Miel de lavande",
      "Nougat au miel",
    ]);
    expect(await titlesFor(other, "miel")).toEqual(await titlesFor(db, "miel"));
  });

  it("finds a product another instance just saved, and forgets one it just removed", async () => {
    await titlesFor(other, "miel");
    const [added] = await insertTestProducts(db, [
      { handle: "miel-chataignier", title: "Miel de châtaignier" },
    ]);
    await indexProducts(db, source, [added ?? 0]);
    await db.execute(
      sql`update commerce_product set archived = true where id = ${ids["nougat-miel"]}`,
    );
    await indexProducts(db, source, [ids["nougat-miel"] ?? 0]);

    const titles = await titlesFor(other, "miel");
    expect(titles).toContain("Miel de châtaignier");
    expect(titles).not.toContain("Nougat au miel");
    expect((await pageFor(other, "miel")).totalCount).toBe(3);
  });

  it("follows a document written by hand in SQL, whoever wrote it", async () => {
    await titlesFor(other, "lavande");
    await db.execute(sql`update search_document set title = 'Miel de lavande de Provence'
      where kind = 'product' and ref_id = ${ids["miel-lavande"]}`);
    expect(await titlesFor(other, "lavande")).toEqual(["Miel de lavande de Provence"]);
    await db.execute(
      sql`delete from search_document where kind = 'product' and ref_id = ${ids["miel-lavande"]}`,
    );
    expect(await titlesFor(other, "lavande")).toEqual([]);
    await indexProducts(db, source, [ids["miel-lavande"] ?? 0]);
    expect(await titlesFor(other, "lavande")).toEqual(["Miel de lavande"]);
  });

  it("re-reads only what changed, and keeps its change log a day long", async () => {
    const before = await productIndex(other);
    await db.execute(sql`update search_document set rank_boost = rank_boost + 5
      where kind = 'product' and ref_id = ${ids["miel-lavande"]}`);
    const after = await productIndex(other);
    expect(after).toBe(before);
    expect((await pageFor(other, "miel")).ids[0]).toBe(ids["miel-lavande"]);

    await db.execute(sql`update search_document_change set at = now() - interval '25 hours'`);
    const { rows: kept } = (await db.execute(
      sql`select count(*)::int as n from search_document_change`,
    )) as unknown as { rows: { n: number }[] };
    expect(kept[0]?.n).toBeGreaterThan(0);
    await pruneDocumentChanges(db);
    const { rows: left } = (await db.execute(
      sql`select count(*)::int as n from search_document_change`,
    )) as unknown as { rows: { n: number }[] };
    expect(left[0]?.n).toBe(0);
  });
});

describe.runIf(testEngine() === "postgres")("the change log, with concurrent writers", () => {
  it("misses no change committed after a later one", async () => {
    if (database.engine !== "postgres") return;
    await titlesFor(other, "miel");
    const late = await database.client.connect();
    try {
      // A first writer takes its transaction id, then a second one commits before it.
      await late.query("begin");
      await late.query(
        `update search_document set title = 'Miel d''acacia du Gâtinais'
         where kind = 'product' and ref_id = $1`,
        [ids["miel-acacia"]],
      );
      await db.execute(sql`update search_document set title = 'Miel de lavande fine'
        where kind = 'product' and ref_id = ${ids["miel-lavande"]}`);
      expect(await titlesFor(other, "miel")).toContain("Miel de lavande fine");
      expect(await titlesFor(other, "miel")).toContain("Miel d'acacia");

      await late.query("commit");
      expect(await titlesFor(other, "miel")).toContain("Miel d'acacia du Gâtinais");
    } finally {
      late.release();
    }
  });
});
