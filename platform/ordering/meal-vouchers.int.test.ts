import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "#db/client.ts";
import { createTestDatabase } from "#db/testing/index.ts";
import { changeOrderStatus, ORDER_API_ACTOR, orderDetail } from "#platform/backoffice/index.ts";
import { invoicesOfOrder } from "#platform/invoices/index.ts";
import { listOutbox } from "#platform/notify/index.ts";
import { receiptDataForOrder } from "#platform/ordering/receipts/receipts.ts";
import { orderingOrder, orderingSectionItem } from "#platform/ordering/schema.ts";
import {
  callOrdering,
  insertTestStore,
  orderingApiWithPayments,
  saveCard as saveBankCard,
  saveMealVoucherCard,
} from "#platform/ordering/testing.ts";
import { chargeRecords } from "#platform/payments/index.ts";

/**
 * Titres-restaurant for restauration orders, through the ordering API on a real database: the
 * card saved as such, charged first for the food (never the service fee, the delivery or alcohol,
 * at most 25 € a day), the bank card the rest; a refusal takes nothing; a cancellation gives the
 * titres-restaurant part back with a credit note. Bank cards go through the embedded payment
 * provider (saved on its setup page, charged off-session); titres-restaurant cards are saved on
 * the processor's card-entry page and charged in the hold, given back when the bank card is declined.
 */
let database: Database;
let composed: Awaited<ReturnType<typeof orderingApiWithPayments>>;
let api: Awaited<ReturnType<typeof orderingApiWithPayments>>["api"];
const clock = new Date("2026-11-24T08:30:00Z"); // Tuesday, 09:30 in Paris
let fixture: Awaited<ReturnType<typeof insertTestStore>>;
let wineId: number;
const RESTAURANT = 301;

const call = (method: string, path: string, options?: Parameters<typeof callOrdering>[3]) =>
  callOrdering(api, method, path, options);

beforeAll(async () => {
  database = await createTestDatabase();
  composed = await orderingApiWithPayments(database, () => clock);
  api = composed.api;
  fixture = await insertTestStore(database.db, { physicalRestaurantId: RESTAURANT, capacity: 50 });
  const [wine] = await database.db
    .insert(orderingSectionItem)
    .values({
      sectionId: fixture.dish.sectionId,
      name: "Verre de Brouilly",
      priceCents: 600,
      alcohol: true,
      position: 3,
    })
    .returning();
  if (!wine) throw new Error("wine not stored");
  wineId = wine.id;
});
afterAll(async () => {
  await composed?.close();
  await database?.close();
});

/** A Luhn-valid titres-restaurant number of the test range, one per card (each its own day). */
let cardSerial = 100;
function newMealVoucherNumber(): string {
  const body = `503615${String(cardSerial++).padStart(9, "0")}`;
  let sum = 0;
  for (let index = 0; index < body.length; index++) {
    let digit = Number(body[body.length - 1 - index]);
    if (index % 2 === 0) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return `${body}${(10 - (sum % 10)) % 10}`;
}

let phoneSuffix = 10;
async function signedIn() {
  const phone = `07 00 00 03 ${phoneSuffix++}`;
  const asked = await call("POST", "/Account/RequestPhoneLoginCodeSms", {
    body: { PhoneNumber: phone },
  });
  const [sms] = await listOutbox(database.db, { to: asked.body.Data.PhoneNumber });
  const code = /(\d{6})/.exec(sms?.text ?? "")?.[1];
  const signed = await call("POST", "/Account/LoginUsingPhoneNumber", {
    body: { PhoneNumber: phone, RequestId: asked.body.Data.RequestId, Code: code },
  });
  return signed.body.Data.Token as string;
}

/** A card saved on its hosted page: titres-restaurant on the card-entry page, else the setup page. */
async function saveCard(token: string, cardNumber: string) {
  const card = cardNumber.replace(/\s/g, "").startsWith("503615")
    ? await saveMealVoucherCard(api, composed.pages, token, cardNumber)
    : await saveBankCard(api, token, cardNumber);
  expect(card.status).toBe(200);
  return card.body.Data as {
    PaymentAccountId: number;
    Description: string;
    IsMealVoucher: boolean;
  };
}

/** A customer with a bank card and a titres-restaurant card. */
async function customer(options: { bank?: string; mealVoucher?: string } = {}) {
  const token = await signedIn();
  const bank = await saveCard(token, options.bank ?? "4242424242424242");
  const mealVoucher = await saveCard(token, options.mealVoucher ?? newMealVoucherNumber());
  return { token, bankId: bank.PaymentAccountId, mealVoucherId: mealVoucher.PaymentAccountId };
}

/**
 * The baskets, for pickup: "full" is two blanquettes with gratin (28 €) and a lemonade (4 €),
 * 32,50 € with the service fee; "one" a blanquette with rice (12,50 €); wine is 6 € a glass.
 */
function items(kind: "full" | "one" | "wine" | "wineAndDish") {
  const dish = (quantity: number, optionIds: number[]) => ({
    MenuItemId: fixture.dish.id,
    Quantity: quantity,
    MenuItemOptionSetItemIds: optionIds,
  });
  if (kind === "full") {
    return [dish(2, [fixture.options.gratin.id]), { MenuItemId: fixture.drink.id, Quantity: 1 }];
  }
  if (kind === "one") return [dish(1, [fixture.options.rice.id])];
  if (kind === "wine") return [{ MenuItemId: wineId, Quantity: 2 }];
  return [dish(1, [fixture.options.rice.id]), { MenuItemId: wineId, Quantity: 2 }];
}

let keySerial = 0;
async function submit(
  token: string,
  body: { kind: "full" | "one" | "wine" | "wineAndDish"; bankId: number; mealVoucherId?: number },
) {
  const slots = await call("GET", `/Restaurant/DeliverySlots/${RESTAURANT}?deliveryType=2`);
  const slot = (slots.body.Data as { Key: string }[])[0];
  return call("POST", "/order/SubmitOrder", {
    token,
    headers: { "Idempotency-Key": `meal-voucher-${keySerial++}` },
    body: {
      PhysicalRestaurantId: RESTAURANT,
      DeliveryType: 2,
      DeliverySlotKey: slot?.Key,
      OrderItems: items(body.kind),
      PaymentAccountId: body.bankId,
      ...(body.mealVoucherId === undefined
        ? {}
        : { MealVoucherPaymentAccountId: body.mealVoucherId }),
    },
  });
}

async function storedOrder(orderId: number) {
  const [order] = await database.db
    .select()
    .from(orderingOrder)
    .where(eq(orderingOrder.id, orderId));
  if (!order) throw new Error(`no order ${orderId}`);
  return order;
}

/** The provider's payment of an order's bank-card part. */
async function bankPayment(order: { paymentIntentId: string | null }) {
  expect(order.paymentIntentId).toMatch(/^pi_/);
  return composed.payments.provider.retrievePayment(order.paymentIntentId ?? "");
}

/** The customer's orders, as stored. */
async function ordersOf(token: string) {
  const { body } = await call("GET", "/Account/Details", { token });
  return database.db
    .select({ id: orderingOrder.id })
    .from(orderingOrder)
    .where(eq(orderingOrder.customerId, body.Data.CustomerId));
}

describe("titres-restaurant payment accounts", () => {
  it("keeps a titres-restaurant card saved through the add-card API as such", async () => {
    const token = await signedIn();
    const bank = await saveCard(token, "4242424242424242");
    const mealVoucher = await saveCard(token, "5036 1500 0000 0018");
    expect(bank).toMatchObject({ Description: "Visa •••• 4242", IsMealVoucher: false });
    expect(mealVoucher).toMatchObject({
      Description: "Titres-restaurant •••• 0018",
      IsMealVoucher: true,
    });
  });
});

describe("SubmitOrder with titres-restaurant", () => {
  it("charges the titres-restaurant card for the food up to 25 €, the bank card the rest", async () => {
    const { token, bankId, mealVoucherId } = await customer();
    const priced = await call("POST", "/Order/Order", {
      body: { PhysicalRestaurantId: RESTAURANT, DeliveryType: 2, OrderItems: items("full") },
    });
    expect(priced.body.Data).toMatchObject({ Amount: 32.5, MealVoucherEligibleAmount: 25 });

    const { status, body } = await submit(token, { kind: "full", bankId, mealVoucherId });
    expect(status).toBe(200);
    expect(body.Data).toMatchObject({ Amount: 32.5, MealVoucherAmount: 25 });
    const order = await storedOrder(body.Data.OrderId);
    expect(order.mealVoucherAmountCents).toBe(2500);
    const [voucherCharge] = await chargeRecords(database.db, [order.mealVoucherChargeId ?? ""]);
    expect(voucherCharge).toMatchObject({
      kind: "meal_voucher",
      status: "succeeded",
      amountCents: 2500,
    });
    expect(await bankPayment(order)).toMatchObject({ status: "succeeded", amountReceived: 750 });

    // The receipt and the invoice name both payments.
    const receipt = await receiptDataForOrder(database.db, order.id);
    expect(receipt?.mealVoucher).toEqual({
      last4: expect.stringMatching(/^\d{4}$/),
      amountCents: 2500,
    });
    const [invoice] = await invoicesOfOrder(database.db, "restauration", order.id);
    expect(invoice?.document.payment).toMatch(
      /^payée par carte Visa •••• 4242, titres-restaurant •••• \d{4}$/,
    );
  });

  it("never asks more than is left of the card's day, over two orders", async () => {
    const { token, bankId, mealVoucherId } = await customer();
    // 12,50 € of food, 0,50 € of service fee: the fee is the bank card's.
    const first = await submit(token, { kind: "one", bankId, mealVoucherId });
    expect(first.status).toBe(200);
    const firstOrder = await storedOrder(first.body.Data.OrderId);
    expect(firstOrder.mealVoucherAmountCents).toBe(1250);
    expect((await bankPayment(firstOrder)).amountReceived).toBe(50);

    // 25 € eligible, 12,50 € left of the day: a partial approval, the bank card pays 20 €.
    const second = await submit(token, { kind: "full", bankId, mealVoucherId });
    expect(second.status).toBe(200);
    const secondOrder = await storedOrder(second.body.Data.OrderId);
    expect(secondOrder.mealVoucherAmountCents).toBe(1250);
    expect((await bankPayment(secondOrder)).amountReceived).toBe(2000);

    // The day is spent: refused, nothing placed.
    const third = await submit(token, { kind: "one", bankId, mealVoucherId });
    expect(third.status).toBe(402);
    expect(third.body).toMatchObject({
      Success: false,
      Code: "payment_failed",
      UserMessage:
        "Le plafond journalier de vos titres-restaurant (25,00\u00a0€) est atteint pour aujourd'hui.",
    });
    expect(await ordersOf(token)).toHaveLength(2);
  });

  it("takes nothing when the bank card is declined after the titres-restaurant", async () => {
    const mealVoucherNumber = newMealVoucherNumber();
    // Saved fine on the setup page, declined when charged: the titres-restaurant charge made in
    // the hold is refunded by the payment handler's release.
    const declined = await customer({ bank: "4000000000000341", mealVoucher: mealVoucherNumber });
    const { status, body } = await submit(declined.token, {
      kind: "full",
      bankId: declined.bankId,
      mealVoucherId: declined.mealVoucherId,
    });
    expect(status).toBe(402);
    expect(body).toMatchObject({
      Code: "payment_failed",
      UserMessage: "Votre carte a été refusée. Essayez une autre carte.",
    });
    expect(await ordersOf(declined.token)).toEqual([]);

    // The same titres-restaurant card still has its whole day: nothing was taken from it.
    const other = await customer({ mealVoucher: mealVoucherNumber });
    const placed = await submit(other.token, {
      kind: "full",
      bankId: other.bankId,
      mealVoucherId: other.mealVoucherId,
    });
    expect(placed.status).toBe(200);
    expect((await storedOrder(placed.body.Data.OrderId)).mealVoucherAmountCents).toBe(2500);
  });

  it("refuses a declined titres-restaurant card with the processor's message, nothing placed", async () => {
    const { token, bankId, mealVoucherId } = await customer({
      mealVoucher: "5036150000000026",
    });
    const { status, body } = await submit(token, { kind: "full", bankId, mealVoucherId });
    expect(status).toBe(402);
    expect(body).toMatchObject({
      Code: "payment_failed",
      UserMessage: "Votre carte a été refusée. Essayez une autre carte.",
    });
    expect(await ordersOf(token)).toEqual([]);
  });

  it("never pays alcohol: a wine-only basket is refused, a mixed one pays the dish", async () => {
    const { token, bankId, mealVoucherId } = await customer();
    const wineOnly = await submit(token, { kind: "wine", bankId, mealVoucherId });
    expect(wineOnly.status).toBe(402);
    expect(wineOnly.body.UserMessage).toBe(
      "Les titres-restaurant ne paient que les plats et produits alimentaires, hors alcool : aucun produit de votre panier n'en fait partie.",
    );
    expect(await ordersOf(token)).toEqual([]);

    const mixed = await submit(token, { kind: "wineAndDish", bankId, mealVoucherId });
    expect(mixed.status).toBe(200);
    const order = await storedOrder(mixed.body.Data.OrderId);
    expect(order.totalCents).toBe(1250 + 1200 + 50);
    expect(order.mealVoucherAmountCents).toBe(1250);
  });

  it("takes a titres-restaurant card only as such, and a bank card only as the main card", async () => {
    const { token, bankId, mealVoucherId } = await customer();
    const bankAsVoucher = await submit(token, {
      kind: "full",
      bankId,
      mealVoucherId: bankId,
    });
    expect(bankAsVoucher.status).toBe(402);
    expect(bankAsVoucher.body.UserMessage).toBe(
      "Cette carte n'est pas une carte titres-restaurant.",
    );
    const voucherAsMain = await submit(token, { kind: "full", bankId: mealVoucherId });
    expect(voucherAsMain.status).toBe(402);
    expect(voucherAsMain.body.UserMessage).toContain("Une carte titres-restaurant ne règle que");
    // Another customer's titres-restaurant card is not found.
    const other = await customer();
    const foreign = await submit(token, {
      kind: "full",
      bankId,
      mealVoucherId: other.mealVoucherId,
    });
    expect(foreign.status).toBe(404);
    expect(await ordersOf(token)).toEqual([]);
  });
});

describe("cancelling a restauration order paid with titres-restaurant", () => {
  it("refunds the titres-restaurant part once, with a credit note, and gives the day back", async () => {
    const { token, bankId, mealVoucherId } = await customer();
    const placed = await submit(token, { kind: "full", bankId, mealVoucherId });
    expect(placed.status).toBe(200);
    const order = await storedOrder(placed.body.Data.OrderId);
    const ref = { kind: "restaurant" as const, id: order.id };

    expect(
      await changeOrderStatus(database.db, ORDER_API_ACTOR, ref, "Cancelled", clock, {
        notify: false,
      }),
    ).toEqual({ ok: true });
    const [voucherCharge] = await chargeRecords(database.db, [order.mealVoucherChargeId ?? ""]);
    expect(voucherCharge).toMatchObject({ amountCents: 2500, refundedCents: 2500 });
    // The back office's order page shows the titres-restaurant charge beside the card's.
    const detail = await orderDetail(database.db, ref);
    expect(detail?.mealVoucher).toMatchObject({
      kind: "meal_voucher",
      amountCents: 2500,
      refundedCents: 2500,
    });
    // The bank card's part was paid through the provider: the back office shows its payment.
    expect(detail?.provider).toMatchObject({ capturedCents: 750, refundedCents: 0 });
    const documents = await invoicesOfOrder(database.db, "restauration", order.id);
    expect(documents.map((document) => [document.kind, document.totalCents])).toEqual([
      ["invoice", 3250],
      ["credit_note", 2500],
    ]);

    // The card's day is whole again.
    const again = await submit(token, { kind: "full", bankId, mealVoucherId });
    expect(again.status).toBe(200);
    expect((await storedOrder(again.body.Data.OrderId)).mealVoucherAmountCents).toBe(2500);
  });
});
