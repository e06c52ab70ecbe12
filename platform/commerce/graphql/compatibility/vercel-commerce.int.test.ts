import { parse, validate } from "graphql";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "#db/client.ts";
import { createTestDatabase } from "#db/testing/index.ts";
import { officialStorefrontSchema } from "#platform/commerce/graphql/compatibility/official-schema.ts";
import { PUBLIC_HEADERS, postGraphql, testStorefrontApi } from "#platform/commerce/testing.ts";
import { servedStorefrontOptions } from "#server/storefront-api-testing.ts";

/**
 * Issue 21 item 6: vercel/commerce (the Next.js Commerce template) against our Storefront API.
 * Its `lib/shopify` sends the documents below — written here from what it sends: its fragments
 * (`product`, `image`, `seo`, `cart`, `collection`, `page`) and its queries and mutations — at
 * the version it pins (`/api/2023-01/graphql.json`), with the variables its pages send, and it
 * throws on the first GraphQL error. Each one must answer without errors and with the data its
 * page shows.
 */

const VERSION = "2023-01";

const IMAGE = `fragment image on Image { url altText width height }`;
const SEO = `fragment seo on SEO { description title }`;
const PRODUCT = `fragment product on Product {
  id handle availableForSale title description descriptionHtml
  options { id name values }
  priceRange {
    maxVariantPrice { amount currencyCode }
    minVariantPrice { amount currencyCode }
  }
  variants(first: 250) {
    edges { node {
      id title availableForSale
      selectedOptions { name value }
      price { amount currencyCode }
    } }
  }
  featuredImage { ...image }
  images(first: 20) { edges { node { ...image } } }
  seo { ...seo }
  tags updatedAt
}
${IMAGE}
${SEO}`;
const CART = `fragment cart on Cart {
  id checkoutUrl
  cost {
    subtotalAmount { amount currencyCode }
    totalAmount { amount currencyCode }
    totalTaxAmount { amount currencyCode }
  }
  lines(first: 100) {
    edges { node {
      id quantity
      cost { totalAmount { amount currencyCode } }
      merchandise { ... on ProductVariant {
        id title
        selectedOptions { name value }
        product { ...product }
      } }
    } }
  }
  totalQuantity
}
${PRODUCT}`;
const COLLECTION = `fragment collection on Collection {
  handle title description seo { ...seo } updatedAt
}
${SEO}`;
const PAGE = `fragment page on Page {
  ... on Page { id title handle body bodySummary seo { ...seo } createdAt updatedAt }
}
${SEO}`;

const DOCUMENTS = {
  getCollections: `query getCollections {
    collections(first: 100, sortKey: TITLE) { edges { node { ...collection } } }
  }
  ${COLLECTION}`,
  getCollection: `query getCollection($handle: String!) {
    collection(handle: $handle) { ...collection }
  }
  ${COLLECTION}`,
  getCollectionProducts: `query getCollectionProducts(
    $handle: String!, $sortKey: ProductCollectionSortKeys, $reverse: Boolean
  ) {
    collection(handle: $handle) {
      products(sortKey: $sortKey, reverse: $reverse, first: 100) { edges { node { ...product } } }
    }
  }
  ${PRODUCT}`,
  getProducts: `query getProducts($sortKey: ProductSortKeys, $reverse: Boolean, $query: String) {
    products(sortKey: $sortKey, reverse: $reverse, query: $query, first: 100) {
      edges { node { ...product } }
    }
  }
  ${PRODUCT}`,
  getProduct: `query getProduct($handle: String!) { product(handle: $handle) { ...product } }
  ${PRODUCT}`,
  getProductRecommendations: `query getProductRecommendations($productId: ID!) {
    productRecommendations(productId: $productId) { ...product }
  }
  ${PRODUCT}`,
  getMenu: `query getMenu($handle: String!) { menu(handle: $handle) { items { title url } } }`,
  getPage: `query getPage($handle: String!) { pageByHandle(handle: $handle) { ...page } }
  ${PAGE}`,
  getPages: `query getPages { pages(first: 100) { edges { node { ...page } } } }
  ${PAGE}`,
  createCart: `mutation createCart($lineItems: [CartLineInput!]) {
    cartCreate(input: { lines: $lineItems }) { cart { ...cart } }
  }
  ${CART}`,
  addToCart: `mutation addToCart($cartId: ID!, $lines: [CartLineInput!]!) {
    cartLinesAdd(cartId: $cartId, lines: $lines) { cart { ...cart } }
  }
  ${CART}`,
  getCart: `query getCart($cartId: ID!) { cart(id: $cartId) { ...cart } }
  ${CART}`,
  editCartItems: `mutation editCartItems($cartId: ID!, $lines: [CartLineUpdateInput!]!) {
    cartLinesUpdate(cartId: $cartId, lines: $lines) { cart { ...cart } }
  }
  ${CART}`,
  removeFromCart: `mutation removeFromCart($cartId: ID!, $lineIds: [ID!]!) {
    cartLinesRemove(cartId: $cartId, lineIds: $lineIds) { cart { ...cart } }
  }
  ${CART}`,
} as const;

/** The sort choices of its search and collection pages (`lib/constants.ts`). */
const PRODUCT_SORTS = [
  { sortKey: "RELEVANCE", reverse: false },
  { sortKey: "BEST_SELLING", reverse: false },
  { sortKey: "CREATED_AT", reverse: true },
  { sortKey: "PRICE", reverse: false },
  { sortKey: "PRICE", reverse: true },
];
/** A collection's products: `CREATED_AT` is sent as `CREATED`. */
const COLLECTION_SORTS = PRODUCT_SORTS.map((sort) => ({
  ...sort,
  sortKey: sort.sortKey === "CREATED_AT" ? "CREATED" : sort.sortKey,
}));

let database: Database;
// biome-ignore lint/suspicious/noExplicitAny: tests read arbitrary GraphQL answers
let send: (name: keyof typeof DOCUMENTS, variables?: Record<string, unknown>) => Promise<any>;

beforeAll(async () => {
  database = await createTestDatabase({ seeded: true });
  const api = testStorefrontApi(database.db, servedStorefrontOptions(database.db));
  send = async (name, variables = {}) => {
    const { status, body } = await postGraphql(
      api,
      DOCUMENTS[name],
      variables,
      PUBLIC_HEADERS,
      VERSION,
    );
    expect(status, name).toBe(200);
    // vercel/commerce throws on the first error: none may come back.
    expect(body.errors, `${name}: ${JSON.stringify(body.errors)}`).toBeUndefined();
    return body.data;
  };
});
afterAll(() => database.close());

describe("vercel/commerce's documents", () => {
  it("each parse and validate against Shopify's official schema", () => {
    const official = officialStorefrontSchema();
    const invalid = Object.entries(DOCUMENTS).flatMap(([name, text]) =>
      validate(official, parse(text)).map((error) => `${name}: ${error.message}`),
    );
    expect(invalid).toEqual([]);
  });
});

describe(`vercel/commerce against our Storefront API ${VERSION}, on the demo data`, () => {
  it("lists the collections, opens one and sorts its products every way it offers", async () => {
    const collections = (await send("getCollections")).collections.edges.map(
      (edge: { node: { handle: string; title: string } }) => edge.node,
    );
    expect(collections.length).toBeGreaterThan(5);
    const titles = collections.map((collection: { title: string }) => collection.title);
    // By title as a French reader sorts them: « Épicerie » with the E's, « Bœuf » before « Boucherie ».
    expect(titles).toEqual(
      [...titles].sort(new Intl.Collator("fr", { sensitivity: "base" }).compare),
    );
    const handle = "fromagerie";
    expect((await send("getCollection", { handle })).collection.title).toBe("Fromagerie");
    const counts = new Set<number>();
    for (const sort of COLLECTION_SORTS) {
      const products = (await send("getCollectionProducts", { handle, ...sort })).collection
        .products.edges;
      expect(products.length, sort.sortKey).toBeGreaterThan(10);
      counts.add(products.length);
      if (sort.sortKey === "PRICE") {
        const prices = products.map(
          (edge: { node: { priceRange: { minVariantPrice: { amount: string } } } }) =>
            Number(edge.node.priceRange.minVariantPrice.amount),
        );
        const sorted = [...prices].sort((a, b) => a - b);
        expect(prices).toEqual(sort.reverse ? sorted.reverse() : sorted);
      }
    }
    // Every order shows the same products.
    expect(counts.size).toBe(1);
  });

  it("searches products every way its search page sorts them", async () => {
    for (const sort of PRODUCT_SORTS) {
      const found = (await send("getProducts", { ...sort, query: "fromage" })).products.edges;
      expect(found.length, sort.sortKey).toBeGreaterThan(0);
    }
    const all = (await send("getProducts", { sortKey: "RELEVANCE", reverse: false })).products
      .edges;
    expect(all).toHaveLength(100);
  });

  it("opens a product with its options, variants and pictures, and its recommendations", async () => {
    const listed = (await send("getCollectionProducts", { handle: "fromagerie" })).collection
      .products.edges[0].node;
    const product = (await send("getProduct", { handle: listed.handle })).product;
    expect(product.handle).toBe(listed.handle);
    expect(product.options.length).toBeGreaterThan(0);
    const [variant] = product.variants.edges.map((edge: { node: unknown }) => edge.node);
    expect(variant.selectedOptions).toEqual(
      product.options.map((option: { name: string }, index: number) => ({
        name: option.name,
        value: variant.selectedOptions[index].value,
      })),
    );
    expect(product.featuredImage.url).toMatch(/^http/);
    const recommended = (await send("getProductRecommendations", { productId: product.id }))
      .productRecommendations;
    expect(recommended.length).toBeGreaterThan(0);
    expect(recommended.map((one: { id: string }) => one.id)).not.toContain(product.id);
  });

  it("reads its menus (absent here: null, not an error) and the shop's pages", async () => {
    for (const handle of ["next-js-frontend-header-menu", "next-js-frontend-footer-menu"]) {
      expect((await send("getMenu", { handle })).menu).toBeNull();
    }
    const pages = (await send("getPages")).pages.edges;
    expect(pages.length).toBeGreaterThan(3);
    const page = (await send("getPage", { handle: "cgv" })).pageByHandle;
    expect(page.title).toBe("Conditions générales de vente");
    expect(page.body).toContain("<p>");
  });

  it("creates a cart, adds, reads, changes a line's variant and quantity, and removes it", async () => {
    const created = (await send("createCart")).cartCreate.cart;
    expect(created.totalQuantity).toBe(0);
    const products = (
      await send("getCollectionProducts", { handle: "fromagerie" })
    ).collection.products.edges
      .map(
        (edge: {
          node: {
            availableForSale: boolean;
            variants: { edges: { node: { id: string; availableForSale: boolean } }[] };
          };
        }) => edge.node,
      )
      .filter((node: { availableForSale: boolean }) => node.availableForSale);
    const variantOf = (index: number) =>
      products[index].variants.edges.find(
        (edge: { node: { availableForSale: boolean } }) => edge.node.availableForSale,
      ).node.id;
    const added = (
      await send("addToCart", {
        cartId: created.id,
        lines: [{ merchandiseId: variantOf(0), quantity: 1 }],
      })
    ).cartLinesAdd.cart;
    expect(added.totalQuantity).toBe(1);
    expect(Number(added.cost.totalTaxAmount.amount)).toBeGreaterThan(0);
    const read = (await send("getCart", { cartId: created.id })).cart;
    const [line] = read.lines.edges.map((edge: { node: { id: string } }) => edge.node);
    // Its quantity buttons send the line's id, its variant and the new quantity.
    const edited = (
      await send("editCartItems", {
        cartId: created.id,
        lines: [{ id: line.id, merchandiseId: variantOf(1), quantity: 2 }],
      })
    ).cartLinesUpdate.cart;
    expect(edited.totalQuantity).toBe(2);
    expect(edited.lines.edges[0].node.merchandise.id).toBe(variantOf(1));
    const removed = (await send("removeFromCart", { cartId: created.id, lineIds: [line.id] }))
      .cartLinesRemove.cart;
    expect(removed.totalQuantity).toBe(0);
  });
});
