import Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "#db/client.ts";
import { createTestDatabase } from "#db/testing/index.ts";
import { type PaymentProvider, PaymentProviderError, WebhookSignatureError } from "./provider.ts";
import { deliverDueEvents } from "./sandbox/events.ts";
import {
  payOnPage,
  startSandbox,
  TEST_SECRET_KEY,
  TEST_WEBHOOK_SECRET,
} from "./sandbox/testing.ts";
import { createStripeProvider } from "./stripe.ts";
import { createTestProvider } from "./test-provider.ts";

/**
 * The port's two adapters through one suite: the test provider's, in-process, and Stripe's,
 * through the official SDK pointed at the test provider's HTTP server.
 */

const clock = { now: new Date("2026-11-22T08:00:00Z") };
let database: Database;
let sandbox: Awaited<ReturnType<typeof startSandbox>>;
const adapters: Record<string, PaymentProvider> = {};

beforeAll(async () => {
  database = await createTestDatabase();
  sandbox = await startSandbox(database, clock);
  adapters.test = createTestProvider({ ...sandbox.context, webhookSecret: TEST_WEBHOOK_SECRET });
  adapters.stripe = createStripeProvider({
    secretKey: TEST_SECRET_KEY,
    webhookSecret: TEST_WEBHOOK_SECRET,
    host: "127.0.0.1",
    port: sandbox.port,
    protocol: "http",
    maxNetworkRetries: 0,
    now: () => clock.now,
  });
});
afterAll(async () => {
  await sandbox?.close();
  await database?.close();
});

describe.each(["test", "stripe"])("the %s adapter", (name) => {
  const provider = () => adapters[name] as PaymentProvider;
  const session = (key?: string) =>
    provider().createCheckoutSession(
      {
        mode: "payment",
        currency: "eur",
        successUrl: "https://comptoir.example/retour?session={CHECKOUT_SESSION_ID}",
        lines: [{ name: "Saucisson de Lacaune", unitAmount: 890, quantity: 3 }],
        captureMethod: "manual",
        clientReference: `cart-${name}`,
        metadata: { cart: `cart-${name}` },
      },
      { idempotencyKey: key },
    );

  it("authorises on the hosted page, captures less, refunds part", async () => {
    const created = await session();
    expect(created).toMatchObject({
      status: "open",
      paymentStatus: "unpaid",
      amountTotal: 2670,
      currency: "eur",
      clientReference: `cart-${name}`,
      metadata: { cart: `cart-${name}` },
      paymentIntentId: null,
    });
    expect(created.expiresAt.getTime() - created.createdAt.getTime()).toBe(24 * 3600 * 1000);
    const answer = await payOnPage(created.url ?? "", { number: "4242424242424242" });
    expect(answer.headers.get("Location")).toBe(
      `https://comptoir.example/retour?session=${created.id}`,
    );
    const paid = await provider().retrieveCheckoutSession(created.id, { withPayment: true });
    expect(paid).toMatchObject({ status: "complete", url: null });
    expect(paid.payment).toMatchObject({
      status: "requires_capture",
      amountCapturable: 2670,
      amountReceived: 0,
      captureMethod: "manual",
    });
    const intent = paid.paymentIntentId ?? "";
    const captured = await provider().capturePayment(intent, {
      amount: 2500,
      idempotencyKey: `cap-${name}`,
    });
    expect(captured).toMatchObject({
      status: "succeeded",
      amountReceived: 2500,
      amountCapturable: 0,
    });
    // A retry of the same capture answers the same, and captures nothing more.
    expect(
      await provider().capturePayment(intent, { amount: 2500, idempotencyKey: `cap-${name}` }),
    ).toEqual(captured);
    const refund = await provider().refundPayment(intent, {
      amount: 890,
      reason: "requested_by_customer",
    });
    expect(refund).toMatchObject({ paymentIntentId: intent, amount: 890, status: "succeeded" });
    expect((await provider().listRefunds(intent)).map((item) => item.id)).toEqual([refund.id]);
    await expect(provider().refundPayment(intent, { amount: 5000 })).rejects.toMatchObject({
      kind: "invalid_request",
      code: "amount_too_large",
    });
  });

  it("releases an authorisation", async () => {
    const created = await session();
    await payOnPage(created.url ?? "", { number: "4242424242424242" });
    const intent = (await provider().retrieveCheckoutSession(created.id)).paymentIntentId ?? "";
    expect(await provider().cancelPayment(intent, { reason: "abandoned" })).toMatchObject({
      status: "canceled",
      amountCapturable: 0,
    });
    expect((await provider().retrievePayment(intent)).status).toBe("canceled");
  });

  it("saves a card on a customer and lists it", async () => {
    const customer = await provider().createCustomer({
      email: `${name}@example.com`,
      name: "Marie Dupont",
    });
    expect(customer).toMatchObject({
      id: expect.stringMatching(/^cus_/),
      email: `${name}@example.com`,
    });
    const setup = await provider().createCheckoutSession({
      mode: "setup",
      currency: "eur",
      customerId: customer.id,
      successUrl: "https://comptoir.example/compte/cartes",
    });
    expect(setup.paymentStatus).toBe("no_payment_required");
    await payOnPage(setup.url ?? "", { number: "4000002760003184", expiry: "11/31" }, "pass");
    const done = await provider().retrieveCheckoutSession(setup.id, { withSetup: true });
    expect(done).toMatchObject({
      status: "complete",
      setupPaymentMethodId: expect.stringMatching(/^pm_/),
    });
    expect(await provider().listSavedCards(customer.id)).toEqual([
      {
        id: expect.stringMatching(/^pm_/),
        brand: "visa",
        last4: "3184",
        expMonth: 11,
        expYear: 2031,
      },
    ]);
  });

  it("charges a saved card off-session, once per key; a declined one says so", async () => {
    const saveCard = async (number: string) => {
      const customer = await provider().createCustomer({ name: "Léa Martin" });
      const setup = await provider().createCheckoutSession({
        mode: "setup",
        currency: "eur",
        customerId: customer.id,
        successUrl: "https://comptoir.example/order/paiement/",
      });
      await payOnPage(setup.url ?? "", { number });
      const [card] = await provider().listSavedCards(customer.id);
      return { customerId: customer.id, paymentMethodId: card?.id ?? "" };
    };
    const pay = (card: { customerId: string; paymentMethodId: string }, key: string) =>
      provider().createPayment(
        {
          amount: 1850,
          currency: "eur",
          ...card,
          captureMethod: "automatic",
          offSession: true,
          confirm: true,
          metadata: { order: key },
          description: "Commande restauration",
        },
        { idempotencyKey: key },
      );
    const card = await saveCard("4242424242424242");
    const paid = await pay(card, `direct-${name}`);
    expect(paid).toMatchObject({
      id: expect.stringMatching(/^pi_/),
      status: "succeeded",
      amountReceived: 1850,
      customerId: card.customerId,
      metadata: { order: `direct-${name}` },
    });
    expect((await pay(card, `direct-${name}`)).id).toBe(paid.id);
    const declining = await saveCard("4000000000000341");
    const error = await pay(declining, `declined-${name}`).catch((caught) => caught);
    expect(error).toBeInstanceOf(PaymentProviderError);
    expect(error).toMatchObject({ kind: "card_declined", code: "card_declined" });
    await expect(pay(declining, `declined-${name}`)).rejects.toMatchObject({
      kind: "card_declined",
    });
  });

  it("expires a session and lists the open ones", async () => {
    const created = await session();
    const open = await provider().listOpenCheckoutSessions({ createdAfter: clock.now });
    expect(open.map((item) => item.id)).toContain(created.id);
    expect(open.every((item) => item.status === "open")).toBe(true);
    expect(await provider().expireCheckoutSession(created.id)).toMatchObject({ status: "expired" });
    const after = await provider().listOpenCheckoutSessions();
    expect(after.map((item) => item.id)).not.toContain(created.id);
  });

  it("makes one session per idempotency key", async () => {
    const first = await session(`session-${name}`);
    expect((await session(`session-${name}`)).id).toBe(first.id);
  });

  it("says what is not found", async () => {
    const error = await provider()
      .retrievePayment("pi_missing")
      .catch((caught) => caught);
    expect(error).toBeInstanceOf(PaymentProviderError);
    expect(error).toMatchObject({ kind: "not_found", code: "resource_missing" });
    await expect(provider().retrieveCheckoutSession("cs_test_missing")).rejects.toMatchObject({
      kind: "not_found",
    });
  });

  it("verifies the provider's webhook deliveries and refuses forged ones", async () => {
    sandbox.received.length = 0;
    const created = await session();
    await payOnPage(created.url ?? "", { number: "4242424242424242" });
    await deliverDueEvents(database.db, {
      now: clock.now,
      secret: TEST_WEBHOOK_SECRET,
      limit: 500,
    });
    const events = await Promise.all(
      sandbox.received.map(({ body, signature }) => provider().verifyWebhook(body, signature)),
    );
    const completed = events.find(
      (event) => event.type === "checkout.session.completed" && event.object.id === created.id,
    );
    expect(completed).toMatchObject({ object: { object: "checkout.session", status: "complete" } });

    const payload = sandbox.received[0]?.body ?? "";
    const forged = Stripe.webhooks.generateTestHeaderString({ payload, secret: "whsec_other" });
    await expect(provider().verifyWebhook(payload, forged)).rejects.toBeInstanceOf(
      WebhookSignatureError,
    );
    const stale = Stripe.webhooks.generateTestHeaderString({
      payload,
      secret: TEST_WEBHOOK_SECRET,
      timestamp: Math.floor(clock.now.getTime() / 1000) - 301,
    });
    await expect(provider().verifyWebhook(payload, stale)).rejects.toBeInstanceOf(
      WebhookSignatureError,
    );
    const fresh = Stripe.webhooks.generateTestHeaderString({
      payload,
      secret: TEST_WEBHOOK_SECRET,
      timestamp: Math.floor(clock.now.getTime() / 1000),
    });
    await expect(provider().verifyWebhook(`${payload} `, fresh)).rejects.toBeInstanceOf(
      WebhookSignatureError,
    );
    expect((await provider().verifyWebhook(payload, fresh)).id).toMatch(/^evt_/);
  });
});
