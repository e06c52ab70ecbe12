import { createStorefrontApiClient } from "@shopify/storefront-api-client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "#db/client.ts";
import {
  type CatalogueFixture,
  graphqlHelpers,
  openCartTestShop,
  PUBLIC_HEADERS,
  PUBLIC_TOKEN,
  type TestStorefrontApi,
} from "#platform/commerce/testing.ts";

let database: Database;
let api: TestStorefrontApi;
let fixture: CatalogueFixture;
const { gql } = graphqlHelpers(() => api);

beforeAll(async () => {
  ({ database, api, fixture } = await openCartTestShop());
});
afterAll(() => database.close());

/** As Hydrogen's starter writes its queries: the context in variables its client fills. */
const PRODUCT_IN_CONTEXT = `#graphql
  query ProductInContext($handle: String!, $country: CountryCode, $language: LanguageCode)
  @inContext(country: $country, language: $language) {
    product(handle: $handle) {
      title
      priceRange { minVariantPrice { amount currencyCode } }
    }
    localization { country { isoCode name } language { isoCode } }
  }`;

const LOCALIZATION = `#graphql
  query Localization {
    localization {
      availableCountries { isoCode name currency { isoCode } }
      availableLanguages { isoCode endonymName name }
      country {
        isoCode name unitSystem
        currency { isoCode name symbol }
        defaultLanguage { isoCode }
        availableLanguages { isoCode }
        market { id handle }
      }
      language { isoCode endonymName name }
      market { id handle }
    }
  }`;

describe("the buyer's context (@inContext)", () => {
  it("runs a query in Hydrogen's default context (ZZ, EN) and in US and FR, prices unchanged", async () => {
    const contexts = [
      { country: "ZZ", language: "EN" },
      { country: "US", language: "EN" },
      { country: "FR", language: "FR" },
      {},
    ];
    for (const context of contexts) {
      const { data, errors } = await gql(PRODUCT_IN_CONTEXT, {
        handle: "comte-aop-18-mois",
        ...context,
      });
      expect(errors).toBeUndefined();
      expect(data?.product).toEqual({
        title: "Comté AOP 18 mois",
        priceRange: { minVariantPrice: { amount: "12.5", currencyCode: "EUR" } },
      });
      // A country the shop does not sell to answers the default one, French whatever is asked.
      expect(data?.localization).toEqual({
        country: { isoCode: "FR", name: "France" },
        language: { isoCode: "FR" },
      });
    }
  });

  it("makes a country the shop delivers to the active one", async () => {
    const { data, errors } = await gql(
      `#graphql
      query InBelgium @inContext(country: BE, language: NL) {
        localization { country { isoCode name currency { isoCode } } language { isoCode } }
      }`,
    );
    expect(errors).toBeUndefined();
    expect(data?.localization).toEqual({
      country: { isoCode: "BE", name: "Belgique", currency: { isoCode: "EUR" } },
      language: { isoCode: "FR" },
    });
  });

  it("is accepted on a mutation, with every official argument", async () => {
    const { data, errors } = await gql(
      `#graphql
      mutation CartInContext($lines: [CartLineInput!]) @inContext(
        country: US
        language: EN
        buyer: { customerAccessToken: "inconnu" }
        preferredLocationId: "gid://shopify/Location/1"
        visitorConsent: { analytics: true, marketing: false }
      ) {
        cartCreate(input: { lines: $lines }) {
          cart { totalQuantity cost { totalAmount { amount currencyCode } } }
          userErrors { code field message }
        }
      }`,
      { lines: [{ merchandiseId: fixture.miel.variantId, quantity: 2 }] },
    );
    expect(errors).toBeUndefined();
    expect(data?.cartCreate).toEqual({
      cart: { totalQuantity: 2, cost: { totalAmount: { amount: "17.8", currencyCode: "EUR" } } },
      userErrors: [],
    });
  });

  it("refuses it where Shopify does: on a field, or with an unknown code", async () => {
    const onField = await gql(`{ shop @inContext(country: FR) { name } }`);
    expect(onField.errors?.[0]?.message).toBe('Directive "@inContext" may not be used on FIELD.');
    const unknown = await gql(`query @inContext(country: XX) { shop { name } }`);
    expect(unknown.errors?.[0]?.message).toMatch(/Value "XX" does not exist in "CountryCode" enum/);
  });
});

describe("localization", () => {
  it("answers France, in euros and in French, among the countries the shop delivers to", async () => {
    const { data, errors } = await gql(LOCALIZATION);
    expect(errors).toBeUndefined();
    const french = { isoCode: "FR", endonymName: "français", name: "français" };
    const market = { id: "gid://shopify/Market/1", handle: "france" };
    expect(data?.localization).toEqual({
      availableCountries: [
        ["FR", "France"],
        ["BE", "Belgique"],
        ["LU", "Luxembourg"],
        ["MC", "Monaco"],
        ["CH", "Suisse"],
        ["DE", "Allemagne"],
        ["ES", "Espagne"],
        ["IT", "Italie"],
      ].map(([isoCode, name]) => ({ isoCode, name, currency: { isoCode: "EUR" } })),
      availableLanguages: [french],
      country: {
        isoCode: "FR",
        name: "France",
        unitSystem: "METRIC_SYSTEM",
        currency: { isoCode: "EUR", name: "euro", symbol: "€" },
        defaultLanguage: { isoCode: "FR" },
        availableLanguages: [{ isoCode: "FR" }],
        market,
      },
      language: french,
      market,
    });
  });
});

describe("@defer", () => {
  const DEFERRED = `#graphql
    query Deferred($handle: String!) {
      product(handle: $handle) {
        handle
        ... @defer(label: "details") { title vendor }
        ...Price @defer
      }
    }
    fragment Price on Product { priceRange { minVariantPrice { amount } } }`;

  it("answers the deferred fragments with the rest, in one JSON result", async () => {
    const res = await api.request("http://shop.test/api/2024-01/graphql.json", {
      method: "POST",
      headers: {
        "content-type": "application/json",
        accept: "application/json",
        ...PUBLIC_HEADERS,
      },
      body: JSON.stringify({ query: DEFERRED, variables: { handle: "comte-aop-18-mois" } }),
    });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^application\/json/);
    expect(await res.json()).toEqual({
      data: {
        product: {
          handle: "comte-aop-18-mois",
          title: "Comté AOP 18 mois",
          vendor: "Maison Test",
          priceRange: { minVariantPrice: { amount: "12.5" } },
        },
      },
    });
  });

  it("serves Shopify's client, whose requestStream reads the single answer", async () => {
    const client = createStorefrontApiClient({
      storeDomain: "http://shop.test",
      apiVersion: "2024-01",
      publicAccessToken: PUBLIC_TOKEN,
      customFetchApi: (url, init) => Promise.resolve(api.request(String(url), init as RequestInit)),
    });
    const parts = [];
    const stream = await client.requestStream(DEFERRED, {
      variables: { handle: "miel-de-lavande" },
    });
    for await (const part of stream) parts.push(part);
    expect(parts).toHaveLength(1);
    expect(parts[0]?.errors).toBeUndefined();
    expect(parts[0]).toMatchObject({
      hasNext: false,
      data: { product: { handle: "miel-de-lavande", title: "Miel de lavande" } },
    });
  });

  it("is refused on a field, and @stream, which Shopify does not declare, is unknown", async () => {
    const onField = await gql(`{ shop { name @defer } }`);
    expect(onField.errors?.[0]?.message).toBe('Directive "@defer" may not be used on FIELD.');
    const stream = await gql(
      `{ products(first: 2) { nodes @stream(initialCount: 1) { handle } } }`,
    );
    expect(stream.errors?.[0]?.message).toBe('Unknown directive "@stream".');
  });
});
