import { pgTable, text } from "drizzle-orm/pg-core";
import { timestamps } from "#db/columns.ts";

/**
 * Newsletter subscribers (the `/newsletter/` form): one row per email address, lower-cased, so
 * subscribing twice changes nothing. `source` says which form the address came from.
 */
export const notifyNewsletterSubscriber = pgTable("notify_newsletter_subscriber", {
  email: text("email").primaryKey(),
  source: text("source").notNull().default("newsletter"),
  ...timestamps,
});
