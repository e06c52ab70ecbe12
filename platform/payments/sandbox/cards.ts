import {
  type CardBrand,
  cardBrand,
  cardDigits,
  expiryYear,
  passesLuhn,
  validExpiry,
} from "#platform/payments/processor.ts";

/**
 * What the hosted page does with a card typed on it, after Stripe's documented test cards. The
 * number is read here and forgotten: only the brand, the last four digits and the expiry go on.
 */

export type CardOutcome =
  | "approve"
  | "decline"
  // 3-D Secure is asked; the shopper's « Valider » then authorises, or declines (…3178).
  | "challenge_approve"
  | "challenge_decline"
  // Saved by a setup session, then declined when charged (Stripe's …0341).
  | "attach_decline";

export type ReadCard = {
  brand: CardBrand;
  last4: string;
  expMonth: number;
  expYear: number;
  outcome: CardOutcome;
};

export type CardProblem = "invalid_number" | "invalid_expiry" | "invalid_cvc";

/** Stripe's test cards (docs.stripe.com/testing); any other valid number is approved. */
export const TEST_CARDS: Readonly<Record<string, CardOutcome>> = {
  "4242424242424242": "approve",
  "4000000000000002": "decline",
  "4000002760003184": "challenge_approve",
  "4000008260003178": "challenge_decline",
  "4000000000000341": "attach_decline",
};

/** The expiry as typed on the page: `MM/AA`, `MM / AAAA`, `MM-AA`. */
export function parseExpiry(text: string): { month: number; year: number } | null {
  const match = /^\s*(\d{1,2})\s*[/-]\s*(\d{2}|\d{4})\s*$/.exec(text);
  if (!match) return null;
  return { month: Number(match[1]), year: expiryYear(Number(match[2])) };
}

/** Checks a typed card as Stripe's page does, and says what its test number asks for. */
export function readCard(
  input: { number: string; expiry: string; cvc: string },
  now: Date,
): { ok: true; card: ReadCard } | { ok: false; problem: CardProblem } {
  const digits = cardDigits(input.number);
  if (!digits || !passesLuhn(digits)) return { ok: false, problem: "invalid_number" };
  const expiry = parseExpiry(input.expiry);
  if (!expiry || !validExpiry(expiry.month, expiry.year, now)) {
    return { ok: false, problem: "invalid_expiry" };
  }
  const brand = cardBrand(digits);
  const cvc = input.cvc.trim();
  if (!(brand === "amex" ? /^\d{4}$/ : /^\d{3}$/).test(cvc)) {
    return { ok: false, problem: "invalid_cvc" };
  }
  return {
    ok: true,
    card: {
      brand,
      last4: digits.slice(-4),
      expMonth: expiry.month,
      expYear: expiry.year,
      outcome: TEST_CARDS[digits] ?? "approve",
    },
  };
}
