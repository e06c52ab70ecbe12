import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "#db/client.ts";
import { createTestDatabase } from "#db/testing/index.ts";
import {
  attemptById,
  openPaymentAttempt,
  type Payments,
  startCheckoutSession,
} from "#platform/payments/index.ts";
import { payOnPage } from "#platform/payments/testing.ts";
import { createServerApp } from "#server/app.ts";
import { testEnv } from "#server/test-env.ts";

/**
 * The payments as the server composes them (server/payments.ts): the test provider's hosted page
 * on the shop's origin, its webhooks delivered to `/api/webhooks/stripe` through the whole
 * server stack (guards, origin checks, body limits), and the webhook refusing a forged delivery.
 */
let database: Database;
let composed: ReturnType<typeof createServerApp>;
let payments: Payments;
const placed: string[] = [];
const origin = "http://127.0.0.1:3100";

const request = (url: string, init?: RequestInit) =>
  Promise.resolve(
    composed.app.request(
      url.replace(origin, ""),
      { redirect: "manual", ...init },
      { incoming: { socket: { remoteAddress: "203.0.113.9" } } },
    ),
  );

beforeAll(async () => {
  database = await createTestDatabase();
  composed = createServerApp({
    env: testEnv({ PUBLIC_URL: origin }),
    database,
    logger: pino({ level: "silent" }),
    build: () => Promise.reject(new Error("no page is asked for here")),
  });
  payments = composed.platform.payments;
  payments.register("server-test", {
    async place(_tx, attempt) {
      placed.push(attempt.id);
      return { ok: true, resultRef: "1001" };
    },
    async release() {},
  });
}, 60_000);
afterAll(() => database?.close());

describe("payments in the server", () => {
  it("serves the hosted page and settles through the webhook endpoint", async () => {
    const now = new Date();
    const attempt = await database.db.transaction((tx) =>
      openPaymentAttempt(tx, {
        purpose: "server-test",
        reference: "cart-1",
        amountCents: 1890,
        expiresAt: new Date(now.getTime() + 30 * 60_000),
        now,
      }),
    );
    const started = await startCheckoutSession(payments, attempt, {
      lines: [{ name: "Rillettes du Mans", unitAmount: 945, quantity: 2 }],
      successUrl: `${origin}/checkout/retour?session_id={CHECKOUT_SESSION_ID}`,
      cancelUrl: `${origin}/checkout/`,
    });
    if (!started.ok) throw new Error(started.message);
    expect(started.url.startsWith(`${origin}/test-payments/pay/cs_test_`)).toBe(true);

    const page = await request(started.url);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("Numéro de carte");
    const paid = await payOnPage(started.url, { number: "4242424242424242" }, undefined, request);
    expect(paid.status).toBe(303);
    expect(paid.headers.get("Location")).toContain("/checkout/retour?session_id=cs_test_");

    await composed.platform.deliverTestEvents?.();
    expect(placed).toEqual([attempt.id]);
    expect((await attemptById(database.db, attempt.id))?.status).toBe("placed");
  });

  it("refuses a delivery without a valid signature", async () => {
    const answer = await request(`${origin}/api/webhooks/stripe`, {
      method: "POST",
      headers: { "Content-Type": "application/json", "Stripe-Signature": "t=1,v1=00" },
      body: JSON.stringify({ id: "evt_forged", type: "checkout.session.completed" }),
    });
    expect(answer.status).toBe(400);
    expect(answer.headers.get("Cache-Control")).toBe("no-store");
  });

  it("does not serve the test provider's REST API on the shop's origin", async () => {
    const answer = await request(`${origin}/v1/checkout/sessions`, {
      headers: { Authorization: "Bearer sk_test_anything" },
    });
    expect(answer.status).not.toBe(200);
  });
});

describe("the titres-restaurant card entry page", () => {
  it("is served on the shop's origin", async () => {
    const { createCardEntry } = await import("#platform/payments/index.ts");
    const entry = await createCardEntry(database.db, {
      kind: "meal_voucher",
      returnUrl: `${origin}/checkout/`,
      reference: "cart-2",
      pageBase: origin,
      now: new Date(),
    });
    const page = await request(entry.url);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("titres-restaurant");
  });
});
