/**
 * Cart budget of DESIGN.md §8: adding a line to a cart, p95 < 40 ms server time, measured
 * in-process around the Storefront API handler on the scale catalogue (no network in the way).
 * Each add asks for what the storefront reloads after it: the cart with its lines and totals.
 */
import { sql } from "drizzle-orm";
import { storefrontApi, toGid } from "#platform/commerce/index.ts";
import { type BenchResult, openScaleCatalogue, result, time } from "./measure.ts";

const TOKEN = "bench-public-token-0123456789";
/** A fresh cart every so many adds, so carts stay the size shoppers' carts are. */
const ADDS_PER_CART = 20;

export async function runCartBench(): Promise<BenchResult[]> {
  const database = await openScaleCatalogue();
  const api = storefrontApi({
    db: database.db,
    search: {
      predictive: async () => ({ productIds: [], collectionIds: [], queries: [] }),
      matchingProductIds: async () => [],
      searchPage: async () => ({ ids: [], totalCount: 0 }),
    },
    publicToken: TOKEN,
    privateToken: TOKEN,
    publicOrigin: "http://localhost:3000",
  });
  const graphql = async <T>(query: string, variables: Record<string, unknown>): Promise<T> => {
    const res = await api.request("http://bench/api/2024-01/graphql.json", {
      method: "POST",
      headers: { "content-type": "application/json", "x-shopify-storefront-access-token": TOKEN },
      body: JSON.stringify({ query, variables }),
    });
    const body = (await res.json()) as { errors?: unknown; data: T };
    if (body.errors) throw new Error(JSON.stringify(body.errors));
    return body.data;
  };

  const variants = (
    (await database.db.execute(sql`
      select v.id from commerce_variant v join commerce_product p on p.id = v.product_id
      where v.available_for_sale and p.available_for_sale and not p.archived
        and not ('restauration' = any(p.tags)) and not ('unavailable' = any(p.tags))
      order by v.id limit 400`)) as unknown as { rows: { id: number }[] }
  ).rows.map((row) => toGid("ProductVariant", row.id));

  let cartId = "";
  const add = async (i: number) => {
    if (i % ADDS_PER_CART === 0) {
      const created = await graphql<{ cartCreate: { cart: { id: string } } }>(CART_CREATE, {});
      cartId = created.cartCreate.cart.id;
    }
    const data = await graphql<{ cartLinesAdd: { userErrors: unknown[] } }>(CART_LINES_ADD, {
      cartId,
      lines: [{ merchandiseId: variants[i % variants.length], quantity: 1 }],
    });
    if (data.cartLinesAdd.userErrors.length > 0) {
      throw new Error(JSON.stringify(data.cartLinesAdd.userErrors));
    }
  };
  await time(add); // warm-up
  const adds = await time(add);
  await database.close();
  return [result("cart mutation (add a line)", adds, 40)];
}

const CART_CREATE = `#graphql
  mutation BenchCartCreate { cartCreate(input: {}) { cart { id } userErrors { message } } }`;

/** The add-to-cart mutation with what the cart panel shows afterwards. */
const CART_LINES_ADD = `#graphql
  mutation BenchCartLinesAdd($cartId: ID!, $lines: [CartLineInput!]!) {
    cartLinesAdd(cartId: $cartId, lines: $lines) {
      cart {
        id totalQuantity
        cost { subtotalAmount { amount currencyCode } totalAmount { amount currencyCode } }
        lines(first: 100) {
          nodes {
            id quantity
            cost { totalAmount { amount } amountPerQuantity { amount } compareAtAmountPerQuantity { amount } }
            merchandise { ... on ProductVariant { id title product { handle title vendor tags } } }
          }
        }
      }
      userErrors { field message }
    }
  }`;
