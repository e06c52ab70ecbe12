import { and, desc, eq, type SQL, sql } from "drizzle-orm";
import type { Db, Tx } from "#db/client.ts";
import { notifyOutbox } from "#platform/notify/schema.ts";
import { normaliseSmsNumber, type SmsRules, smsRefusal } from "#platform/notify/sms/text.ts";

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
  /** Tries so far (a refusal at queueing counts none). */
  attempts: number;
  lastError: string | null;
  /** SMS: the gateway's id of the (first part of the) message, once acknowledged. */
  providerMessageId: string | null;
  /** SMS: what the delivery receipts said; null before any. */
  deliveryStatus: "delivered" | "failed" | "expired" | null;
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

let configuredRules: SmsRules = {};

/**
 * The rules every `queueSms` applies unless given others: the countries of `SMS_COUNTRIES`,
 * set once where the server is composed (server/platform.ts). Every country until then.
 */
export function configureSmsRules(rules: SmsRules): void {
  configuredRules = rules;
}

/** The rules `configureSmsRules` set, for an API that checks a number before queueing. */
export function smsRulesInUse(): SmsRules {
  return configuredRules;
}

/**
 * Stores an SMS in the outbox, its number in E.164 form; the SMS worker (`sms/delivery.ts`) sends
 * it through the configured gateway, or it stays in the outbox, where tests and the admin area
 * read it (docs/notify.md). An SMS that can never go (a malformed number, a number outside the
 * configured countries, a text of more parts than allowed) is stored `failed` at once with the
 * reason, and `refused` says why: it is never left pending.
 */
export async function queueSms(
  db: Db | Tx,
  sms: { kind: string; to: string; text: string },
  rules: SmsRules = configuredRules,
): Promise<{ id: string; refused?: string }> {
  const refused = smsRefusal(sms.to, sms.text, rules) ?? undefined;
  const to = normaliseSmsNumber(sms.to) ?? sms.to;
  const row = await insertMessage(db, {
    channel: "sms",
    subject: null,
    html: null,
    ...sms,
    to,
    ...(refused ? { status: "failed", lastError: refused } : {}),
  });
  return refused ? { ...row, refused } : row;
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
    status?: "failed";
    lastError?: string;
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

/**
 * Whether the latest SMS of `kind` to `to` will never reach it: failed after its last try (or
 * refused), or sent and then reported failed or expired by its receipt. A phone login code lets
 * the shopper ask again at once then.
 */
export async function latestSmsFailedForGood(
  db: Db | Tx,
  sms: { kind: string; to: string },
): Promise<boolean> {
  const [row] = await db
    .select({
      status: notifyOutbox.status,
      nextAttemptAt: notifyOutbox.nextAttemptAt,
      deliveryStatus: notifyOutbox.deliveryStatus,
    })
    .from(notifyOutbox)
    .where(
      and(
        eq(notifyOutbox.channel, "sms"),
        eq(notifyOutbox.kind, sms.kind),
        eq(notifyOutbox.to, normaliseSmsNumber(sms.to) ?? sms.to),
      ),
    )
    .orderBy(desc(notifyOutbox.seq))
    .limit(1);
  if (!row) return false;
  if (row.status === "failed") return row.nextAttemptAt === null;
  return row.deliveryStatus === "failed" || row.deliveryStatus === "expired";
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
    attempts: row.attempts,
    lastError: row.lastError,
    providerMessageId: row.providerMessageIds[0] ?? null,
    deliveryStatus: deliveryStatus(row.deliveryStatus),
  };
}

function deliveryStatus(status: string | null): OutboxMessage["deliveryStatus"] {
  return status === "delivered" || status === "failed" || status === "expired" ? status : null;
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
 * failed for good. One statement over the status index. Without a gateway, SMS wait for good.
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
