import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Database } from "#db/client.ts";
import {
  MAX_ALIASES,
  MAX_DIRECTIVES,
  MAX_EXPENSIVE_FIELDS,
  MAX_TOKENS,
} from "#platform/commerce/graphql/limits.ts";
import type { CatalogueSearch } from "#platform/commerce/search-port.ts";
import {
  type Json,
  openTestShop,
  PUBLIC_HEADERS,
  PUBLIC_TOKEN,
  postGraphql,
  type TestStorefrontApi,
} from "#platform/commerce/testing.ts";

let database: Database;
let api: TestStorefrontApi;
/** How many times a resolver reached the search: a refused request must never get there. */
let searches = 0;

const countingSearch: CatalogueSearch = {
  predictive: async () => {
    searches += 1;
    return { productIds: [], collectionIds: [], queries: [] };
  },
  matchingProductIds: async () => {
    searches += 1;
    return [];
  },
};

beforeAll(async () => {
  ({ database, api } = await openTestShop({ search: countingSearch }));
});
afterAll(() => database?.close());
beforeEach(() => {
  searches = 0;
});

const graphql = (query: string, variables: Json = {}) =>
  postGraphql(api, query, variables, PUBLIC_HEADERS, "2025-01");

/** Shopify's refusal: HTTP 200, one error with a message and a code, no data. */
function expectRefused(answer: { status: number; body: Json }, code: string) {
  expect(answer.status).toBe(200);
  expect(answer.body.data).toBeUndefined();
  expect(answer.body.errors).toEqual([{ message: expect.any(String), extensions: { code } }]);
}

const aliased = (count: number, field: string) =>
  `{ ${Array.from({ length: count }, (_, i) => `a${i}: ${field}`).join(" ")} }`;

describe("bounded work per request", () => {
  it("refuses 1 500 aliased predictive searches before any resolver runs", async () => {
    const query = aliased(1500, `predictiveSearch(query: "comte") { products { id title } }`);
    expect(query.length).toBeGreaterThan(80_000); // the pentest's 95 kB request
    const answer = await graphql(query);
    expect(answer.status).toBe(200);
    expect(answer.body.data).toBeUndefined();
    expect(answer.body.errors[0].extensions.code).toMatch(/^MAX_\w+_EXCEEDED$/);
    expect(searches).toBe(0);
  });

  it(`caps aliases at ${MAX_ALIASES}`, async () => {
    expectRefused(await graphql(aliased(MAX_ALIASES + 1, "shop { name }")), "MAX_ALIASES_EXCEEDED");
    const within = await graphql(aliased(MAX_ALIASES, `product(handle: "comte") { id }`));
    expect(within.body.errors).toBeUndefined();
  });

  it(`caps directives at ${MAX_DIRECTIVES}`, async () => {
    const fields = (n: number) =>
      `product(handle: "comte") { ${"id @include(if: true) ".repeat(n)} }`;
    const refused = await graphql(`{ ${fields(MAX_DIRECTIVES + 1)} }`);
    expectRefused(refused, "MAX_DIRECTIVES_EXCEEDED");
    expect(refused.body.errors[0].message).toBe(
      `Directives limit of ${MAX_DIRECTIVES} exceeded, found ${MAX_DIRECTIVES + 1}.`,
    );
    expect((await graphql(`{ ${fields(MAX_DIRECTIVES)} }`)).body.errors).toBeUndefined();
  });

  it(`caps tokens at ${MAX_TOKENS}`, async () => {
    // `{ product ( handle : "comte" ) {` and `} }` are 10 tokens, each `id` one more.
    const ids = (n: number) => `{ product(handle: "comte") { ${"id ".repeat(n)} } }`;
    const refused = await graphql(ids(MAX_TOKENS - 9));
    expectRefused(refused, "MAX_TOKENS_EXCEEDED");
    expect(refused.body.errors[0].message).toBe(`Token limit of ${MAX_TOKENS} exceeded.`);
    // At the cap the parser lets it through (graphql-js's validation then aborts on so many
    // identical fields); a large real query, 250 metafields by identifier, runs.
    const atCap = await graphql(ids(MAX_TOKENS - 10));
    expect(atCap.body.errors?.[0]?.extensions?.code).not.toBe("MAX_TOKENS_EXCEEDED");
    const identifiers = Array.from(
      { length: 250 },
      (_, i) => `{ namespace: "custom", key: "k${i}" }`,
    ).join(", ");
    const large = await graphql(
      `{ product(handle: "comte") { metafields(identifiers: [${identifiers}]) { key } } }`,
    );
    expect(large.body.errors).toBeUndefined();
  });

  it(`runs at most ${MAX_EXPENSIVE_FIELDS} searches or facet computations`, async () => {
    const search = `search(query: "comte", first: 5) { nodes { __typename } }`;
    const refused = await graphql(aliased(MAX_EXPENSIVE_FIELDS + 1, search));
    expectRefused(refused, "MAX_COST_EXCEEDED");
    expect(searches).toBe(0);

    const within = await graphql(aliased(MAX_EXPENSIVE_FIELDS, search));
    expect(within.body.errors).toBeUndefined();
    expect(searches).toBe(MAX_EXPENSIVE_FIELDS);

    // A collection's products compute its facets: 10 collections' products are 10 of them.
    expectRefused(
      await graphql(
        `{ collections(first: 10) { nodes { products(first: 1) { filters { id } } } } }`,
      ),
      "MAX_COST_EXCEEDED",
    );
    // So are searches asked through a fragment, and through variables.
    expectRefused(
      await graphql(
        `query ($q: String!) { ${Array.from({ length: 6 }, (_, i) => `s${i}: predictiveSearch(query: $q) { ...Found }`).join(" ")} }
         fragment Found on PredictiveSearchResult { queries { text } }`,
        { q: "comte" },
      ),
      "MAX_COST_EXCEEDED",
    );
  });

  it("accepts what real Shopify clients send: 100 products with 250 variants each", async () => {
    const answer = await graphql(
      `{ products(first: 100) { nodes { id variants(first: 250) { nodes { id } } } } }`,
    );
    expect(answer.body.errors).toBeUndefined();
    expect(answer.body.data.products.nodes).toEqual([]);
    const withVariables = await graphql(
      `query ($first: Int!) { products(first: $first) { nodes { variants(first: 250) { nodes { id price { amount } } } images(first: 20) { nodes { url } } } } }`,
      { first: 250 },
    );
    expect(withVariables.body.errors).toBeUndefined();
  });

  it("still refuses a third level of large connections", async () => {
    expectRefused(
      await graphql(
        `{ products(first: 100) { nodes { collections(first: 100) { nodes { handle } } variants(first: 250) { nodes { product { variants(first: 250) { nodes { id } } } } } } } }`,
      ),
      "MAX_COST_EXCEEDED",
    );
  });

  it("applies the limits to GET requests too", async () => {
    const url = new URL("http://shop.test/api/2025-01/graphql.json");
    url.searchParams.set(
      "query",
      aliased(MAX_EXPENSIVE_FIELDS + 1, `predictiveSearch(query: "a") { queries { text } }`),
    );
    const response = await api.fetch(
      new Request(url, {
        headers: { "X-Shopify-Storefront-Access-Token": PUBLIC_TOKEN, accept: "application/json" },
      }),
    );
    expectRefused(
      { status: response.status, body: (await response.json()) as Json },
      "MAX_COST_EXCEEDED",
    );
    expect(searches).toBe(0);
  });
});
