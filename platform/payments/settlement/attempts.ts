import { randomInt } from "node:crypto";
import { and, desc, eq } from "drizzle-orm";
import type { Logger } from "pino";
import type { Db, Tx } from "#db/client.ts";
import type { Payment, PaymentProvider, Refund } from "#platform/payments/provider.ts";
import { paymentAttempt } from "#platform/payments/settlement/schema.ts";

/**
 * Payment attempts: one try to pay what the shop holds for a shopper (a basket and its slot),
 * settled once into an order, a refund or a release (docs/payments.md, "Settling a payment").
 * The consumers (the hosted checkout, the ordering service) hold and place; this module decides
 * when, exactly once.
 */

export type PaymentAttemptStatus = "open" | "placed" | "refund_due" | "refunded" | "released";

export type PaymentAttempt = typeof paymentAttempt.$inferSelect;

export type PlaceResult = { ok: true; resultRef: string } | { ok: false; message: string };

/** What a consumer does when one of its attempts settles. */
export type PaymentHandler = {
  /**
   * In the settling transaction (the attempt's row locked, its status still `open`): makes the
   * order from what the attempt holds. `{ ok: false, message }` says the hold was lost (the slot
   * gone, the basket changed): the payment is then given back and the shopper sees the message.
   * Throwing rolls everything back; the webhook answers 500 and the provider retries.
   */
  place(tx: Tx, attempt: PaymentAttempt, payment: Payment, now: Date): Promise<PlaceResult>;
  /**
   * In a transaction, once: gives back what the attempt held (its slot's place, a titres-
   * restaurant charge…): when the session expired or was abandoned, or its payment was given back.
   */
  release(tx: Tx, attempt: PaymentAttempt, now: Date): Promise<void>;
  /** `charge.refunded`: records the refunds the provider made (its dashboard's too), by id. */
  refunded?(
    tx: Tx,
    refund: { paymentIntentId: string; amountRefunded: number; refunds: Refund[] },
    now: Date,
  ): Promise<void>;
};

export type Payments = {
  db: Db;
  provider: PaymentProvider;
  logger: Pick<Logger, "info" | "warn" | "error">;
  now(): Date;
  /** The handler of each purpose: the consumers register theirs when they are composed. */
  handlers: Map<string, PaymentHandler>;
  register(purpose: string, handler: PaymentHandler): void;
};

export function createPayments(options: {
  db: Db;
  provider: PaymentProvider;
  logger: Pick<Logger, "info" | "warn" | "error">;
  now?: () => Date;
}): Payments {
  const handlers = new Map<string, PaymentHandler>();
  return {
    db: options.db,
    provider: options.provider,
    logger: options.logger,
    now: options.now ?? (() => new Date()),
    handlers,
    register(purpose, handler) {
      handlers.set(purpose, handler);
    },
  };
}

const LETTERS = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";

function attemptId(): string {
  let id = "pay_";
  for (let i = 0; i < 24; i++) id += LETTERS[randomInt(LETTERS.length)];
  return id;
}

/**
 * A new open attempt, in the caller's transaction: the one that takes the hold, so the attempt
 * exists exactly when the hold does.
 */
export async function openPaymentAttempt(
  tx: Tx,
  input: {
    purpose: string;
    reference: string;
    amountCents: number;
    currency?: string;
    captureMethod?: "automatic" | "manual";
    expiresAt: Date;
    data?: Record<string, unknown>;
    now: Date;
  },
): Promise<PaymentAttempt> {
  if (!Number.isInteger(input.amountCents) || input.amountCents <= 0) {
    throw new Error(`A payment attempt needs a positive amount, not ${input.amountCents}`);
  }
  const [attempt] = await tx
    .insert(paymentAttempt)
    .values({
      id: attemptId(),
      purpose: input.purpose,
      reference: input.reference,
      amountCents: input.amountCents,
      currency: input.currency ?? "eur",
      captureMethod: input.captureMethod ?? "automatic",
      status: "open",
      data: input.data ?? {},
      expiresAt: input.expiresAt,
      createdAt: input.now,
    })
    .returning();
  if (!attempt) throw new Error("The payment attempt was not stored");
  return attempt;
}

export async function attemptById(db: Db | Tx, id: string): Promise<PaymentAttempt | null> {
  const [row] = await db.select().from(paymentAttempt).where(eq(paymentAttempt.id, id));
  return row ?? null;
}

export async function attemptBySession(
  db: Db | Tx,
  sessionId: string,
): Promise<PaymentAttempt | null> {
  const [row] = await db
    .select()
    .from(paymentAttempt)
    .where(eq(paymentAttempt.sessionId, sessionId));
  return row ?? null;
}

export async function attemptByPayment(
  db: Db | Tx,
  paymentIntentId: string,
): Promise<PaymentAttempt | null> {
  const [row] = await db
    .select()
    .from(paymentAttempt)
    .where(eq(paymentAttempt.paymentIntentId, paymentIntentId));
  return row ?? null;
}

/** The newest attempt of a consumer's reference (a cart's), whatever its status. */
export async function latestAttempt(
  db: Db | Tx,
  purpose: string,
  reference: string,
): Promise<PaymentAttempt | null> {
  const [row] = await db
    .select()
    .from(paymentAttempt)
    .where(and(eq(paymentAttempt.purpose, purpose), eq(paymentAttempt.reference, reference)))
    .orderBy(desc(paymentAttempt.createdAt), desc(paymentAttempt.id))
    .limit(1);
  return row ?? null;
}
