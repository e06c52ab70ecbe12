import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "#db/client.ts";
import { commerceProduct } from "#platform/commerce/catalogue/schema.ts";
import {
  type CatalogueFixture,
  graphqlRequest,
  ORIGIN,
  openCartTestShop,
  type TestStorefrontApi,
} from "#platform/commerce/testing.ts";

/**
 * The shop's settings a storefront reads (shop-settings.graphql): payment settings, the countries
 * it ships to, the API versions, product tags and types; and the variant's quantity rule and
 * deprecated price fields, over the test catalogue.
 */

let database: Database;
let api: TestStorefrontApi;
let fixture: CatalogueFixture;

beforeAll(async () => {
  ({ database, api, fixture } = await openCartTestShop());
});
afterAll(() => database.close());

// biome-ignore lint/suspicious/noExplicitAny: tests read arbitrary GraphQL answers
async function query(document: string, variables: Record<string, unknown> = {}): Promise<any> {
  const body = await graphqlRequest(api, document, variables);
  expect(body.errors).toBeUndefined();
  return body.data;
}

describe("the shop's settings", () => {
  it("take cards in euros through the hosted checkout, and ship where addresses are accepted", async () => {
    const data = await query(`{
      paymentSettings { acceptedCardBrands cardVaultUrl countryCode currencyCode
        enabledPresentmentCurrencies shopifyPaymentsAccountId supportedDigitalWallets }
      shop { paymentSettings { currencyCode } shipsToCountries } }`);
    expect(data.paymentSettings).toEqual({
      acceptedCardBrands: ["VISA", "MASTERCARD", "AMERICAN_EXPRESS"],
      cardVaultUrl: `${ORIGIN}/checkout/`,
      countryCode: "FR",
      currencyCode: "EUR",
      enabledPresentmentCurrencies: ["EUR"],
      shopifyPaymentsAccountId: null,
      supportedDigitalWallets: [],
    });
    expect(data.shop.paymentSettings.currencyCode).toBe("EUR");
    expect(data.shop.shipsToCountries).toEqual(["FR", "BE", "LU", "MC", "CH", "DE", "ES", "IT"]);
  });

  it("list every API version the endpoint answers, the latest named, unstable unsupported", async () => {
    const data = await query("{ publicApiVersions { handle displayName supported } }");
    const versions = data.publicApiVersions;
    expect(versions[0]).toEqual({ handle: "2023-01", displayName: "2023-01", supported: true });
    expect(versions.at(-2)).toEqual({
      handle: "2026-10",
      displayName: "2026-10 (Latest)",
      supported: true,
    });
    expect(versions.at(-1)).toEqual({
      handle: "unstable",
      displayName: "unstable",
      supported: false,
    });
  });

  it("list the tags and types of listed products, in French order, the first ones only", async () => {
    const [comte] = await database.db
      .select({ tags: commerceProduct.tags, type: commerceProduct.productType })
      .from(commerceProduct)
      .where(eq(commerceProduct.id, fixture.comte.productId));
    const data = await query(`{
      productTags(first: 250) { nodes pageInfo { hasNextPage } }
      productTypes(first: 250) { nodes }
      two: productTags(first: 2) { edges { cursor node } pageInfo { hasNextPage } } }`);
    const tags: string[] = data.productTags.nodes;
    for (const tag of comte?.tags ?? []) expect(tags).toContain(tag);
    expect(tags).toEqual([...tags].sort(new Intl.Collator("fr", { sensitivity: "base" }).compare));
    expect(new Set(tags).size).toBe(tags.length);
    if (comte?.type) expect(data.productTypes.nodes).toContain(comte.type);
    expect(data.productTypes.nodes).not.toContain("");
    expect(data.two.edges.map((edge: { node: string }) => edge.node)).toEqual(tags.slice(0, 2));
    expect(data.two.pageInfo.hasNextPage).toBe(tags.length > 2);
  });

  it("keep the tags of archived products out", async () => {
    const data = await query("{ productTags(first: 250) { nodes } }");
    // The test catalogue's « Ancien produit » is archived by its tag.
    expect(data.productTags.nodes).not.toContain("Archive");
    expect(data.productTags.nodes).toContain("unavailable");
  });
});

describe("a variant's quantity rule and deprecated prices", () => {
  const VARIANT = `query Variant($id: ID!) {
    node(id: $id) { ... on ProductVariant {
      price { amount } priceV2 { amount } compareAtPrice { amount } compareAtPriceV2 { amount }
      quantityRule { minimum maximum increment }
      product { variantsCount { count precision } } } } }`;

  it("caps a product at its max_quantity metafield, else at 10, one at a time", async () => {
    const capped = await query(VARIANT, { id: fixture.comte.variantId });
    expect(capped.node.priceV2).toEqual(capped.node.price);
    expect(capped.node.compareAtPriceV2).toEqual({ amount: "15.0" });
    expect(capped.node.quantityRule).toEqual({ minimum: 1, maximum: 3, increment: 1 });
    expect(capped.node.product.variantsCount).toEqual({ count: 1, precision: "EXACT" });
    const plain = await query(VARIANT, { id: fixture.miel.variantId });
    expect(plain.node.compareAtPriceV2).toBeNull();
    expect(plain.node.quantityRule).toEqual({ minimum: 1, maximum: 10, increment: 1 });
  });
});
