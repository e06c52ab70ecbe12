import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { commerceVariant } from "#platform/commerce/catalogue/schema.ts";
import { commerceCustomer } from "#platform/commerce/customers/schema.ts";

/**
 * Carts of the commerce service, shaped like Shopify's: a cart with its lines, delivery
 * addresses and discount codes, and the discount codes the shop offers. Money is integer cents.
 */

/** A custom key-value pair on a cart or a line (Shopify's `Attribute`). */
export type CartAttribute = { key: string; value: string };

export const commerceCart = pgTable(
  "commerce_cart",
  {
    id: serial("id").primaryKey(),
    // Random, unguessable: the cart GID is `gid://shopify/Cart/{token}?key={secretKey}`.
    token: text("token").notNull(),
    secretKey: text("secret_key").notNull(),
    note: text("note"),
    attributes: jsonb("attributes").$type<CartAttribute[]>().notNull().default(sql`'[]'::jsonb`),
    // As the shopper typed them (upper-cased); which apply is computed on every read.
    discountCodes: jsonb("discount_codes").$type<string[]>().notNull().default(sql`'[]'::jsonb`),
    buyerEmail: text("buyer_email"),
    buyerPhone: text("buyer_phone"),
    buyerCountryCode: text("buyer_country_code"),
    customerId: integer("customer_id").references(() => commerceCustomer.id, {
      onDelete: "set null",
    }),
    // Holds taken so far: the titres-restaurant charge key of the next hold derives from it.
    paymentAttempts: integer("payment_attempts").notNull().default(0),
    // The titres-restaurant card the shopper entered on the processor's card-entry page (its
    // processor token, never the number) and what may be shown of it; cleared by « Retirer ».
    mealVoucherToken: text("meal_voucher_token"),
    mealVoucherLast4: text("meal_voucher_last4"),
    // Set when the checkout turned the cart into an order; a completed cart no longer changes.
    completedAt: timestamp("completed_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("commerce_cart_token_key").on(t.token)],
);

export const commerceCartLine = pgTable(
  "commerce_cart_line",
  {
    id: serial("id").primaryKey(),
    cartId: integer("cart_id")
      .notNull()
      .references(() => commerceCart.id, { onDelete: "cascade" }),
    variantId: integer("variant_id")
      .notNull()
      .references(() => commerceVariant.id, { onDelete: "cascade" }),
    quantity: integer("quantity").notNull(),
    attributes: jsonb("attributes").$type<CartAttribute[]>().notNull().default(sql`'[]'::jsonb`),
    // The attributes in a canonical form: one line per variant and attributes, enforced here.
    attributesKey: text("attributes_key").notNull().default(""),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("commerce_cart_line_merge_key").on(t.cartId, t.variantId, t.attributesKey),
    index("commerce_cart_line_cart_idx").on(t.cartId, t.id),
  ],
);

/** A delivery address of a cart (`cart.delivery.addresses`); at most one is selected. */
export const commerceCartAddress = pgTable(
  "commerce_cart_address",
  {
    id: serial("id").primaryKey(),
    cartId: integer("cart_id")
      .notNull()
      .references(() => commerceCart.id, { onDelete: "cascade" }),
    selected: boolean("selected").notNull().default(false),
    oneTimeUse: boolean("one_time_use").notNull().default(false),
    firstName: text("first_name"),
    lastName: text("last_name"),
    company: text("company"),
    address1: text("address1"),
    address2: text("address2"),
    city: text("city"),
    provinceCode: text("province_code"),
    zip: text("zip"),
    countryCode: text("country_code").notNull().default("FR"),
    phone: text("phone"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("commerce_cart_address_cart_idx").on(t.cartId, t.id)],
);

/** `percentage`: `value` percent off; `fixed`: `value` cents off (never below zero). */
export type DiscountKind = "percentage" | "fixed";

/**
 * The shop's discounts: codes the shopper enters (checked by `cartDiscountCodesUpdate` and the
 * checkout) and automatic discounts (Shopify's), applied without a code when no code applies.
 */
export const commerceDiscountCode = pgTable(
  "commerce_discount_code",
  {
    id: serial("id").primaryKey(),
    // Stored upper-cased; codes are matched case-insensitively, as on Shopify. Null for an
    // automatic discount, which the shopper never types.
    code: text("code"),
    // What the shopper sees of an automatic discount (`CartAutomaticDiscountAllocation.title`).
    title: text("title").notNull(),
    automatic: boolean("automatic").notNull().default(false),
    kind: text("kind").$type<DiscountKind>().notNull(),
    value: integer("value").notNull(),
    minimumSubtotalCents: integer("minimum_subtotal_cents").notNull().default(0),
    startsAt: timestamp("starts_at", { withTimezone: true }).notNull().defaultNow(),
    endsAt: timestamp("ends_at", { withTimezone: true }),
    enabled: boolean("enabled").notNull().default(true),
    // Shopify's `usageLimit` (null: unlimited) and `asyncUsageCount`: `usesCount` grows by one
    // per order placed with the code, by a conditional update (discounts.ts, claimDiscountUses).
    usageLimit: integer("usage_limit"),
    usesCount: integer("uses_count").notNull().default(0),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("commerce_discount_code_code_key").on(t.code),
    check(
      "commerce_discount_code_automatic_has_no_code",
      sql`(${t.automatic} and ${t.code} is null) or (not ${t.automatic} and ${t.code} is not null)`,
    ),
  ],
);
