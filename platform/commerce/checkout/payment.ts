import type { Tx } from "#db/client.ts";
import { cardLabel } from "#platform/cards.ts";
import { maskedGiftCardCode } from "#platform/commerce/gift-cards/codes.ts";
import type { GiftCardUse } from "#platform/commerce/gift-cards/gift-cards.ts";
import { chargeMealVoucher, type PaymentFailure, refundCharge } from "#platform/payments/index.ts";

/**
 * How the hosted checkout's order was paid, as its invoice names it, and the titres-restaurant
 * card's charge: taken by the test processor when the payment is held (the bank card then pays
 * the rest on the provider's hosted page), refunded when the hold is released.
 */

/** What a titres-restaurant card paid of an order. */
export type MealVoucherPayment = { chargeId: string; amountCents: number; last4: string };

/** A titres-restaurant card as the invoice and the email name it. */
export const mealVoucherText = (last4: string) =>
  cardLabel({ kind: "meal_voucher", brand: "other", last4 });

/**
 * How an order was paid, as its invoice says: « carte Visa •••• 4242, titres-restaurant •••• 0018,
 * carte cadeau •••• PQRS ». `byCard` when a bank card paid whose brand and digits are unknown.
 */
export function paymentText(
  card: { brand: string; last4: string } | null,
  mealVoucher: MealVoucherPayment | null,
  giftCards: GiftCardUse[],
  byCard = card !== null,
): string | null {
  const parts = [
    ...(card ? [cardLabel(card)] : byCard ? ["carte bancaire"] : []),
    ...(mealVoucher ? [mealVoucherText(mealVoucher.last4)] : []),
    ...giftCards.map((use) => `carte cadeau ${maskedGiftCardCode(use.card.lastCharacters)}`),
  ];
  return parts.length > 0 ? `payée par ${parts.join(", ")}` : null;
}

/**
 * Charges the titres-restaurant card kept on the cart (a processor token, from its card-entry
 * page) for the eligible food of what is left to pay, in the hold's transaction: the processor
 * may approve less (what is left of the card's day).
 */
export async function chargeHeldMealVoucher(
  tx: Tx,
  card: { token: string; last4: string },
  request: { amountCents: number; idempotencyKey: string; description: string },
  now: Date,
): Promise<{ ok: true; payment: MealVoucherPayment } | { ok: false; failure: PaymentFailure }> {
  const charged = await chargeMealVoucher(tx, { token: card.token, ...request }, now);
  if (!charged.ok) return { ok: false, failure: charged };
  return {
    ok: true,
    payment: { chargeId: charged.chargeId, amountCents: charged.amountCents, last4: card.last4 },
  };
}

/** Gives a released hold's titres-restaurant charge back to its card, once (by its key). */
export async function refundHeldMealVoucher(
  tx: Tx,
  payment: MealVoucherPayment,
  idempotencyKey: string,
  now: Date,
): Promise<void> {
  const refunded = await refundCharge(
    tx,
    {
      chargeId: payment.chargeId,
      amountCents: payment.amountCents,
      idempotencyKey,
      reason: "paiement abandonné",
    },
    now,
  );
  if (!refunded.ok) throw new Error(`titres-restaurant not refunded: ${refunded.code}`);
}
