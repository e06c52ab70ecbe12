import { and, desc, eq, type SQL, sql } from "drizzle-orm";
import type { Db, Tx } from "#db/client.ts";
import { notifyOutbox } from "#platform/notify/schema.ts";

export type OutboxChannel = "email" | "sms";

/** A message as the outbox shows it; a message being sent right now still reads "pending". */
export type OutboxMessage = {
  id: string;
  channel: OutboxChannel;
  kind: string;
  to: string;
  subject: string | null;
  text: string;
  html: string | null;
  // `erased`: a GDPR erasure emptied it before it was sent; it never will be (customer-data.ts).
  status: "pending" | "sent" | "failed" | "erased";
  createdAt: Date;
  sentAt: Date | null;
};

export type OutboxFilter = {
  to?: string;
  channel?: OutboxChannel;
  kind?: string;
  /** 50 by default, at most 500. */
  limit?: number;
};

/**
 * Stores an email in the outbox (inside the caller's transaction when given one), so it exists
 * exactly when the change that caused it is committed. Delivery sends it later over SMTP.
 */
export async function queueEmail(
  db: Db | Tx,
  email: { kind: string; to: string; subject: string; text: string; html: string },
): Promise<{ id: string }> {
  return insertMessage(db, { channel: "email", ...email });
}

/**
 * Stores an SMS in the outbox. There is no SMS gateway: SMS stay in the outbox, where tests and
 * the admin area read them (docs/notify.md).
 */
export async function queueSms(
  db: Db | Tx,
  sms: { kind: string; to: string; text: string },
): Promise<{ id: string }> {
  return insertMessage(db, { channel: "sms", subject: null, html: null, ...sms });
}

async function insertMessage(
  db: Db | Tx,
  message: {
    channel: OutboxChannel;
    kind: string;
    to: string;
    subject: string | null;
    text: string;
    html: string | null;
  },
): Promise<{ id: string }> {
  // The clock, not the transaction start: two messages of one transaction keep their order.
  const [row] = await db
    .insert(notifyOutbox)
    .values({ ...message, createdAt: sql`clock_timestamp()` })
    .returning({ id: notifyOutbox.id });
  if (!row) throw new Error("The outbox message was not stored");
  return row;
}

/** Newest first. */
export async function listOutbox(db: Db, filter: OutboxFilter = {}): Promise<OutboxMessage[]> {
  const conditions: SQL[] = [];
  if (filter.to !== undefined) conditions.push(eq(notifyOutbox.to, filter.to));
  if (filter.channel !== undefined) conditions.push(eq(notifyOutbox.channel, filter.channel));
  if (filter.kind !== undefined) conditions.push(eq(notifyOutbox.kind, filter.kind));
  const limit = Math.min(Math.max(Math.trunc(filter.limit ?? 50), 1), 500);
  const rows = await db
    .select()
    .from(notifyOutbox)
    .where(and(...conditions))
    .orderBy(desc(notifyOutbox.seq))
    .limit(limit);
  return rows.map(toMessage);
}

function toMessage(row: typeof notifyOutbox.$inferSelect): OutboxMessage {
  return {
    id: row.id,
    channel: row.channel as OutboxChannel,
    kind: row.kind,
    to: row.to,
    subject: row.subject,
    text: row.text,
    html: row.html,
    status: publicStatus(row.status),
    createdAt: row.createdAt,
    sentAt: row.sentAt,
  };
}

function publicStatus(status: string): OutboxMessage["status"] {
  if (status === "sent" || status === "failed" || status === "erased") return status;
  return "pending";
}

/** Messages waiting to be sent and messages that failed, for the back office's dashboard. */
export async function outboxFigures(db: Db | Tx): Promise<{ pending: number; failed: number }> {
  const [row] = await db
    .select({
      pending: sql<number>`(count(*) filter (where ${notifyOutbox.status} = 'pending'))::int`,
      failed: sql<number>`(count(*) filter (where ${notifyOutbox.status} = 'failed'))::int`,
    })
    .from(notifyOutbox);
  return { pending: Number(row?.pending ?? 0), failed: Number(row?.failed ?? 0) };
}

/**
 * What waits to be sent, by channel, for the metrics (`/metrics`): messages new, being sent or
 * failed and due again, the age of the oldest of them (seconds, by the database's clock), and those
 * failed for good. One statement over the status index. SMS wait for good: there is no gateway.
 */
export async function outboxBacklog(
  db: Db,
): Promise<
  { channel: OutboxChannel; pending: number; oldestPendingSeconds: number; givenUp: number }[]
> {
  const waiting = sql`(${notifyOutbox.status} in ('pending', 'sending') or (${notifyOutbox.status} = 'failed' and ${notifyOutbox.nextAttemptAt} is not null))`;
  const rows = await db
    .select({
      channel: notifyOutbox.channel,
      pending: sql<number>`(count(*) filter (where ${waiting}))::int`,
      oldest: sql<
        number | null
      >`extract(epoch from now() - min(${notifyOutbox.createdAt}) filter (where ${waiting}))::float8`,
      givenUp: sql<number>`(count(*) filter (where ${notifyOutbox.status} = 'failed' and ${notifyOutbox.nextAttemptAt} is null))::int`,
    })
    .from(notifyOutbox)
    .where(sql`${notifyOutbox.status} in ('pending', 'sending', 'failed')`)
    .groupBy(notifyOutbox.channel);
  // Both channels always, at 0 when nothing waits: an alert on a missing series never fires.
  return (["email", "sms"] as const).map((channel) => {
    const row = rows.find((candidate) => candidate.channel === channel);
    return {
      channel,
      pending: Number(row?.pending ?? 0),
      oldestPendingSeconds: Math.max(0, Number(row?.oldest ?? 0)),
      givenUp: Number(row?.givenUp ?? 0),
    };
  });
}
