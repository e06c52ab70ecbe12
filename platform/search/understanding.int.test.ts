import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "#db/client.ts";
import { createTestDatabase } from "#db/testing/index.ts";
import { matchingProductIds, predictiveSearch } from "#platform/search/index.ts";
import { rows } from "#platform/search/sql.ts";

/**
 * The examples of issue 22, on the demo catalogue: what French shoppers typed and what they
 * meant. `npm run bench -- relevance` measures the whole judged query set; these keep the cases
 * the issue named from coming back.
 */

type Found = { title: string; category: string; ancestors: string; facets: string };

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase({ seeded: true });
});
afterAll(() => database?.close());

/** The first products of the full search, with what the index knows of them. */
async function search(term: string, limit = 5): Promise<Found[]> {
  const ids = await matchingProductIds(database.db, term, { limit });
  const found = await rows<Found & { id: number }>(
    database.db,
    sql`select ref_id as id, title, category, ancestors, facets from search_document
      where kind = 'product' and ref_id = any(${`{${ids.join(",")}}`}::int[])`,
  );
  return ids.map((id) => found.find((row) => row.id === id) as Found);
}

const inCollection = (product: Found, title: string) =>
  `${product.category} ; ${product.ancestors}`.split(" ; ").includes(title);

describe("search on the demo catalogue (issue 22)", () => {
  it("puts the Fromagerie's cheeses first for « fromage » and « fromages », and suggests it", async () => {
    for (const term of ["fromage", "fromages"]) {
      const first = await search(term, 10);
      expect(first).toHaveLength(10);
      for (const product of first) expect(inCollection(product, "Fromagerie")).toBe(true);
      expect(first.map((product) => product.title)).not.toContain("Fromage de tête au cognac");
    }
    const suggested = await predictiveSearch(database.db, { query: "fromages" });
    expect(suggested.collections.map((collection) => collection.title)).toContain("Fromagerie");
  });

  it("reads « sans gluten », « vegan » and « végétarien » as diets, not as words", async () => {
    const glutenFree = await search("sans gluten", 50);
    expect(glutenFree).toHaveLength(50);
    for (const product of glutenFree) expect(product.facets).toContain("regimesansgluten0");
    const vegan = await search("vegan", 50);
    expect(vegan).toHaveLength(50);
    for (const product of vegan) expect(product.facets).toContain("regimevegan0");
    const vegetarian = await matchingProductIds(database.db, "végétarien");
    const veganIds = await matchingProductIds(database.db, "vegan");
    // A vegan product is vegetarian too.
    expect(vegetarian).toEqual(expect.arrayContaining(veganIds));
    // Allergens named after « sans » exclude.
    for (const product of await search("biscuits sans lait", 20)) {
      expect(product.facets).not.toContain("allergenelait0");
    }
  });

  it("tells « fraise » from « frais »: « confiture fraise » finds the strawberry jam, no fresh cheese", async () => {
    const first = await search("confiture fraise");
    expect(first[0]?.title).toBe("Confiture de fraises");
    for (const product of first) {
      expect(inCollection(product, "Fromagerie")).toBe(false);
      expect(product.title).not.toMatch(/frais\b/);
    }
  });

  it("tells « pâté » from « pâte »", async () => {
    for (const product of await search("pâté")) {
      expect(inCollection(product, "Pâtés et terrines")).toBe(true);
    }
    const spreads = await search("pâte à tartiner");
    expect(spreads[0]?.title).toMatch(/^Pâte à tartiner/);
    expect(spreads.some((product) => inCollection(product, "Pâtés et terrines"))).toBe(false);
  });

  it("completes the last word of « chocolat n » as « noir »", async () => {
    const suggested = await predictiveSearch(database.db, { query: "chocolat n", limit: 5 });
    expect(suggested.products).toHaveLength(5);
    for (const product of suggested.products) expect(product.title).toMatch(/^Chocolat noir/);
    for (const product of await search("chocolat n")) {
      expect(product.title).toMatch(/chocolat noir/i);
    }
  });

  it("finds nothing for « eau gazeuse » in a shop that sells no water, rather than tea or whisky", async () => {
    expect(await search("eau gazeuse")).toEqual([]);
  });

  it("puts honey before nougat for « miel »", async () => {
    const first = await search("miel", 3);
    for (const product of first) expect(product.title).toMatch(/^Miel/);
  });

  it("ranks an exact match above a typo's correction and the head noun above a mention", async () => {
    const butter = await search("beurre", 1);
    expect(butter[0]?.title).toMatch(/^Beurre/);
    const corrected = await search("camenbert", 1);
    expect(corrected[0]?.title).toMatch(/^Camembert/);
  });
});
