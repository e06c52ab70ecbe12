import { pgTable, text, timestamp } from "drizzle-orm/pg-core";

/**
 * Secrets generated at first start on PostgreSQL (platform/secrets/store.ts), kept in the database
 * so that every instance of the shop shares them. PGlite keeps them in a file of DATA_DIR instead.
 */
export const shopSecrets = pgTable("shop_secrets", {
  name: text("name").primaryKey(),
  value: text("value").notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});
