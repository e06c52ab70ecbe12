import type { Db } from "#db/client.ts";
import { providerFailureMessage } from "#platform/backoffice/orders/provider-refunds.ts";
import { adminOrderEvent } from "#platform/backoffice/schema.ts";
import { type Actor, logChange } from "#platform/backoffice/syncs/catalogue-sync.ts";
import {
  type GroceryPayment,
  giftCardPaymentsOfOrder,
  groceryOrderForAdmin,
  groceryPaymentOf,
  recordWeighedCapture,
  saveWeighedGrams,
  type Weighing,
  weighingOf,
} from "#platform/commerce/index.ts";
import { formatCents } from "#platform/format.ts";
import { groceryNextStatuses } from "#platform/order-status.ts";
import { type PaymentProvider, PaymentProviderError } from "#platform/payments/index.ts";
import { weightLabel } from "#platform/sold-by-weight.ts";

/**
 * A grocery order with lines sold by weight is only authorised when paid (manual capture, its
 * estimate plus the margin: platform/sold-by-weight.ts). The counter weighs each cut, the office
 * types the weights on the order page, and « Encaisser » captures the weighed amount through the
 * provider, never more than was authorised; cancelling the order before that releases the
 * authorisation. docs/sold-by-weight.md, "Paying for what was weighed".
 */

export type CaptureResult = { ok: true; capturedCents: number } | { ok: false; message: string };

/** The largest weight a line may be given (grams): a typo guard, not a rule of the shop. */
const MAX_GRAMS = 50_000;

/** An order awaiting its capture: paid through the provider, authorised, not yet captured. */
export function awaitsCapture(payment: GroceryPayment): boolean {
  return (
    payment.paymentIntentId !== null &&
    payment.authorisedCents !== null &&
    payment.capturedCents === null &&
    payment.status !== "cancelled"
  );
}

/** What the card pays of an order's total: gift cards and titres-restaurant paid the rest. */
async function cardShareCents(db: Db, payment: GroceryPayment, totalCents: number) {
  const cards = await giftCardPaymentsOfOrder(db, payment.orderId);
  const gifts = cards.reduce((sum, card) => sum + card.spentCents, 0);
  return totalCents - payment.mealVoucherCents - gifts;
}

/**
 * Keeps the weights typed for the order's lines sold by weight (position → grams); refused with a
 * French message for a weight that is not a number of grams, or once the order is captured.
 */
export async function weighOrder(
  db: Db,
  orderId: number,
  grams: ReadonlyMap<number, number>,
): Promise<{ ok: true; weighing: Weighing } | { ok: false; message: string }> {
  const weighing = await weighingOf(db, orderId);
  const payment = await groceryPaymentOf(db, orderId);
  if (!weighing || !payment) return { ok: false, message: "Cette commande est introuvable." };
  if (!awaitsCapture(payment)) {
    return {
      ok: false,
      message: "Cette commande n'attend pas d'encaissement : ses poids ne changent plus.",
    };
  }
  const positions = new Set(weighing.lines.map((line) => line.position));
  for (const [position, weight] of grams) {
    if (!positions.has(position)) {
      return { ok: false, message: "Cet article n'est pas vendu au poids." };
    }
    if (!Number.isInteger(weight) || weight < 1 || weight > MAX_GRAMS) {
      return {
        ok: false,
        message: `Saisissez le poids pesé en grammes, entre 1 et ${MAX_GRAMS}, par exemple 512.`,
      };
    }
  }
  await db.transaction(async (tx) => {
    const locked = await groceryPaymentOf(tx, orderId, { lock: true });
    if (locked && awaitsCapture(locked)) await saveWeighedGrams(tx, orderId, grams);
  });
  const saved = await weighingOf(db, orderId);
  if (!saved) return { ok: false, message: "Cette commande est introuvable." };
  return { ok: true, weighing: saved };
}

/**
 * Captures a weighed grocery order: every line sold by weight must be weighed; the card's share
 * of the weighed total is captured through the provider (once per `idempotencyKey`), refused
 * beforehand when it is more than was authorised; then the order records the capture (weighed
 * lines, totals, invoice) and its history says it. Nothing is recorded when the provider refuses.
 */
export async function captureWeighedOrder(
  db: Db,
  provider: PaymentProvider,
  actor: Actor,
  orderId: number,
  capture: { idempotencyKey: string },
  now: Date,
): Promise<CaptureResult> {
  const payment = await groceryPaymentOf(db, orderId);
  const weighing = await weighingOf(db, orderId);
  if (!payment || !weighing) return { ok: false, message: "Cette commande est introuvable." };
  if (payment.capturedCents !== null) {
    return { ok: true, capturedCents: payment.capturedCents };
  }
  if (!awaitsCapture(payment) || payment.paymentIntentId === null) {
    return { ok: false, message: "Cette commande n'a pas d'autorisation de paiement à encaisser." };
  }
  const missing = weighing.lines.filter((line) => line.weighedGrams === null);
  if (missing.length > 0 || weighing.weighedTotalCents === null) {
    return {
      ok: false,
      message: `Pesez chaque article vendu au poids avant d'encaisser : ${missing
        .map((line) => `${line.title} (${weightLabel(line.orderedGrams)})`)
        .join(", ")}.`,
    };
  }
  const amount = await cardShareCents(db, payment, weighing.weighedTotalCents);
  const authorised = payment.authorisedCents ?? 0;
  if (amount > authorised) {
    return {
      ok: false,
      message: `Le montant pesé (${formatCents(amount)}) dépasse le montant autorisé (${formatCents(authorised)}) : retirez un article ou contactez le client.`,
    };
  }
  if (amount <= 0) {
    return {
      ok: false,
      message:
        "Il ne reste rien à payer par carte : annulez la commande pour libérer l'autorisation.",
    };
  }
  let captured: number;
  try {
    const paid = await provider.capturePayment(payment.paymentIntentId, {
      amount,
      idempotencyKey: capture.idempotencyKey,
    });
    captured = paid.amountReceived;
  } catch (error) {
    if (!(error instanceof PaymentProviderError)) throw error;
    return { ok: false, message: providerFailureMessage(error, "l'encaissement") };
  }
  await db.transaction(async (tx) => {
    const locked = await groceryPaymentOf(tx, orderId, { lock: true });
    // A second « Encaisser » (or a retry) that reached the provider again: recorded once.
    if (!locked || locked.capturedCents !== null) return;
    await recordWeighedCapture(tx, orderId, captured, "carte bancaire (paiement en ligne)", now);
    await tx.insert(adminOrderEvent).values({
      kind: "grocery",
      orderId,
      action: "capture",
      amountCents: captured,
      staffId: actor.id,
      staffEmail: actor.email,
      note: payment.paymentIntentId ?? "",
      createdAt: now,
    });
    await logChange(tx, actor, {
      action: "order.capture",
      subjectType: "order",
      subjectId: `epicerie-${orderId}`,
      before: { totalCents: weighing.orderedTotalCents },
      after: { totalCents: weighing.weighedTotalCents, capturedCents: captured },
    });
  });
  return { ok: true, capturedCents: captured };
}

/**
 * Before a grocery order is cancelled: when it awaits its capture, its authorisation is released
 * at the provider (the card is never charged), once per order. `{ ok: true }` when there was
 * nothing to release, or it is released; a refused cancellation (its flow does not allow it)
 * releases nothing.
 */
export async function releaseBeforeCancel(
  db: Db,
  provider: PaymentProvider | null,
  orderId: number,
): Promise<{ ok: true; released: boolean } | { ok: false; message: string }> {
  const payment = await groceryPaymentOf(db, orderId);
  if (!payment || !awaitsCapture(payment) || payment.paymentIntentId === null) {
    return { ok: true, released: false };
  }
  if (!provider) throw new Error("An order paid through the payment provider needs the provider");
  const order = await groceryOrderForAdmin(db, orderId);
  if (!order || !groceryNextStatuses(order.status, order.mode).includes("cancelled")) {
    return { ok: true, released: false };
  }
  try {
    await provider.cancelPayment(payment.paymentIntentId, {
      reason: "requested_by_customer",
      idempotencyKey: `release-epicerie-${orderId}`,
    });
  } catch (error) {
    if (!(error instanceof PaymentProviderError)) throw error;
    // Released already (a cancellation retried): nothing is left to release.
    const current = await provider.retrievePayment(payment.paymentIntentId).catch(() => null);
    if (current?.status !== "canceled") {
      return { ok: false, message: providerFailureMessage(error, "l'annulation") };
    }
  }
  return { ok: true, released: true };
}
