/**
 * Checkout budget of DESIGN.md §8 for payments: handling a provider webhook and placing the order
 * it announces, p95 < 40 ms each, in-process on the embedded PGlite with the test provider. Each
 * iteration pays a fresh Checkout Session on the test provider's hosted page (not timed), then
 * times either the webhook delivery of its `checkout.session.completed` (verified, stored once,
 * settled) or the shopper's return that settles it first. The consumer placing the order is
 * `placeOrder` (what a checkout registers): by default a consumer that writes nothing, to measure
 * the settlement's own share; `runPaymentsBench({ placeOrder })` times a real one.
 */
import type { Db } from "#db/client.ts";
import { openDatabase } from "#db/client.ts";
import { migrate } from "#db/migrate.ts";
import {
  createPayments,
  createSandboxApi,
  createTestProvider,
  deliverDueEvents,
  openPaymentAttempt,
  type PaymentHandler,
  receiveWebhook,
  settleCheckoutSession,
  startCheckoutSession,
} from "#platform/payments/index.ts";
import { payOnPage, TEST_WEBHOOK_SECRET } from "#platform/payments/testing.ts";
import { type BenchResult, result, time } from "./measure.ts";

const ORIGIN = "http://bench.comptoir";

export async function runPaymentsBench(
  options: { handler?: (db: Db) => PaymentHandler; label?: string } = {},
): Promise<BenchResult[]> {
  const database = await openDatabase();
  await migrate(database);
  const context = {
    db: database.db,
    now: () => new Date(),
    pageBase: `${ORIGIN}/test-payments`,
    webhook: { url: `${ORIGIN}/api/webhooks/stripe`, secret: TEST_WEBHOOK_SECRET },
  };
  const provider = createTestProvider({ ...context, webhookSecret: TEST_WEBHOOK_SECRET });
  const sandbox = createSandboxApi(context);
  const silent = { info() {}, warn() {}, error() {} };
  const payments = createPayments({ db: database.db, provider, logger: silent });
  payments.register(
    "bench",
    options.handler?.(database.db) ?? {
      place: async (_tx, attempt) => ({ ok: true, resultRef: attempt.id }),
      release: async () => {},
    },
  );
  const send = (url: string, init?: RequestInit) =>
    Promise.resolve(sandbox.request(url.replace(ORIGIN, ""), { redirect: "manual", ...init }));

  /** A session paid on the hosted page, and its pending webhook deliveries. */
  const paidSession = async (i: number) => {
    const now = new Date();
    const attempt = await database.db.transaction((tx) =>
      openPaymentAttempt(tx, {
        purpose: "bench",
        reference: `cart-${i}`,
        amountCents: 2450,
        expiresAt: new Date(now.getTime() + 30 * 60_000),
        now,
      }),
    );
    const started = await startCheckoutSession(payments, attempt, {
      lines: [{ name: "Panier", unitAmount: 2450, quantity: 1 }],
      successUrl: `${ORIGIN}/checkout/retour?session_id={CHECKOUT_SESSION_ID}`,
      cancelUrl: `${ORIGIN}/checkout/`,
    });
    if (!started.ok) throw new Error(started.message);
    const paid = await payOnPage(started.url, { number: "4242424242424242" }, undefined, send);
    if (paid.status !== 303) throw new Error(`The hosted page answered ${paid.status}`);
    const deliveries: { body: string; signature: string }[] = [];
    await deliverDueEvents(database.db, {
      now: new Date(),
      secret: TEST_WEBHOOK_SECRET,
      limit: 500,
      fetch: async (_url, init) => {
        const signature = new Headers(init?.headers).get("Stripe-Signature") ?? "";
        deliveries.push({ body: String(init?.body), signature });
        return new Response(null, { status: 200 });
      },
    });
    const completed = deliveries.find((one) => one.body.includes('"checkout.session.completed"'));
    if (!completed) throw new Error("No checkout.session.completed");
    return { sessionId: started.url.split("/").pop() ?? "", completed };
  };

  const timedOnly = async (
    prepare: (i: number) => Promise<() => Promise<unknown>>,
  ): Promise<number[]> => {
    const runs: (() => Promise<unknown>)[] = [];
    // Prepared first (the hosted page and its events are not what is measured), then timed.
    await time(async (i) => runs.push(await prepare(i)));
    let next = 0;
    return time(async () => {
      const run = runs[next++];
      if (run) await run();
    });
  };

  const webhook = await timedOnly(async (i) => {
    const { completed } = await paidSession(i);
    return async () => {
      const answer = await receiveWebhook(payments, completed.body, completed.signature);
      if (answer.status !== 200) throw new Error(`The webhook answered ${answer.status}`);
    };
  });
  const returned = await timedOnly(async (i) => {
    const { sessionId } = await paidSession(10_000 + i);
    return async () => {
      const outcome = await settleCheckoutSession(payments, sessionId);
      if (outcome.kind !== "placed") throw new Error(`Settled as ${outcome.kind}`);
    };
  });
  await database.close();
  const label = options.label ?? "settlement";
  return [
    result(`payment webhook handled (${label})`, webhook, 40),
    result(`order placed on the shopper's return (${label})`, returned, 40),
  ];
}
