import { eq } from "drizzle-orm";
import type { Tx } from "#db/client.ts";
import {
  type CheckoutLine,
  type Payment,
  PaymentProviderError,
} from "#platform/payments/provider.ts";
import {
  attemptById,
  attemptBySession,
  type PaymentAttempt,
  type PaymentHandler,
  type Payments,
} from "#platform/payments/settlement/attempts.ts";
import { paymentAttempt } from "#platform/payments/settlement/schema.ts";

/**
 * Settling an attempt: whichever comes first of the shopper's return, the provider's webhook and
 * the reconciliation job asks the provider what became of the payment, then, in one transaction
 * holding the attempt's row, places the order once, or gives back what was held. Every caller
 * may run at the same moment as the others, any number of times: the row's lock and its status
 * make the first one count and the others read what it did.
 */

export type SettleOutcome =
  | { kind: "placed"; attempt: PaymentAttempt; resultRef: string }
  /** Paid, but what was held is gone: the payment is given back (refunded or released). */
  | { kind: "refunded"; attempt: PaymentAttempt; message: string }
  /** Expired or abandoned, nothing paid: the hold is given back. */
  | { kind: "released"; attempt: PaymentAttempt; message: string | null }
  /** Not paid yet (still on the hosted page, a card declined): the hold stays until it expires. */
  | { kind: "open"; attempt: PaymentAttempt }
  | { kind: "unknown" };

export const SETTLEMENT_MESSAGES = {
  amountMismatch:
    "Le montant payé ne correspond pas à votre commande : votre paiement vous a été remboursé et aucune commande n'a été passée.",
  expired:
    "Le délai de paiement est dépassé : votre créneau et votre panier ne sont plus réservés, et rien n'a été débité.",
  unavailable:
    "Le paiement par carte est momentanément indisponible. Réessayez dans quelques instants : rien n'a été débité.",
  paidAfterRelease:
    "Votre paiement est arrivé après la fin de la réservation de votre créneau : il vous a été remboursé et aucune commande n'a été passée.",
} as const;

/** The mark, in an attempt's data, of a hold given back before its payment came. */
const HOLD_RELEASED = "holdReleased";

function outcomeOf(attempt: PaymentAttempt): SettleOutcome {
  switch (attempt.status) {
    case "placed":
      return { kind: "placed", attempt, resultRef: attempt.resultRef ?? "" };
    case "refund_due":
    case "refunded":
      return { kind: "refunded", attempt, message: attempt.message ?? "" };
    case "released":
      return { kind: "released", attempt, message: attempt.message };
    default:
      return { kind: "open", attempt };
  }
}

function handlerOf(payments: Payments, attempt: PaymentAttempt): PaymentHandler {
  const handler = payments.handlers.get(attempt.purpose);
  if (!handler) throw new Error(`No payment handler for the purpose "${attempt.purpose}"`);
  return handler;
}

const isPaid = (payment: Payment | null | undefined): payment is Payment =>
  payment?.status === "succeeded" || payment?.status === "requires_capture";

async function lockedAttempt(tx: Tx, id: string): Promise<PaymentAttempt> {
  const [row] = await tx
    .select()
    .from(paymentAttempt)
    .where(eq(paymentAttempt.id, id))
    .for("update");
  if (!row) throw new Error(`The payment attempt ${id} is gone`);
  return row;
}

async function update(
  tx: Tx,
  id: string,
  values: Partial<typeof paymentAttempt.$inferInsert>,
): Promise<PaymentAttempt> {
  const [row] = await tx
    .update(paymentAttempt)
    .set(values)
    .where(eq(paymentAttempt.id, id))
    .returning();
  if (!row) throw new Error(`The payment attempt ${id} is gone`);
  return row;
}

/**
 * Creates the hosted page's Checkout Session of an attempt just opened (after the commit that
 * holds): its lines must come to the attempt's amount. The attempt's id is the idempotency key,
 * so a retry gives the same session. When the provider fails, the hold is given back at once and
 * the shopper gets a French message.
 */
export async function startCheckoutSession(
  payments: Payments,
  attempt: PaymentAttempt,
  page: {
    lines: CheckoutLine[];
    successUrl: string;
    cancelUrl: string;
    customerId?: string;
    customerEmail?: string;
    locale?: string;
  },
): Promise<{ ok: true; url: string } | { ok: false; message: string }> {
  const sum = page.lines.reduce((total, line) => total + line.unitAmount * line.quantity, 0);
  if (sum !== attempt.amountCents) {
    throw new Error(`The session's lines come to ${sum}, not the attempt's ${attempt.amountCents}`);
  }
  try {
    const session = await payments.provider.createCheckoutSession(
      {
        mode: "payment",
        lines: page.lines,
        successUrl: page.successUrl,
        cancelUrl: page.cancelUrl,
        currency: attempt.currency,
        captureMethod: attempt.captureMethod,
        ...(page.customerId ? { customerId: page.customerId } : {}),
        ...(page.customerEmail && !page.customerId ? { customerEmail: page.customerEmail } : {}),
        clientReference: attempt.id,
        metadata: { attempt: attempt.id, purpose: attempt.purpose },
        expiresAt: attempt.expiresAt,
        locale: page.locale ?? "fr",
      },
      { idempotencyKey: `${attempt.id}:session` },
    );
    await payments.db
      .update(paymentAttempt)
      .set({ sessionId: session.id })
      .where(eq(paymentAttempt.id, attempt.id));
    if (!session.url) throw new Error(`The new session ${session.id} has no page`);
    return { ok: true, url: session.url };
  } catch (error) {
    if (!(error instanceof PaymentProviderError)) throw error;
    payments.logger.error({ err: error, attempt: attempt.id }, "checkout session not created");
    await releaseAttempt(payments, attempt.id, SETTLEMENT_MESSAGES.unavailable);
    return { ok: false, message: SETTLEMENT_MESSAGES.unavailable };
  }
}

/**
 * What became of an attempt, settled now if it can be: placed when paid (once), released when
 * its session expired, refunded when paid but its hold was lost. `paymentIntentId` names the
 * payment of an attempt paid without a session (a saved card), when the caller knows it first.
 */
export async function settlePaymentAttempt(
  payments: Payments,
  attemptId: string,
  hint: { paymentIntentId?: string } = {},
): Promise<SettleOutcome> {
  const attempt = await attemptById(payments.db, attemptId);
  if (!attempt) return { kind: "unknown" };
  if (attempt.status === "placed" || attempt.status === "refunded") return outcomeOf(attempt);
  if (attempt.status === "refund_due") return giveBack(payments, attempt);

  const now = payments.now();
  const { provider } = payments;
  let payment: Payment | null = null;
  let ended = false;
  if (attempt.sessionId) {
    let session = await provider.retrieveCheckoutSession(attempt.sessionId, { withPayment: true });
    if (session.status === "open" && attempt.status === "open" && attempt.expiresAt <= now) {
      // The hold's time is up: the session is ended first, so it can no longer be paid.
      try {
        session = await provider.expireCheckoutSession(session.id, {
          idempotencyKey: `${attempt.id}:expire`,
        });
      } catch (error) {
        if (!(error instanceof PaymentProviderError) || error.kind !== "invalid_request")
          throw error;
        // Completed meanwhile: what it is now decides.
        session = await provider.retrieveCheckoutSession(session.id, { withPayment: true });
      }
    }
    if (session.status !== "expired" && session.paymentIntentId && !session.payment) {
      payment = await provider.retrievePayment(session.paymentIntentId);
    } else {
      payment = session.payment ?? null;
    }
    ended = session.status === "expired";
  } else {
    const paymentIntentId = hint.paymentIntentId ?? attempt.paymentIntentId;
    if (paymentIntentId) payment = await provider.retrievePayment(paymentIntentId);
    ended =
      payment?.status === "canceled" ||
      payment?.status === "requires_payment_method" ||
      (!payment && attempt.expiresAt <= now);
  }

  if (isPaid(payment)) {
    if (attempt.status === "released") {
      // Paid after its hold was given back (a session the shop thought it never made): the
      // money goes back too.
      const due = await payments.db.transaction(async (tx) => {
        const row = await lockedAttempt(tx, attempt.id);
        if (row.status !== "released") return row;
        return update(tx, row.id, {
          status: "refund_due",
          paymentIntentId: payment.id,
          message: SETTLEMENT_MESSAGES.paidAfterRelease,
          // Nothing is held any more: giving back is the money only.
          data: { ...row.data, [HOLD_RELEASED]: true },
        });
      });
      return due.status === "refund_due" ? giveBack(payments, due) : outcomeOf(due);
    }
    return placeAttempt(payments, attempt.id, payment);
  }
  if (attempt.status === "released") return outcomeOf(attempt);
  if (ended) return releaseAttempt(payments, attempt.id, SETTLEMENT_MESSAGES.expired);
  return { kind: "open", attempt };
}

/** The attempt of a Checkout Session, settled (see `settlePaymentAttempt`). */
export async function settleCheckoutSession(
  payments: Payments,
  sessionId: string,
): Promise<SettleOutcome> {
  const attempt = await attemptBySession(payments.db, sessionId);
  if (!attempt) return { kind: "unknown" };
  return settlePaymentAttempt(payments, attempt.id);
}

async function placeAttempt(
  payments: Payments,
  attemptId: string,
  payment: Payment,
): Promise<SettleOutcome> {
  const now = payments.now();
  const settled = await payments.db.transaction(async (tx) => {
    const row = await lockedAttempt(tx, attemptId);
    if (row.status !== "open") return row;
    const placed =
      payment.amount !== row.amountCents || payment.currency !== row.currency
        ? ({ ok: false, message: SETTLEMENT_MESSAGES.amountMismatch } as const)
        : await handlerOf(payments, row).place(tx, row, payment, now);
    return update(tx, row.id, {
      status: placed.ok ? "placed" : "refund_due",
      resultRef: placed.ok ? placed.resultRef : null,
      message: placed.ok ? null : placed.message,
      paymentIntentId: payment.id,
      settledAt: now,
    });
  });
  if (settled.status === "refund_due") return giveBack(payments, settled);
  return outcomeOf(settled);
}

/** Gives back an open attempt's hold, once (an expired or abandoned session, a failed page). */
export async function releaseAttempt(
  payments: Payments,
  attemptId: string,
  message: string | null,
): Promise<SettleOutcome> {
  const now = payments.now();
  const released = await payments.db.transaction(async (tx) => {
    const row = await lockedAttempt(tx, attemptId);
    if (row.status !== "open") return row;
    await handlerOf(payments, row).release(tx, row, now);
    return update(tx, row.id, { status: "released", message, settledAt: now });
  });
  return outcomeOf(released);
}

/**
 * Gives the money of a paid attempt back at the provider (a refund, or the release of an
 * authorisation), then the hold in our books. The provider's call has its idempotency key: after
 * a crash the reconciliation job does it again and nothing is given back twice. When the
 * provider cannot be reached, the attempt stays `refund_due` for the job.
 */
async function giveBack(payments: Payments, attempt: PaymentAttempt): Promise<SettleOutcome> {
  const { provider } = payments;
  const paymentIntentId = attempt.paymentIntentId;
  try {
    if (paymentIntentId) {
      const payment = await provider.retrievePayment(paymentIntentId);
      const key = `${attempt.id}:give-back`;
      if (payment.status === "requires_capture") {
        await provider.cancelPayment(paymentIntentId, { idempotencyKey: key, reason: "abandoned" });
      } else if (payment.status === "succeeded" && payment.amountReceived > 0) {
        await provider.refundPayment(paymentIntentId, {
          idempotencyKey: key,
          reason: "requested_by_customer",
          metadata: { attempt: attempt.id },
        });
      }
    }
  } catch (error) {
    if (!(error instanceof PaymentProviderError)) throw error;
    payments.logger.error({ err: error, attempt: attempt.id }, "payment not given back yet");
    return outcomeOf(attempt);
  }
  const now = payments.now();
  const done = await payments.db.transaction(async (tx) => {
    const row = await lockedAttempt(tx, attempt.id);
    if (row.status !== "refund_due") return row;
    // A hold released before the payment came has nothing left to give back.
    if (row.data[HOLD_RELEASED] !== true) {
      await handlerOf(payments, row).release(tx, row, now);
    }
    return update(tx, row.id, { status: "refunded", settledAt: now });
  });
  payments.logger.warn(
    { attempt: attempt.id, paymentIntentId, purpose: attempt.purpose },
    "payment given back: its hold was lost",
  );
  return outcomeOf(done);
}
