import { eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "#db/client.ts";
import { createTestDatabase } from "#db/testing/index.ts";
import { insertProducts, setProductMetafields } from "#platform/commerce/catalogue/catalogue.ts";
import { editProduct } from "#platform/commerce/catalogue/edit.ts";
import { readEditableProduct } from "#platform/commerce/catalogue/edit-read.ts";
import { CatalogueInputError, type ProductInput } from "#platform/commerce/catalogue/input.ts";
import { applyPriceChange } from "#platform/commerce/catalogue/prices.ts";
import { commerceProduct, commerceVariant } from "#platform/commerce/catalogue/schema.ts";
import { soldByWeightProducts } from "#platform/commerce/catalogue/sold-by-weight.ts";
import {
  graphqlRequest,
  type TestStorefrontApi,
  testStorefrontApi,
} from "#platform/commerce/testing.ts";
import { soldByWeightFields } from "#platform/sold-by-weight.ts";

/**
 * Products sold by weight on a real database (platform/sold-by-weight.ts): one price per kilogram
 * for every weight, the variants' unit price in the Storefront API, and the catalogue's refusals
 * whatever the write path (insert, edit, custom fields alone, bulk prices), each writing nothing.
 */

let database: Database;
let api: TestStorefrontApi;
const ids = { comte: 0, beaufort: 0, miel: 0 };

/** A comté at 39,50 €/kg: 250 g is 9,875 €, rounded to 9,88 €. */
const comte = (extra: Partial<ProductInput> = {}): ProductInput => ({
  handle: "comte-aop-18-mois",
  title: "Comté AOP 18 mois",
  variants: [
    { title: "250 g", priceCents: 988, sku: "COMTE-250" },
    { title: "500 g", priceCents: 1975, sku: "COMTE-500" },
    { title: "1 kg", priceCents: 3950, sku: "COMTE-1000" },
  ],
  metafields: { ...soldByWeightFields(3950), quantity: "250", unit: "g" },
  ...extra,
});

const PRODUCT = `#graphql
  query SoldByWeight($handle: String!) {
    product(handle: $handle) {
      soldByWeight: metafield(namespace: "custom", key: "sold_by_weight") { value type }
      pricePerKg: metafield(namespace: "custom", key: "price_per_kg") { value type }
      variants(first: 10) {
        nodes {
          title
          price { amount }
          unitPrice { amount currencyCode }
          unitPriceMeasurement { measuredType quantityUnit quantityValue referenceUnit referenceValue }
        }
      }
    }
  }`;

async function productCount() {
  return (await database.db.select({ id: commerceProduct.id }).from(commerceProduct)).length;
}

async function prices(productId: number) {
  const rows = await database.db
    .select({ title: commerceVariant.title, priceCents: commerceVariant.priceCents })
    .from(commerceVariant)
    .where(eq(commerceVariant.productId, productId))
    .orderBy(commerceVariant.position);
  return rows.map((row) => [row.title, row.priceCents]);
}

/** Runs a write in a transaction and answers the catalogue's refusal (undefined if it took). */
async function refusal(write: Parameters<Database["db"]["transaction"]>[0]) {
  try {
    await database.db.transaction(write);
  } catch (error) {
    if (error instanceof CatalogueInputError) return { path: error.path, message: error.message };
    throw error;
  }
  return undefined;
}

beforeAll(async () => {
  database = await createTestDatabase();
  api = testStorefrontApi(database.db);
  await database.db.transaction(async (tx) => {
    const inserted = await insertProducts(tx, [
      comte(),
      comte({
        handle: "beaufort-ete",
        title: "Beaufort d'été",
        variants: [
          { title: "250 g", priceCents: 1200 },
          { title: "500 g", priceCents: 2400 },
        ],
        metafields: soldByWeightFields(4800),
      }),
      {
        handle: "miel-de-lavande",
        title: "Miel de lavande",
        variants: [{ priceCents: 890 }],
        metafields: { quantity: "250", unit: "g" },
      },
    ]);
    [ids.comte, ids.beaufort, ids.miel] = inserted.map((row) => row.id) as [number, number, number];
  });
});
afterAll(() => database.close());

describe("a product sold by weight", () => {
  it("prices every weight at its one price per kilogram, which is each variant's unit price", async () => {
    const body = await graphqlRequest(api, PRODUCT, { handle: "comte-aop-18-mois" });
    expect(body.errors).toBeUndefined();
    const product = body.data.product;
    expect(product.soldByWeight).toEqual({ value: "true", type: "boolean" });
    expect(product.pricePerKg).toEqual({ value: "39.50", type: "number_decimal" });
    const variants = product.variants.nodes as {
      title: string;
      price: { amount: string };
      unitPrice: { amount: string; currencyCode: string };
      unitPriceMeasurement: { quantityUnit: string; quantityValue: number };
    }[];
    expect(variants.map((variant) => [variant.title, Number(variant.price.amount)])).toEqual([
      ["250 g", 9.88],
      ["500 g", 19.75],
      ["1 kg", 39.5],
    ]);
    // 9,88 € for 250 g would be 39,52 €/kg: the unit price is the price per kilogram itself.
    for (const variant of variants) {
      expect(variant.unitPrice).toEqual({ amount: "39.5", currencyCode: "EUR" });
    }
    expect(variants.map((variant) => variant.unitPriceMeasurement)).toEqual([
      expect.objectContaining({ quantityUnit: "G", quantityValue: 250, referenceUnit: "KG" }),
      expect.objectContaining({ quantityUnit: "G", quantityValue: 500, referenceUnit: "KG" }),
      expect.objectContaining({ quantityUnit: "KG", quantityValue: 1, referenceUnit: "KG" }),
    ]);
  });

  it("is found by the back office's read, with its price per kilogram", async () => {
    const found = await soldByWeightProducts(database.db, [ids.comte, ids.beaufort, ids.miel]);
    expect([...found]).toEqual([
      [ids.comte, { pricePerKgCents: 3950 }],
      [ids.beaufort, { pricePerKgCents: 4800 }],
    ]);
  });

  it("keeps the unit price of other products from their price and quantity", async () => {
    const body = await graphqlRequest(api, PRODUCT, { handle: "miel-de-lavande" });
    expect(body.data.product.soldByWeight).toBeNull();
    expect(body.data.product.variants.nodes[0].unitPrice.amount).toBe("35.6");
  });
});

describe("the catalogue refuses a product off the rule, and writes nothing", () => {
  it("refuses at insertion a variant that is not a weight, a price off the kilo price, a missing or lone price per kilogram", async () => {
    const before = await productCount();
    const cases: [ProductInput, string][] = [
      [
        comte({
          handle: "tomme-a",
          variants: [
            { title: "250 g", priceCents: 988 },
            { title: "Default Title", priceCents: 1975 },
          ],
        }),
        "variants.1.title",
      ],
      [
        comte({
          handle: "tomme-b",
          variants: [
            { title: "250 g", priceCents: 988 },
            { title: "500 g", priceCents: 1890 },
          ],
        }),
        "variants.1.priceCents",
      ],
      [
        comte({ handle: "tomme-c", metafields: { sold_by_weight: true } }),
        "metafields.price_per_kg",
      ],
      [
        comte({ handle: "tomme-d", metafields: { price_per_kg: "39.50" } }),
        "metafields.price_per_kg",
      ],
    ];
    for (const [input, path] of cases) {
      const refused = await refusal((tx) => insertProducts(tx, [input]));
      expect(refused?.path, input.handle).toBe(path);
    }
    expect(await productCount()).toBe(before);
  });

  it("refuses an edit that prices one weight alone, and keeps the prices", async () => {
    const product = await readEditableProduct(database.db, { id: ids.comte });
    const [first] = product?.variants ?? [];
    const refused = await refusal((tx) =>
      editProduct(tx, ids.comte, { variants: [{ id: first?.id ?? 0, priceCents: 1000 }] }),
    );
    expect(refused).toEqual({
      path: "variants.0.priceCents",
      message: expect.stringContaining("price per kilogram times the weight: 988 cents"),
    });
    expect(await prices(ids.comte)).toEqual([
      ["250 g", 988],
      ["500 g", 1975],
      ["1 kg", 3950],
    ]);
  });

  it("refuses a new price per kilogram whose weights keep their old prices", async () => {
    const refused = await refusal((tx) =>
      setProductMetafields(tx, [{ productId: ids.comte, metafields: soldByWeightFields(4200) }]),
    );
    expect(refused?.path).toBe("variants.0.priceCents");
  });

  it("refuses selling by weight a product whose variant is not a weight", async () => {
    const refused = await refusal((tx) =>
      setProductMetafields(tx, [{ productId: ids.miel, metafields: soldByWeightFields(3560) }]),
    );
    expect(refused).toEqual({
      path: "variants.0.title",
      message: expect.stringContaining('not "Default Title"'),
    });
    expect(await soldByWeightProducts(database.db, [ids.miel])).toEqual(new Map());
  });

  it("takes a new price per kilogram with every weight priced from it", async () => {
    const product = await readEditableProduct(database.db, { id: ids.beaufort });
    const refused = await refusal((tx) =>
      editProduct(tx, ids.beaufort, {
        variants: (product?.variants ?? []).map((variant, index) => ({
          id: variant.id,
          priceCents: [1238, 2475][index] ?? 0,
        })),
        metafields: soldByWeightFields(4950),
      }),
    );
    expect(refused).toBeUndefined();
    expect(await prices(ids.beaufort)).toEqual([
      ["250 g", 1238],
      ["500 g", 2475],
    ]);
  });
});

describe("bulk prices on a product sold by weight", () => {
  it("apply to the price per kilogram and price every weight from it", async () => {
    const filter = { query: "Comté AOP 18 mois" };
    await database.db.transaction((tx) =>
      applyPriceChange(tx, filter, { kind: "percent", percent: 10 }),
    );
    // 39,50 €/kg + 10 % = 43,45 €/kg: 250 g is 10,8625 €, 10,86 €.
    expect(await prices(ids.comte)).toEqual([
      ["250 g", 1086],
      ["500 g", 2173],
      ["1 kg", 4345],
    ]);
    const product = await readEditableProduct(database.db, { id: ids.comte });
    expect(product?.metafields).toMatchObject({
      sold_by_weight: true,
      price_per_kg: "43.45",
    });
    const body = await graphqlRequest(api, PRODUCT, { handle: "comte-aop-18-mois" });
    expect(body.data.product.variants.nodes[0].unitPrice.amount).toBe("43.45");
  });

  it("strike the old prices of every weight in a promotion", async () => {
    await database.db.transaction((tx) =>
      applyPriceChange(tx, { query: "Beaufort d'été" }, { kind: "promo-percent", percent: 20 }),
    );
    const rows = await database.db
      .select({
        priceCents: commerceVariant.priceCents,
        compareAtPriceCents: commerceVariant.compareAtPriceCents,
      })
      .from(commerceVariant)
      .where(inArray(commerceVariant.productId, [ids.beaufort]))
      .orderBy(commerceVariant.position);
    // 49,50 €/kg − 20 % = 39,60 €/kg.
    expect(rows).toEqual([
      { priceCents: 990, compareAtPriceCents: 1238 },
      { priceCents: 1980, compareAtPriceCents: 2475 },
    ]);
  });
});
