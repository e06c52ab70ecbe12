import { eq, sql } from "drizzle-orm";
import { Hono } from "hono";
import { type WebhookEvent, WebhookSignatureError } from "#platform/payments/provider.ts";
import {
  attemptById,
  attemptByPayment,
  attemptBySession,
  type PaymentAttempt,
  type Payments,
} from "#platform/payments/settlement/attempts.ts";
import { paymentAttempt, paymentWebhookEvent } from "#platform/payments/settlement/schema.ts";
import { settlePaymentAttempt } from "#platform/payments/settlement/settle.ts";

/**
 * The provider's webhooks (`POST /api/webhooks/stripe`): each delivery is verified on its raw
 * body, stored once by its event id, then processed; a duplicate of an event already processed
 * changes nothing. Processing only ever settles what the event names, reading the provider's
 * current state, so a late or out-of-order event settles to the same result. A failure answers
 * 500, and the provider delivers the event again.
 */

export type WebhookAnswer = { status: 200 | 400 | 500; body: Record<string, unknown> };

const SESSION_EVENTS = new Set([
  "checkout.session.completed",
  "checkout.session.async_payment_succeeded",
  "checkout.session.async_payment_failed",
  "checkout.session.expired",
]);

const PAYMENT_EVENTS = new Set([
  "payment_intent.succeeded",
  "payment_intent.amount_capturable_updated",
  "payment_intent.canceled",
  "payment_intent.payment_failed",
]);

function metadataAttempt(object: Record<string, unknown>): string | null {
  const metadata = object.metadata;
  if (!metadata || typeof metadata !== "object") return null;
  const id = (metadata as Record<string, unknown>).attempt;
  return typeof id === "string" ? id : null;
}

function stringField(object: Record<string, unknown>, name: string): string | null {
  const value = object[name];
  if (typeof value === "string") return value;
  if (value && typeof value === "object" && typeof (value as { id?: unknown }).id === "string") {
    return (value as { id: string }).id;
  }
  return null;
}

/** The attempt a session event is about: by its session id, or by the id the session carries. */
async function sessionAttempt(
  payments: Payments,
  event: WebhookEvent,
): Promise<PaymentAttempt | null> {
  const found = await attemptBySession(payments.db, event.object.id);
  if (found) return found;
  // A session made just before a crash that kept its id from us: its metadata names the attempt.
  const id = metadataAttempt(event.object);
  const attempt = id ? await attemptById(payments.db, id) : null;
  if (!attempt || attempt.sessionId !== null) return null;
  await payments.db
    .update(paymentAttempt)
    .set({ sessionId: event.object.id })
    .where(eq(paymentAttempt.id, attempt.id));
  return { ...attempt, sessionId: event.object.id };
}

/** What an event does; its outcome is stored beside it. */
async function processEvent(payments: Payments, event: WebhookEvent): Promise<string> {
  if (SESSION_EVENTS.has(event.type)) {
    const attempt = await sessionAttempt(payments, event);
    if (!attempt) {
      payments.logger.warn(
        { event: event.id, session: event.object.id },
        "webhook for no known session",
      );
      return "unknown_session";
    }
    const outcome = await settlePaymentAttempt(payments, attempt.id);
    return `settled:${outcome.kind}`;
  }
  if (PAYMENT_EVENTS.has(event.type)) {
    const byPayment = await attemptByPayment(payments.db, event.object.id);
    const id = byPayment?.id ?? metadataAttempt(event.object);
    const attempt = id ? await attemptById(payments.db, id) : null;
    // A session's payment is settled through its session's events.
    if (!attempt || (attempt.sessionId && !byPayment)) return "ignored";
    const outcome = await settlePaymentAttempt(payments, attempt.id, {
      paymentIntentId: event.object.id,
    });
    return `settled:${outcome.kind}`;
  }
  if (event.type === "charge.refunded") {
    const paymentIntentId = stringField(event.object, "payment_intent");
    const attempt = paymentIntentId ? await attemptByPayment(payments.db, paymentIntentId) : null;
    const handler = attempt ? payments.handlers.get(attempt.purpose) : undefined;
    if (!paymentIntentId || !attempt || !handler?.refunded) return "ignored";
    const refunds = await payments.provider.listRefunds(paymentIntentId);
    const amountRefunded = Number(event.object.amount_refunded ?? 0);
    const now = payments.now();
    await payments.db.transaction((tx) =>
      // biome-ignore lint/style/noNonNullAssertion: checked just above
      handler.refunded!(tx, { paymentIntentId, amountRefunded, refunds }, now),
    );
    return "refunds";
  }
  return "ignored";
}

/** One delivery: verified, stored once, processed once. */
export async function receiveWebhook(
  payments: Payments,
  rawBody: string,
  signature: string,
): Promise<WebhookAnswer> {
  let event: WebhookEvent;
  try {
    event = await payments.provider.verifyWebhook(rawBody, signature);
  } catch (error) {
    if (!(error instanceof WebhookSignatureError)) throw error;
    payments.logger.warn({ reason: error.message }, "webhook refused: bad signature");
    return { status: 400, body: { error: { message: "Invalid signature" } } };
  }
  const now = payments.now();
  await payments.db
    .insert(paymentWebhookEvent)
    .values({
      id: event.id,
      type: event.type,
      objectId: event.object.id,
      payload: JSON.parse(rawBody) as Record<string, unknown>,
      receivedAt: now,
    })
    .onConflictDoNothing();
  const [stored] = await payments.db
    .select({ processedAt: paymentWebhookEvent.processedAt })
    .from(paymentWebhookEvent)
    .where(eq(paymentWebhookEvent.id, event.id));
  if (stored?.processedAt) return { status: 200, body: { received: true, duplicate: true } };
  try {
    const outcome = await processEvent(payments, event);
    await payments.db
      .update(paymentWebhookEvent)
      .set({ processedAt: payments.now(), outcome })
      .where(
        sql`${paymentWebhookEvent.id} = ${event.id} and ${paymentWebhookEvent.processedAt} is null`,
      );
    return { status: 200, body: { received: true } };
  } catch (error) {
    payments.logger.error({ err: error, event: event.id, type: event.type }, "webhook failed");
    return { status: 500, body: { error: { message: "Processing failed; retry later" } } };
  }
}

/** Where the server mounts the webhook: `/api/webhooks/stripe`. */
export const STRIPE_WEBHOOK_PATH = "/api/webhooks/stripe";

/** The webhook's route, to mount at the server's root. */
export function paymentWebhookRoutes(payments: Payments) {
  const app = new Hono();
  app.post(STRIPE_WEBHOOK_PATH, async (c) => {
    // The raw bytes as sent: the signature is over them, not over a parsed and re-encoded body.
    const rawBody = await c.req.text();
    const answer = await receiveWebhook(payments, rawBody, c.req.header("Stripe-Signature") ?? "");
    c.header("Cache-Control", "no-store");
    return c.json(answer.body, answer.status);
  });
  return app;
}
