import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "#db/client.ts";
import { createTestDatabase } from "#db/testing/index.ts";
import { catalogueSearchSource as source } from "#platform/commerce/index.ts";
import { rebuildSearchIndex } from "#platform/search/indexer.ts";
import { matchingProductIds } from "#platform/search/search.ts";
import { editDistance, suggestQuery } from "#platform/search/suggest.ts";
import { insertTestCollections, insertTestProducts } from "#platform/search/testing.ts";

/** « Vouliez-vous dire… »: the closest query that finds products, for a term that found none. */
let database: Database;

beforeAll(async () => {
  database = await createTestDatabase();
  const db = database.db;
  await insertTestProducts(db, [
    { handle: "chocolat-noir-70", title: "Chocolat noir 70 %", vendor: "Cacao & Cie" },
    { handle: "chocolat-au-lait", title: "Chocolat au lait", vendor: "Cacao & Cie" },
    { handle: "tablette-grand-cru", title: "Tablette grand cru", vendor: "Cacao & Cie" },
    { handle: "creme-marrons", title: "Crème de marrons" },
    { handle: "camembert-normandie", title: "Camembert de Normandie AOP" },
    { handle: "confiture-fraise", title: "Confiture de fraises" },
    { handle: "cafe-ethiopie", title: "Café moulu d'Éthiopie" },
    { handle: "epicerie-coffret", title: "Épicerie fine : coffret découverte" },
  ]);
  // A word of a collection's title only: in the dictionary, in no product.
  await insertTestCollections(db, [{ handle: "confiseries", title: "Confiseries" }]);
  await rebuildSearchIndex(db, source);
});
afterAll(() => database?.close());

const suggest = (term: string) => suggestQuery(database.db, term);

describe("suggestQuery", () => {
  it("corrects each misspelt word: `chocolt noier` → `chocolat noir`", async () => {
    expect(await suggest("chocolt noier")).toBe("chocolat noir");
  });

  it("reaches further than the search's own correction: `chacolet` finds nothing, suggests `chocolat`", async () => {
    expect(await matchingProductIds(database.db, "chacolet", { limit: 1 })).toEqual([]);
    expect(await suggest("chacolet")).toBe("chocolat");
    expect(await suggest("Chacolet")).toBe("chocolat");
  });

  it("keeps known words and stop words as typed, accents included", async () => {
    expect(await suggest("Crème de chacolet")).toBe("crème de chocolat");
    expect(await suggest("Chocolats au laiit")).toBe("chocolats au lait");
  });

  it("spells a corrected word as the product titles do, accents included", async () => {
    expect(await suggest("kafé")).toBe("café");
    expect(await suggest("epicreie fnie")).toBe("épicerie fine");
  });

  it("leaves out a word with no close dictionary word", async () => {
    expect(await suggest("chacolet xqzwv")).toBe("chocolat");
  });

  it("answers undefined for a term with no close word, no word, or nothing misspelt", async () => {
    expect(await suggest("xylophone")).toBeUndefined();
    expect(await suggest("  !? ")).toBeUndefined();
    expect(await suggest("chocolat")).toBeUndefined();
  });

  it("never suggests a query that finds no product", async () => {
    // `confisseries` is one edit from `confiseries`, a collection's word that no product has.
    expect(await matchingProductIds(database.db, "confiseries", { limit: 1 })).toEqual([]);
    expect(await suggest("confisseries")).toBeUndefined();
  });

  it("leaves a caller's transaction as it found it", async () => {
    await database.db.transaction(async (tx) => {
      expect(await suggestQuery(tx, "chacolet")).toBe("chocolat");
      const result = (await tx.execute(
        "select current_setting('pg_trgm.similarity_threshold') as threshold",
      )) as unknown as { rows: { threshold: string }[] };
      expect(Number(result.rows[0]?.threshold)).toBeCloseTo(0.3);
    });
  });
});

describe("editDistance", () => {
  it("counts insertions, deletions, replacements and swaps of neighbours", () => {
    expect(editDistance("chocolt", "chocolat")).toBe(1);
    expect(editDistance("noier", "noir")).toBe(1);
    expect(editDistance("chcoolat", "chocolat")).toBe(1);
    expect(editDistance("chacolet", "chocolat")).toBe(2);
    expect(editDistance("", "noir")).toBe(4);
    expect(editDistance("noir", "noir")).toBe(0);
  });
});
