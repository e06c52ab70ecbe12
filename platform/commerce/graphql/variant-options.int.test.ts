import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "#db/client.ts";
import { createTestDatabase } from "#db/testing/index.ts";
import {
  graphqlRequest,
  type TestStorefrontApi,
  testStorefrontApi,
} from "#platform/commerce/testing.ts";

/**
 * Products' options, variant choice, unit prices and media on the demo catalogue, through the
 * Storefront API, as the Hydrogen starter's product page reads them.
 */

let database: Database;
let api: TestStorefrontApi;
let formats: { handle: string; titles: string[] };
let single: { handle: string };

const PRODUCT = `#graphql
  query ($handle: String!, $selected: [SelectedOptionInput!]!) {
    product(handle: $handle) {
      encodedVariantExistence
      encodedVariantAvailability
      options { id name values optionValues { id name firstSelectableVariant { title } swatch { color } } }
      selectedOrFirstAvailableVariant(selectedOptions: $selected, ignoreUnknownOptions: true, caseInsensitiveMatch: true) {
        title availableForSale
        selectedOptions { name value }
        price { amount }
        unitPrice { amount currencyCode }
        unitPriceMeasurement { measuredType quantityUnit quantityValue referenceUnit referenceValue }
        weight weightUnit
      }
      exact: variantBySelectedOptions(selectedOptions: $selected) { title }
      adjacentVariants(selectedOptions: $selected, caseInsensitiveMatch: true) { title }
      media(first: 2) { nodes { __typename mediaContentType alt previewImage { url } ... on MediaImage { id image { url } } } }
      variants(first: 10) { nodes { title availableForSale } }
    }
  }`;

beforeAll(async () => {
  database = await createTestDatabase({ seeded: true });
  api = testStorefrontApi(database.db);
  const rows = (await database.db.execute(sql`
    select p.handle, array_agg(v.title order by v.position, v.id) as titles
    from commerce_product p join commerce_variant v on v.product_id = p.id
    where not p.archived
    group by p.id
    having count(*) = 3 and bool_and(v.available_for_sale)
    order by p.id limit 1`)) as unknown as { rows: { handle: string; titles: string[] }[] };
  const found = rows.rows[0];
  if (!found) throw new Error("the demo catalogue has no product in three formats");
  formats = found;
  const one = (await database.db.execute(sql`
    select p.handle from commerce_product p
    where not p.archived and (select count(*) from commerce_variant v where v.product_id = p.id) = 1
    order by p.id limit 1`)) as unknown as { rows: { handle: string }[] };
  single = one.rows[0] as { handle: string };
});
afterAll(() => database.close());

describe("a product sold in several formats", () => {
  it("has one Format option, and the buyer's choice picks its variant, case and extra options aside", async () => {
    const [, middle = ""] = formats.titles;
    const body = await graphqlRequest(api, PRODUCT, {
      handle: formats.handle,
      selected: [
        { name: "format", value: middle.toUpperCase() },
        { name: "utm_source", value: "newsletter" },
      ],
    });
    expect(body.errors).toBeUndefined();
    const product = body.data.product;
    expect(product.options).toHaveLength(1);
    expect(product.options[0].name).toBe("Format");
    expect(product.options[0].values).toEqual(formats.titles);
    expect(
      product.options[0].optionValues.map(
        (value: { name: string; firstSelectableVariant: { title: string } }) => [
          value.name,
          value.firstSelectableVariant.title,
        ],
      ),
    ).toEqual(formats.titles.map((title) => [title, title]));
    expect(
      new Set(product.options[0].optionValues.map((value: { id: string }) => value.id)).size,
    ).toBe(3);
    expect(product.selectedOrFirstAvailableVariant.title).toBe(middle);
    expect(product.selectedOrFirstAvailableVariant.selectedOptions).toEqual([
      { name: "Format", value: middle },
    ]);
    // Strict by default: the unknown option and the case keep variantBySelectedOptions from matching.
    expect(product.exact).toBeNull();
    expect(
      product.adjacentVariants.map((variant: { title: string }) => variant.title).sort(),
    ).toEqual(formats.titles.filter((title) => title !== middle).sort());
    expect(product.encodedVariantExistence).toBe("v1_0-2");
    expect(product.encodedVariantAvailability).toBe("v1_0-2");
  });

  it("gives each format its unit price and weight from the format itself", async () => {
    const [first = ""] = formats.titles;
    const body = await graphqlRequest(api, PRODUCT, {
      handle: formats.handle,
      selected: [{ name: "Format", value: first }],
    });
    const variant = body.data.product.selectedOrFirstAvailableVariant;
    const [quantity = "", unit = ""] = first.split(" ");
    const amount = Number(quantity.replace(",", "."));
    const perReference = unit === "g" ? amount / 1000 : unit === "cl" ? amount / 100 : amount;
    expect(Number(variant.unitPrice.amount)).toBeCloseTo(
      Number(variant.price.amount) / perReference,
      2,
    );
    expect(variant.unitPrice.currencyCode).toBe("EUR");
    expect(variant.unitPriceMeasurement.quantityValue).toBe(amount);
    if (unit === "g" || unit === "kg") {
      expect(variant.weight).toBe(unit === "g" ? amount : amount * 1000);
      expect(variant.weightUnit).toBe("GRAMS");
    }
  });
});

describe("a product sold one way", () => {
  it("has Shopify's Title / Default Title option and its unit price from its quantity and unit", async () => {
    const body = await graphqlRequest(api, PRODUCT, {
      handle: single.handle,
      selected: [],
    });
    expect(body.errors).toBeUndefined();
    const product = body.data.product;
    expect(
      product.options.map((option: { name: string; values: string[] }) => [
        option.name,
        option.values,
      ]),
    ).toEqual([["Title", ["Default Title"]]]);
    const variant = product.selectedOrFirstAvailableVariant;
    expect(variant.selectedOptions).toEqual([{ name: "Title", value: "Default Title" }]);
    // The unit price follows the price and the product's quantity and unit (unit-price.ts).
    expect(variant.unitPrice).not.toBeNull();
    expect(product.adjacentVariants).toEqual([]);
    expect(product.encodedVariantExistence).toBe("v1_0");
  });

  it("shows its pictures as media images", async () => {
    const body = await graphqlRequest(api, PRODUCT, { handle: single.handle, selected: [] });
    const [media] = body.data.product.media.nodes;
    expect(media.__typename).toBe("MediaImage");
    expect(media.mediaContentType).toBe("IMAGE");
    expect(media.id).toMatch(/^gid:\/\/shopify\/MediaImage\/\d+$/);
    expect(media.image.url).toBe(media.previewImage.url);
  });
});
