import { asc, eq, inArray, sql } from "drizzle-orm";
import type { Db, Tx } from "#db/client.ts";
import { notifyNewsletterSubscriber } from "#platform/notify/newsletter-schema.ts";
import { notifyOutbox } from "#platform/notify/schema.ts";

/**
 * What the notify module holds about a person, found by their email addresses and phone
 * numbers: the outbox's messages to them and their newsletter subscription. For the office's
 * GDPR export and erasure (platform/backoffice/customers.ts).
 */

export type Contact = { emails: string[]; phones: string[] };

function addresses(contact: Contact): string[] {
  return [
    ...new Set([
      ...contact.emails.map((email) => email.trim().toLowerCase()),
      ...contact.phones.map((phone) => phone.trim()),
    ]),
  ].filter(Boolean);
}

/** The messages sent or to send to these addresses, oldest first, and the newsletter rows. */
export async function exportNotifyData(db: Db, contact: Contact) {
  const to = addresses(contact);
  const emails = contact.emails.map((email) => email.trim().toLowerCase()).filter(Boolean);
  const [messages, newsletter] = await Promise.all([
    to.length === 0
      ? []
      : db
          .select({
            channel: notifyOutbox.channel,
            kind: notifyOutbox.kind,
            to: notifyOutbox.to,
            subject: notifyOutbox.subject,
            text: notifyOutbox.text,
            status: notifyOutbox.status,
            createdAt: notifyOutbox.createdAt,
            sentAt: notifyOutbox.sentAt,
          })
          .from(notifyOutbox)
          .where(inArray(sql`lower(${notifyOutbox.to})`, to))
          .orderBy(asc(notifyOutbox.seq)),
    emails.length === 0
      ? []
      : db
          .select()
          .from(notifyNewsletterSubscriber)
          .where(inArray(notifyNewsletterSubscriber.email, emails)),
  ]);
  return { messages, newsletter };
}

/** Whether the address is subscribed to the newsletter (lower-cased as stored). */
export async function isNewsletterSubscriber(db: Db, email: string): Promise<boolean> {
  const [row] = await db
    .select({ email: notifyNewsletterSubscriber.email })
    .from(notifyNewsletterSubscriber)
    .where(eq(notifyNewsletterSubscriber.email, email.trim().toLowerCase()));
  return row !== undefined;
}

/** What an erased message keeps of its text. */
export const ERASED_TEXT = "(contenu effacé)";

/**
 * Erases in the caller's transaction what the module holds about these addresses: the
 * newsletter subscription is deleted; each outbox message keeps its channel, kind, dates and
 * state (the record that it was sent) but loses its recipient, subject and text, and one not
 * yet sent is never sent (`erased`). How many messages and subscriptions were touched.
 */
export async function eraseNotifyData(
  tx: Tx,
  contact: Contact,
): Promise<{ messages: number; subscriptions: number }> {
  const to = addresses(contact);
  const emails = contact.emails.map((email) => email.trim().toLowerCase()).filter(Boolean);
  const messages =
    to.length === 0
      ? []
      : await tx
          .update(notifyOutbox)
          .set({
            to: "effacé",
            subject: null,
            text: ERASED_TEXT,
            html: null,
            lastError: null,
            status: sql`case when ${notifyOutbox.status} = 'sent' then 'sent' else 'erased' end`,
          })
          .where(inArray(sql`lower(${notifyOutbox.to})`, to))
          .returning({ id: notifyOutbox.id });
  const subscriptions =
    emails.length === 0
      ? []
      : await tx
          .delete(notifyNewsletterSubscriber)
          .where(inArray(notifyNewsletterSubscriber.email, emails))
          .returning({ email: notifyNewsletterSubscriber.email });
  return { messages: messages.length, subscriptions: subscriptions.length };
}
