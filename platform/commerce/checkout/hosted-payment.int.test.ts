import { and, eq } from "drizzle-orm";
import type { Hono } from "hono";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "#db/client.ts";
import { parseCartGid } from "#platform/commerce/cart/records.ts";
import { commerceCart, commerceCartLine } from "#platform/commerce/cart/schema.ts";
import { commerceMetafield, commerceVariant } from "#platform/commerce/catalogue/schema.ts";
import {
  checkoutAndPay,
  DECLINED,
  payOnHostedPage,
  sessionIdOf,
  THREE_D_SECURE,
  THREE_D_SECURE_DECLINED,
  VISA,
} from "#platform/commerce/checkout/testing.ts";
import { fromGid } from "#platform/commerce/gid.ts";
import { setGroceryOrderStatus } from "#platform/commerce/orders/admin.ts";
import {
  type CatalogueFixture,
  CHECKOUT_FORM,
  graphqlRequest,
  NOW,
  ORIGIN,
  openCheckoutTestShop,
  orderOfCartToken,
  slotAttributes,
  type TestStorefrontApi,
} from "#platform/commerce/testing.ts";
import { listOutbox } from "#platform/notify/index.ts";
import { orderingSlotBooking, orderingStore } from "#platform/ordering/tables.ts";
import {
  type PaymentProvider,
  type Payments,
  releaseAttempt,
  SETTLEMENT_MESSAGES,
  settleCheckoutSession,
  settlePaymentAttempt,
} from "#platform/payments/index.ts";
import { paymentAttempt } from "#platform/payments/tables.ts";

/**
 * The hosted checkout paid on the provider's hosted page (issue 48), through the embedded test
 * provider in-process: declined and 3-D Secure cards, a shopper who leaves the page and comes
 * back or starts again, a hold that expires, a payment that comes after its hold was given back
 * or for a cart changed meanwhile (refunded, with a French message), and 50 settlements of one
 * paid session at once (returns and webhook-style settles) making exactly one order.
 */

let database: Database;
let app: Hono;
let api: TestStorefrontApi;
let fixture: CatalogueFixture;
let payments: Payments;
let provider: PaymentProvider;
let clock: { now: Date };

const STORE = 44;
const STOREFRONT = "http://boutique.test";

beforeAll(async () => {
  ({ database, api, fixture, app, payments, provider, clock } = await openCheckoutTestShop(
    [{ physicalRestaurantId: STORE, capacity: 80, name: "Comptoir Abbesses" }],
    STOREFRONT,
  ));
});
afterAll(() => database.close());

const CREATE = `#graphql
  mutation HostedPaymentCart($input: CartInput) {
    cartCreate(input: $input) {
      cart { id checkoutUrl }
      userErrors { message }
    }
  }`;

/** A pickup cart of `quantity` Miel de lavande (8,90 €) at STORE in the test slot. */
async function newCart(quantity = 1) {
  const body = await graphqlRequest(api, CREATE, {
    input: {
      lines: [{ merchandiseId: fixture.miel.variantId, quantity }],
      attributes: slotAttributes({ mode: 2, physicalRestaurantId: STORE }),
    },
  });
  expect(body.data.cartCreate.userErrors).toEqual([]);
  const cart = body.data.cartCreate.cart;
  const url = new URL(cart.checkoutUrl);
  return { path: `${url.pathname}${url.search}`, token: parseCartGid(cart.id)?.token ?? "" };
}

const attemptsOf = (token: string) =>
  database.db
    .select()
    .from(paymentAttempt)
    .where(eq(paymentAttempt.reference, token))
    .orderBy(paymentAttempt.createdAt, paymentAttempt.id);

/** Another tab changes the cart's line to `quantity` jars. */
async function setQuantity(token: string, quantity: number) {
  const [row] = await database.db
    .select({ id: commerceCart.id })
    .from(commerceCart)
    .where(eq(commerceCart.token, token));
  await database.db
    .update(commerceCartLine)
    .set({ quantity })
    .where(eq(commerceCartLine.cartId, row?.id ?? 0));
}

/** The places taken in STORE's test slot for pickup. */
async function booked() {
  const [row] = await database.db
    .select({ booked: orderingSlotBooking.booked })
    .from(orderingSlotBooking)
    .innerJoin(orderingStore, eq(orderingStore.id, orderingSlotBooking.storeId))
    .where(
      and(
        eq(orderingStore.physicalRestaurantId, STORE),
        eq(orderingSlotBooking.mode, 2),
        eq(orderingSlotBooking.slotStart, new Date("2025-06-02T16:00:00.000Z")),
      ),
    );
  return row?.booked ?? 0;
}

const page = async (path: string) => (await app.request(`${ORIGIN}${path}`)).text();
const returnOf = (sessionUrl: string, path: string) =>
  `${ORIGIN}${path.replace("/?key=", "/paiement/retour/?key=")}&session_id=${sessionIdOf(sessionUrl)}`;

describe("the hosted payment page", () => {
  it("takes the card off the shop: the form holds the slot and sends the shopper to the provider", async () => {
    const cart = await newCart(2);
    const before = await booked();
    const journey = await checkoutAndPay(app, ORIGIN, cart.path, CHECKOUT_FORM, VISA);
    expect(journey.hold.status).toBe(303);
    expect(journey.sessionUrl).toMatch(`${ORIGIN}/test-payments/pay/cs_test_`);
    expect(journey.paid?.status).toBe(303);
    expect(journey.back?.status).toBe(303);
    const order = await orderOfCartToken(database.db, cart.token);
    expect(journey.back?.headers.get("location")).toBe(
      `${STOREFRONT}/order/confirmation/?order=${encodeURIComponent(`gid://shopify/Order/${order?.id}?key=${order?.statusKey}`)}`,
    );
    expect(order).toMatchObject({ totalCents: 2 * 890 + 50, financialStatus: "PAID" });
    expect(order?.paymentIntentId).toMatch(/^pi_/);
    // The slot's place was taken once, by the hold.
    expect(await booked()).toBe(before + 1);
    const [attempt] = await attemptsOf(cart.token);
    expect(attempt).toMatchObject({ status: "placed", amountCents: 1830, purpose: "grocery" });
    const payment = await provider.retrievePayment(order?.paymentIntentId ?? "");
    expect(payment).toMatchObject({ status: "succeeded", amountReceived: 1830 });
    expect(payment.card).toEqual({ brand: "visa", last4: "4242" });
  });

  it("leaves no order after a declined card, the payment open; another card then pays", async () => {
    const cart = await newCart();
    const journey = await checkoutAndPay(app, ORIGIN, cart.path, CHECKOUT_FORM, DECLINED);
    expect(journey.paid?.status).toBe(402);
    expect(await orderOfCartToken(database.db, cart.token)).toBeUndefined();
    const [attempt] = await attemptsOf(cart.token);
    expect(attempt?.status).toBe("open");
    // Back on the checkout without paying: the French message, the way back to the payment.
    const back = await app.request(returnOf(journey.sessionUrl ?? "", cart.path));
    expect(back.status).toBe(422);
    const html = await back.text();
    expect(html).toContain("Votre paiement n&#39;a pas abouti");
    expect(html).toContain("Un paiement est en cours pour ce panier");
    expect(html).toContain(`<a href="${journey.sessionUrl}">Reprendre le paiement</a>`);
    // The same hosted page takes another card.
    const paid = await payOnHostedPage(app, journey.sessionUrl ?? "", VISA);
    expect(paid.status).toBe(303);
    const done = await app.request(new URL(paid.headers.get("location") ?? "").href);
    expect(done.status).toBe(303);
    expect(await orderOfCartToken(database.db, cart.token)).toBeDefined();
    expect((await attemptsOf(cart.token)).map((a) => a.status)).toEqual(["placed"]);
  });

  it("passes a 3-D Secure challenge, and makes no order when it fails", async () => {
    const passed = await newCart();
    const ok = await checkoutAndPay(
      app,
      ORIGIN,
      passed.path,
      CHECKOUT_FORM,
      THREE_D_SECURE,
      "pass",
    );
    expect(ok.back?.status).toBe(303);
    expect(await orderOfCartToken(database.db, passed.token)).toBeDefined();

    for (const card of [THREE_D_SECURE, THREE_D_SECURE_DECLINED]) {
      const failed = await newCart();
      const journey = await checkoutAndPay(
        app,
        ORIGIN,
        failed.path,
        CHECKOUT_FORM,
        card,
        card === THREE_D_SECURE ? "fail" : "pass",
      );
      expect(journey.paid?.status).toBe(402);
      expect(await orderOfCartToken(database.db, failed.token)).toBeUndefined();
      expect((await attemptsOf(failed.token)).map((a) => a.status)).toEqual(["open"]);
    }
  });
});

describe("a shopper who leaves the payment page", () => {
  it("comes back to the checkout, resumes the payment, and pays", async () => {
    const cart = await newCart();
    const hold = await checkoutAndPay(app, ORIGIN, cart.path, CHECKOUT_FORM, DECLINED);
    const sessionUrl = hold.sessionUrl ?? "";
    // « Annuler et revenir »: the session's cancel URL is the checkout page.
    const html = await page(cart.path);
    expect(html).toContain("Un paiement est en cours pour ce panier");
    expect(html).toContain(`<a href="${sessionUrl}">Reprendre le paiement</a>`);
    const paid = await payOnHostedPage(app, sessionUrl, VISA);
    await app.request(new URL(paid.headers.get("location") ?? "").href);
    expect(await orderOfCartToken(database.db, cart.token)).toBeDefined();
  });

  it("may start again: the first session is expired and its place given back", async () => {
    const cart = await newCart();
    const before = await booked();
    const first = await checkoutAndPay(app, ORIGIN, cart.path, CHECKOUT_FORM, DECLINED);
    expect(await booked()).toBe(before + 1);
    const second = await checkoutAndPay(app, ORIGIN, cart.path, CHECKOUT_FORM, VISA);
    expect(second.back?.status).toBe(303);
    expect((await attemptsOf(cart.token)).map((a) => a.status).sort()).toEqual([
      "placed",
      "released",
    ]);
    expect(await booked()).toBe(before + 1);
    // The first page can no longer be paid.
    const late = await payOnHostedPage(app, first.sessionUrl ?? "", VISA);
    expect(late.status).toBe(410);
    expect(await listOutbox(database.db, { kind: "order-confirmation" })).toBeDefined();
  });
});

describe("the hold", () => {
  it("gives the slot's place back when the session expires", async () => {
    const cart = await newCart();
    const before = await booked();
    const hold = await checkoutAndPay(app, ORIGIN, cart.path, CHECKOUT_FORM, DECLINED);
    expect(await booked()).toBe(before + 1);
    const [attempt] = await attemptsOf(cart.token);
    clock.now = new Date(NOW.getTime() + 32 * 60_000);
    try {
      const settled = await settlePaymentAttempt(payments, attempt?.id ?? "");
      expect(settled.kind).toBe("released");
      expect(await booked()).toBe(before);
      const back = await app.request(returnOf(hold.sessionUrl ?? "", cart.path));
      const html = await back.text();
      expect(html).toContain("Le délai de paiement est dépassé");
      expect(html).not.toContain("Un paiement est en cours");
      expect((await payOnHostedPage(app, hold.sessionUrl ?? "", VISA)).status).toBe(410);
    } finally {
      clock.now = NOW;
    }
  });

  it("refunds a payment that comes after its hold was given back, in French", async () => {
    const cart = await newCart();
    const before = await booked();
    const hold = await checkoutAndPay(app, ORIGIN, cart.path, CHECKOUT_FORM, DECLINED);
    const paid = await payOnHostedPage(app, hold.sessionUrl ?? "", VISA);
    expect(paid.status).toBe(303);
    // The hold given back before the payment was heard of (a reconciliation that saw it open).
    const [attempt] = await attemptsOf(cart.token);
    await releaseAttempt(payments, attempt?.id ?? "", SETTLEMENT_MESSAGES.expired);
    expect(await booked()).toBe(before);
    const back = await app.request(new URL(paid.headers.get("location") ?? "").href);
    expect(back.status).toBe(422);
    expect(await back.text()).toContain(
      SETTLEMENT_MESSAGES.paidAfterRelease.replaceAll("'", "&#39;"),
    );
    expect(await orderOfCartToken(database.db, cart.token)).toBeUndefined();
    const [refunded] = await attemptsOf(cart.token);
    expect(refunded?.status).toBe("refunded");
    const refunds = await provider.listRefunds(refunded?.paymentIntentId ?? "");
    expect(refunds.map((r) => r.amount)).toEqual([940]);
    // The place is not given back twice.
    expect(await booked()).toBe(before);
  });

  it("refunds a payment for a cart changed during the payment, and gives the place back", async () => {
    const cart = await newCart();
    const before = await booked();
    const hold = await checkoutAndPay(app, ORIGIN, cart.path, CHECKOUT_FORM, DECLINED);
    // Another tab adds a jar while the shopper is on the payment page.
    await setQuantity(cart.token, 2);
    const paid = await payOnHostedPage(app, hold.sessionUrl ?? "", VISA);
    const back = await app.request(new URL(paid.headers.get("location") ?? "").href);
    expect(back.status).toBe(422);
    expect(await back.text()).toContain(
      "Votre panier a changé pendant le paiement. Votre paiement de 9,40\u00a0€ a été remboursé et aucune commande n&#39;a été passée.",
    );
    expect(await orderOfCartToken(database.db, cart.token)).toBeUndefined();
    const [attempt] = await attemptsOf(cart.token);
    expect(attempt?.status).toBe("refunded");
    expect((await provider.listRefunds(attempt?.paymentIntentId ?? "")).length).toBe(1);
    expect(await booked()).toBe(before);
  });
});

describe("a basket with a line sold by weight", () => {
  it("is only authorised, for its total plus the margin on what is weighed (manual capture)", async () => {
    // The honey stands in for a cheese cut to order.
    const [row] = await database.db
      .insert(commerceMetafield)
      .values({
        ownerType: "PRODUCT",
        ownerId: fixture.miel.productId,
        namespace: "custom",
        key: "sold_by_weight",
        type: "boolean",
        value: "true",
      })
      .returning();
    try {
      const cart = await newCart(2);
      const journey = await checkoutAndPay(app, ORIGIN, cart.path, CHECKOUT_FORM, VISA);
      expect(journey.back?.status).toBe(303);
      const order = await orderOfCartToken(database.db, cart.token);
      // 17,80 € + 0,50 €, and 15 % of the 17,80 € weighed (2,67 €).
      const authorised = 1780 + 50 + 267;
      expect(order).toMatchObject({
        totalCents: 1830,
        financialStatus: "AUTHORIZED",
        paymentAuthorisedCents: authorised,
        paymentCapturedCents: null,
      });
      expect(order?.paymentAuthorisedAt).toEqual(NOW);
      const payment = await provider.retrievePayment(order?.paymentIntentId ?? "");
      expect(payment).toMatchObject({
        status: "requires_capture",
        captureMethod: "manual",
        amountCapturable: authorised,
      });
    } finally {
      await database.db.delete(commerceMetafield).where(eq(commerceMetafield.id, row?.id ?? 0));
    }
  });
});

describe("settling one paid session 50 times at once", () => {
  it("makes exactly one order, one confirmation, and takes one place", async () => {
    const cart = await newCart(3);
    const before = await booked();
    const hold = await checkoutAndPay(app, ORIGIN, cart.path, CHECKOUT_FORM, DECLINED);
    const paid = await payOnHostedPage(app, hold.sessionUrl ?? "", VISA);
    const returnUrl = new URL(paid.headers.get("location") ?? "").href;
    const sessionId = sessionIdOf(hold.sessionUrl ?? "");
    const [attempt] = await attemptsOf(cart.token);
    const settles = Array.from({ length: 50 }, (_, i) =>
      i % 3 === 0
        ? Promise.resolve(app.request(returnUrl)).then((r) => r.status)
        : i % 3 === 1
          ? settleCheckoutSession(payments, sessionId).then((o) => o.kind)
          : settlePaymentAttempt(payments, attempt?.id ?? "").then((o) => o.kind),
    );
    const outcomes = await Promise.all(settles);
    expect(new Set(outcomes)).toEqual(new Set([303, "placed"]));
    const order = await orderOfCartToken(database.db, cart.token);
    expect(order).toBeDefined();
    const emails = (await listOutbox(database.db, { kind: "order-confirmation" })).filter((email) =>
      email.text.includes(`n° ${order?.orderNumber}`),
    );
    expect(emails).toHaveLength(1);
    expect((await attemptsOf(cart.token)).map((a) => a.status)).toEqual(["placed"]);
    expect(await booked()).toBe(before + 1);
    const payment = await provider.retrievePayment(order?.paymentIntentId ?? "");
    expect(payment.amountReceived).toBe(3 * 890 + 50);
  });
});

describe("counted stock", () => {
  const mielVariant = () => fromGid(fixture.miel.variantId, "ProductVariant") ?? 0;
  /** The honey's units left (null: not counted). */
  const left = async () => {
    const [row] = await database.db
      .select({ left: commerceVariant.quantityAvailable })
      .from(commerceVariant)
      .where(eq(commerceVariant.id, mielVariant()));
    return row?.left ?? null;
  };
  const count = (units: number | null) =>
    database.db
      .update(commerceVariant)
      .set({ quantityAvailable: units })
      .where(eq(commerceVariant.id, mielVariant()));
  /** Runs `body` with the honey counted at `units`, uncounted again after. */
  const withStock = async (units: number, body: () => Promise<void>) => {
    await count(units);
    try {
      await body();
    } finally {
      await count(null);
    }
  };

  it("is taken for the payment page: a second basket is refused, and the units come back when the hold expires", async () => {
    await withStock(3, async () => {
      const first = await newCart(2);
      const hold = await checkoutAndPay(app, ORIGIN, first.path, CHECKOUT_FORM, DECLINED);
      expect(hold.hold.status).toBe(303);
      expect(await left()).toBe(1);
      // Two more jars cannot be had while the first shopper pays: the form says why.
      const second = await newCart(2);
      const refused = await checkoutAndPay(app, ORIGIN, second.path, CHECKOUT_FORM, VISA);
      expect(refused.hold.status).toBe(422);
      expect(await refused.hold.text()).toContain(
        "Il ne reste que 1 « Miel de lavande » en stock : ajustez la quantité dans votre panier.",
      );
      expect(await attemptsOf(second.token)).toEqual([]);
      expect(await left()).toBe(1);
      // The first shopper never pays: the expired hold gives the jars back.
      const [attempt] = await attemptsOf(first.token);
      clock.now = new Date(NOW.getTime() + 32 * 60_000);
      try {
        expect((await settlePaymentAttempt(payments, attempt?.id ?? "")).kind).toBe("released");
      } finally {
        clock.now = NOW;
      }
      expect(await left()).toBe(3);
      const paid = await checkoutAndPay(app, ORIGIN, second.path, CHECKOUT_FORM, VISA);
      expect(paid.back?.status).toBe(303);
      expect(await left()).toBe(1);
    });
  });

  it("is kept by the order, and given back once when the order is cancelled", async () => {
    await withStock(5, async () => {
      const cart = await newCart(2);
      const journey = await checkoutAndPay(app, ORIGIN, cart.path, CHECKOUT_FORM, VISA);
      expect(journey.back?.status).toBe(303);
      const order = await orderOfCartToken(database.db, cart.token);
      expect(order?.stockTaken).toEqual([{ variantId: mielVariant(), quantity: 2 }]);
      expect(await left()).toBe(3);
      const cancel = () =>
        database.db.transaction((tx) =>
          setGroceryOrderStatus(tx, order?.id ?? 0, "cancelled", NOW),
        );
      expect((await cancel()).ok).toBe(true);
      expect(await left()).toBe(5);
      // A second cancellation is refused, and gives nothing more back.
      expect((await cancel()).ok).toBe(false);
      expect(await left()).toBe(5);
    });
  });

  it("is given back when the payment of a cart changed meanwhile is refunded", async () => {
    await withStock(4, async () => {
      const cart = await newCart(1);
      const hold = await checkoutAndPay(app, ORIGIN, cart.path, CHECKOUT_FORM, DECLINED);
      expect(await left()).toBe(3);
      await setQuantity(cart.token, 2);
      const paid = await payOnHostedPage(app, hold.sessionUrl ?? "", VISA);
      const back = await app.request(new URL(paid.headers.get("location") ?? "").href);
      expect(back.status).toBe(422);
      expect(await orderOfCartToken(database.db, cart.token)).toBeUndefined();
      expect(await left()).toBe(4);
    });
  });

  it("is not counted when the variant has no number: nothing is taken", async () => {
    const cart = await newCart(3);
    const journey = await checkoutAndPay(app, ORIGIN, cart.path, CHECKOUT_FORM, VISA);
    expect(journey.back?.status).toBe(303);
    expect(await left()).toBeNull();
    expect((await orderOfCartToken(database.db, cart.token))?.stockTaken).toBeNull();
  });
});
