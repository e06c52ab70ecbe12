import { and, asc, eq, inArray, isNotNull, lt, lte, or, sql } from "drizzle-orm";
import nodemailer from "nodemailer";
import type { Logger } from "pino";
import type { Db } from "#db/client.ts";
import { runOnce } from "#platform/background-lock.ts";
import { notifyOutbox } from "#platform/notify/schema.ts";

/**
 * Sends the outbox's emails over SMTP. Each message is claimed by one atomic update (a `FOR UPDATE
 * SKIP LOCKED` pick), so several server instances on one database never send a message twice.
 * Without an SMTP server the emails stay in the outbox as the record. SMS have a worker of their
 * own (`sms/delivery.ts`) that claims rows the same way.
 */
export type MailDelivery = {
  /** Sends every email that is due now; resolves with the number sent. */
  deliverPending(): Promise<number>;
  /** Starts a delivery run in the background (after a commit that queued an email). */
  kick(): void;
  /** Stops the timer, waits for the run in progress and closes the SMTP connection. */
  stop(): Promise<void>;
};

export type MailDeliveryOptions = {
  db: Db;
  /** e.g. smtp://user:pass@smtp.example.com:587; without it nothing is sent. */
  smtpUrl?: string;
  /** The From header, e.g. `Comptoir <bonjour@comptoir.example>`. */
  from: string;
  logger: Pick<Logger, "info" | "warn" | "error">;
  now?: () => Date;
  /** How often failed emails due for a retry are looked for; 0 turns the timer off. */
  sweepIntervalMs?: number;
  /** Attempts before an email is left failed for good. */
  maxAttempts?: number;
};

const DEFAULT_SWEEP_MS = 10_000;
const DEFAULT_MAX_ATTEMPTS = 8;
const FIRST_RETRY_MS = 60_000;
const LONGEST_RETRY_MS = 3_600_000;
// A claim this old belongs to a worker that died while sending: the email is due again.
const STALE_CLAIM_MS = 10 * 60_000;
const SMTP_TIMEOUT_MS = 30_000;
/** The advisory lock of the outbox sweep (platform/background-lock.ts). */
export const SWEEP_LOCK = "outbox-sweep";

export type Claimed = typeof notifyOutbox.$inferSelect;

/** Creates the mail delivery of one server instance (see `MailDelivery`). */
export function createMailDelivery(options: MailDeliveryOptions): MailDelivery {
  const { db, smtpUrl, from, logger } = options;
  const now = options.now ?? (() => new Date());
  const maxAttempts = options.maxAttempts ?? DEFAULT_MAX_ATTEMPTS;
  if (!smtpUrl) return idleDelivery();

  const transport = nodemailer.createTransport({
    url: smtpUrl,
    connectionTimeout: SMTP_TIMEOUT_MS,
    greetingTimeout: SMTP_TIMEOUT_MS,
    socketTimeout: SMTP_TIMEOUT_MS,
  });

  async function sendOne(message: Claimed): Promise<boolean> {
    try {
      await transport.sendMail({
        from,
        to: message.to,
        subject: message.subject ?? "",
        text: message.text,
        html: message.html ?? undefined,
        // The outbox id: a receiving server can tell a retried message from a new one.
        messageId: `<${message.id}@comptoir.outbox>`,
      });
      await markSent(db, message.id, now());
      return true;
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      const attempts = message.attempts + 1;
      await markFailed(db, message.id, reason, nextAttempt(attempts, maxAttempts, now()));
      logger.warn({ outboxId: message.id, kind: message.kind, attempts, reason }, "email not sent");
      return false;
    }
  }

  async function deliverPending(): Promise<number> {
    let sent = 0;
    for (;;) {
      const message = await claimNext(db, "email", now());
      if (!message) return sent;
      if (await sendOne(message)) sent++;
    }
  }

  const runs = outboxRuns({
    db,
    lockName: SWEEP_LOCK,
    deliverPending,
    logger,
    what: "email delivery",
    sweepIntervalMs: options.sweepIntervalMs ?? DEFAULT_SWEEP_MS,
  });

  return {
    deliverPending,
    kick: runs.kick,
    async stop() {
      await runs.stop();
      transport.close();
    },
  };
}

/**
 * The background runs of one outbox worker (emails, SMS): a run after each `kick()`, and a timed
 * sweep (retries due, stale claims) that is shared work, so one instance at a time sweeps, under
 * the advisory lock `lockName`; an instance that finds it taken skips this tick. A kick after a
 * commit needs no lock: the row claims already keep two instances from sending one message.
 */
export function outboxRuns(options: {
  db: Db;
  lockName: string;
  deliverPending: () => Promise<number>;
  logger: Pick<Logger, "error">;
  what: string;
  /** 0 turns the timer off. */
  sweepIntervalMs: number;
}): { kick(): void; stop(): Promise<void> } {
  const { db, lockName, deliverPending, logger } = options;
  let stopped = false;
  let running: Promise<void> | null = null;
  let again = false;

  /** Runs `pass`, then plain delivery passes for as long as kicks came in meanwhile. */
  function begin(pass: () => Promise<unknown>) {
    running = (async () => {
      let next = pass;
      do {
        again = false;
        await next().catch((error: unknown) =>
          logger.error({ err: error }, `${options.what} run failed`),
        );
        next = deliverPending;
      } while (again && !stopped);
    })().finally(() => {
      running = null;
    });
  }

  function kick() {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    begin(deliverPending);
  }

  function sweep() {
    if (stopped || running) return;
    begin(() => runOnce(db, lockName, deliverPending));
  }

  const timer = options.sweepIntervalMs > 0 ? setInterval(sweep, options.sweepIntervalMs) : null;
  timer?.unref();

  return {
    kick,
    async stop() {
      stopped = true;
      if (timer) clearInterval(timer);
      await running;
    },
  };
}

/** Without SMTP: nothing to send, the outbox is the record. */
function idleDelivery(): MailDelivery {
  return { deliverPending: async () => 0, kick() {}, stop: async () => {} };
}

/**
 * Takes the oldest message of `channel` that is due (a claim older than `staleClaimMs` is its
 * crashed sender's) and marks it "sending" in one statement. The row lock of
 * `FOR UPDATE SKIP LOCKED` makes concurrent workers pick different rows; a row claimed and
 * committed meanwhile no longer matches when PostgreSQL re-checks it.
 */
export async function claimNext(
  db: Db,
  channel: "email" | "sms",
  at: Date,
  staleClaimMs = STALE_CLAIM_MS,
): Promise<Claimed | null> {
  const due = or(
    eq(notifyOutbox.status, "pending"),
    and(
      eq(notifyOutbox.status, "failed"),
      isNotNull(notifyOutbox.nextAttemptAt),
      lte(notifyOutbox.nextAttemptAt, at),
    ),
    and(
      eq(notifyOutbox.status, "sending"),
      lt(notifyOutbox.claimedAt, new Date(at.getTime() - staleClaimMs)),
    ),
  );
  const next = db
    .select({ id: notifyOutbox.id })
    .from(notifyOutbox)
    .where(and(eq(notifyOutbox.channel, channel), due))
    .orderBy(asc(notifyOutbox.seq))
    .limit(1)
    .for("update", { skipLocked: true });
  const [claimed] = await db
    .update(notifyOutbox)
    .set({ status: "sending", claimedAt: at })
    .where(inArray(notifyOutbox.id, next))
    .returning();
  return claimed ?? null;
}

/** A claimed row the gateway (SMTP or SMS) has acknowledged: sent, never claimed again. */
export async function markSent(db: Db, id: string, at: Date) {
  await db
    .update(notifyOutbox)
    .set({
      status: "sent",
      sentAt: at,
      attempts: sql`${notifyOutbox.attempts} + 1`,
      lastError: null,
      nextAttemptAt: null,
      claimedAt: null,
    })
    .where(and(eq(notifyOutbox.id, id), eq(notifyOutbox.status, "sending")));
}

export async function markFailed(db: Db, id: string, reason: string, retryAt: Date | null) {
  await db
    .update(notifyOutbox)
    .set({
      status: "failed",
      attempts: sql`${notifyOutbox.attempts} + 1`,
      lastError: reason.slice(0, 1000),
      nextAttemptAt: retryAt,
      claimedAt: null,
    })
    .where(and(eq(notifyOutbox.id, id), eq(notifyOutbox.status, "sending")));
}

/**
 * Exponential back-off, by default from one minute to one hour (emails); null once the attempts
 * are used up.
 */
export function nextAttempt(
  attempts: number,
  maxAttempts: number,
  at: Date,
  retry: { firstMs: number; longestMs: number } = {
    firstMs: FIRST_RETRY_MS,
    longestMs: LONGEST_RETRY_MS,
  },
): Date | null {
  if (attempts >= maxAttempts) return null;
  const delay = Math.min(retry.firstMs * 2 ** (attempts - 1), retry.longestMs);
  return new Date(at.getTime() + delay);
}
