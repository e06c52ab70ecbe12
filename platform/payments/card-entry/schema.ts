import { pgTable, text, timestamp } from "drizzle-orm/pg-core";

/**
 * The test processor's hosted card-entry pages (docs/payments.md, "Titres-restaurant"): one row a
 * page a consumer opened for a shopper. The shopper types the card on the processor's page, never
 * on the shop's; the row keeps only the resulting card token (the number and the code are never
 * stored, nor logged), which the consumer takes once.
 */
export const paymentCardEntry = pgTable("payment_card_entry", {
  // "ce_" and 32 random letters: the page's address is a capability, so it must not be guessable.
  id: text("id").primaryKey(),
  // The kind of card the page asks for: "meal_voucher" (a titres-restaurant card).
  kind: text("kind").notNull(),
  // Where the shopper goes back to, with `card_entry=<id>` added once a card is entered.
  returnUrl: text("return_url").notNull(),
  // The consumer's own key (a cart token, an ordering customer): only it can take the card.
  reference: text("reference").notNull(),
  // "open" (waiting for a card) | "complete" (a card entered, not yet taken) | "spent" (taken by
  // the consumer) | "expired" (past `expires_at` before it was taken).
  status: text("status").notNull(),
  // The card it led to (`payment_card.token`); no foreign key: the row is the page's, not the card's.
  cardToken: text("card_token"),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
  // 30 minutes after `created_at`: the card must be entered and taken before.
  expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  completedAt: timestamp("completed_at", { withTimezone: true }),
  spentAt: timestamp("spent_at", { withTimezone: true }),
});
