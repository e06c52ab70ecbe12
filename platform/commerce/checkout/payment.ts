import { eq } from "drizzle-orm";
import type { Tx } from "#db/client.ts";
import { cardLabel } from "#platform/cards.ts";
import type { CartRow } from "#platform/commerce/cart/records.ts";
import { commerceCart } from "#platform/commerce/cart/schema.ts";
import {
  type CheckoutInput,
  type FieldErrors,
  MESSAGES,
  parseExpiry,
} from "#platform/commerce/checkout/form.ts";
import { maskedGiftCardCode } from "#platform/commerce/gift-cards/codes.ts";
import type { GiftCardUse } from "#platform/commerce/gift-cards/gift-cards.ts";
import {
  type CardInput,
  type ChargeOutcome,
  chargeCard,
  chargeMealVoucher,
  type PaymentFailure,
  tokenizeCard,
} from "#platform/payments/index.ts";

/**
 * The hosted checkout's payments through the processor: titres-restaurant for the food, then
 * the bank card for the rest, each refusal on the field the shopper must fix, and how the
 * invoice names what paid.
 */

/**
 * Thrown when the bank card fails after titres-restaurant paid their part: the whole
 * transaction rolls back, the titres-restaurant charge with it, and nothing is taken.
 */
export class PaymentRefused extends Error {
  readonly refusal: { errors: FieldErrors; general: string | null };
  constructor(refusal: { errors: FieldErrors; general: string | null }) {
    super("payment refused");
    this.refusal = refusal;
  }
}

/** The processor's failures, on the field the shopper must fix (a decline concerns the card). */
function paymentErrors(failure: PaymentFailure): { errors: FieldErrors; general: string | null } {
  switch (failure.code) {
    case "meal_voucher_as_card":
      return { errors: { cardNumber: failure.message }, general: null };
    case "invalid_number":
    case "unknown_card":
    case "card_declined":
      return { errors: { cardNumber: failure.message }, general: null };
    case "invalid_expiry":
      return { errors: { cardExpiry: failure.message }, general: null };
    case "invalid_cvc":
      return { errors: { cardCvc: failure.message }, general: null };
    default:
      return { errors: {}, general: failure.message };
  }
}

/** The processor's failures of the titres-restaurant card, on its own fields. */
function mealVoucherErrors(failure: PaymentFailure): {
  errors: FieldErrors;
  general: string | null;
} {
  switch (failure.code) {
    case "invalid_expiry":
      return { errors: { mealVoucherExpiry: failure.message }, general: null };
    case "invalid_cvc":
      return { errors: { mealVoucherCvc: failure.message }, general: null };
    case "amount_invalid":
      return { errors: {}, general: failure.message };
    default:
      return { errors: { mealVoucherNumber: failure.message }, general: null };
  }
}

/**
 * The payment idempotency key of a cart's next attempt: derived from the cart, so a retried or
 * double-submitted request never charges twice, and renewed after a decline, so another card can
 * be tried.
 */
export function paymentKey(cart: Pick<CartRow, "token" | "paymentAttempts">): string {
  return `checkout:${cart.token}:${cart.paymentAttempts}`;
}

/** A titres-restaurant card as the invoice and the email name it. */
export const mealVoucherText = (last4: string) =>
  cardLabel({ kind: "meal_voucher", brand: "other", last4 });

/**
 * How an order was paid, as its invoice says: « carte Visa •••• 4242, titres-restaurant •••• 0018,
 * carte cadeau •••• PQRS ».
 */
export function paymentText(
  card: { brand: string; last4: string } | null,
  mealVoucher: MealVoucherPayment | null,
  giftCards: GiftCardUse[],
): string | null {
  const parts = [
    ...(card ? [cardLabel(card)] : []),
    ...(mealVoucher ? [mealVoucherText(mealVoucher.last4)] : []),
    ...giftCards.map((use) => `carte cadeau ${maskedGiftCardCode(use.card.lastCharacters)}`),
  ];
  return parts.length > 0 ? `payée par ${parts.join(", ")}` : null;
}

/**
 * Tokenizes a typed card and charges it with `charge`. A refused charge renews the cart's payment
 * key, so another card can be tried (the refused one's key keeps answering its refusal).
 */
async function tokenizeAndCharge(
  tx: Tx,
  cart: CartRow,
  typed: CardInput,
  charge: (token: string) => Promise<ChargeOutcome>,
  now: Date,
): Promise<
  | { ok: true; chargeId: string; amountCents: number; card: { brand: string; last4: string } }
  | { ok: false; failure: PaymentFailure }
> {
  const card = await tokenizeCard(tx, typed, now);
  if (!card.ok) return { ok: false, failure: card };
  const charged = await charge(card.card.token);
  if (!charged.ok) {
    await tx
      .update(commerceCart)
      .set({ paymentAttempts: cart.paymentAttempts + 1 })
      .where(eq(commerceCart.id, cart.id));
    return { ok: false, failure: charged };
  }
  return {
    ok: true,
    chargeId: charged.chargeId,
    amountCents: charged.amountCents,
    card: { brand: card.card.brand, last4: card.card.last4 },
  };
}

/** Charges what the gift cards and titres-restaurant leave to pay on the shopper's bank card. */
export async function chargeTheCard(
  tx: Tx,
  cart: CartRow,
  input: CheckoutInput,
  amountCents: number,
  now: Date,
): Promise<
  | { ok: true; chargeId: string; card: { brand: string; last4: string } }
  | { ok: false; refusal: { errors: FieldErrors; general: string | null } }
> {
  const expiry = parseExpiry(input.cardExpiry);
  const typed: CardInput = {
    number: input.cardNumber,
    expMonth: expiry.month,
    expYear: expiry.year,
    cvc: input.cardCvc,
    ...(input.cardHolder ? { holderName: input.cardHolder } : {}),
  };
  const paid = await tokenizeAndCharge(
    tx,
    cart,
    typed,
    (token) =>
      chargeCard(
        tx,
        {
          token,
          amountCents,
          idempotencyKey: paymentKey(cart),
          description: `Commande Comptoir (panier ${cart.token})`,
        },
        now,
      ),
    now,
  );
  if (!paid.ok) return { ok: false, refusal: paymentErrors(paid.failure) };
  return { ok: true, chargeId: paid.chargeId, card: paid.card };
}

/** What a titres-restaurant card paid of an order. */
export type MealVoucherPayment = { chargeId: string; amountCents: number; last4: string };

/**
 * Charges the titres-restaurant card for the eligible food of what is left to pay: the
 * processor may approve less (what is left of the card's day).
 */
export async function chargeTheMealVoucher(
  tx: Tx,
  cart: CartRow,
  input: CheckoutInput,
  eligibleCents: number,
  now: Date,
): Promise<
  | { ok: true; payment: MealVoucherPayment }
  | { ok: false; refusal: { errors: FieldErrors; general: string | null } }
> {
  if (eligibleCents <= 0) {
    return {
      ok: false,
      refusal: {
        errors: { mealVoucherNumber: MESSAGES.mealVoucherNothingEligible },
        general: null,
      },
    };
  }
  const expiry = parseExpiry(input.mealVoucherExpiry);
  const typed: CardInput = {
    number: input.mealVoucherNumber,
    expMonth: expiry.month,
    expYear: expiry.year,
    cvc: input.mealVoucherCvc,
  };
  const paid = await tokenizeAndCharge(
    tx,
    cart,
    typed,
    (token) =>
      chargeMealVoucher(
        tx,
        {
          token,
          amountCents: eligibleCents,
          idempotencyKey: `${paymentKey(cart)}:titres-restaurant`,
          description: `Commande Comptoir (panier ${cart.token}), titres-restaurant`,
        },
        now,
      ),
    now,
  );
  if (!paid.ok) return { ok: false, refusal: mealVoucherErrors(paid.failure) };
  return {
    ok: true,
    payment: { chargeId: paid.chargeId, amountCents: paid.amountCents, last4: paid.card.last4 },
  };
}
