import { integer, jsonb, pgTable, text, timestamp } from "drizzle-orm/pg-core";

/**
 * Saved user documents (ordering-and-server.md §3: bookmarks, shopping lists, cart), each with a
 * CouchDB-style revision `{n}-{hash}`. A write names the revision it read; the database keeps the
 * one write that names the current revision and refuses the others (`documents.ts`).
 */
export const userDocument = pgTable("user_document", {
  // The document's path under `/api/db/`, e.g. `user/12-bookmarks`, `cart/12`.
  key: text("key").primaryKey(),
  // The commerce customer who owns it: only they read or write it.
  ownerCustomerId: integer("owner_customer_id").notNull(),
  rev: text("rev").notNull(),
  body: jsonb("body").$type<Record<string, unknown>>().notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});
