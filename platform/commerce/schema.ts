import { pgTable, serial, text, timestamp, varchar } from "drizzle-orm/pg-core";

/** The shop itself, as the Storefront API's `Shop` object describes it; one row. */
export const commerceShop = pgTable("commerce_shop", {
  id: serial("id").primaryKey(),
  name: text("name").notNull(),
  description: text("description").notNull().default(""),
  primaryDomainUrl: text("primary_domain_url").notNull(),
  currencyCode: varchar("currency_code", { length: 3 }).notNull().default("EUR"),
  // Shopify's Liquid-style `moneyFormat`; French shops put the amount first, with a comma.
  moneyFormat: text("money_format").notNull().default("{{amount_with_comma_separator}} €"),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp("updated_at", { withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date()),
});
export * from "#platform/commerce/catalogue/schema.ts";
