import { readFileSync } from "node:fs";
import { Ajv } from "ajv";
import { sql } from "drizzle-orm";
import Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "#db/client.ts";
import { createTestDatabase } from "#db/testing/index.ts";
import { deliverDueEvents } from "./events.ts";
import {
  paymentSandboxDelivery,
  paymentSandboxIdempotency,
  paymentSandboxObject,
} from "./schema.ts";
import { expireDueSessions } from "./sessions.ts";
import { payOnPage, startSandbox, TEST_SECRET_KEY, TEST_WEBHOOK_SECRET } from "./testing.ts";

/**
 * Conformance: Stripe's official SDK, unchanged, drives the test provider over real HTTP, and
 * the answers hold against the schemas of Stripe's published OpenAPI description.
 */

const clock = { now: new Date("2026-11-22T08:00:00Z") };
let database: Database;
let sandbox: Awaited<ReturnType<typeof startSandbox>>;
let stripe: Stripe;

beforeAll(async () => {
  database = await createTestDatabase();
  sandbox = await startSandbox(database, clock);
  stripe = new Stripe(TEST_SECRET_KEY, {
    host: "127.0.0.1",
    port: sandbox.port,
    protocol: "http",
    maxNetworkRetries: 0,
  });
});
afterAll(async () => {
  await sandbox?.close();
  await database?.close();
});

const VISA = { number: "4242 4242 4242 4242" };

async function paymentSession(capture: "manual" | "automatic" = "manual", expiresAt?: number) {
  return stripe.checkout.sessions.create({
    mode: "payment",
    success_url: "https://comptoir.example/commande/retour?session={CHECKOUT_SESSION_ID}",
    cancel_url: "https://comptoir.example/panier",
    line_items: [
      {
        quantity: 2,
        price_data: { currency: "eur", unit_amount: 1250, product_data: { name: "Comté 18 mois" } },
      },
      {
        quantity: 1,
        price_data: {
          currency: "eur",
          unit_amount: 50,
          product_data: { name: "Frais de service" },
        },
      },
    ],
    payment_intent_data: { capture_method: capture },
    metadata: { cart: "c-1001" },
    ...(expiresAt ? { expires_at: expiresAt } : {}),
  });
}

const raw = async (path: string) =>
  (
    await fetch(`${sandbox.origin}${path}`, {
      headers: { Authorization: `Bearer ${TEST_SECRET_KEY}` },
    })
  ).json() as Promise<Record<string, unknown>>;

describe("Checkout Sessions through the official stripe SDK", () => {
  it("takes a manual-capture payment on the hosted page, captures less, refunds part", async () => {
    const session = await paymentSession();
    expect(session).toMatchObject({
      object: "checkout.session",
      id: expect.stringMatching(/^cs_test_/),
      status: "open",
      payment_status: "unpaid",
      amount_total: 2550,
      currency: "eur",
      payment_intent: null,
      url: `${sandbox.origin}/test-payments/pay/${session.id}`,
    });
    const page = await fetch(session.url ?? "");
    const html = await page.text();
    expect(html).toContain("Numéro de carte");
    expect(html).toContain("Comté 18 mois");
    expect(html).toContain("25,50");

    const paid = await payOnPage(session.url ?? "", VISA);
    expect(paid.status).toBe(303);
    expect(paid.headers.get("Location")).toBe(
      `https://comptoir.example/commande/retour?session=${session.id}`,
    );

    const done = await stripe.checkout.sessions.retrieve(session.id, {
      expand: ["payment_intent"],
    });
    expect(done.status).toBe("complete");
    const intent = done.payment_intent as Stripe.PaymentIntent;
    expect(intent).toMatchObject({
      id: expect.stringMatching(/^pi_/),
      status: "requires_capture",
      capture_method: "manual",
      amount: 2550,
      amount_capturable: 2550,
      amount_received: 0,
      latest_charge: expect.stringMatching(/^ch_/),
    });

    const captured = await stripe.paymentIntents.capture(intent.id, { amount_to_capture: 2000 });
    expect(captured).toMatchObject({
      status: "succeeded",
      amount_received: 2000,
      amount_capturable: 0,
    });

    const refund = await stripe.refunds.create({ payment_intent: intent.id, amount: 500 });
    expect(refund).toMatchObject({
      id: expect.stringMatching(/^re_/),
      amount: 500,
      status: "succeeded",
      payment_intent: intent.id,
    });
    await expect(
      stripe.refunds.create({ payment_intent: intent.id, amount: 1501 }),
    ).rejects.toMatchObject({ type: "StripeInvalidRequestError", code: "amount_too_large" });
    const refunds = await stripe.refunds.list({ payment_intent: intent.id });
    expect(refunds.object).toBe("list");
    expect(refunds.data.map((item) => item.id)).toEqual([refund.id]);

    const events = await stripe.events.list({ limit: 100 });
    const types = events.data.map((event) => event.type);
    expect(types).toEqual(
      expect.arrayContaining([
        "checkout.session.completed",
        "payment_intent.amount_capturable_updated",
        "payment_intent.succeeded",
        "charge.refunded",
      ]),
    );
    const completed = events.data.find((event) => event.type === "checkout.session.completed");
    expect((completed?.data.object as Stripe.Checkout.Session | undefined)?.id).toBe(session.id);
    expect((await stripe.events.retrieve(completed?.id ?? "")).id).toBe(completed?.id);
  });

  it("shows a declined card in French and keeps the session open", async () => {
    const session = await paymentSession("automatic");
    const answer = await payOnPage(session.url ?? "", { number: "4000 0000 0000 0002" });
    expect(answer.status).toBe(402);
    expect(await answer.text()).toContain("Votre carte a été refusée. Essayez une autre carte.");
    const again = await stripe.checkout.sessions.retrieve(session.id, {
      expand: ["payment_intent"],
    });
    expect(again.status).toBe("open");
    expect(again.payment_intent).toMatchObject({
      status: "requires_payment_method",
      last_payment_error: {
        code: "card_declined",
        decline_code: "generic_decline",
        type: "card_error",
      },
    });
    // The shopper tries another card: the same payment succeeds (automatic capture).
    expect((await payOnPage(session.url ?? "", VISA)).status).toBe(303);
    const paid = await stripe.checkout.sessions.retrieve(session.id, {
      expand: ["payment_intent"],
    });
    expect(paid.payment_status).toBe("paid");
    expect(paid.payment_intent).toMatchObject({ status: "succeeded", amount_received: 2550 });
  });

  it("asks 3-D Secure for 4000 0027 6000 3184 and authorises once it is passed", async () => {
    const session = await paymentSession();
    const answer = await payOnPage(session.url ?? "", { number: "4000002760003184" }, "pass");
    expect(answer.status).toBe(303);
    const done = await stripe.checkout.sessions.retrieve(session.id, {
      expand: ["payment_intent"],
    });
    expect(done.payment_intent).toMatchObject({ status: "requires_capture" });
  });

  it("declines 4000 0082 6000 3178 after 3-D Secure, and a failed challenge", async () => {
    const session = await paymentSession();
    const declined = await payOnPage(session.url ?? "", { number: "4000008260003178" }, "pass");
    expect(await declined.text()).toContain("Votre carte a été refusée.");
    const failed = await payOnPage(session.url ?? "", { number: "4000002760003184" }, "fail");
    expect(await failed.text()).toContain("authentification 3-D Secure a échoué.");
    const again = await stripe.checkout.sessions.retrieve(session.id, {
      expand: ["payment_intent"],
    });
    expect(again.status).toBe("open");
    expect(again.payment_intent).toMatchObject({
      status: "requires_payment_method",
      last_payment_error: { code: "payment_intent_authentication_failure" },
    });
  });

  it("saves a card on a customer through a setup session", async () => {
    const customer = await stripe.customers.create({
      email: "marie.dupont@example.com",
      name: "Marie Dupont",
    });
    expect(customer.id).toMatch(/^cus_/);
    const session = await stripe.checkout.sessions.create({
      mode: "setup",
      currency: "eur",
      customer: customer.id,
      success_url: "https://comptoir.example/compte/cartes?session={CHECKOUT_SESSION_ID}",
    });
    expect(session.payment_status).toBe("no_payment_required");
    const page = await (await fetch(session.url ?? "")).text();
    expect(page).toContain("Enregistrer une carte");
    expect(
      (await payOnPage(session.url ?? "", { number: "5555 5555 5555 4444", expiry: "03/29" }))
        .status,
    ).toBe(303);
    const done = await stripe.checkout.sessions.retrieve(session.id, { expand: ["setup_intent"] });
    expect(done.setup_intent).toMatchObject({
      id: expect.stringMatching(/^seti_/),
      status: "succeeded",
    });
    const methods = await stripe.customers.listPaymentMethods(customer.id);
    expect(methods.data).toHaveLength(1);
    expect(methods.data[0]).toMatchObject({
      id: expect.stringMatching(/^pm_/),
      type: "card",
      customer: customer.id,
      card: { brand: "mastercard", last4: "4444", exp_month: 3, exp_year: 2029 },
    });
    const listed = await stripe.paymentMethods.list({ customer: customer.id, type: "card" });
    expect(listed.data.map((method) => method.id)).toEqual([methods.data[0]?.id]);
  });

  it("charges a saved card off-session; declines 0341 and asks 3-D Secure of 3184 (authentication_required)", async () => {
    const saved = async (number: string, challenge?: "pass") => {
      const customer = await stripe.customers.create({ name: "Léa Martin" });
      const setup = await stripe.checkout.sessions.create({
        mode: "setup",
        currency: "eur",
        customer: customer.id,
        success_url: "https://comptoir.example/",
      });
      expect((await payOnPage(setup.url ?? "", { number }, challenge)).status).toBe(303);
      const [method] = (await stripe.customers.listPaymentMethods(customer.id)).data;
      return { customer: customer.id, payment_method: method?.id ?? "" };
    };
    const charge = (card: { customer: string; payment_method: string }, key?: string) =>
      stripe.paymentIntents.create(
        {
          amount: 2350,
          currency: "eur",
          ...card,
          automatic_payment_methods: { enabled: true, allow_redirects: "never" },
          confirm: true,
          off_session: true,
          metadata: { order: "r-1" },
        },
        key ? { idempotencyKey: key } : undefined,
      );
    const visa = await saved("4242424242424242");
    const paid = await charge(visa, "direct-1");
    expect(paid).toMatchObject({
      status: "succeeded",
      amount_received: 2350,
      customer: visa.customer,
    });
    expect((await charge(visa, "direct-1")).id).toBe(paid.id);
    const manual = await stripe.paymentIntents.create({
      amount: 1000,
      currency: "eur",
      ...visa,
      capture_method: "manual",
      confirm: true,
      off_session: true,
    });
    expect(manual).toMatchObject({ status: "requires_capture", amount_capturable: 1000 });

    const declining = await saved("4000 0000 0000 0341");
    const declined = await charge(declining, "direct-2").catch((error) => error);
    expect(declined).toBeInstanceOf(Stripe.errors.StripeCardError);
    expect(declined).toMatchObject({
      statusCode: 402,
      code: "card_declined",
      decline_code: "generic_decline",
    });
    const intent = declined.payment_intent as Stripe.PaymentIntent;
    expect(await stripe.paymentIntents.retrieve(intent.id)).toMatchObject({
      status: "requires_payment_method",
      last_payment_error: { code: "card_declined" },
    });
    // The same key answers the same refusal, and makes no second PaymentIntent.
    const again = await charge(declining, "direct-2").catch((error) => error);
    expect(again.payment_intent?.id).toBe(intent.id);

    const secure = await saved("4000002760003184", "pass");
    await expect(charge(secure)).rejects.toMatchObject({
      type: "StripeCardError",
      code: "authentication_required",
    });
    await expect(
      charge({ customer: visa.customer, payment_method: declining.payment_method }),
    ).rejects.toMatchObject({ type: "StripeInvalidRequestError", param: "payment_method" });
    await expect(
      stripe.paymentIntents.create({ amount: 100, currency: "eur", ...visa }),
    ).rejects.toMatchObject({ param: "confirm" });
    const events = await stripe.events.list({ type: "payment_intent.payment_failed", limit: 100 });
    expect(events.data.map((event) => (event.data.object as { id: string }).id)).toContain(
      intent.id,
    );
  });

  it("expires a session past its time, and on the shop's call", async () => {
    const start = clock.now;
    const session = await paymentSession("manual", Math.floor(start.getTime() / 1000) + 1800);
    const other = await paymentSession();
    const open = await stripe.checkout.sessions.list({ status: "open", limit: 100 });
    expect(open.data.map((item) => item.id)).toEqual(
      expect.arrayContaining([session.id, other.id]),
    );
    try {
      clock.now = new Date(start.getTime() + 1801 * 1000);
      expect(await expireDueSessions(sandbox.context)).toEqual([session.id]);
      expect(await stripe.checkout.sessions.retrieve(session.id)).toMatchObject({
        status: "expired",
        url: null,
      });
      const page = await fetch(`${sandbox.origin}/test-payments/pay/${session.id}`);
      expect(page.status).toBe(410);
      expect(await page.text()).toContain("Cette session de paiement a expiré.");
      const expired = await stripe.checkout.sessions.expire(other.id);
      expect(expired.status).toBe("expired");
      await expect(stripe.checkout.sessions.expire(other.id)).rejects.toBeInstanceOf(
        Stripe.errors.StripeInvalidRequestError,
      );
      const events = await stripe.events.list({ type: "checkout.session.expired" });
      expect(events.data.map((event) => (event.data.object as { id: string }).id)).toEqual(
        expect.arrayContaining([session.id, other.id]),
      );
    } finally {
      clock.now = start;
    }
  });

  it("answers the same Idempotency-Key with the same object, once", async () => {
    const first = await stripe.customers.create(
      { email: "a@example.com" },
      { idempotencyKey: "cus-1" },
    );
    const second = await stripe.customers.create(
      { email: "a@example.com" },
      { idempotencyKey: "cus-1" },
    );
    expect(second.id).toBe(first.id);
    const customers = await database.db
      .select()
      .from(paymentSandboxObject)
      .where(sql`${paymentSandboxObject.data} ->> 'email' = 'a@example.com'`);
    expect(customers).toHaveLength(1);
    await expect(
      stripe.customers.create({ email: "b@example.com" }, { idempotencyKey: "cus-1" }),
    ).rejects.toBeInstanceOf(Stripe.errors.StripeIdempotencyError);
  });

  it("raises Stripe's own errors", async () => {
    await expect(stripe.paymentIntents.retrieve("pi_unknown")).rejects.toMatchObject({
      type: "StripeInvalidRequestError",
      code: "resource_missing",
      statusCode: 404,
      message: "No such payment_intent: 'pi_unknown'",
    });
    await expect(stripe.checkout.sessions.retrieve("cs_test_unknown")).rejects.toBeInstanceOf(
      Stripe.errors.StripeInvalidRequestError,
    );
    await expect(
      // @ts-expect-error: a parameter Stripe does not know.
      stripe.customers.create({ colour: "bleu" }),
    ).rejects.toMatchObject({ code: "parameter_unknown", param: "colour" });
    await expect(
      stripe.checkout.sessions.create({
        mode: "payment",
        success_url: "https://comptoir.example/",
      }),
    ).rejects.toMatchObject({ code: "parameter_missing", param: "line_items" });
    const session = await paymentSession();
    await payOnPage(session.url ?? "", VISA);
    const intent = (await stripe.checkout.sessions.retrieve(session.id)).payment_intent as string;
    await expect(
      stripe.paymentIntents.capture(intent, { amount_to_capture: 9999 }),
    ).rejects.toMatchObject({ code: "amount_too_large", param: "amount_to_capture" });
    const canceled = await stripe.paymentIntents.cancel(intent);
    expect(canceled).toMatchObject({ status: "canceled", amount_capturable: 0 });
    await expect(stripe.paymentIntents.capture(intent)).rejects.toMatchObject({
      code: "payment_intent_unexpected_state",
    });
    const wrongKey = new Stripe("sk_test_not_this_one", {
      host: "127.0.0.1",
      port: sandbox.port,
      protocol: "http",
      maxNetworkRetries: 0,
    });
    await expect(wrongKey.customers.create({})).rejects.toBeInstanceOf(
      Stripe.errors.StripeAuthenticationError,
    );
  });
});

describe("webhooks", () => {
  it("delivers events signed as Stripe signs, retrying while the endpoint fails", async () => {
    await deliverDueEvents(database.db, {
      now: clock.now,
      secret: TEST_WEBHOOK_SECRET,
      limit: 500,
    });
    sandbox.received.length = 0;
    const session = await paymentSession();
    await payOnPage(session.url ?? "", VISA);
    sandbox.endpoint.failing = 1;
    const first = await deliverDueEvents(database.db, {
      now: clock.now,
      secret: TEST_WEBHOOK_SECRET,
    });
    expect(first[0]).toMatchObject({ status: 500, delivered: false });
    expect(first.slice(1).every((report) => report.delivered)).toBe(true);
    // Not yet due again a minute less a second later; due after a minute.
    const early = new Date(clock.now.getTime() + 59_000);
    expect(
      await deliverDueEvents(database.db, { now: early, secret: TEST_WEBHOOK_SECRET }),
    ).toEqual([]);
    const later = new Date(clock.now.getTime() + 60_000);
    const retried = await deliverDueEvents(database.db, {
      now: later,
      secret: TEST_WEBHOOK_SECRET,
    });
    expect(retried).toEqual([{ eventId: first[0]?.eventId, status: 204, delivered: true }]);

    const events = sandbox.received.map(({ body, signature }) =>
      stripe.webhooks.constructEvent(
        body,
        signature,
        TEST_WEBHOOK_SECRET,
        300,
        undefined,
        later.getTime(),
      ),
    );
    const completed = events.find((event) => event.type === "checkout.session.completed");
    expect((completed?.data.object as Stripe.Checkout.Session | undefined)?.id).toBe(session.id);
    expect(events.map((event) => event.type)).toContain("payment_intent.amount_capturable_updated");
    const retrievedEvent = await stripe.events.retrieve(first[0]?.eventId ?? "");
    expect(retrievedEvent.pending_webhooks).toBe(0);
  });

  it("refuses a forged or a stale signature", () => {
    const payload = JSON.stringify({ id: "evt_forged", object: "event" });
    const forged = stripe.webhooks.generateTestHeaderString({
      payload,
      secret: "whsec_someone_else",
    });
    expect(() => stripe.webhooks.constructEvent(payload, forged, TEST_WEBHOOK_SECRET)).toThrow(
      Stripe.errors.StripeSignatureVerificationError,
    );
    const old = stripe.webhooks.generateTestHeaderString({
      payload,
      secret: TEST_WEBHOOK_SECRET,
      timestamp: Math.floor(Date.now() / 1000) - 600,
    });
    expect(() => stripe.webhooks.constructEvent(payload, old, TEST_WEBHOOK_SECRET)).toThrow(
      /Timestamp outside the tolerance zone/,
    );
  });
});

/** OpenAPI 3.0's `nullable: true` in JSON Schema's words: the schema, or null. */
function jsonSchema<T>(node: T): T {
  if (Array.isArray(node)) return node.map(jsonSchema) as T;
  if (!node || typeof node !== "object") return node;
  const { nullable, ...rest } = node as Record<string, unknown>;
  const converted = Object.fromEntries(
    Object.entries(rest).map(([key, value]) => [
      key,
      key === "properties" || key === "schemas"
        ? Object.fromEntries(
            Object.entries(value as object).map(([name, schema]) => [name, jsonSchema(schema)]),
          )
        : jsonSchema(value),
    ]),
  );
  return (nullable === true ? { anyOf: [converted, { type: "null" }] } : converted) as T;
}

describe("answers against Stripe's OpenAPI description", () => {
  const fixture = JSON.parse(
    readFileSync(new URL("./stripe-openapi.json", import.meta.url), "utf8"),
  ) as { schemas: Record<string, object> };
  const ajv = new Ajv({ strict: false, validateFormats: false, allErrors: true });
  ajv.addSchema({ components: { schemas: jsonSchema(fixture.schemas) } }, "stripe");
  const check = (schema: string, value: unknown) => {
    const validate = ajv.getSchema(`stripe#/components/schemas/${schema}`);
    if (!validate) throw new Error(`No schema ${schema}`);
    const valid = validate(value);
    return valid
      ? []
      : (validate.errors ?? []).map((error) => `${error.instancePath} ${error.message}`);
  };

  it("answers sessions, payments, charges, refunds, customers, cards, events and errors in Stripe's shape", async () => {
    const session = await paymentSession();
    await payOnPage(session.url ?? "", VISA);
    const retrieved = await raw(`/v1/checkout/sessions/${session.id}`);
    const intent = await raw(`/v1/payment_intents/${retrieved.payment_intent}`);
    const charge = await raw(`/v1/charges/${intent.latest_charge}`);
    await stripe.paymentIntents.capture(intent.id as string);
    const refund = await stripe.refunds.create({
      payment_intent: intent.id as string,
      amount: 100,
    });
    const customer = await stripe.customers.create({
      email: "schema@example.com",
      metadata: { shop: "1" },
    });
    const setup = await stripe.checkout.sessions.create({
      mode: "setup",
      currency: "eur",
      customer: customer.id,
      success_url: "https://comptoir.example/",
    });
    await payOnPage(setup.url ?? "", VISA);
    const setupDone = await raw(`/v1/checkout/sessions/${setup.id}`);
    const setupIntent = await raw(`/v1/setup_intents/${setupDone.setup_intent}`);
    const methods = await raw(`/v1/customers/${customer.id}/payment_methods`);
    const events = await raw("/v1/events?limit=100");
    const missing = await raw("/v1/customers/cus_missing");
    const [saved] = methods.data as { id: string }[];
    const direct = await fetch(`${sandbox.origin}/v1/payment_intents`, {
      method: "POST",
      headers: { Authorization: `Bearer ${TEST_SECRET_KEY}` },
      body: new URLSearchParams({
        amount: "900",
        currency: "eur",
        customer: customer.id,
        payment_method: saved?.id ?? "",
        confirm: "true",
        off_session: "true",
      }),
    });

    expect(check("checkout.session", retrieved)).toEqual([]);
    expect(check("checkout.session", setupDone)).toEqual([]);
    expect(check("payment_intent", intent)).toEqual([]);
    expect(check("payment_intent", await raw(`/v1/payment_intents/${intent.id}`))).toEqual([]);
    expect(check("charge", charge)).toEqual([]);
    expect(check("refund", await raw(`/v1/refunds/${refund.id}`))).toEqual([]);
    expect(check("customer", await raw(`/v1/customers/${customer.id}`))).toEqual([]);
    expect(check("setup_intent", setupIntent)).toEqual([]);
    for (const method of methods.data as unknown[])
      expect(check("payment_method", method)).toEqual([]);
    for (const event of events.data as unknown[]) expect(check("event", event)).toEqual([]);
    expect(check("error", missing)).toEqual([]);
    expect(check("payment_intent", await direct.json())).toEqual([]);
    // The check has teeth: a status Stripe does not have, a missing field, a wrong type.
    expect(check("payment_intent", { ...intent, status: "authorised" })).not.toEqual([]);
    expect(check("checkout.session", { ...retrieved, expires_at: undefined })).not.toEqual([]);
    expect(check("refund", { ...refund, amount: "1,00" })).not.toEqual([]);
  });
});

describe("what is stored", () => {
  it("never keeps a card number or a CVC", async () => {
    const session = await paymentSession();
    await payOnPage(session.url ?? "", { number: "4000 0027 6000 3184", cvc: "987" }, "pass");
    const text = JSON.stringify([
      await database.db.select().from(paymentSandboxObject),
      await database.db.select().from(paymentSandboxIdempotency),
      await database.db.select().from(paymentSandboxDelivery),
    ]);
    for (const number of [
      "4242424242424242",
      "4000002760003184",
      "5555555555554444",
      "4000000000000002",
    ]) {
      expect(text).not.toContain(number);
      expect(text).not.toContain(number.replace(/(\d{4})(?=\d)/g, "$1 "));
    }
    expect(text).not.toMatch(/"cvc"\s*:\s*"/);
  });
});
