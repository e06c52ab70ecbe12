import { and, eq } from "drizzle-orm";
import type { Hono } from "hono";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "#db/client.ts";
import { changeOrderStatus, createStaff } from "#platform/backoffice/index.ts";
import { parseCartGid } from "#platform/commerce/cart/records.ts";
import { commerceProduct } from "#platform/commerce/catalogue/schema.ts";
import { addMealVoucher } from "#platform/commerce/checkout/testing.ts";
import { SERVICE_FEE_CENTS } from "#platform/commerce/orders/orders.ts";
import {
  type CatalogueFixture,
  CHECKOUT_FORM,
  graphqlRequest,
  ORIGIN,
  openCheckoutTestShop,
  orderOfCartToken,
  postCheckoutForm,
  slotAttributes,
  type TestStorefrontApi,
} from "#platform/commerce/testing.ts";
import { invoicesOfOrder } from "#platform/invoices/index.ts";
import { listOutbox } from "#platform/notify/index.ts";
import { chargeRecords } from "#platform/payments/index.ts";
import { paymentAttempt, paymentCharge } from "#platform/payments/tables.ts";

/**
 * Titres-restaurant at the hosted checkout (issue 23 §6): they pay the food of the basket, never
 * the alcohol nor the fees, at most 25 € a day per card as the processor counts it; the bank
 * card pays the rest; a refusal on either card takes nothing; a cancellation gives the
 * titres-restaurant part back to their card.
 */

const STORE = 52;
const VOUCHER = { mealVoucherExpiry: "12/29", mealVoucherCvc: "123" };
const PICKUP = slotAttributes({ mode: 2, physicalRestaurantId: STORE });
let database: Database;
let app: Hono;
let api: TestStorefrontApi;
let fixture: CatalogueFixture;

beforeAll(async () => {
  ({ database, api, fixture, app } = await openCheckoutTestShop([
    { physicalRestaurantId: STORE, capacity: 50, name: "Comptoir Martyrs", zone: { feeCents: 0 } },
  ]));
  // The honey plays a mead here: alcohol, which titres-restaurant never pay.
  await database.db
    .update(commerceProduct)
    .set({ tags: ["ageLimit"] })
    .where(eq(commerceProduct.id, fixture.miel.productId));
});
afterAll(() => database.close());

const CREATE = `#graphql
  mutation MealVoucherCart($input: CartInput) {
    cartCreate(input: $input) { cart { id checkoutUrl cost { totalAmount { amount } } } }
  }`;

/** A pickup cart of these lines, with its checkout path and token. */
async function cartOf(lines: { merchandiseId: string; quantity: number }[]) {
  const body = await graphqlRequest(api, CREATE, { input: { lines, attributes: PICKUP } });
  const cart = body.data.cartCreate.cart;
  const url = new URL(cart.checkoutUrl);
  return {
    path: `${url.pathname}${url.search}`,
    token: parseCartGid(cart.id)?.token ?? "",
    // The cart's cost, and the service fee the checkout adds.
    totalCents: Math.round(Number(cart.cost.totalAmount.amount) * 100) + SERVICE_FEE_CENTS,
  };
}

const comte = (quantity: number) => ({ merchandiseId: fixture.comte.variantId, quantity });
const mead = { merchandiseId: "", quantity: 1 };

/** What the bank card paid of a cart on the provider's page (its placed payment). */
async function cardPaid(token: string) {
  const [attempt] = await database.db
    .select()
    .from(paymentAttempt)
    .where(and(eq(paymentAttempt.reference, token), eq(paymentAttempt.status, "placed")));
  return attempt?.amountCents;
}

async function mealVoucherCharges() {
  return (await database.db.select().from(paymentCharge)).filter((charge) =>
    charge.description.endsWith("titres-restaurant"),
  );
}

describe("titres-restaurant at the hosted checkout", () => {
  it("pay the food only, the bank card the alcohol and the fee; the invoice and email say so", async () => {
    mead.merchandiseId = fixture.miel.variantId;
    const cart = await cartOf([comte(1), mead]);
    const page = await (await app.request(`http://boutique.test${cart.path}`)).text();
    expect(page).toContain("Titres-restaurant (facultatif)");
    // 12,50 € of comté; not the 8,90 € of mead, nor the 0,50 € fee.
    expect(page).toContain("<strong data-meal-voucher>12,50\u00a0€</strong>");

    const res = await postCheckoutForm(app, cart.path, {
      ...CHECKOUT_FORM,
      ...VOUCHER,
      mealVoucherNumber: "5036 1500 0000 5009",
      adult: "1",
    });
    expect(res.status).toBe(303);
    const order = await orderOfCartToken(database.db, cart.token);
    if (!order) throw new Error("no order");
    expect(order.mealVoucherCents).toBe(1250);
    const [voucher] = await chargeRecords(database.db, [order.mealVoucherChargeId ?? ""]);
    expect(voucher).toMatchObject({ kind: "meal_voucher", amountCents: 1250, last4: "5009" });
    // The bank card paid the rest on the provider's page.
    expect(await cardPaid(cart.token)).toBe(cart.totalCents - 1250);

    const [invoice] = await invoicesOfOrder(database.db, "epicerie", order.id);
    expect(invoice?.document.payment).toBe(
      "payée par carte Visa •••• 4242, titres-restaurant •••• 5009",
    );
    const email = (await listOutbox(database.db)).find(
      (message) => message.kind === "order-confirmation",
    );
    expect(email?.text).toContain("titres-restaurant •••• 5009 : 12,50\u00a0€");
  });

  it("stop at 25 € a day per card, over several orders, and refuse a spent day without taking anything", async () => {
    const number = "5036 1500 0000 6007";
    const first = await cartOf([comte(1)]);
    expect(
      (
        await postCheckoutForm(app, first.path, {
          ...CHECKOUT_FORM,
          ...VOUCHER,
          mealVoucherNumber: number,
        })
      ).status,
    ).toBe(303);
    // The second order's food is 25 €, but 12,50 € are left of the card's day.
    const second = await cartOf([comte(2)]);
    expect(
      (
        await postCheckoutForm(app, second.path, {
          ...CHECKOUT_FORM,
          ...VOUCHER,
          mealVoucherNumber: number,
        })
      ).status,
    ).toBe(303);
    const order = await orderOfCartToken(database.db, second.token);
    expect(order?.mealVoucherCents).toBe(1250);
    expect(await cardPaid(second.token)).toBe(second.totalCents - 1250);

    const third = await cartOf([comte(1)]);
    const before = (await database.db.select().from(paymentCharge)).length;
    const refused = await postCheckoutForm(app, third.path, {
      ...CHECKOUT_FORM,
      ...VOUCHER,
      mealVoucherNumber: number,
    });
    expect(refused.status).toBe(422);
    expect(await refused.text()).toContain(
      "Le plafond journalier de vos titres-restaurant (25,00\u00a0€) est atteint pour aujourd&#39;hui.",
    );
    expect(await orderOfCartToken(database.db, third.token)).toBeUndefined();
    // The refusal is on record; no bank card was charged.
    const after = await database.db.select().from(paymentCharge);
    expect(after.slice(before).map((charge) => charge.status)).toEqual(["declined"]);
  });

  it("give the titres-restaurant charge back when the bank card is declined and the shopper starts again", async () => {
    const cart = await cartOf([comte(1)]);
    const before = await mealVoucherCharges();
    const res = await postCheckoutForm(app, cart.path, {
      ...CHECKOUT_FORM,
      ...VOUCHER,
      cardNumber: "4000 0000 0000 0002",
      mealVoucherNumber: "5036 1500 0000 7005",
    });
    // Declined on the provider's page; the titres-restaurant part is held meanwhile.
    expect(res.status).toBe(402);
    expect(await orderOfCartToken(database.db, cart.token)).toBeUndefined();
    const held = (await mealVoucherCharges()).slice(before.length);
    expect(held.map((charge) => charge.amountCents)).toEqual([1250]);
    // Paying again ends the first payment (its titres-restaurant charge refunded), then holds
    // and charges anew; another card pays the rest.
    const paid = await postCheckoutForm(app, cart.path, CHECKOUT_FORM);
    expect(paid.status).toBe(303);
    expect((await orderOfCartToken(database.db, cart.token))?.mealVoucherCents).toBe(1250);
    const [first] = await chargeRecords(database.db, [held[0]?.id ?? ""]);
    expect(first?.refundedCents).toBe(1250);
  });

  it("refuse a cart of alcohol only, and a bank card typed as titres-restaurant", async () => {
    const alcohol = await cartOf([mead]);
    const page = await (await app.request(`http://boutique.test${alcohol.path}`)).text();
    expect(page).not.toContain("Ajouter une carte titres-restaurant");
    const res = await postCheckoutForm(app, alcohol.path, {
      ...CHECKOUT_FORM,
      ...VOUCHER,
      mealVoucherNumber: "5036 1500 0000 8003",
      adult: "1",
    });
    expect(res.status).toBe(422);
    expect(await res.text()).toContain(
      "Les titres-restaurant ne paient que les produits alimentaires, hors alcool : aucun produit de votre panier n'en fait partie.",
    );

    const food = await cartOf([comte(1)]);
    const swapped = await postCheckoutForm(app, food.path, {
      ...CHECKOUT_FORM,
      ...VOUCHER,
      mealVoucherNumber: "4242 4242 4242 4242",
    });
    expect(swapped.status).toBe(422);
    expect(await swapped.text()).toContain(
      "Cette carte n&#39;est pas une carte titres-restaurant.",
    );
    // The card-entry page refused it: nothing kept on the cart, no « Retirer ».
    const shown = await (await app.request(`http://boutique.test${food.path}`)).text();
    expect(shown).toContain("Ajouter une carte titres-restaurant");
    expect(shown).not.toContain("Titres-restaurant •••• ");
  });

  it("show the card entered on the card-entry page, and take it off with « Retirer »", async () => {
    const food = await cartOf([comte(1)]);
    const entered = await addMealVoucher(app, ORIGIN, food.path, {
      number: "5036 1500 0000 0018",
    });
    expect(entered.status).toBe(303);
    const page = await (await app.request(`${ORIGIN}${food.path}`)).text();
    expect(page).toContain("Titres-restaurant •••• 0018");
    expect(page).not.toContain("5036 1500 0000 0018");
    const removed = await app.request(
      `${ORIGIN}${food.path.replace("/?key=", "/titres-restaurant/retirer/?key=")}`,
      { method: "POST" },
    );
    expect(removed.status).toBe(303);
    const after = await (await app.request(`${ORIGIN}${food.path}`)).text();
    expect(after).not.toContain("Titres-restaurant •••• 0018");
    expect(after).toContain("Ajouter une carte titres-restaurant");
  });

  it("give the titres-restaurant part back to the card when the order is cancelled, with a credit note", async () => {
    const number = "5036 1500 0000 9001";
    const cart = await cartOf([comte(2)]);
    await postCheckoutForm(app, cart.path, {
      ...CHECKOUT_FORM,
      ...VOUCHER,
      mealVoucherNumber: number,
    });
    const order = await orderOfCartToken(database.db, cart.token);
    if (!order) throw new Error("no order");
    expect(order.mealVoucherCents).toBe(2500);
    const admin = await createStaff(database.db, {
      email: "direction@comptoir.test",
      name: "Direction",
      role: "admin",
      password: "un mot de passe solide",
    });
    const cancel = () =>
      changeOrderStatus(
        database.db,
        admin,
        { kind: "grocery", id: order.id },
        "cancelled",
        new Date("2025-06-02T11:00:00Z"),
      );
    expect(await cancel()).toEqual({ ok: true });
    const [voucher] = await chargeRecords(database.db, [order.mealVoucherChargeId ?? ""]);
    expect(voucher?.refundedCents).toBe(2500);
    const [, credit] = await invoicesOfOrder(database.db, "epicerie", order.id);
    expect(credit).toMatchObject({ kind: "credit_note", totalCents: 2500 });
    expect(credit?.document.credits?.reason).toBe(
      "Annulation de la commande : montant recrédité sur la carte titres-restaurant",
    );
    // The card's day is given back: the next order takes 25 € again.
    const next = await cartOf([comte(2)]);
    await postCheckoutForm(app, next.path, {
      ...CHECKOUT_FORM,
      ...VOUCHER,
      mealVoucherNumber: number,
    });
    expect((await orderOfCartToken(database.db, next.token))?.mealVoucherCents).toBe(2500);
  });
});
