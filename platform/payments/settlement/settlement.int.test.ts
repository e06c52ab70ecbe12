import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Database } from "#db/client.ts";
import { createTestDatabase } from "#db/testing/index.ts";
import type { Payment } from "#platform/payments/provider.ts";
import { deliverDueEvents, signatureHeader } from "#platform/payments/sandbox/events.ts";
import {
  payOnPage,
  type Received,
  startSandbox,
  TEST_WEBHOOK_SECRET,
} from "#platform/payments/sandbox/testing.ts";
import {
  attemptById,
  createPayments,
  openPaymentAttempt,
  type PaymentAttempt,
  type Payments,
} from "#platform/payments/settlement/attempts.ts";
import { reconcilePayments } from "#platform/payments/settlement/reconcile.ts";
import { paymentAttempt } from "#platform/payments/settlement/schema.ts";
import {
  SETTLEMENT_MESSAGES,
  settleCheckoutSession,
  settlePaymentAttempt,
  startCheckoutSession,
} from "#platform/payments/settlement/settle.ts";
import { receiveWebhook } from "#platform/payments/settlement/webhook.ts";
import { createTestProvider } from "#platform/payments/test-provider.ts";

/**
 * Settling payments (docs/payments.md, "Settling a payment") against the embedded test provider:
 * the hosted page paid with plain form posts, its signed webhooks captured and replayed —
 * duplicated, out of order, concurrently with the shopper's returns — and the reconciliation job,
 * all with a fixed clock. A recording handler stands for a checkout: what it placed and released.
 */

const clock = { now: new Date("2026-12-02T09:00:00Z") };
const silent = { info() {}, warn() {}, error() {} };
let database: Database;
let sandbox: Awaited<ReturnType<typeof startSandbox>>;
let payments: Payments;
const placed: string[] = [];
const released: string[] = [];
const refundsSeen: string[] = [];
/** What the handler answers: keep the hold, or say it was lost. */
let holdLost: string | null = null;

beforeAll(async () => {
  database = await createTestDatabase();
  sandbox = await startSandbox(database, clock);
  const provider = createTestProvider({ ...sandbox.context, webhookSecret: TEST_WEBHOOK_SECRET });
  payments = createPayments({ db: database.db, provider, logger: silent, now: () => clock.now });
  payments.register("test", {
    async place(_tx, attempt: PaymentAttempt, payment: Payment) {
      if (holdLost) return { ok: false, message: holdLost };
      placed.push(attempt.id);
      return { ok: true, resultRef: `order-for-${payment.id}` };
    },
    async release(_tx, attempt) {
      released.push(attempt.id);
    },
    async refunded(_tx, refund) {
      for (const one of refund.refunds) refundsSeen.push(one.id);
    },
  });
}, 60_000);
afterAll(async () => {
  await sandbox?.close();
  await database?.close();
});
beforeEach(() => {
  clock.now = new Date(clock.now.getTime() + 3_600_000);
  placed.length = 0;
  released.length = 0;
  holdLost = null;
});

async function open(amountCents = 4250, captureMethod: "automatic" | "manual" = "automatic") {
  const attempt = await database.db.transaction((tx) =>
    openPaymentAttempt(tx, {
      purpose: "test",
      reference: `cart-${Math.random()}`,
      amountCents,
      captureMethod,
      expiresAt: new Date(clock.now.getTime() + 30 * 60_000),
      now: clock.now,
    }),
  );
  const started = await startCheckoutSession(payments, attempt, {
    lines: [{ name: "Comté 18 mois", unitAmount: amountCents, quantity: 1 }],
    successUrl: "https://comptoir.example/retour?session_id={CHECKOUT_SESSION_ID}",
    cancelUrl: "https://comptoir.example/checkout",
  });
  if (!started.ok) throw new Error(started.message);
  const withSession = await attemptById(database.db, attempt.id);
  return { attempt: withSession as PaymentAttempt, url: started.url };
}

/** The test provider's pending deliveries, taken instead of sent: to replay as we please. */
async function pendingEvents(): Promise<Received[]> {
  const taken: Received[] = [];
  await deliverDueEvents(database.db, {
    now: clock.now,
    secret: TEST_WEBHOOK_SECRET,
    fetch: async (_url, init) => {
      const headers = new Headers(init?.headers);
      taken.push({ body: String(init?.body), signature: headers.get("Stripe-Signature") ?? "" });
      return new Response(null, { status: 200 });
    },
  });
  return taken;
}

const typeOf = (event: Received) => (JSON.parse(event.body) as { type: string }).type;

describe("settling a payment", () => {
  it("places an order once whatever the mix of 50 returns and webhook deliveries", async () => {
    const { attempt, url } = await open();
    await pendingEvents();
    const answer = await payOnPage(url, { number: "4242 4242 4242 4242" });
    expect(answer.status).toBe(303);
    const events = await pendingEvents();
    expect(events.map(typeOf)).toContain("checkout.session.completed");
    // Duplicated and out of order: newest first, each several times, with the shopper's returns.
    const deliveries = [...events].reverse().flatMap((event) => [event, event, event]);
    const calls = Array.from({ length: 50 }, (_, i) =>
      i % 2 === 0
        ? settleCheckoutSession(payments, attempt.sessionId ?? "")
        : receiveWebhook(
            payments,
            deliveries[i % deliveries.length]?.body ?? "",
            deliveries[i % deliveries.length]?.signature ?? "",
          ),
    );
    const results = await Promise.all(calls);
    expect(placed).toEqual([attempt.id]);
    for (const result of results) {
      if ("kind" in result) expect(result.kind).toBe("placed");
      else expect(result.status).toBe(200);
    }
    const settled = await attemptById(database.db, attempt.id);
    expect(settled?.status).toBe("placed");
    const payment = await payments.provider.retrievePayment(settled?.paymentIntentId ?? "");
    expect(payment).toMatchObject({ status: "succeeded", amountReceived: 4250 });
    expect(await payments.provider.listRefunds(payment.id)).toEqual([]);
  });

  it("refuses forged and stale webhooks, and acknowledges a session it does not know", async () => {
    const { url } = await open();
    await payOnPage(url, { number: "4242424242424242" });
    const [event] = await pendingEvents();
    if (!event) throw new Error("no event");
    const forged = event.body.replace("4250", "1");
    expect((await receiveWebhook(payments, forged, event.signature)).status).toBe(400);
    const stale = signatureHeader(
      TEST_WEBHOOK_SECRET,
      event.body,
      clock.now.getTime() / 1000 - 3600,
    );
    expect((await receiveWebhook(payments, event.body, stale)).status).toBe(400);
    expect((await receiveWebhook(payments, event.body, "")).status).toBe(400);

    const unknown = JSON.stringify({
      id: "evt_unknown_session",
      object: "event",
      type: "checkout.session.completed",
      created: Math.floor(clock.now.getTime() / 1000),
      data: { object: { id: "cs_test_nobody", object: "checkout.session", metadata: {} } },
    });
    const signed = signatureHeader(TEST_WEBHOOK_SECRET, unknown, clock.now.getTime() / 1000);
    expect(await receiveWebhook(payments, unknown, signed)).toEqual({
      status: 200,
      body: { received: true },
    });
    expect(await receiveWebhook(payments, unknown, signed)).toEqual({
      status: 200,
      body: { received: true, duplicate: true },
    });
  });

  it("keeps a declined card's attempt open, then places it when another card pays", async () => {
    const { attempt, url } = await open();
    const declined = await payOnPage(url, { number: "4000 0000 0000 0002" });
    expect(declined.status).toBe(402);
    expect((await settlePaymentAttempt(payments, attempt.id)).kind).toBe("open");
    await payOnPage(url, { number: "4000 0027 6000 3184" }, "pass");
    expect((await settlePaymentAttempt(payments, attempt.id)).kind).toBe("placed");
    expect(placed).toEqual([attempt.id]);
  });

  it("releases the hold of a session left unpaid when its time is up, once", async () => {
    const { attempt } = await open();
    expect((await reconcilePayments(payments)).map((one) => one.id)).not.toContain(attempt.id);
    clock.now = new Date(clock.now.getTime() + 31 * 60_000);
    const rounds = await reconcilePayments(payments);
    expect(rounds).toContainEqual({ id: attempt.id, outcome: "released" });
    expect(await settlePaymentAttempt(payments, attempt.id)).toMatchObject({
      kind: "released",
      message: SETTLEMENT_MESSAGES.expired,
    });
    expect(released.filter((id) => id === attempt.id)).toHaveLength(1);
    const session = await payments.provider.retrieveCheckoutSession(attempt.sessionId ?? "");
    expect(session.status).toBe("expired");
  });

  it("gives the money back when the hold was lost, and releases the authorisation", async () => {
    const { attempt, url } = await open(3000, "manual");
    await payOnPage(url, { number: "4242424242424242" });
    holdLost = "Le créneau n'est plus disponible : votre paiement vous a été rendu.";
    expect(await settlePaymentAttempt(payments, attempt.id)).toMatchObject({
      kind: "refunded",
      message: holdLost,
    });
    expect(placed).toEqual([]);
    expect(released).toEqual([attempt.id]);
    const settled = await attemptById(database.db, attempt.id);
    expect(settled?.status).toBe("refunded");
    const payment = await payments.provider.retrievePayment(settled?.paymentIntentId ?? "");
    expect(payment.status).toBe("canceled");
  });

  it("refunds a captured payment of a lost hold once, even settled again", async () => {
    const { attempt, url } = await open(2000);
    await payOnPage(url, { number: "4242424242424242" });
    holdLost = "Votre panier a changé pendant le paiement.";
    await Promise.all([
      settlePaymentAttempt(payments, attempt.id),
      settlePaymentAttempt(payments, attempt.id),
      reconcilePayments(payments),
    ]);
    const settled = await attemptById(database.db, attempt.id);
    const refunds = await payments.provider.listRefunds(settled?.paymentIntentId ?? "");
    expect(refunds.map((refund) => refund.amount)).toEqual([2000]);
    expect(released).toEqual([attempt.id]);
  });

  it("gives back a payment whose amount is not what the attempt holds", async () => {
    const { attempt, url } = await open(1500);
    // What the shop holds changed after the session was made (a stale page, a tampered one).
    await database.db
      .update(paymentAttempt)
      .set({ amountCents: 1600 })
      .where(eq(paymentAttempt.id, attempt.id));
    await payOnPage(url, { number: "4242424242424242" });
    expect(await settlePaymentAttempt(payments, attempt.id)).toMatchObject({
      kind: "refunded",
      message: SETTLEMENT_MESSAGES.amountMismatch,
    });
    expect(placed).toEqual([]);
    const settled = await attemptById(database.db, attempt.id);
    const refunds = await payments.provider.listRefunds(settled?.paymentIntentId ?? "");
    expect(refunds.map((refund) => refund.amount)).toEqual([1500]);
  });

  it("hears of refunds made at the provider through charge.refunded", async () => {
    const { attempt, url } = await open(5000);
    await payOnPage(url, { number: "4242424242424242" });
    await settlePaymentAttempt(payments, attempt.id);
    const paymentIntentId = (await attemptById(database.db, attempt.id))?.paymentIntentId ?? "";
    await pendingEvents();
    const refund = await payments.provider.refundPayment(paymentIntentId, { amount: 1200 });
    const events = await pendingEvents();
    const refunded = events.find((event) => typeOf(event) === "charge.refunded");
    if (!refunded) throw new Error("no charge.refunded");
    await receiveWebhook(payments, refunded.body, refunded.signature);
    await receiveWebhook(payments, refunded.body, refunded.signature);
    expect(refundsSeen.filter((id) => id === refund.id)).toHaveLength(1);
  });
});
