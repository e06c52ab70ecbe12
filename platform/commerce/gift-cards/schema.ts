import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { commerceCart } from "#platform/commerce/cart/schema.ts";
import { commerceOrder } from "#platform/commerce/orders/schema.ts";

/**
 * The shop's gift cards, as Shopify's: a code with a balance in euros, spent at the checkout, in
 * part or in whole. Money is integer cents. The code is a bearer credential: only its SHA-256 and
 * its last four characters are kept (Shopify's `lastCharacters`); the office sees it once, when
 * the card is issued.
 */
export const commerceGiftCard = pgTable(
  "commerce_gift_card",
  {
    id: serial("id").primaryKey(),
    // SHA-256 (hex) of the normalised code: upper-cased, spaces and dashes removed.
    codeHash: text("code_hash").notNull(),
    lastCharacters: text("last_characters").notNull(),
    initialValueCents: integer("initial_value_cents").notNull(),
    // Only ever changed by a conditional update (gift-cards.ts): never below zero.
    balanceCents: integer("balance_cents").notNull(),
    currencyCode: text("currency_code").notNull().default("EUR"),
    // The last day it can be spent (Paris), null: no end.
    expiresOn: date("expires_on", { mode: "string" }),
    enabled: boolean("enabled").notNull().default(true),
    // Who it is for, or why it was issued (the office's words).
    note: text("note").notNull().default(""),
    createdBy: text("created_by").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("commerce_gift_card_code_key").on(t.codeHash),
    check("commerce_gift_card_balance_in_range", sql`${t.balanceCents} >= 0`),
    check("commerce_gift_card_initial_positive", sql`${t.initialValueCents} > 0`),
  ],
);

/**
 * Every movement of a gift card's balance: issued, spent on an order, given back when an order
 * is refunded or cancelled, adjusted by the office. The balance is the sum of its movements.
 */
export type GiftCardMovementKind = "issued" | "spent" | "refunded" | "adjusted";

export const commerceGiftCardMovement = pgTable(
  "commerce_gift_card_movement",
  {
    id: serial("id").primaryKey(),
    giftCardId: integer("gift_card_id")
      .notNull()
      .references(() => commerceGiftCard.id, { onDelete: "cascade" }),
    kind: text("kind").$type<GiftCardMovementKind>().notNull(),
    // Signed: negative when spent.
    amountCents: integer("amount_cents").notNull(),
    orderId: integer("order_id").references(() => commerceOrder.id, { onDelete: "set null" }),
    // The staff member who issued or adjusted it; null for a checkout.
    staff: text("staff"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("commerce_gift_card_movement_card_idx").on(t.giftCardId, t.id),
    index("commerce_gift_card_movement_order_idx").on(t.orderId),
  ],
);

/** The gift cards a shopper applied to a cart (`cart.appliedGiftCards`), in the order applied. */
export const commerceCartGiftCard = pgTable(
  "commerce_cart_gift_card",
  {
    cartId: integer("cart_id")
      .notNull()
      .references(() => commerceCart.id, { onDelete: "cascade" }),
    giftCardId: integer("gift_card_id")
      .notNull()
      .references(() => commerceGiftCard.id, { onDelete: "cascade" }),
    appliedAt: timestamp("applied_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.cartId, t.giftCardId] })],
);
