import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "#db/client.ts";
import { createTestDatabase } from "#db/testing/index.ts";
import { catalogueSearchSource as source } from "#platform/commerce/index.ts";
import { rebuildSearchIndex } from "#platform/search/indexer.ts";
import { predictiveSearch, searchProducts } from "#platform/search/search.ts";
import {
  insertTestBrands,
  insertTestCollections,
  insertTestProducts,
} from "#platform/search/testing.ts";

let database: Database;
const ids: Record<string, number> = {};

beforeAll(async () => {
  database = await createTestDatabase();
  const db = database.db;
  const products = [
    {
      handle: "epicerie-fine-coffret",
      title: "Épicerie fine : coffret découverte",
      priceCents: 4500,
    },
    {
      handle: "camembert-normandie",
      title: "Camembert de Normandie AOP",
      vendor: "Fromagerie Gillot",
      descriptionHtml: "<p>Un fromage au lait cru, moulé à la louche.</p>",
      priceCents: 690,
    },
    { handle: "plateau-fromage", title: "Plateau de fromage affiné", priceCents: 2900 },
    {
      handle: "chocolat-noir-70",
      title: "Chocolat noir 70 %",
      vendor: "Cacao & Cie",
      priceCents: 450,
    },
    {
      handle: "chocolat-au-lait",
      title: "Chocolat au lait",
      vendor: "Cacao & Cie",
      priceCents: 420,
    },
    {
      handle: "poivre-noir",
      title: "Poivre noir de Kampot",
      vendor: "Épices Roellinger",
      priceCents: 1250,
    },
    {
      handle: "tablette-grand-cru",
      title: "Tablette grand cru",
      vendor: "Cacao & Cie",
      descriptionHtml:
        "<p>Un chocolat <strong>noir</strong> d&eacute;licat, aux notes de fruits rouges.</p>",
      priceCents: 890,
    },
    {
      handle: "confiture-fraise",
      title: "Confiture de fraises",
      descriptionHtml: "<p>Sans chocolat.</p>",
      priceCents: 550,
    },
    {
      handle: "chocolat-noir-archive",
      title: "Chocolat noir d'hier",
      tags: ["Archive"],
      priceCents: 400,
    },
    {
      handle: "chocolat-noir-cache",
      title: "Chocolat noir secret",
      hideInSearch: true,
      priceCents: 400,
    },
  ];
  const productIds = await insertTestProducts(db, products);
  products.forEach((product, index) => {
    ids[product.handle] = productIds[index] ?? 0;
  });
  const collectionIds = await insertTestCollections(db, [
    { handle: "chocolats", title: "Chocolats et confiseries" },
    { handle: "fromages", title: "Fromages" },
    { handle: "chocolats-de-noel", title: "Chocolats de Noël", archived: true },
  ]);
  ids.collectionChocolats = collectionIds[0] ?? 0;
  ids.collectionFromages = collectionIds[1] ?? 0;
  const brandIds = await insertTestBrands(db, [
    { handle: "maison-du-chocolat", name: "La Maison du Chocolat" },
    { handle: "chocolaterie-dupuis", name: "Chocolaterie Dupuis", isArtisan: true },
    { handle: "fromagerie-gillot", name: "Fromagerie Gillot" },
  ]);
  ids.brandMaison = brandIds[0] ?? 0;
  ids.artisanDupuis = brandIds[1] ?? 0;
  await rebuildSearchIndex(db, source);
});
afterAll(() => database?.close());

const productIdsOf = async (query: string) =>
  (await predictiveSearch(database.db, { query })).products.map((hit) => hit.id);

describe("predictive search", () => {
  it("ignores accents: `epicerie` finds “Épicerie fine”", async () => {
    const result = await predictiveSearch(database.db, { query: "epicerie" });
    expect(result.products[0]).toEqual({
      id: ids["epicerie-fine-coffret"],
      handle: "epicerie-fine-coffret",
      title: "Épicerie fine : coffret découverte",
    });
  });

  it("corrects typos: `camenbert` finds “Camembert”", async () => {
    expect(await productIdsOf("camenbert")).toEqual([ids["camembert-normandie"]]);
  });

  it("stems French words: `fromages` finds “fromage”, in titles first", async () => {
    const found = await productIdsOf("fromages");
    expect(found[0]).toBe(ids["plateau-fromage"]);
    expect(found).toContain(ids["camembert-normandie"]);
  });

  it("answers products with every word, titles before descriptions", async () => {
    const found = await productIdsOf("chocolat noir");
    expect(found).toEqual([ids["chocolat-noir-70"], ids["tablette-grand-cru"]]);
    // A product that misses a word is no answer: milk chocolate, black pepper.
    expect(found).not.toContain(ids["chocolat-au-lait"]);
    expect(found).not.toContain(ids["poivre-noir"]);
  });

  it("completes the word being typed", async () => {
    expect(await productIdsOf("chocolat no")).toEqual(
      expect.arrayContaining([ids["chocolat-noir-70"]]),
    );
    expect((await productIdsOf("epiceri"))[0]).toBe(ids["epicerie-fine-coffret"]);
    expect((await productIdsOf("camemb"))[0]).toBe(ids["camembert-normandie"]);
  });

  it("answers nothing under three characters", async () => {
    expect(await predictiveSearch(database.db, { query: "ch" })).toEqual({
      products: [],
      collections: [],
      marques: [],
      artisans: [],
      queries: [],
    });
    expect((await predictiveSearch(database.db, { query: " É  " })).products).toEqual([]);
  });

  it("never returns archived or hidden products", async () => {
    const found = await productIdsOf("chocolat");
    expect(found).not.toContain(ids["chocolat-noir-archive"]);
    expect(found).not.toContain(ids["chocolat-noir-cache"]);
    expect(await productIdsOf("secret")).toEqual([]);
  });

  it("returns collections, brands and artisans in their own lists", async () => {
    const result = await predictiveSearch(database.db, { query: "chocolat" });
    expect(result.collections.map((hit) => hit.handle)).toEqual(["chocolats"]);
    expect(result.marques).toEqual([
      { id: ids.brandMaison, handle: "maison-du-chocolat", title: "La Maison du Chocolat" },
    ]);
    expect(result.artisans).toEqual([
      { id: ids.artisanDupuis, handle: "chocolaterie-dupuis", title: "Chocolaterie Dupuis" },
    ]);
  });

  it("keeps each list within the limit", async () => {
    const result = await predictiveSearch(database.db, { query: "chocolat", limit: 2 });
    expect(result.products).toHaveLength(2);
  });

  it("suggests the term with its last word completed", async () => {
    const result = await predictiveSearch(database.db, { query: "chocolat confit" });
    expect(result.queries).toContain("chocolat confiture");
  });
});

describe("full search", () => {
  it("matches every word, in the title first, then anywhere", async () => {
    const result = await searchProducts(database.db, source, { query: "chocolat noir", first: 50 });
    expect(result.ids).toEqual([ids["chocolat-noir-70"], ids["tablette-grand-cru"]]);
    expect(result.totalCount).toBe(2);
    expect(result.hasNextPage).toBe(false);
    const chocolate = await searchProducts(database.db, source, { query: "chocolat", first: 50 });
    expect(chocolate.ids).toEqual(
      expect.arrayContaining([ids["chocolat-au-lait"], ids["confiture-fraise"]]),
    );
    expect(chocolate.ids).not.toContain(ids["chocolat-noir-archive"]);
    expect(chocolate.ids).not.toContain(ids["chocolat-noir-cache"]);
    expect(chocolate.totalCount).toBe(4);
  });

  it("pages with cursors until the last match", async () => {
    const seen: number[] = [];
    let after: string | null = null;
    for (;;) {
      const page: Awaited<ReturnType<typeof searchProducts>> = await searchProducts(
        database.db,
        source,
        {
          query: "chocolat",
          first: 3,
          after,
        },
      );
      expect(page.totalCount).toBe(4);
      seen.push(...page.ids);
      if (!page.hasNextPage) break;
      after = page.endCursor;
    }
    const all = await searchProducts(database.db, source, { query: "chocolat", first: 50 });
    expect(seen).toHaveLength(4);
    expect(seen).toEqual(all.ids);
  });

  it("sorts by price and filters like a listing", async () => {
    const byPrice = await searchProducts(database.db, source, {
      query: "chocolat",
      first: 10,
      sortKey: "PRICE",
      reverse: true,
    });
    expect(byPrice.ids).toEqual([
      ids["tablette-grand-cru"],
      ids["confiture-fraise"],
      ids["chocolat-noir-70"],
      ids["chocolat-au-lait"],
    ]);
    const cheap = await searchProducts(database.db, source, {
      query: "chocolat",
      first: 10,
      filters: [{ price: { max: 5 } }, { productVendor: "Cacao & Cie" }],
    });
    expect(cheap.ids.toSorted()).toEqual(
      [ids["chocolat-noir-70"], ids["chocolat-au-lait"]].toSorted(),
    );
  });

  it("falls back to titles close to the whole term", async () => {
    const result = await searchProducts(database.db, source, { query: "poivrenoir", first: 10 });
    expect(result.ids).toEqual([ids["poivre-noir"]]);
  });

  it("refuses a page larger than 250 and a forged cursor", async () => {
    await expect(
      searchProducts(database.db, source, { query: "chocolat", first: 251 }),
    ).rejects.toThrow(/first/);
    await expect(
      searchProducts(database.db, source, { query: "chocolat", first: 1, after: "nope" }),
    ).rejects.toMatchObject({ code: "INVALID_CURSOR" });
  });
});
