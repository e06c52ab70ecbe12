import { index, integer, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";

/**
 * The refunds of orders paid through the payment provider (Stripe, or the embedded test
 * provider), as the shop recorded them: one row per provider refund (`re_…`), whether the office
 * made it from the order page or someone made it in the provider's dashboard (`charge.refunded`).
 * The row's id is the provider's, so a refund is recorded once whichever path sees it first.
 * Orders paid through the test card processor keep their refunds in the payments module.
 */
export const orderPaymentRefund = pgTable(
  "order_payment_refund",
  {
    // The provider's refund id.
    id: text("id").primaryKey(),
    // "grocery" | "restaurant", and the order's id in its service.
    kind: text("kind").notNull(),
    orderId: integer("order_id").notNull(),
    paymentIntentId: text("payment_intent_id").notNull(),
    amountCents: integer("amount_cents").notNull(),
    reason: text("reason").notNull().default(""),
    // "office" (the order page) or "dashboard" (made at the provider).
    origin: text("origin").$type<"office" | "dashboard">().notNull(),
    // The office's idempotency key of the staff action (null for the dashboard's).
    idempotencyKey: text("idempotency_key"),
    staffEmail: text("staff_email").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
  },
  (t) => [
    index("order_payment_refund_order_idx").on(t.kind, t.orderId),
    uniqueIndex("order_payment_refund_key").on(t.idempotencyKey),
  ],
);
