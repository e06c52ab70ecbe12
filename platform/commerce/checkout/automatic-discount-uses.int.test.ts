import { eq } from "drizzle-orm";
import type { Hono } from "hono";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "#db/client.ts";
import { findCartByToken, parseCartGid } from "#platform/commerce/cart/records.ts";
import { commerceDiscountCode } from "#platform/commerce/cart/schema.ts";
import { type CartView, loadCartView } from "#platform/commerce/cart/view.ts";
import { DELIVERY_METHODS } from "#platform/commerce/checkout/delivery.ts";
import { AutomaticDiscountUsedUp } from "#platform/commerce/discounts/discounts.ts";
import { createOrderFromCart, orderGid } from "#platform/commerce/orders/orders.ts";
import {
  type CatalogueFixture,
  graphqlRequest,
  NOW,
  ORIGIN,
  openCheckoutTestShop,
  orderOfCartToken,
  postCheckoutForm,
  slotAttributes,
  type TestStorefrontApi,
} from "#platform/commerce/testing.ts";
import { notifyOutbox } from "#platform/notify/tables.ts";
import { paymentAttempt } from "#platform/payments/tables.ts";

/**
 * An automatic discount at the checkout (issue 19, item 5): the hosted page shows it by its
 * title, the order records it as Shopify's `AutomaticDiscountApplication` and counts one use of it
 * in its transaction (none for a declined card); of two orders racing for its last use, one gets
 * it and the other is refused, charged nothing (or, placed after, pays the full price); an order
 * whose code applies counts no use of it.
 */

let database: Database;
let app: Hono;
let api: TestStorefrontApi;
let fixture: CatalogueFixture;

const STORE = 42;
const TITLE = "3 € offerts dès 20 €";

beforeAll(async () => {
  ({ database, api, fixture, app } = await openCheckoutTestShop([
    { physicalRestaurantId: STORE, capacity: 50 },
  ]));
});
afterAll(() => database.close());

const CREATE = `#graphql
  mutation AutomaticUsesCartCreate($input: CartInput) {
    cartCreate(input: $input) {
      cart { id checkoutUrl cost { totalAmount { amount } } }
      userErrors { message }
    }
  }`;

const ORDER = `#graphql
  query AutomaticUsesOrder($id: ID!) {
    node(id: $id) {
      ... on Order {
        discountApplications(first: 5) {
          nodes {
            __typename allocationMethod targetSelection targetType
            value { ... on MoneyV2 { amount } }
            ... on AutomaticDiscountApplication { title }
            ... on DiscountCodeApplication { code }
          }
        }
        lineItems(first: 5) {
          nodes {
            title
            discountAllocations {
              allocatedAmount { amount }
              discountApplication { ... on AutomaticDiscountApplication { title } }
            }
          }
        }
      }
    }
  }`;

async function newCart(discountCodes: string[] = []) {
  const body = await graphqlRequest(api, CREATE, {
    input: {
      lines: [{ merchandiseId: fixture.comte.variantId, quantity: 2 }],
      discountCodes,
      attributes: slotAttributes({ mode: 2, physicalRestaurantId: STORE }),
    },
  });
  expect(body.data.cartCreate.userErrors).toEqual([]);
  const cart = body.data.cartCreate.cart;
  const url = new URL(cart.checkoutUrl);
  return {
    ...cart,
    path: `${url.pathname}${url.search}`,
    token: parseCartGid(cart.id)?.token ?? "",
  };
}

const form = {
  email: "lea@example.fr",
  phone: "06 12 34 56 78",
  deliveryMethod: "retrait",
  firstName: "Léa",
  lastName: "Moreau",
  address1: "",
  address2: "",
  zip: "",
  city: "",
  country: "FR",
  cardHolder: "Léa Moreau",
  cardNumber: "4242 4242 4242 4242",
  cardExpiry: "12/29",
  cardCvc: "123",
};

const post = (path: string, fields: Record<string, string>) => postCheckoutForm(app, path, fields);

/** The shop's only automatic discount: 3 € off from 20 €, with this usage limit. */
async function setAutomatic(usageLimit: number | null) {
  await database.db.delete(commerceDiscountCode).where(eq(commerceDiscountCode.automatic, true));
  await database.db.insert(commerceDiscountCode).values({
    code: null,
    automatic: true,
    title: TITLE,
    kind: "fixed",
    value: 300,
    minimumSubtotalCents: 2000,
    startsAt: new Date("2025-01-01T00:00:00Z"),
    usageLimit,
  });
}

async function automaticUses() {
  const [row] = await database.db
    .select({ uses: commerceDiscountCode.usesCount })
    .from(commerceDiscountCode)
    .where(eq(commerceDiscountCode.automatic, true));
  return row?.uses;
}

const orderOf = (token: string) => orderOfCartToken(database.db, token);

describe("an automatic discount at the checkout", () => {
  it("is shown by its title, recorded on the order and counted once per order placed", async () => {
    await setAutomatic(10);
    const cart = await newCart();
    // 2 × 12,50 € − 3 €
    expect(cart.cost.totalAmount.amount).toBe("22.0");
    const page = await (await app.request(`${ORIGIN}${cart.path}`)).text();
    expect(page).toContain(`Remise automatique : ${TITLE}`);

    // Declined on the provider's page: the shopper stays there, nothing is used.
    const declined = await post(cart.path, { ...form, cardNumber: "4000 0000 0000 0002" });
    expect(declined.status).toBe(402);
    expect(await automaticUses()).toBe(0);

    expect((await post(cart.path, form)).status).toBe(303);
    expect(await automaticUses()).toBe(1);
    const order = await orderOf(cart.token);
    expect(order?.discountApplications).toEqual([
      { automatic: true, title: TITLE, kind: "fixed", value: 300, amountCents: 300 },
    ]);
    expect(order?.totalDiscountCents).toBe(300);

    const body = await graphqlRequest(api, ORDER, { id: orderGid(order ?? ({} as never)) });
    expect(body.errors).toBeUndefined();
    expect(body.data.node.discountApplications.nodes).toEqual([
      {
        __typename: "AutomaticDiscountApplication",
        allocationMethod: "ACROSS",
        targetSelection: "ALL",
        targetType: "LINE_ITEM",
        value: { amount: "3.0" },
        title: TITLE,
      },
    ]);
    expect(body.data.node.lineItems.nodes[0].discountAllocations).toEqual([
      { allocatedAmount: { amount: "3.0" }, discountApplication: { title: TITLE } },
    ]);

    // The confirmation email names it.
    const [email] = await database.db
      .select({ text: notifyOutbox.text })
      .from(notifyOutbox)
      .where(eq(notifyOutbox.kind, "order-confirmation"));
    expect(email?.text).toContain(`Remise automatique : ${TITLE} : -3,00\u00a0€`);
  });

  it("refuses an order whose view still had the discount once another took its last use", async () => {
    await setAutomatic(1);
    const carts = [await newCart(), await newCart()];
    // Both carts were priced with the discount; the first order takes its last use.
    const views = await Promise.all(
      carts.map(async (cart) => {
        const row = await findCartByToken(
          database.db,
          cart.token,
          parseCartGid(cart.id)?.key ?? "",
        );
        if (!row) throw new Error("no cart");
        return loadCartView(database.db, row, NOW);
      }),
    );
    expect(views.map((view) => view.automaticDiscount?.title)).toEqual([TITLE, TITLE]);
    const place = (view: CartView) =>
      database.db.transaction((tx) =>
        createOrderFromCart(tx, {
          view,
          email: "lea@example.fr",
          phone: null,
          shippingAddress: null,
          billingAddress: null,
          delivery: { ...DELIVERY_METHODS.retrait, feeCents: 0 },
          chargeId: null,
          now: NOW,
        }),
      );
    await place(views[0] as CartView);
    await expect(place(views[1] as CartView)).rejects.toThrow(AutomaticDiscountUsedUp);
    expect(await automaticUses()).toBe(1);
    // The refused order left nothing behind.
    expect(await orderOf(carts[1]?.token ?? "")).toBeUndefined();
  });

  it("gives its last use to one of two concurrent orders; the other pays the full price or is refused, charged nothing", async () => {
    await setAutomatic(1);
    const carts = [await newCart(), await newCart()];
    const answers = await Promise.all(carts.map((cart) => post(cart.path, form)));
    expect(await automaticUses()).toBe(1);
    const orders = await Promise.all(carts.map((cart) => orderOf(cart.token)));
    const discounted = orders.filter((order) => order?.totalDiscountCents === 300);
    expect(discounted).toHaveLength(1);
    // What the provider kept: the placed payments (a refunded one is given back).
    const charges = await database.db
      .select()
      .from(paymentAttempt)
      .where(eq(paymentAttempt.status, "placed"));
    for (const [index, answer] of answers.entries()) {
      const cart = carts[index];
      const order = orders[index];
      const charged = charges.filter((charge) => charge.reference === cart?.token);
      if (answer.status === 303) {
        // Placed: with the discount (it won the race), or after the other committed, without it.
        expect(charged.map((charge) => charge.amountCents)).toEqual([order?.totalCents]);
      } else {
        // Priced with the discount, then beaten to its last use while paying: the cart no
        // longer comes to what was paid, and the payment is refunded.
        expect(answer.status).toBe(422);
        expect(await answer.text()).toMatch(
          /Votre paiement de 22,50\u00a0€ a été remboursé et aucune commande n&#39;a été passée\./,
        );
        expect(order).toBeUndefined();
        expect(charged).toEqual([]);
        // The next try shows and charges the full price.
        const page = await (await app.request(`${ORIGIN}${cart?.path}`)).text();
        expect(page).not.toContain("Remise automatique");
        expect((await post(cart?.path ?? "", form)).status).toBe(303);
        expect((await orderOf(cart?.token ?? ""))?.discountApplications).toEqual([]);
      }
    }
    expect(await automaticUses()).toBe(1);
  });

  it("counts no use when a code applies instead", async () => {
    await setAutomatic(null);
    await database.db.insert(commerceDiscountCode).values({
      code: "DEUXEUROS",
      title: "2 € offerts",
      kind: "fixed",
      value: 200,
      startsAt: new Date("2025-01-01T00:00:00Z"),
    });
    // The code takes off less than the automatic discount would, and still wins.
    const cart = await newCart(["deuxeuros"]);
    expect(cart.cost.totalAmount.amount).toBe("23.0");
    const withCode = await newCart(["NOEL5"]);
    // NOEL5 needs 40 €: the automatic discount applies instead.
    expect(withCode.cost.totalAmount.amount).toBe("22.0");
    expect((await post(cart.path, form)).status).toBe(303);
    expect(await automaticUses()).toBe(0);
    expect((await orderOf(cart.token))?.discountApplications).toEqual([
      { code: "DEUXEUROS", kind: "fixed", value: 200, amountCents: 200 },
    ]);
  });
});
