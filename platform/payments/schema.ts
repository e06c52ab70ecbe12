import { index, integer, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";

/**
 * The embedded test card processor's tables. A card is kept as a random token with what may be
 * shown (brand, last four digits, expiry) and the outcome its test number asks for: the number
 * and the CVC are never stored, nor logged.
 */
export const paymentCard = pgTable("payment_card", {
  // 32 random bytes in base64url, prefixed "card_": unguessable, so a token is a capability.
  token: text("token").primaryKey(),
  // "visa" | "mastercard" | "amex" | "other".
  brand: text("brand").notNull(),
  last4: text("last4").notNull(),
  expMonth: integer("exp_month").notNull(),
  expYear: integer("exp_year").notNull(),
  // "approve" | "decline": decided at tokenization from the test number (4000 0000 0000 0002
  // declines), so charging never needs the number again.
  outcome: text("outcome").notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

export const paymentCharge = pgTable(
  "payment_charge",
  {
    id: text("id").primaryKey(),
    // One charge per key, whatever the number of retries or concurrent submissions.
    idempotencyKey: text("idempotency_key").notNull(),
    cardToken: text("card_token")
      .notNull()
      .references(() => paymentCard.token),
    amountCents: integer("amount_cents").notNull(),
    description: text("description").notNull().default(""),
    // "succeeded" | "declined".
    status: text("status").notNull(),
    failureCode: text("failure_code"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("payment_charge_idempotency_key_idx").on(t.idempotencyKey),
    index("payment_charge_card_idx").on(t.cardToken),
  ],
);

/**
 * A refund of a charge, whole or in part. One refund per idempotency key; the refunds of a
 * charge never add up to more than it captured (refundCharge locks the charge row to check).
 */
export const paymentRefund = pgTable(
  "payment_refund",
  {
    id: text("id").primaryKey(),
    idempotencyKey: text("idempotency_key").notNull(),
    chargeId: text("charge_id")
      .notNull()
      .references(() => paymentCharge.id),
    amountCents: integer("amount_cents").notNull(),
    reason: text("reason").notNull().default(""),
    // "succeeded": the embedded processor refunds at once.
    status: text("status").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("payment_refund_idempotency_key_idx").on(t.idempotencyKey),
    index("payment_refund_charge_idx").on(t.chargeId, t.createdAt),
  ],
);
