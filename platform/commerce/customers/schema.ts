import { sql } from "drizzle-orm";
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { timestamps } from "#db/columns.ts";

/**
 * Customer accounts of the commerce service, shaped like Shopify's: a customer with addresses,
 * the single-use or expiring tokens that act for them (access, activation, reset), and their
 * named shopping lists. Secrets are never stored: passwords as scrypt hashes, tokens as SHA-256.
 */

/** Shopify's account states we use: `DISABLED` until the activation link is followed. */
export type CustomerState = "DISABLED" | "ENABLED";

export const commerceCustomer = pgTable(
  "commerce_customer",
  {
    id: serial("id").primaryKey(),
    // Always lower-cased and trimmed before it is written, so the unique index is the rule.
    email: text("email").notNull(),
    firstName: text("first_name"),
    lastName: text("last_name"),
    phone: text("phone"),
    acceptsMarketing: boolean("accepts_marketing").notNull().default(false),
    state: text("state").$type<CustomerState>().notNull().default("DISABLED"),
    // `scrypt$N$r$p$salt$hash` (platform/commerce/customers/passwords.ts); null until a password is set.
    passwordHash: text("password_hash"),
    defaultAddressId: integer("default_address_id"),
    // Set by the office (customers screen): the account cannot sign in and its tokens are gone.
    disabledAt: timestamp("disabled_at", { withTimezone: true }),
    ...timestamps,
  },
  (t) => [uniqueIndex("commerce_customer_email_key").on(t.email)],
);

export const commerceCustomerAddress = pgTable(
  "commerce_customer_address",
  {
    id: serial("id").primaryKey(),
    customerId: integer("customer_id")
      .notNull()
      .references(() => commerceCustomer.id, { onDelete: "cascade" }),
    firstName: text("first_name"),
    lastName: text("last_name"),
    company: text("company"),
    address1: text("address1").notNull(),
    address2: text("address2"),
    city: text("city").notNull(),
    province: text("province"),
    zip: text("zip").notNull(),
    // Country name as given; the ISO code drives `countryCodeV2` (FR when none is given).
    country: text("country").notNull().default("France"),
    countryCode: text("country_code").notNull().default("FR"),
    phone: text("phone"),
    ...timestamps,
  },
  (t) => [index("commerce_customer_address_customer_idx").on(t.customerId, t.id)],
);

/** What a token lets its bearer do. */
export type CustomerTokenKind = "access" | "activation" | "reset";

export const commerceCustomerToken = pgTable(
  "commerce_customer_token",
  {
    id: serial("id").primaryKey(),
    customerId: integer("customer_id")
      .notNull()
      .references(() => commerceCustomer.id, { onDelete: "cascade" }),
    kind: text("kind").$type<CustomerTokenKind>().notNull(),
    // SHA-256 (hex) of the random token: a leaked table does not sign anyone in.
    tokenHash: text("token_hash").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    // Activation and reset tokens work once; access tokens are deleted instead.
    usedAt: timestamp("used_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("commerce_customer_token_hash_key").on(t.tokenHash),
    index("commerce_customer_token_customer_idx").on(t.customerId, t.kind),
  ],
);

/**
 * A named shopping list (storefront.md §3: id, items, products, title). `items` are product GIDs
 * in the order they were added; the customer's `custom.shopping_lists` metafield lists the ids.
 */
export const commerceShoppingList = pgTable(
  "commerce_shopping_list",
  {
    id: serial("id").primaryKey(),
    customerId: integer("customer_id")
      .notNull()
      .references(() => commerceCustomer.id, { onDelete: "cascade" }),
    title: text("title").notNull(),
    items: jsonb("items").$type<string[]>().notNull().default(sql`'[]'::jsonb`),
    ...timestamps,
  },
  (t) => [index("commerce_shopping_list_customer_idx").on(t.customerId)],
);
