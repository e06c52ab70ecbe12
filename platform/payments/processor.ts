import { createHmac, randomInt } from "node:crypto";
import { eq } from "drizzle-orm";
import type { Db, Tx } from "#db/client.ts";
import { formatCents as euros, parisDay } from "#platform/format.ts";
import { MEAL_VOUCHER_DAILY_LIMIT_CENTS } from "#platform/meal-vouchers.ts";
import { countPaymentFailure } from "#platform/metrics.ts";
import { paymentCard, paymentCharge, paymentProcessorKey } from "#platform/payments/schema.ts";

/**
 * The embedded test card processor, shared by the commerce service's hosted checkout and the
 * ordering service. It checks a card the way a real processor's form does (Luhn, expiry, CVC),
 * keeps only a random token with the brand, the last four digits and the expiry — never the number
 * or the CVC, which are neither stored nor logged — and charges a token once per idempotency key.
 * Test numbers: 4242 4242 4242 4242 is approved, 4000 0000 0000 0002 is declined; any other
 * Luhn-valid number is approved (docs/payments.md).
 */

export type CardInput = {
  number: string;
  expMonth: number;
  expYear: number;
  cvc: string;
  holderName?: string;
};

export type CardBrand = "visa" | "mastercard" | "amex" | "other";

/** The networks the processor recognises by name (any other Luhn-valid number is `other`). */
export const NAMED_CARD_BRANDS: readonly Exclude<CardBrand, "other">[] = [
  "visa",
  "mastercard",
  "amex",
];

/** A bank card, or a titres-restaurant card (meal-vouchers.ts). */
export type CardKind = "card" | "meal_voucher";

export type CardSummary = {
  token: string;
  kind: CardKind;
  brand: CardBrand;
  last4: string;
  expMonth: number;
  expYear: number;
};

export type PaymentFailureCode =
  | "invalid_number"
  | "invalid_expiry"
  | "invalid_cvc"
  | "card_declined"
  | "unknown_card"
  | "amount_invalid"
  | "not_meal_voucher"
  | "meal_voucher_as_card"
  | "meal_voucher_daily_limit";

export type PaymentFailure = {
  ok: false;
  code: PaymentFailureCode;
  /** French, for the shopper. */
  message: string;
};

/** The shopper-facing French message of each failure. */
export const PAYMENT_MESSAGES: Record<PaymentFailureCode, string> = {
  invalid_number: "Le numéro de carte est invalide.",
  invalid_expiry: "La date d'expiration est dépassée ou invalide.",
  invalid_cvc: "Le code de sécurité (CVC) est invalide.",
  card_declined: "Votre carte a été refusée. Essayez une autre carte.",
  unknown_card: "Cette carte est inconnue. Saisissez-la à nouveau.",
  amount_invalid: "Le montant à payer est invalide.",
  not_meal_voucher: "Cette carte n'est pas une carte titres-restaurant.",
  meal_voucher_as_card:
    "Une carte titres-restaurant ne règle que la part alimentaire : saisissez-la dans « Titres-restaurant » et payez le reste par carte bancaire.",
  meal_voucher_daily_limit: `Le plafond journalier de vos titres-restaurant (${euros(MEAL_VOUCHER_DAILY_LIMIT_CENTS)}) est atteint pour aujourd'hui.`,
};

/** The test number that is always declined. */
export const DECLINED_TEST_NUMBER = "4000000000000002";
/** The test number that is always approved. */
export const APPROVED_TEST_NUMBER = "4242424242424242";

// A card expiring further ahead than this is a typo.
const MAX_YEARS_AHEAD = 20;
// 1 000 000,00 €: above this an amount is a bug, not an order.
const MAX_AMOUNT_CENTS = 100_000_000;
const TOKEN_LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";

/** What a charge led to: the amount taken, or why nothing was. */
export type ChargeOutcome = { ok: true; chargeId: string; amountCents: number } | PaymentFailure;

export function paymentFailure(code: PaymentFailureCode): PaymentFailure {
  return { ok: false, code, message: PAYMENT_MESSAGES[code] };
}
const fail = paymentFailure;

/** The issuer range (IIN) of the test titres-restaurant cards. */
export const MEAL_VOUCHER_RANGE = "503615";
/** The test titres-restaurant card that is approved (within its daily limit). */
export const MEAL_VOUCHER_TEST_NUMBER = "5036150000000018";
/** The test titres-restaurant card that is always declined. */
export const MEAL_VOUCHER_DECLINED_TEST_NUMBER = "5036150000000026";

/** Whether a card number belongs to a titres-restaurant issuer. */
export function isMealVoucherNumber(digits: string): boolean {
  return digits.startsWith(MEAL_VOUCHER_RANGE);
}

const FINGERPRINT_KEY = "meal-voucher-fingerprint";

/** The processor's fingerprint key, made once (the first concurrent maker wins). */
async function fingerprintKey(db: Db | Tx): Promise<string> {
  const read = async () =>
    (
      await db
        .select({ value: paymentProcessorKey.value })
        .from(paymentProcessorKey)
        .where(eq(paymentProcessorKey.name, FINGERPRINT_KEY))
    )[0]?.value;
  const kept = await read();
  if (kept) return kept;
  await db
    .insert(paymentProcessorKey)
    .values({ name: FINGERPRINT_KEY, value: randomId("key_") })
    .onConflictDoNothing();
  const made = await read();
  if (!made) throw new Error("The processor's fingerprint key was not stored");
  return made;
}

/**
 * A titres-restaurant card's fingerprint, an HMAC-SHA256 of its number under the processor's own
 * random key: the same number always gives the same one, which cannot be reversed without the
 * key. The number itself is never stored.
 */
export async function mealVoucherFingerprint(db: Db | Tx, digits: string): Promise<string> {
  const key = await fingerprintKey(db);
  return createHmac("sha256", key).update(digits).digest("base64url");
}

/**
 * 32 random letters (about 182 bits) after a prefix. Letters only: a dump of the payment tables
 * can then be searched for any card number or CVC without a random match.
 */
export function randomId(prefix: string): string {
  let id = prefix;
  for (let i = 0; i < 32; i++) id += TOKEN_LETTERS[randomInt(TOKEN_LETTERS.length)];
  return id;
}

/** The digits of a card number typed with spaces or dashes; null when anything else is in it. */
export function cardDigits(number: string): string | null {
  const digits = number.replace(/[\s-]/g, "");
  return /^\d{12,19}$/.test(digits) ? digits : null;
}

/** The Luhn checksum every card number carries. */
export function passesLuhn(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

/** The card network, from the number's prefix (IIN ranges). */
export function cardBrand(digits: string): CardBrand {
  if (/^3[47]/.test(digits)) return "amex";
  if (/^4/.test(digits)) return "visa";
  const two = Number(digits.slice(0, 2));
  const four = Number(digits.slice(0, 4));
  if ((two >= 51 && two <= 55) || (four >= 2221 && four <= 2720)) return "mastercard";
  return "other";
}

const BRAND_LENGTHS: Record<CardBrand, number[] | null> = {
  amex: [15],
  visa: [13, 16, 19],
  mastercard: [16],
  other: null,
};

function validNumber(digits: string | null): digits is string {
  if (digits === null || !passesLuhn(digits)) return false;
  const lengths = BRAND_LENGTHS[cardBrand(digits)];
  return lengths === null || lengths.includes(digits.length);
}

/** The year and month it is in Paris at `now`. */
function parisMonth(now: Date): { year: number; month: number } {
  const parts = new Intl.DateTimeFormat("en-GB", {
    timeZone: "Europe/Paris",
    year: "numeric",
    month: "numeric",
  }).formatToParts(now);
  const value = (type: string) => Number(parts.find((part) => part.type === type)?.value);
  return { year: value("year"), month: value("month") };
}

/** A card is valid until the end of its expiry month; two-digit years are 20xx. */
export function expiryYear(expYear: number): number {
  return expYear < 100 ? 2000 + expYear : expYear;
}

export function validExpiry(expMonth: number, expYear: number, now: Date): boolean {
  if (!Number.isInteger(expMonth) || !Number.isInteger(expYear)) return false;
  if (expMonth < 1 || expMonth > 12) return false;
  const year = expiryYear(expYear);
  const current = parisMonth(now);
  if (year > current.year + MAX_YEARS_AHEAD) return false;
  return year > current.year || (year === current.year && expMonth >= current.month);
}

function validCvc(cvc: string, brand: CardBrand): boolean {
  return brand === "amex" ? /^\d{4}$/.test(cvc) : /^\d{3}$/.test(cvc);
}

/** Checks Luhn, expiry (against now) and CVC; stores only token, brand, last4, expiry (never the number or CVC). */
export async function tokenizeCard(
  db: Db | Tx,
  card: CardInput,
  now: Date,
): Promise<{ ok: true; card: CardSummary } | PaymentFailure> {
  const digits = cardDigits(card.number);
  if (!validNumber(digits)) return fail("invalid_number");
  if (!validExpiry(card.expMonth, card.expYear, now)) return fail("invalid_expiry");
  const brand = cardBrand(digits);
  if (!validCvc(card.cvc.trim(), brand)) return fail("invalid_cvc");

  const mealVoucher = isMealVoucherNumber(digits);
  const summary: CardSummary = {
    token: randomId("card_"),
    kind: mealVoucher ? "meal_voucher" : "card",
    brand,
    last4: digits.slice(-4),
    expMonth: card.expMonth,
    expYear: expiryYear(card.expYear),
  };
  await db.insert(paymentCard).values({
    ...summary,
    outcome:
      digits === DECLINED_TEST_NUMBER || digits === MEAL_VOUCHER_DECLINED_TEST_NUMBER
        ? "decline"
        : "approve",
    fingerprint: mealVoucher ? await mealVoucherFingerprint(db, digits) : null,
    createdAt: now,
  });
  return { ok: true, card: summary };
}

/** Charges a tokenized card once per idempotency key: the same key returns the first result and never charges twice. 4242 4242 4242 4242 succeeds; 4000 0000 0000 0002 is declined ("Votre carte a été refusée. Essayez une autre carte."). */
export async function chargeCard(
  db: Db | Tx,
  charge: { token: string; amountCents: number; idempotencyKey: string; description: string },
  now: Date,
): Promise<ChargeOutcome> {
  const found = await cardToCharge(db, charge);
  if ("outcome" in found) return found.outcome;
  const { card } = found;
  // A titres-restaurant card pays the food only, through chargeMealVoucher (meal-vouchers.ts).
  if (card.kind === "meal_voucher") return refused("meal_voucher_as_card");
  if (!validExpiry(card.expMonth, card.expYear, now)) return refused("invalid_expiry");
  const approved = card.outcome === "approve";
  return storeCharge(db, {
    id: randomId("ch_"),
    idempotencyKey: charge.idempotencyKey,
    cardToken: card.token,
    amountCents: charge.amountCents,
    description: charge.description,
    status: approved ? "succeeded" : "declined",
    failureCode: approved ? null : "card_declined",
    parisDay: parisDay(now),
    createdAt: now,
  });
}

type ChargeRequest = { token: string; amountCents: number; idempotencyKey: string };

/**
 * The card a charge is asked of, or what to answer at once: the first outcome of its idempotency
 * key, or the refusal of an invalid amount or an unknown token.
 */
export async function cardToCharge(
  db: Db | Tx,
  charge: ChargeRequest,
): Promise<{ outcome: ChargeOutcome } | { card: typeof paymentCard.$inferSelect }> {
  if (charge.idempotencyKey.trim() === "") throw new Error("A charge needs an idempotency key");
  const first = await findCharge(db, charge.idempotencyKey);
  if (first) return { outcome: first };
  if (!validAmount(charge.amountCents)) return { outcome: refused("amount_invalid") };
  const [card] = await db.select().from(paymentCard).where(eq(paymentCard.token, charge.token));
  return card ? { card } : { outcome: refused("unknown_card") };
}

/**
 * Writes a charge once per idempotency key and answers the one stored. Concurrent charges with
 * one key: the unique index lets one insert through, the others wait for it and do nothing; all
 * then read the row that won.
 */
export async function storeCharge(
  db: Db | Tx,
  values: typeof paymentCharge.$inferInsert,
): Promise<ChargeOutcome> {
  await db
    .insert(paymentCharge)
    .values(values)
    .onConflictDoNothing({ target: paymentCharge.idempotencyKey });
  const stored = await findCharge(db, values.idempotencyKey);
  if (!stored) throw new Error("The charge was not stored");
  if (!stored.ok) countPaymentFailure(stored.code);
  return stored;
}

/** An amount a charge may ask for: whole cents, positive, below a bug's size. */
export function validAmount(amountCents: number): boolean {
  return Number.isInteger(amountCents) && amountCents > 0 && amountCents <= MAX_AMOUNT_CENTS;
}

/** A charge refused before it reaches the card: counted in the metrics like a decline. */
export function refused(code: PaymentFailureCode): PaymentFailure {
  countPaymentFailure(code);
  return fail(code);
}

/** The outcome of the charge made with this idempotency key, if any. */
export async function findCharge(
  db: Db | Tx,
  idempotencyKey: string,
): Promise<ChargeOutcome | null> {
  const [row] = await db
    .select()
    .from(paymentCharge)
    .where(eq(paymentCharge.idempotencyKey, idempotencyKey));
  return row ? chargeResult(row) : null;
}

function chargeResult(row: typeof paymentCharge.$inferSelect): ChargeOutcome {
  if (row.status === "succeeded")
    return { ok: true, chargeId: row.id, amountCents: row.amountCents };
  return fail((row.failureCode as PaymentFailureCode | null) ?? "card_declined");
}

/** The displayable facts of a tokenized card, or null for an unknown token. */
export async function cardSummary(db: Db | Tx, token: string): Promise<CardSummary | null> {
  const [card] = await db.select().from(paymentCard).where(eq(paymentCard.token, token));
  if (!card) return null;
  return {
    token: card.token,
    kind: card.kind as CardKind,
    brand: card.brand as CardBrand,
    last4: card.last4,
    expMonth: card.expMonth,
    expYear: card.expYear,
  };
}
