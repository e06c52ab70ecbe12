import { eq } from "drizzle-orm";
import type { Hono } from "hono";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "#db/client.ts";
import { parseCartGid } from "#platform/commerce/cart/records.ts";
import { commerceDiscountCode } from "#platform/commerce/cart/schema.ts";
import {
  type CatalogueFixture,
  graphqlRequest,
  openCheckoutTestShop,
  orderOfCartToken,
  postCheckoutForm,
  slotAttributes,
  type TestStorefrontApi,
} from "#platform/commerce/testing.ts";
import { paymentAttempt } from "#platform/payments/tables.ts";

/**
 * A discount code's usage limit (issue 19, item 5): the cart stops applying a used-up code with
 * Shopify's warning, placing an order counts one use, a declined card counts none, and two
 * orders racing for the last use give one order; the other is refused and charged nothing.
 */

let database: Database;
let app: Hono;
let api: TestStorefrontApi;
let fixture: CatalogueFixture;

/** The ordering store the carts pick up from (the checkout books its slot at payment). */
const STORE = 41;

beforeAll(async () => {
  ({ database, api, fixture, app } = await openCheckoutTestShop([
    { physicalRestaurantId: STORE, capacity: 50 },
  ]));
});
afterAll(() => database.close());

const CREATE = `#graphql
  mutation LimitCartCreate($input: CartInput) {
    cartCreate(input: $input) {
      cart { id checkoutUrl discountCodes { code applicable } cost { totalAmount { amount } } }
      warnings { code message }
      userErrors { message }
    }
  }`;

async function newCart(code: string) {
  const body = await graphqlRequest(api, CREATE, {
    input: {
      lines: [{ merchandiseId: fixture.comte.variantId, quantity: 2 }],
      discountCodes: [code],
      attributes: slotAttributes({ mode: 2, physicalRestaurantId: STORE }),
    },
  });
  expect(body.data.cartCreate.userErrors).toEqual([]);
  const cart = body.data.cartCreate.cart;
  const url = new URL(cart.checkoutUrl);
  return {
    ...cart,
    warnings: body.data.cartCreate.warnings,
    path: `${url.pathname}${url.search}`,
    token: parseCartGid(cart.id)?.token ?? "",
  };
}

const form = {
  email: "paul@example.fr",
  phone: "06 12 34 56 78",
  deliveryMethod: "retrait",
  firstName: "Paul",
  lastName: "Durand",
  address1: "",
  address2: "",
  zip: "",
  city: "",
  country: "FR",
  cardHolder: "Paul Durand",
  cardNumber: "4242 4242 4242 4242",
  cardExpiry: "12/29",
  cardCvc: "123",
};

const post = (path: string, fields: Record<string, string>) => postCheckoutForm(app, path, fields);

async function addCode(code: string, usageLimit: number | null) {
  await database.db.insert(commerceDiscountCode).values({
    code,
    title: code,
    kind: "fixed",
    value: 300,
    startsAt: new Date("2025-01-01T00:00:00Z"),
    usageLimit,
  });
}

async function usesOf(code: string) {
  const [row] = await database.db
    .select({ uses: commerceDiscountCode.usesCount })
    .from(commerceDiscountCode)
    .where(eq(commerceDiscountCode.code, code));
  return row?.uses;
}

const orderOf = (token: string) => orderOfCartToken(database.db, token);

describe("a discount code's usage limit", () => {
  it("counts a use per order placed, none for a declined card, and then stops applying", async () => {
    await addCode("DEUXFOIS", 2);
    const first = await newCart("deuxfois");
    expect(first.discountCodes).toEqual([{ code: "DEUXFOIS", applicable: true }]);
    // 2 × 12,50 € − 3 €
    expect(first.cost.totalAmount.amount).toBe("22.0");

    // Declined on the provider's page: the shopper stays there, nothing is used.
    const declined = await post(first.path, { ...form, cardNumber: "4000 0000 0000 0002" });
    expect(declined.status).toBe(402);
    expect(await usesOf("DEUXFOIS")).toBe(0);

    expect((await post(first.path, form)).status).toBe(303);
    expect(await usesOf("DEUXFOIS")).toBe(1);
    expect((await orderOf(first.token))?.discountApplications).toEqual([
      { code: "DEUXFOIS", kind: "fixed", value: 300, amountCents: 300 },
    ]);

    const second = await newCart("DEUXFOIS");
    expect((await post(second.path, form)).status).toBe(303);
    expect(await usesOf("DEUXFOIS")).toBe(2);

    const third = await newCart("DEUXFOIS");
    expect(third.discountCodes).toEqual([{ code: "DEUXFOIS", applicable: false }]);
    expect(third.cost.totalAmount.amount).toBe("25.0");
    expect(third.warnings).toEqual([
      {
        code: "DISCOUNT_USAGE_LIMIT_REACHED",
        message: "Le code promo « DEUXFOIS » a atteint son nombre maximal d'utilisations.",
      },
    ]);
  });

  it("gives the last use to one of two concurrent orders; the other is refused and not charged", async () => {
    await addCode("DERNIER", 1);
    const carts = [await newCart("DERNIER"), await newCart("DERNIER")];
    const answers = await Promise.all(carts.map((cart) => post(cart.path, form)));
    expect(answers.map((answer) => answer.status).sort()).toEqual([303, 422]);
    const refused = answers.find((answer) => answer.status === 422);
    // Refused before paying, or, when both were paying at once, refunded once paid.
    expect(await refused?.text()).toContain(
      "Le code promo « DERNIER » a atteint son nombre maximal d&#39;utilisations",
    );
    expect(await usesOf("DERNIER")).toBe(1);
    const orders = await Promise.all(carts.map((cart) => orderOf(cart.token)));
    expect(orders.filter(Boolean)).toHaveLength(1);
    // The refused order's charge was rolled back with it.
    const charges = await database.db
      .select()
      .from(paymentAttempt)
      .where(eq(paymentAttempt.status, "placed"));
    const charged = new Set(charges.map((charge) => charge.reference));
    expect(carts.filter((cart) => charged.has(cart.token))).toHaveLength(1);
  });

  it("counts the uses of a code without a limit", async () => {
    await addCode("SANSLIMITE", null);
    for (let i = 0; i < 3; i++) {
      const cart = await newCart("sanslimite");
      expect((await post(cart.path, form)).status).toBe(303);
    }
    expect(await usesOf("SANSLIMITE")).toBe(3);
  });
});
