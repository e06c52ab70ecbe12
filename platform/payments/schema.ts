import { index, integer, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";

/**
 * The embedded test card processor's tables. A card is kept as a random token with what may be
 * shown (brand, last four digits, expiry) and the outcome its test number asks for: the number
 * and the CVC are never stored, nor logged.
 */
export const paymentCard = pgTable(
  "payment_card",
  {
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
    // "card" (a bank card) | "meal_voucher" (a titres-restaurant card, meal-vouchers.ts).
    kind: text("kind").notNull().default("card"),
    // A meal-voucher card's keyed hash (HMAC-SHA256 under the processor's own key): the same card
    // tokenized twice has one fingerprint, which its daily limit counts by. Null for bank cards.
    fingerprint: text("fingerprint"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("payment_card_fingerprint_idx").on(t.fingerprint)],
);

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
    // The charge's day in Paris (`YYYY-MM-DD`): a meal-voucher card's daily limit counts by it.
    parisDay: text("paris_day"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("payment_charge_idempotency_key_idx").on(t.idempotencyKey),
    index("payment_charge_card_idx").on(t.cardToken),
  ],
);

/**
 * One row per meal-voucher card fingerprint, locked while a charge on that card checks what is
 * left of its day: two checkouts paying with the same card at once never pass its daily limit.
 */
export const paymentMealVoucherLock = pgTable("payment_meal_voucher_lock", {
  fingerprint: text("fingerprint").primaryKey(),
});

/** The processor's own keys (the meal-voucher fingerprint key), made at first need. */
export const paymentProcessorKey = pgTable("payment_processor_key", {
  name: text("name").primaryKey(),
  value: text("value").notNull(),
});

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
