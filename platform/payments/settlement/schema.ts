import { index, integer, jsonb, pgTable, text, timestamp } from "drizzle-orm/pg-core";

/**
 * Payment attempts and the provider's webhook events (docs/payments.md, "Settling a payment").
 * An attempt is one try to pay what the shop holds for the shopper (a basket and its slot) on the
 * provider's hosted page or with a saved card; it is settled once, by whichever comes first: the
 * shopper's return, the webhook, or the reconciliation job.
 */
export const paymentAttempt = pgTable(
  "payment_attempt",
  {
    // `pay_` and 24 random letters: also the stem of the provider idempotency keys.
    id: text("id").primaryKey(),
    // Which consumer settles it: `grocery` (the hosted checkout) or `restauration` (ordering).
    purpose: text("purpose").notNull(),
    // The consumer's own key (the cart's token, an ordering customer and idempotency key).
    reference: text("reference").notNull(),
    amountCents: integer("amount_cents").notNull(),
    currency: text("currency").notNull(),
    captureMethod: text("capture_method").$type<"automatic" | "manual">().notNull(),
    // open → placed | refund_due → refunded | released.
    status: text("status")
      .$type<"open" | "placed" | "refund_due" | "refunded" | "released">()
      .notNull(),
    sessionId: text("session_id").unique(),
    paymentIntentId: text("payment_intent_id").unique(),
    // The consumer's order, once placed.
    resultRef: text("result_ref"),
    // The French message the shopper sees when the hold was lost or released.
    message: text("message"),
    // What the consumer held, as it needs it to place the order.
    data: jsonb("data").$type<Record<string, unknown>>().notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
    settledAt: timestamp("settled_at", { withTimezone: true }),
  },
  (t) => [
    index("payment_attempt_reference_idx").on(t.purpose, t.reference),
    index("payment_attempt_status_idx").on(t.status, t.expiresAt),
  ],
);

/** Each webhook event of the provider, stored once by its id as it was received. */
export const paymentWebhookEvent = pgTable(
  "payment_webhook_event",
  {
    id: text("id").primaryKey(),
    type: text("type").notNull(),
    // The id of the event's object (a session, a payment, a charge).
    objectId: text("object_id").notNull(),
    payload: jsonb("payload").$type<Record<string, unknown>>().notNull(),
    receivedAt: timestamp("received_at", { withTimezone: true }).notNull(),
    processedAt: timestamp("processed_at", { withTimezone: true }),
    // What processing it did: `settled`, `unknown_session`, `ignored`, `refunds`.
    outcome: text("outcome"),
  },
  (t) => [index("payment_webhook_event_object_idx").on(t.objectId)],
);
