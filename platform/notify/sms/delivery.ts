import { and, eq, sql } from "drizzle-orm";
import type { Logger } from "pino";
import type { Db } from "#db/client.ts";
import {
  type Claimed,
  claimNext,
  markFailed,
  markSent,
  nextAttempt,
  outboxRuns,
} from "#platform/notify/delivery.ts";
import { notifyOutbox } from "#platform/notify/schema.ts";
import {
  type DeliveryReceipt,
  type SmsGateway,
  SmsGatewayError,
} from "#platform/notify/sms/gateway.ts";
import { normaliseSmsNumber, type SmsRules, smsRefusal } from "#platform/notify/sms/text.ts";

/**
 * Sends the outbox's SMS through the configured gateway, beside the mail delivery and with its
 * rules: each row claimed by one atomic update (several instances never send one SMS twice), a
 * temporary refusal (throttling, a full queue, a lost link) tried again later with a growing
 * delay, a permanent one (a bad number) failed at once, and a row marked sent only once the
 * gateway acknowledged every part, each part's provider id stored as soon as it is acknowledged.
 * Delivery receipts set the row's delivery status. Without a gateway SMS stay in the outbox.
 */
export type SmsDelivery = {
  /** Sends every SMS that is due now; resolves with the number sent. */
  deliverPending(): Promise<number>;
  /** Starts a delivery run in the background. */
  kick(): void;
  /** Stops the timer, waits for the run in progress and leaves the gateway. */
  stop(): Promise<void>;
};

export type SmsDeliveryOptions = {
  db: Db;
  /** Without one, nothing is sent (`SMS_GATEWAY=outbox`). */
  gateway: SmsGateway | null;
  /** The countries SMS may go to (`SMS_COUNTRIES`) and the part limit. */
  rules: SmsRules;
  logger: Pick<Logger, "info" | "warn" | "error">;
  now?: () => Date;
  /** How often due SMS are looked for; 0 turns the timer off. SMS carry codes: short. */
  sweepIntervalMs?: number;
  maxAttempts?: number;
  /**
   * How old a claim is when its sender is taken for dead (a crash mid-send) and the SMS is sent
   * again (`SMS_CLAIM_TIMEOUT_SECONDS`): longer than the slowest submit of a whole message (10 s
   * of link wait, then 10 s per part at most), far shorter than a code's ten minutes.
   */
  claimTimeoutMs?: number;
  /** Called after a receipt was applied (or found no message), for tests and logs. */
  onReceiptRecorded?: (receipt: DeliveryReceipt, matched: boolean) => void;
};

const DEFAULT_SWEEP_MS = 2000;
// 15 s, 30 s, 1, 2, 4 minutes: the last try comes before a phone code's ten minutes run out.
const DEFAULT_MAX_ATTEMPTS = 6;
const DEFAULT_CLAIM_TIMEOUT_MS = 2 * 60_000;
const RETRY = { firstMs: 15_000, longestMs: 5 * 60_000 };
/** The advisory lock of the SMS sweep (platform/background-lock.ts). */
export const SMS_SWEEP_LOCK = "outbox-sms-sweep";

export function createSmsDelivery(options: SmsDeliveryOptions): SmsDelivery {
  const { db, gateway, logger, rules } = options;
  const now = options.now ?? (() => new Date());
  const maxAttempts = options.maxAttempts ?? DEFAULT_MAX_ATTEMPTS;
  const claimTimeoutMs = options.claimTimeoutMs ?? DEFAULT_CLAIM_TIMEOUT_MS;
  if (!gateway) return { deliverPending: async () => 0, kick() {}, stop: async () => {} };

  gateway.onReceipt(async (receipt) => {
    const matched = await applyReceipt(db, receipt, now());
    if (!matched) logger.warn({ receipt }, "delivery receipt for no known SMS");
    options.onReceiptRecorded?.(receipt, matched);
  });

  /** Sends one claimed SMS; "wait" when the pass should stop (the gateway asked to wait). */
  async function sendOne(message: Claimed): Promise<"sent" | "refused" | "wait"> {
    const refusal = smsRefusal(message.to, message.text, rules);
    if (refusal) {
      await markFailed(db, message.id, refusal, null);
      logger.warn({ outboxId: message.id, kind: message.kind, reason: refusal }, "SMS refused");
      return "refused";
    }
    try {
      await gateway?.submit(
        {
          to: normaliseSmsNumber(message.to) ?? message.to,
          text: message.text,
          reference: referenceOf(message.id),
          acknowledgedParts: message.providerMessageIds.length,
        },
        (index, providerMessageId) => recordPart(db, message.id, index, providerMessageId),
      );
      await markSent(db, message.id, now());
      return "sent";
    } catch (error) {
      const permanent = error instanceof SmsGatewayError && error.permanent;
      const reason = error instanceof Error ? error.message : String(error);
      const attempts = message.attempts + 1;
      const retryAt = permanent ? null : nextAttempt(attempts, maxAttempts, now(), RETRY);
      await markFailed(db, message.id, reason, retryAt);
      logger.warn(
        { outboxId: message.id, kind: message.kind, attempts, reason, permanent },
        "SMS not sent",
      );
      return permanent ? "refused" : "wait";
    }
  }

  async function deliverPending(): Promise<number> {
    let sent = 0;
    for (;;) {
      const message = await claimNext(db, "sms", now(), claimTimeoutMs);
      if (!message) return sent;
      const outcome = await sendOne(message);
      if (outcome === "sent") sent++;
      // A throttled, full or unreachable gateway: the others wait for the next run too.
      if (outcome === "wait") return sent;
    }
  }

  const runs = outboxRuns({
    db,
    lockName: SMS_SWEEP_LOCK,
    deliverPending,
    logger,
    what: "SMS delivery",
    sweepIntervalMs: options.sweepIntervalMs ?? DEFAULT_SWEEP_MS,
  });

  return {
    deliverPending,
    kick: runs.kick,
    async stop() {
      await runs.stop();
      await gateway.close();
    },
  };
}

/** The concatenation reference of a message: from its id, so every attempt uses the same. */
function referenceOf(id: string): number {
  return Number.parseInt(id.slice(0, 2), 16) || 1;
}

/** Stores part `index`'s provider id at once: a retry after a crash starts after it. */
async function recordPart(db: Db, id: string, index: number, providerMessageId: string) {
  await db
    .update(notifyOutbox)
    .set({
      providerMessageIds: sql`array_append(${notifyOutbox.providerMessageIds}, ${providerMessageId})`,
    })
    .where(
      and(
        eq(notifyOutbox.id, id),
        eq(notifyOutbox.status, "sending"),
        sql`cardinality(${notifyOutbox.providerMessageIds}) = ${index}`,
      ),
    );
}

/**
 * Sets the delivery status of the SMS one of whose parts the receipt names. A failed or expired
 * part is never overwritten by a later "delivered" one: the reader did not get the whole text.
 */
async function applyReceipt(db: Db, receipt: DeliveryReceipt, at: Date): Promise<boolean> {
  const rows = await db
    .update(notifyOutbox)
    .set({
      deliveryStatus: sql`case when ${notifyOutbox.deliveryStatus} in ('failed', 'expired') then ${notifyOutbox.deliveryStatus} else ${receipt.status} end`,
      deliveredAt: at,
      lastError:
        receipt.status === "delivered"
          ? sql`${notifyOutbox.lastError}`
          : `receipt: ${receipt.detail ?? receipt.status}`,
    })
    .where(
      and(
        eq(notifyOutbox.channel, "sms"),
        sql`${notifyOutbox.providerMessageIds} @> array[${receipt.providerMessageId}]::text[]`,
      ),
    )
    .returning({ id: notifyOutbox.id });
  return rows.length > 0;
}
