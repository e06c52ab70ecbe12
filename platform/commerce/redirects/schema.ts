import { pgTable, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";

/**
 * The shop's URL redirects (Shopify's `UrlRedirect`): an old address of the storefront and where
 * it now leads. Staff edit them in the office; the storefront follows them on a 404, and the
 * Storefront API's `urlRedirects` serves them to Hydrogen's `storefrontRedirect`.
 */
export const commerceUrlRedirect = pgTable(
  "commerce_url_redirect",
  {
    id: serial("id").primaryKey(),
    // A path of the storefront, starting with `/`, without query string, stored lower-cased.
    path: text("path").notNull(),
    // A path of the storefront (`/…`) or an absolute `https://` address.
    target: text("target").notNull(),
    updatedBy: text("updated_by").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("commerce_url_redirect_path_key").on(t.path)],
);
