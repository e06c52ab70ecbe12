import { createHmac, timingSafeEqual } from "node:crypto";
import { and, asc, eq, isNull, lte } from "drizzle-orm";
import type { Db, Tx } from "#db/client.ts";
import { paymentSandboxDelivery } from "./schema.ts";
import {
  findObject,
  insertObject,
  newId,
  type StripeObject,
  saveObject,
  unixTime,
} from "./store.ts";

/**
 * Stripe's events and their webhook deliveries. Every change the shop must hear of is an event
 * (`/v1/events` lists them) and, when an endpoint is configured, a delivery: the event's JSON
 * POSTed with a `Stripe-Signature` header, `t=<unix time>,v1=<HMAC-SHA256 of "t.payload">`
 * under the endpoint's secret, exactly as Stripe signs. An endpoint that does not answer 2xx
 * gets the event again later, each wait longer than the last, for three days.
 */

/** The API version the test provider's events say they were rendered with. */
export const SANDBOX_API_VERSION = "2023-08-16";

export type WebhookEndpoint = { url: string; secret: string };

/** Records an event for an object as it now is; queues its delivery when there is an endpoint. */
export async function recordEvent(
  tx: Db | Tx,
  type: string,
  object: StripeObject,
  now: Date,
  endpoint: WebhookEndpoint | undefined,
  previousAttributes?: Record<string, unknown>,
): Promise<StripeObject> {
  const event: StripeObject = {
    id: newId("event"),
    object: "event",
    api_version: SANDBOX_API_VERSION,
    created: unixTime(now),
    data: {
      object: structuredClone(object),
      ...(previousAttributes ? { previous_attributes: previousAttributes } : {}),
    },
    livemode: false,
    pending_webhooks: endpoint ? 1 : 0,
    request: { id: null, idempotency_key: null },
    type,
  };
  await insertObject(tx, event, { status: type });
  if (endpoint) {
    await tx.insert(paymentSandboxDelivery).values({
      eventId: event.id,
      url: endpoint.url,
      nextAttemptAt: now,
      createdAt: now,
    });
  }
  return event;
}

/** `t=…,v1=…`: Stripe's signature of a payload at a time. */
export function signatureHeader(secret: string, payload: string, timestamp: number): string {
  const signature = createHmac("sha256", secret).update(`${timestamp}.${payload}`).digest("hex");
  return `t=${timestamp},v1=${signature}`;
}

/** Why a signature is refused, or null when it is Stripe's own for this payload and secret. */
export function signatureProblem(
  payload: string,
  header: string,
  secret: string,
  now: Date,
  toleranceSeconds = 300,
): string | null {
  const parts = header.split(",").map((part) => part.trim().split("="));
  const timestamp = Number(parts.find(([key]) => key === "t")?.[1]);
  const signatures = parts.filter(([key]) => key === "v1").map(([, value]) => value ?? "");
  if (!Number.isInteger(timestamp) || signatures.length === 0) {
    return "Unable to extract timestamp and signatures from header";
  }
  const expected = Buffer.from(signatureHeader(secret, payload, timestamp).split("v1=")[1] ?? "");
  const matches = signatures.some((signature) => {
    const given = Buffer.from(signature);
    return given.length === expected.length && timingSafeEqual(given, expected);
  });
  if (!matches) return "No signatures found matching the expected signature for payload";
  if (Math.abs(unixTime(now) - timestamp) > toleranceSeconds) {
    return "Timestamp outside the tolerance zone";
  }
  return null;
}

/** Waits before each retry (after the 1st failed attempt, the 2nd…): Stripe's are of this order. */
export const RETRY_DELAYS_SECONDS = [60, 5 * 60, 30 * 60, 2 * 3600, 5 * 3600, 10 * 3600, 24 * 3600];
/** After this long an event is no longer retried. */
export const DELIVERY_WINDOW_SECONDS = 3 * 24 * 3600;

export type DeliveryReport = { eventId: string; status: number | null; delivered: boolean };

/**
 * Delivers the events whose attempt is due (oldest first), each once, and plans the next
 * attempt of those the endpoint did not take. A job calls it now and then; tests call it with
 * their own clock.
 */
export async function deliverDueEvents(
  db: Db,
  options: { now: Date; secret: string; fetch?: typeof fetch; limit?: number },
): Promise<DeliveryReport[]> {
  const send = options.fetch ?? fetch;
  const due = await db
    .select()
    .from(paymentSandboxDelivery)
    .where(
      and(
        isNull(paymentSandboxDelivery.deliveredAt),
        lte(paymentSandboxDelivery.nextAttemptAt, options.now),
      ),
    )
    .orderBy(asc(paymentSandboxDelivery.nextAttemptAt), asc(paymentSandboxDelivery.createdAt))
    .limit(options.limit ?? 50);
  const reports: DeliveryReport[] = [];
  for (const delivery of due) {
    const event = await findObject(db, delivery.eventId);
    if (!event) continue;
    const payload = JSON.stringify(event, null, 2);
    let status: number | null = null;
    try {
      const answer = await send(delivery.url, {
        method: "POST",
        headers: {
          "Content-Type": "application/json; charset=utf-8",
          "Stripe-Signature": signatureHeader(options.secret, payload, unixTime(options.now)),
          "User-Agent": "Stripe/1.0 (+https://stripe.com/docs/webhooks)",
        },
        body: payload,
        signal: AbortSignal.timeout(10_000),
      });
      status = answer.status;
      await answer.body?.cancel();
    } catch {
      status = null;
    }
    const delivered = status !== null && status >= 200 && status < 300;
    const attempts = delivery.attempts + 1;
    const delay = RETRY_DELAYS_SECONDS[Math.min(attempts - 1, RETRY_DELAYS_SECONDS.length - 1)];
    const next = new Date(options.now.getTime() + (delay ?? 0) * 1000);
    const expired = next.getTime() - delivery.createdAt.getTime() > DELIVERY_WINDOW_SECONDS * 1000;
    await db
      .update(paymentSandboxDelivery)
      .set({
        attempts,
        lastStatus: status,
        deliveredAt: delivered ? options.now : null,
        nextAttemptAt: delivered || expired ? null : next,
      })
      .where(eq(paymentSandboxDelivery.eventId, delivery.eventId));
    if (delivered || expired) await saveObject(db, { ...event, pending_webhooks: 0 });
    reports.push({ eventId: delivery.eventId, status, delivered });
  }
  return reports;
}
