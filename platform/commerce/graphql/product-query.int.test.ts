import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "#db/client.ts";
import { createTestDatabase } from "#db/testing/index.ts";
import {
  graphqlRequest,
  type TestStorefrontApi,
  testStorefrontApi,
} from "#platform/commerce/testing.ts";
import { forgetSynonymRules, saveSearchSynonym } from "#platform/search/index.ts";

/**
 * `products(query:)` in Shopify's search syntax (issue 52), on the demo catalogue through the
 * Storefront API: each form of the syntax, free text on the shop's French folding and synonyms,
 * and never the whole catalogue for a query that matches nothing or cannot be read. What each
 * query finds is checked against the catalogue as the test reads it itself.
 */
let database: Database;
let api: TestStorefrontApi;

type Product = {
  id: string;
  handle: string;
  title: string;
  vendor: string;
  productType: string;
  tags: string[];
  availableForSale: boolean;
  createdAt: string;
  prices: number[];
};
let catalogue: Product[];

const PRODUCTS = /* GraphQL */ `
  query Products($query: String, $after: String) {
    products(first: 250, after: $after, query: $query) {
      pageInfo { hasNextPage endCursor }
      nodes {
        id handle title vendor productType tags availableForSale createdAt
        variants(first: 10) { nodes { price { amount } } }
      }
    }
  }`;

/** Every product a query lists, through the pages. */
async function products(query: string | null): Promise<Product[]> {
  const found: Product[] = [];
  let after: string | null = null;
  for (;;) {
    const body = await graphqlRequest(api, PRODUCTS, { query, after });
    expect(body.errors, query ?? "").toBeUndefined();
    const page = body.data.products;
    for (const node of page.nodes) {
      found.push({
        ...node,
        prices: node.variants.nodes.map((variant: { price: { amount: string } }) =>
          Number(variant.price.amount),
        ),
      });
    }
    if (!page.pageInfo.hasNextPage) return found;
    after = page.pageInfo.endCursor;
  }
}

const handles = (list: Product[]) => list.map((product) => product.handle).sort();
const fold = (text: string) =>
  text
    .toLowerCase()
    .normalize("NFD")
    .replace(/\p{M}+/gu, "");
/** The folded words of a text. */
const wordsOf = (text: string) =>
  fold(text)
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);

beforeAll(async () => {
  database = await createTestDatabase({ seeded: true });
  api = testStorefrontApi(database.db);
  catalogue = await products(null);
}, 120_000);
afterAll(() => database?.close());

describe("products(query:) in Shopify's search syntax", () => {
  it("lists every product without a query, and an empty query too", async () => {
    expect(catalogue.length).toBeGreaterThan(300);
    expect((await products("")).length).toBe(catalogue.length);
  });

  it("finds by free text only the products whose title, vendor, type or tags hold the word", async () => {
    const found = await products("chablis");
    expect(found.length).toBeGreaterThan(0);
    expect(found.length).toBeLessThan(catalogue.length);
    const holds = (product: Product) =>
      [product.title, product.vendor, product.productType, ...product.tags].some((text) =>
        wordsOf(text).includes("chablis"),
      );
    expect(handles(found)).toEqual(handles(catalogue.filter(holds)));
  });

  it("folds accents and plurals as the shop's search does, and takes a prefix", async () => {
    const plain = handles(await products("title:pate"));
    expect(plain.length).toBeGreaterThan(0);
    expect(handles(await products("title:PÂTÉS"))).toEqual(handles(await products("title:pâté")));
    const prefix = await products("title:choc*");
    expect(prefix.length).toBeGreaterThan(0);
    for (const product of prefix) {
      expect(
        wordsOf(product.title).some((word) => word.startsWith("choc")),
        product.title,
      ).toBe(true);
    }
  });

  it("applies the staff's synonyms to free text", async () => {
    const saved = await database.db.transaction((tx) =>
      saveSearchSynonym(
        tx,
        { term: "pinard", replacements: ["vin"], kind: "one-way" },
        { by: "test@comptoir.test" },
      ),
    );
    expect(saved.ok).toBe(true);
    // What the server does when it hears of the edit (server/invalidation-caches.ts).
    forgetSynonymRules();
    const viaSynonym = handles(await products("title:pinard"));
    expect(viaSynonym).toEqual(handles(await products("title:vin")));
    expect(viaSynonym.length).toBeGreaterThan(0);
  });

  it("reads the fields Shopify documents for products", async () => {
    const tagged = catalogue.find((product) => product.tags.length > 0);
    const tag = tagged?.tags[0] ?? "";
    expect(handles(await products(`tag:'${tag}'`))).toEqual(
      handles(catalogue.filter((product) => product.tags.includes(tag))),
    );
    expect(handles(await products(`tag_not:'${tag}'`))).toEqual(
      handles(catalogue.filter((product) => !product.tags.includes(tag))),
    );
    const vendor = catalogue.find((product) => product.vendor.includes(" "))?.vendor ?? "";
    expect(handles(await products(`vendor:"${vendor.toUpperCase()}"`))).toEqual(
      handles(catalogue.filter((product) => product.vendor === vendor)),
    );
    const type = catalogue.find((product) => product.productType)?.productType ?? "";
    expect(handles(await products(`product_type:"${type}"`))).toEqual(
      handles(catalogue.filter((product) => product.productType === type)),
    );
    expect(handles(await products("available_for_sale:false"))).toEqual(
      handles(catalogue.filter((product) => !product.availableForSale)),
    );
    expect(handles(await products(`handle:${tagged?.handle}`))).toEqual([tagged?.handle]);
    expect(handles(await products(`id:${tagged?.id}`))).toEqual([tagged?.handle]);
  });

  it("compares prices, dates and ids", async () => {
    expect(handles(await products("variants.price:<5"))).toEqual(
      handles(catalogue.filter((product) => product.prices.some((price) => price < 5))),
    );
    expect(handles(await products("variants.price:>=30 variants.price:<=40"))).toEqual(
      handles(
        catalogue.filter(
          (product) =>
            product.prices.some((price) => price >= 30) &&
            product.prices.some((price) => price <= 40),
        ),
      ),
    );
    const dates = catalogue.map((product) => product.createdAt).sort();
    const middle = dates[Math.floor(dates.length / 2)] ?? "";
    expect(handles(await products(`created_at:>'${middle}'`))).toEqual(
      handles(catalogue.filter((product) => product.createdAt > middle)),
    );
  });

  it("joins terms with AND, OR, NOT and parentheses", async () => {
    const chablis = handles(await products("title:chablis"));
    const champagne = handles(await products("title:champagne"));
    expect(chablis.length * champagne.length).toBeGreaterThan(0);
    expect(handles(await products("title:chablis OR title:champagne"))).toEqual(
      [...new Set([...chablis, ...champagne])].sort(),
    );
    const available = new Set(handles(await products("available_for_sale:true")));
    expect(
      handles(await products("(title:chablis OR title:champagne) AND available_for_sale:true")),
    ).toEqual(
      [...new Set([...chablis, ...champagne])].filter((handle) => available.has(handle)).sort(),
    );
    const notChablis = handles(await products("-title:chablis"));
    expect(notChablis.length).toBe(catalogue.length - chablis.length);
    expect(handles(await products("NOT title:chablis"))).toEqual(notChablis);
  });

  it("answers search(query:) in the same syntax, with its count and facets", async () => {
    const query = "title:chablis OR tag:bio";
    const body = await graphqlRequest(
      api,
      `query ($query: String!) { search(query: $query, first: 250, types: [PRODUCT]) {
        totalCount nodes { ... on Product { handle } } productFilters { id } } }`,
      { query },
    );
    expect(body.errors).toBeUndefined();
    const expected = handles(await products(query));
    expect(expected.length).toBeGreaterThan(0);
    expect(body.data.search.nodes.map((node: { handle: string }) => node.handle).sort()).toEqual(
      expected,
    );
    expect(body.data.search.totalCount).toBe(expected.length);
    expect(body.data.search.productFilters.length).toBeGreaterThan(0);
  });

  it("lists nothing for a query that matches nothing or cannot be read", async () => {
    for (const query of [
      "zzqxw",
      "title:zzqxw",
      "()",
      "couleur:rouge",
      "variants.price:<abc",
      "created_at:>hier",
      "AND OR",
      "tag:",
    ]) {
      expect(await products(query), query).toEqual([]);
    }
  });
});
