import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Database } from "#db/client.ts";
import { commerceProduct } from "#platform/commerce/catalogue/schema.ts";
import { MAX_RESOLVED_FIELDS } from "#platform/commerce/graphql/execution-budget.ts";
import {
  MAX_ALIASES,
  MAX_DIRECTIVES,
  MAX_EXPENSIVE_FIELDS,
  MAX_LISTINGS,
  MAX_TOKENS,
} from "#platform/commerce/graphql/limits.ts";
import { insertCollections } from "#platform/commerce/index.ts";
import type { CatalogueSearch } from "#platform/commerce/search-port.ts";
import {
  type Json,
  openTestShop,
  PUBLIC_HEADERS,
  PUBLIC_TOKEN,
  postGraphql,
  seedCartFixture,
  type TestStorefrontApi,
  testStorefrontApi,
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
  searchPage: async () => {
    searches += 1;
    return { ids: [], totalCount: 0 };
  },
};

beforeAll(async () => {
  ({ database, api } = await openTestShop({ search: countingSearch, seed: seedCartFixture }));
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

    // A collection's products filtered compute its facets: 10 collections' are 10 of them.
    expectRefused(
      await graphql(
        `{ collections(first: 10) { nodes { products(first: 1, filters: [{ available: true }]) { filters { id } } } } }`,
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

  it("answers a grid of collections with their first products, facets unfiltered included", async () => {
    const products = await database.db.select({ id: commerceProduct.id }).from(commerceProduct);
    await database.db.transaction((tx) =>
      insertCollections(
        tx,
        Array.from({ length: 20 }, (_, index) => ({
          handle: `rayon-${index}`,
          title: `Rayon ${index}`,
          productIds: products.map((product) => product.id),
        })),
      ),
    );
    for (const query of [
      `{ collections(first: 20) { nodes { handle products(first: 1) { nodes { handle } } } } }`,
      `{ collections(first: 6) { nodes { products(first: 1) { nodes { title } filters { id } } } } }`,
    ]) {
      const answer = await graphql(query);
      expect(answer.body.errors, query).toBeUndefined();
      expect(answer.body.data.collections.nodes.length).toBeGreaterThanOrEqual(6);
    }
    expect(searches).toBe(0);
    // Past MAX_LISTINGS collections' products, refused before anything runs.
    expectRefused(
      await graphql(
        `{ collections(first: ${MAX_LISTINGS + 1}) { nodes { products(first: 1) { nodes { id } } } } }`,
      ),
      "MAX_COST_EXCEEDED",
    );
  });

  it("answers vercel's commerce: 100 products with 250 variants and 20 images, by fragments", async () => {
    const answer = await graphql(VERCEL_PRODUCTS, { sortKey: "TITLE", reverse: false });
    expect(answer.status).toBe(200);
    expect(answer.body.errors).toBeUndefined();
    const products = answer.body.data.products.edges.map((edge: Json) => edge.node);
    expect(products.length).toBeGreaterThan(3);
    const comte = products.find((product: Json) => product.handle === "comte-aop-18-mois");
    expect(comte).toMatchObject({
      title: "Comté AOP 18 mois",
      variants: { edges: [{ node: { price: { amount: "12.5", currencyCode: "EUR" } } }] },
      images: { edges: [{ node: { altText: "Comté AOP 18 mois" } }] },
      seo: expect.any(Object),
    });
    // The same fragment in a collection's listing, and with Shopify's largest page.
    const widest = await graphql(
      `query ($first: Int!) { products(first: $first) { nodes { variants(first: 250) { nodes { id price { amount } } } images(first: 20) { nodes { url } } } } }`,
      { first: 250 },
    );
    expect(widest.body.errors).toBeUndefined();
  });

  it("answers nested large connections with the rows the catalogue holds", async () => {
    const answer = await graphql(
      `{ products(first: 250) { nodes { collections(first: 250) { nodes { handle } } variants(first: 250) { nodes { product { variants(first: 250) { nodes { id } } } } } } } }`,
    );
    expect(answer.body.errors).toBeUndefined();
    for (const product of answer.body.data.products.nodes) {
      expect(product.variants.nodes).toHaveLength(1);
      expect(product.variants.nodes[0].product.variants.nodes).toHaveLength(1);
    }
  });

  it("still refuses abuse, whatever the page sizes", async () => {
    // 250 × 250 facet computations: a collection's products inside 250 products' collections.
    expectRefused(
      await graphql(
        `{ products(first: 250) { nodes { collections(first: 250) { nodes { products(first: 250) { nodes { id } } } } } } }`,
      ),
      "MAX_COST_EXCEEDED",
    );
    expectRefused(
      await graphql(aliased(MAX_ALIASES + 1, "products(first: 250) { nodes { id } }")),
      "MAX_ALIASES_EXCEEDED",
    );
    expect(searches).toBe(0);
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

describe("the fields a request resolves", () => {
  /** A query that loops back on itself: products, their variants, each variant's product… */
  const LOOP = `products(first: 250) { nodes { id title variants(first: 250) { nodes { id product { id title variants(first: 250) { nodes { id title } } } } } } }`;

  it(`answers within ${MAX_RESOLVED_FIELDS} resolved fields, and the same query past a lower budget is one refusal`, async () => {
    const answered = await graphql(`{ ${LOOP} }`);
    expect(answered.body.errors).toBeUndefined();
    const products = answered.body.data.products.nodes;
    expect(products.length).toBeGreaterThan(1);

    const tight = testStorefrontApi(database.db, { maxResolvedFields: 20 });
    const refused = await postGraphql(tight, `{ ${LOOP} }`, {}, PUBLIC_HEADERS, "2025-01");
    expectRefused(refused, "MAX_COMPLEXITY_EXCEEDED");
    expect(refused.body.errors[0].message).toBe(
      "Query resolves more than 20 fields; ask for fewer items or split it",
    );
    // The budget is per request: the next one starts again from zero.
    const small = await postGraphql(tight, "{ shop { name } }", {}, PUBLIC_HEADERS, "2025-01");
    expect(small.body).toEqual({ data: { shop: { name: "Comptoir" } } });
  });

  it("stops an aliased loop before it builds its answer", async () => {
    // Each alias resolves the loop again: within the alias cap, far past the budget once the
    // catalogue has a few products. Here the budget is scaled to the fixture's catalogue.
    const once = await graphql(`{ ${LOOP} }`);
    const perLoop =
      JSON.stringify(once.body).match(/"id"|"title"|"nodes"|"product"|"variants"|"products"/g)
        ?.length ?? 0;
    const tight = testStorefrontApi(database.db, { maxResolvedFields: perLoop * 10 });
    expect(
      (await postGraphql(tight, aliased(5, LOOP), {}, PUBLIC_HEADERS, "2025-01")).body.errors,
    ).toBeUndefined();
    expectRefused(
      await postGraphql(tight, aliased(MAX_ALIASES, LOOP), {}, PUBLIC_HEADERS, "2025-01"),
      "MAX_COMPLEXITY_EXCEEDED",
    );
  });
});

/**
 * vercel/commerce's `getProducts` with its product, image and SEO fragments (`lib/shopify`), less
 * the product's `options` and the variants' `selectedOptions`, which our schema does not serve.
 */
const VERCEL_PRODUCTS = `
  query getProducts($sortKey: ProductSortKeys, $reverse: Boolean, $query: String) {
    products(sortKey: $sortKey, reverse: $reverse, query: $query, first: 100) {
      edges {
        node {
          ...product
        }
      }
    }
  }

  fragment product on Product {
    id
    handle
    availableForSale
    title
    description
    descriptionHtml
    summary: metafield(namespace: "custom", key: "product_summary") {
      value
    }
    priceRange {
      maxVariantPrice {
        amount
        currencyCode
      }
      minVariantPrice {
        amount
        currencyCode
      }
    }
    variants(first: 250) {
      edges {
        node {
          id
          title
          availableForSale
          price {
            amount
            currencyCode
          }
        }
      }
    }
    featuredImage {
      ...image
    }
    images(first: 20) {
      edges {
        node {
          ...image
        }
      }
    }
    seo {
      ...seo
    }
    tags
    updatedAt
  }

  fragment image on Image {
    url
    altText
    width
    height
  }

  fragment seo on SEO {
    description
    title
  }
`;
