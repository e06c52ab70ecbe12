import { timestamp } from "drizzle-orm/pg-core";

/** `created_at` and `updated_at`, set by the database on insert: spread into a table's columns. */
export const timestamps = {
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
};
