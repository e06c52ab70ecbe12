import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "#db/client.ts";
import { createTestDatabase } from "#db/testing/index.ts";
import { listOutbox } from "#platform/notify/index.ts";
import { phoneLoginLimits } from "#platform/ordering/customers/phone-login.ts";
import { createOrderingApi } from "#platform/ordering/http.ts";
import { renderReceiptPdf } from "#platform/ordering/receipts/pdf.ts";
import { receiptDataForOrder } from "#platform/ordering/receipts/receipts.ts";
import { pdfTextLines } from "#platform/ordering/receipts/testing.ts";
import { orderingOrder, orderingSlotBooking } from "#platform/ordering/schema.ts";
import { callOrdering, insertTestStore } from "#platform/ordering/testing.ts";
import { createPayments, createTestProvider } from "#platform/payments/index.ts";
import { payOnPage, startSandbox, TEST_WEBHOOK_SECRET } from "#platform/payments/testing.ts";

/**
 * The restauration flow through the payment provider (issue 48): cards saved on a setup
 * session's hosted page, orders charged off-session with a saved card, a declined card giving
 * back the slot, and a new card paid on the hosted payment page. Hosted pages are driven by plain
 * form posts; the embedded test provider runs on a local port.
 */

const clock = { now: new Date("2026-11-24T08:30:00Z") };
let database: Database;
let sandbox: Awaited<ReturnType<typeof startSandbox>>;
let api: ReturnType<typeof createOrderingApi>;
let fixture: Awaited<ReturnType<typeof insertTestStore>>;
const quiet = { info() {}, warn() {}, error() {} };

const call = (method: string, path: string, options?: Parameters<typeof callOrdering>[3]) =>
  callOrdering(api, method, path, options);

beforeAll(async () => {
  database = await createTestDatabase();
  sandbox = await startSandbox(database, clock);
  const provider = createTestProvider({ ...sandbox.context, webhookSecret: TEST_WEBHOOK_SECRET });
  const payments = createPayments({
    db: database.db,
    provider,
    logger: quiet,
    now: () => clock.now,
  });
  api = createOrderingApi({
    db: database.db,
    apiToken: "test-ordering-api-token",
    whiteLabel: "comptoir",
    publicOrigin: "https://shop.test",
    now: () => clock.now,
    phoneLoginLimits: phoneLoginLimits(),
    payments,
  });
  fixture = await insertTestStore(database.db, { physicalRestaurantId: 301, capacity: 3 });
});
afterAll(async () => {
  await sandbox?.close();
  await database?.close();
});

let phoneSuffix = 10;
async function signIn() {
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

/** Saves a card on the setup session's hosted page; answers the saved account. */
async function saveCard(token: string, number: string, challenge?: "pass") {
  const setup = await call("POST", "/Payment/CardPaymentAccount/Setup", { token, body: {} });
  expect(setup.status).toBe(200);
  const page = await payOnPage(setup.body.Data.SetupUrl, { number }, challenge);
  const back = new URL(page.headers.get("Location") ?? "");
  expect(`${back.origin}${back.pathname}`).toBe("https://shop.test/order/paiement/");
  const sessionId = back.searchParams.get("setup_session_id") ?? "";
  expect(sessionId).toBe(setup.body.Data.SetupSessionId);
  return call("POST", "/Payment/CardPaymentAccount", {
    token,
    body: { SetupSessionId: sessionId },
  });
}

async function firstSlot() {
  const { body } = await call("GET", "/Restaurant/DeliverySlots/301?deliveryType=2");
  return body.Data[0].Key as string;
}

const basket = (slotKey: string, extra: Record<string, unknown> = {}) => ({
  PhysicalRestaurantId: 301,
  DeliveryType: 2,
  DeliverySlotKey: slotKey,
  OrderItems: [
    { MenuItemId: fixture.dish.id, MenuItemOptionSetItemIds: [fixture.options.rice.id] },
  ],
  ...extra,
});

const submit = (token: string, key: string, body: Record<string, unknown>) =>
  call("POST", "/order/SubmitOrder", { token, body, headers: { "Idempotency-Key": key } });

async function booked(slotKey: string) {
  const rows = await database.db
    .select({ booked: orderingSlotBooking.booked })
    .from(orderingSlotBooking)
    .where(eq(orderingSlotBooking.storeId, fixture.store.id));
  void slotKey;
  return rows.reduce((sum, row) => sum + row.booked, 0);
}

describe("saved cards through a setup session", () => {
  it("refuses a card number in the API's shape, in French", async () => {
    const token = await signIn();
    const answer = await call("POST", "/Payment/CardPaymentAccount", {
      token,
      body: { CardNumber: "4242 4242 4242 4242", ExpiryMonth: 12, ExpiryYear: 2030, Cvc: "123" },
    });
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ Success: false, Code: "card_number_refused" });
    expect(answer.body.UserMessage).toContain("Comptoir ne reçoit jamais de numéro de carte");
  });

  it("saves the card the hosted page took, once per session", async () => {
    const token = await signIn();
    const saved = await saveCard(token, "5555 5555 5555 4444");
    expect(saved.body.Data).toMatchObject({
      PaymentAccountType: "Card",
      Description: "Mastercard •••• 4444",
      IsMealVoucher: false,
      Last4: "4444",
      ExpiryMonth: 12,
      ExpiryYear: 2030,
    });
    const listed = await call("GET", "/Payment/PaymentAccounts", { token });
    expect(listed.body.Data.map((card: { Last4: string }) => card.Last4)).toEqual(["4444"]);
    // Another customer cannot claim the session.
    const other = await signIn();
    const setupId = (
      await call("POST", "/Payment/CardPaymentAccount/Setup", { token: other, body: {} })
    ).body.Data.SetupSessionId;
    const unfinished = await call("POST", "/Payment/CardPaymentAccount", {
      token: other,
      body: { SetupSessionId: setupId },
    });
    expect(unfinished.body).toMatchObject({ Code: "card_setup_incomplete" });
  });
});

describe("SubmitOrder through the provider", () => {
  it("charges a saved card, twice without typing anything, and a retry answers the first order", async () => {
    const token = await signIn();
    const card = (await saveCard(token, "4242424242424242")).body.Data.PaymentAccountId;
    const slot = await firstSlot();
    const first = await submit(token, "k-1", basket(slot, { PaymentAccountId: card }));
    expect(first.status).toBe(200);
    expect(first.body.Data).toMatchObject({ OrderState: "Placed", Amount: 13 });
    const again = await submit(token, "k-1", basket(slot, { PaymentAccountId: card }));
    expect(again.body.Data.OrderId).toBe(first.body.Data.OrderId);
    const second = await submit(token, "k-2", basket(slot, { PaymentAccountId: card }));
    expect(second.body.Data.OrderId).not.toBe(first.body.Data.OrderId);
    const orders = await database.db
      .select()
      .from(orderingOrder)
      .where(eq(orderingOrder.storeId, fixture.store.id));
    expect(orders).toHaveLength(2);
    expect(orders.every((order) => order.paymentIntentId?.startsWith("pi_"))).toBe(true);
    expect(await booked(slot)).toBe(2);
  });

  it("answers a declined saved card with payment_failed and gives the slot back", async () => {
    const token = await signIn();
    const card = (await saveCard(token, "4000 0000 0000 0341")).body.Data.PaymentAccountId;
    const slot = (await call("GET", "/Restaurant/DeliverySlots/301?deliveryType=2")).body.Data[1]
      .Key as string;
    const before = await booked(slot);
    const answer = await submit(token, "d-1", basket(slot, { PaymentAccountId: card }));
    expect(answer.status).toBe(402);
    expect(answer.body).toMatchObject({
      Code: "payment_failed",
      Reason: "card_declined",
      UserMessage: "Votre carte a été refusée. Essayez une autre carte.",
    });
    expect(await booked(slot)).toBe(before);
    const customerOrders = await database.db
      .select()
      .from(orderingOrder)
      .where(and(eq(orderingOrder.storeId, fixture.store.id), eq(orderingOrder.slotKey, slot)));
    expect(customerOrders).toHaveLength(0);
  });

  it("sends a new card to the hosted payment page, and its return places the order", async () => {
    const token = await signIn();
    const slot = await firstSlot();
    const answer = await submit(token, "h-1", basket(slot));
    expect(answer.body.Data).toMatchObject({ OrderState: "AwaitingPayment" });
    const paid = await payOnPage(answer.body.Data.PaymentUrl, { number: "4242424242424242" });
    const back = new URL(paid.headers.get("Location") ?? "");
    expect(back.pathname).toBe("/order/paiement/retour");
    const sessionId = back.searchParams.get("session_id") ?? "";
    const result = await call("GET", `/order/PaymentResult?sessionId=${sessionId}`, { token });
    expect(result.body.Data).toMatchObject({ OrderState: "Placed", Amount: 13 });
    const retried = await submit(token, "h-1", basket(slot));
    expect(retried.body.Data.OrderId).toBe(result.body.Data.OrderId);
    const stranger = await signIn();
    const refused = await call("GET", `/order/PaymentResult?sessionId=${sessionId}`, {
      token: stranger,
    });
    expect(refused.status).toBe(404);
  });
});

describe("the receipt of an order paid through the provider", () => {
  /** The order's receipt: its card, and the line its PDF prints about the payment. */
  async function receiptOf(orderId: number) {
    const receipt = await receiptDataForOrder(database.db, orderId);
    if (!receipt) throw new Error(`no receipt for order ${orderId}`);
    const pdf = await renderReceiptPdf(receipt, { compress: false });
    const paidBy = pdfTextLines(pdf).find((line) => line.startsWith("Payé par"));
    return { payment: receipt.payment, paidBy };
  }

  /** A slot the cases above have not filled (the first one holds three orders, its capacity). */
  async function freeSlot(index: number) {
    const { body } = await call("GET", "/Restaurant/DeliverySlots/301?deliveryType=2");
    return body.Data[index].Key as string;
  }

  it("names a new card paid on the hosted payment page, which no saved account holds", async () => {
    const token = await signIn();
    const slot = await freeSlot(2);
    const answer = await submit(token, "r-1", basket(slot));
    const paid = await payOnPage(answer.body.Data.PaymentUrl, { number: "4242424242424242" });
    const sessionId = new URL(paid.headers.get("Location") ?? "").searchParams.get("session_id");
    const result = await call("GET", `/order/PaymentResult?sessionId=${sessionId}`, { token });
    expect(result.body.Data).toMatchObject({ OrderState: "Placed" });
    const orderId = result.body.Data.OrderId as number;
    const [order] = await database.db
      .select()
      .from(orderingOrder)
      .where(eq(orderingOrder.id, orderId));
    expect(order).toMatchObject({ paymentAccountId: null, cardBrand: "visa", cardLast4: "4242" });
    expect(await receiptOf(orderId)).toEqual({
      payment: { brand: "visa", last4: "4242" },
      paidBy: "Payé par carte Visa •••• 4242",
    });
  });

  it("still names a saved card after the customer deleted it", async () => {
    const token = await signIn();
    const card = (await saveCard(token, "5555 5555 5555 4444")).body.Data.PaymentAccountId;
    const slot = await freeSlot(3);
    const placed = await submit(token, "r-2", basket(slot, { PaymentAccountId: card }));
    expect(placed.body.Data).toMatchObject({ OrderState: "Placed" });
    const deleted = await call("DELETE", "/Payment/PaymentAccount", {
      token,
      body: { PaymentAccountId: card },
    });
    expect(deleted.status).toBe(200);
    expect(await receiptOf(placed.body.Data.OrderId)).toEqual({
      payment: { brand: "mastercard", last4: "4444" },
      paidBy: "Payé par carte Mastercard •••• 4444",
    });
  });
});
