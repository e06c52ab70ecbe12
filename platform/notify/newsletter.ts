import { count, sql } from "drizzle-orm";
import type { Db } from "#db/client.ts";
import { notifyNewsletterSubscriber } from "#platform/notify/newsletter-schema.ts";
import { type LimiterStore, RateLimiter } from "#platform/rate-limit.ts";

/**
 * Newsletter subscriptions: an address is stored once, whatever its case and however many times
 * it is submitted. Delivery of the newsletter itself is the marketing team's tool, which reads
 * this table.
 */

/** Ten submissions per client address and ten minutes: enough for typos, not to fill the table. */
export function newsletterLimiter(store?: LimiterStore): RateLimiter {
  return new RateLimiter({ name: "newsletter", limit: 10, windowMs: 10 * 60 * 1000, store });
}

/** Longest address accepted (RFC 5321's path limit). */
export const MAX_EMAIL_LENGTH = 254;

// The usual "standard" email pattern (storefront.md §5): something@something.tld, no spaces.
const EMAIL = /^[^\s@]+@[^\s@.]+(?:\.[^\s@.]+)*\.[^\s@.]{2,}$/;

/** The address as stored, or null when it is not an email address. */
export function normaliseEmail(value: unknown): string | null {
  if (typeof value !== "string") return null;
  const email = value.trim().toLowerCase();
  if (email.length === 0 || email.length > MAX_EMAIL_LENGTH || !EMAIL.test(email)) return null;
  return email;
}

/**
 * Subscribes an address (already normalised); `created` is false when it was subscribed before.
 */
export async function subscribeToNewsletter(
  db: Db,
  email: string,
  source = "newsletter",
): Promise<{ created: boolean }> {
  const inserted = await db
    .insert(notifyNewsletterSubscriber)
    .values({ email, source })
    .onConflictDoUpdate({
      target: notifyNewsletterSubscriber.email,
      set: { updatedAt: sql`now()` },
    })
    .returning({ created: sql<boolean>`(xmax = 0)` });
  return { created: inserted[0]?.created === true };
}

/** How many addresses are subscribed. */
export async function newsletterSubscriberCount(db: Db): Promise<number> {
  const [row] = await db.select({ total: count() }).from(notifyNewsletterSubscriber);
  return row?.total ?? 0;
}
