import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "#db/client.ts";
import {
  type CatalogueFixture,
  graphqlRequest,
  ORIGIN,
  openCartTestShop,
  type TestStorefrontApi,
} from "#platform/commerce/testing.ts";

let database: Database;
let api: TestStorefrontApi;
let fixture: CatalogueFixture;

beforeAll(async () => {
  ({ database, api, fixture } = await openCartTestShop());
});
afterAll(() => database.close());

const CREATE = `#graphql
  mutation AjaxCartCreate($input: CartInput) {
    cartCreate(input: $input) { cart { id } userErrors { message } }
  }`;

async function cartJs(cookie?: string) {
  const res = await api.request(`${ORIGIN}/cart.js`, {
    headers: cookie ? { cookie } : {},
  });
  expect(res.status).toBe(200);
  expect(res.headers.get("cache-control")).toBe("no-store");
  // biome-ignore lint/suspicious/noExplicitAny: the AJAX cart is read field by field
  return (await res.json()) as any;
}

const EMPTY = {
  token: null,
  note: null,
  attributes: {},
  original_total_price: 0,
  items_subtotal_price: 0,
  total_price: 0,
  total_discount: 0,
  total_weight: 0,
  item_count: 0,
  items: [],
  requires_shipping: false,
  currency: "EUR",
};

describe("GET /cart.js", () => {
  it("answers the cart of the cartId cookie in Shopify's AJAX shape, the GID URL-encoded", async () => {
    const created = await graphqlRequest(api, CREATE, {
      input: {
        lines: [
          { merchandiseId: fixture.comte.variantId, quantity: 2 },
          {
            merchandiseId: fixture.caviar.variantId,
            quantity: 1,
            attributes: [{ key: "cadeau", value: "oui" }],
          },
        ],
        attributes: [{ key: "restauration", value: "false" }],
        note: "Merci",
        discountCodes: ["NOEL5"],
      },
    });
    const id: string = created.data.cartCreate.cart.id;
    const cart = await cartJs(`cartId=${encodeURIComponent(id)}`);
    const token = /Cart\/([^?]+)/.exec(id)?.[1];
    expect(cart).toMatchObject({
      token,
      note: "Merci",
      attributes: { restauration: "false" },
      item_count: 3,
      items_subtotal_price: 7500,
      original_total_price: 7500,
      total_discount: 500,
      total_price: 7000,
      currency: "EUR",
      requires_shipping: true,
    });
    const comteVariant = Number(fixture.comte.variantId.split("/").at(-1));
    expect(cart.items[0]).toMatchObject({
      id: comteVariant,
      variant_id: comteVariant,
      product_id: fixture.comte.productId,
      title: "Comté AOP 18 mois",
      quantity: 2,
      price: 1250,
      line_price: 2500,
      sku: "COMTE-AOP-18-MOIS",
      vendor: "Maison Test",
      handle: "comte-aop-18-mois",
      url: `/p/comte-aop-18-mois/?variant=${comteVariant}`,
      image: `${ORIGIN}/cdn/images/products/comte-aop-18-mois-1.svg`,
      properties: {},
    });
    expect(cart.items[1].properties).toEqual({ cadeau: "oui" });

    // The raw GID works as well.
    expect((await cartJs(`cartId=${id}`)).item_count).toBe(3);
  });

  it("answers the empty cart without a cookie, or for an unknown cart", async () => {
    expect(await cartJs()).toEqual(EMPTY);
    expect(
      await cartJs(`cartId=${encodeURIComponent(`gid://shopify/Cart/c1-${"0".repeat(32)}?key=x`)}`),
    ).toEqual(EMPTY);
    expect(await cartJs("cartId=rien")).toEqual(EMPTY);
  });
});
