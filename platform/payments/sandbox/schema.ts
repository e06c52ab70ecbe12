import {
  bigserial,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
} from "drizzle-orm/pg-core";

/**
 * The embedded test provider's tables (docs/payments.md, "The test provider"). Its objects are
 * kept as Stripe answers them, one JSON document each, with the few columns its lists filter
 * and order by. A card number or a CVC is never in them: a payment method keeps the brand, the
 * last four digits and the expiry, as Stripe shows them.
 */
export const paymentSandboxObject = pgTable(
  "payment_sandbox_object",
  {
    // Stripe's id, with its prefix (`cs_test_`, `pi_`, `cus_`, `evt_`…).
    id: text("id").primaryKey(),
    // Stripe's `object` (`checkout.session`, `payment_intent`, `event`…).
    object: text("object").notNull(),
    // Lists filter by them: a customer's payment methods, open sessions, a payment's refunds.
    customer: text("customer"),
    status: text("status"),
    parent: text("parent"),
    // Unix seconds, as Stripe's `created`.
    created: integer("created").notNull(),
    // Lists are newest first; objects made in the same second keep the order they were made in.
    seq: bigserial("seq", { mode: "number" }).notNull(),
    data: jsonb("data").$type<Record<string, unknown>>().notNull(),
  },
  (t) => [
    index("payment_sandbox_object_list_idx").on(t.object, t.seq),
    index("payment_sandbox_object_customer_idx").on(t.customer),
    index("payment_sandbox_object_parent_idx").on(t.parent),
  ],
);

/**
 * One answer per `Idempotency-Key` (and API key), as Stripe keeps them: the same key with the
 * same request gets the stored answer again; with another request, an error.
 */
export const paymentSandboxIdempotency = pgTable(
  "payment_sandbox_idempotency",
  {
    apiKey: text("api_key").notNull(),
    key: text("key").notNull(),
    // `POST /v1/checkout/sessions` and a SHA-256 of the form body.
    request: text("request").notNull(),
    bodyHash: text("body_hash").notNull(),
    status: integer("status").notNull(),
    response: jsonb("response").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.apiKey, t.key] })],
);

/**
 * An event to deliver to the webhook endpoint, signed as Stripe signs it. Retried with a
 * growing delay until the endpoint answers 2xx, for three days at most.
 */
export const paymentSandboxDelivery = pgTable(
  "payment_sandbox_delivery",
  {
    eventId: text("event_id").primaryKey(),
    url: text("url").notNull(),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }),
    deliveredAt: timestamp("delivered_at", { withTimezone: true }),
    lastStatus: integer("last_status"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
  },
  (t) => [index("payment_sandbox_delivery_due_idx").on(t.nextAttemptAt)],
);
