import { sql } from "drizzle-orm";
import { bigint, index, integer, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";

/**
 * The notify outbox: every email and SMS the shop sends, written in the same transaction as the
 * change that caused it (an account, a reset request, an order), so a message exists exactly when
 * its cause was committed. Delivery (`delivery.ts`) sends the emails later over SMTP when one is
 * configured, and `sms/delivery.ts` the SMS through the configured gateway; the rows stay as the record, and tests and the admin area read them.
 */
export const notifyOutbox = pgTable(
  "notify_outbox",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    // Insertion order: timestamps of quick successive messages can tie (PGlite's clock is coarse).
    seq: bigint("seq", { mode: "number" }).generatedAlwaysAsIdentity(),
    // "email" or "sms".
    channel: text("channel").notNull(),
    // What the message is for ("activation", "password_reset", "order_confirmation", "phone_code"…).
    kind: text("kind").notNull(),
    // An email address or a phone number in E.164 form.
    to: text("to").notNull(),
    subject: text("subject"),
    text: text("text").notNull(),
    html: text("html"),
    // "pending" → "sending" (claimed by one delivery worker) → "sent", or "failed" (retried
    // after `next_attempt_at` until the attempts run out).
    status: text("status").notNull().default("pending"),
    attempts: integer("attempts").notNull().default(0),
    lastError: text("last_error"),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }),
    // When a worker claimed it: a claim older than a few minutes belongs to a crashed worker.
    claimedAt: timestamp("claimed_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    // SMS only: the gateway's ids of the parts it acknowledged (submit_sm_resp), in order, each
    // stored as soon as it is acknowledged, so a retry after a crash never sends a part again.
    providerMessageIds: text("provider_message_ids").array().notNull().default(sql`'{}'::text[]`),
    // SMS only: what the delivery receipts said, "delivered", "failed" or "expired" (null: none
    // yet), with the time of the receipt.
    deliveryStatus: text("delivery_status"),
    deliveredAt: timestamp("delivered_at", { withTimezone: true }),
  },
  (t) => [
    index("notify_outbox_to_idx").on(t.to, t.createdAt),
    index("notify_outbox_status_idx").on(t.status, t.createdAt),
    // Delivery receipts find their message by the provider's id.
    index("notify_outbox_provider_ids_idx").using("gin", t.providerMessageIds),
  ],
);
