import { and, eq, inArray, sql } from "drizzle-orm";
import type { Db, Tx } from "#db/client.ts";
import { parisDay } from "#platform/format.ts";
import { MEAL_VOUCHER_DAILY_LIMIT_CENTS } from "#platform/meal-vouchers.ts";
import {
  type ChargeOutcome,
  cardToCharge,
  randomId,
  refused,
  storeCharge,
  validExpiry,
} from "#platform/payments/processor.ts";
import {
  paymentCard,
  paymentCharge,
  paymentMealVoucherLock,
  paymentRefund,
} from "#platform/payments/schema.ts";

/**
 * Titres-restaurant cards in the embedded processor, as their issuers' networks behave: a card
 * of the issuer range is tokenized like any card, and charging it approves at most what is left
 * of its day (25 € a day, Paris time, less what refunds gave back): a partial approval, the rest
 * being the shop's to charge on a bank card. Refused: a declined test card, a card whose day is
 * spent, a bank card offered as a meal voucher (and the reverse, in `chargeCard`).
 *
 * The same card tokenized twice is recognised by its fingerprint (processor.ts), which the day's
 * charges are counted by.
 */

/** What the cards of this fingerprint have paid on `day`, net of refunds. */
async function spentOnDay(db: Db | Tx, fingerprint: string, day: string): Promise<number> {
  const charges = await db
    .select({ id: paymentCharge.id, amountCents: paymentCharge.amountCents })
    .from(paymentCharge)
    .innerJoin(paymentCard, eq(paymentCard.token, paymentCharge.cardToken))
    .where(
      and(
        eq(paymentCard.fingerprint, fingerprint),
        eq(paymentCharge.parisDay, day),
        eq(paymentCharge.status, "succeeded"),
      ),
    );
  if (charges.length === 0) return 0;
  const [refunds] = await db
    .select({ cents: sql<number>`coalesce(sum(${paymentRefund.amountCents}), 0)::int` })
    .from(paymentRefund)
    .where(
      inArray(
        paymentRefund.chargeId,
        charges.map((charge) => charge.id),
      ),
    );
  const charged = charges.reduce((sum, charge) => sum + charge.amountCents, 0);
  return charged - Number(refunds?.cents ?? 0);
}

/**
 * Charges up to `amountCents` on a titres-restaurant card, once per idempotency key: approves
 * what is left of the card's day if that is less (`amountCents` of the result is what was
 * taken). Two charges on one card at once take turns on the card's lock row, so its day is never
 * overspent.
 */
export async function chargeMealVoucher(
  db: Db | Tx,
  charge: { token: string; amountCents: number; idempotencyKey: string; description: string },
  now: Date,
): Promise<ChargeOutcome> {
  const found = await cardToCharge(db, charge);
  if ("outcome" in found) return found.outcome;
  const { card } = found;
  if (card.kind !== "meal_voucher" || !card.fingerprint) return refused("not_meal_voucher");
  if (!validExpiry(card.expMonth, card.expYear, now)) return refused("invalid_expiry");

  await db
    .insert(paymentMealVoucherLock)
    .values({ fingerprint: card.fingerprint })
    .onConflictDoNothing();
  await db
    .select()
    .from(paymentMealVoucherLock)
    .where(eq(paymentMealVoucherLock.fingerprint, card.fingerprint))
    .for("update");
  const day = parisDay(now);
  const left = MEAL_VOUCHER_DAILY_LIMIT_CENTS - (await spentOnDay(db, card.fingerprint, day));
  const failureCode =
    card.outcome !== "approve" ? "card_declined" : left <= 0 ? "meal_voucher_daily_limit" : null;
  return storeCharge(db, {
    id: randomId("ch_"),
    idempotencyKey: charge.idempotencyKey,
    cardToken: card.token,
    amountCents: failureCode ? charge.amountCents : Math.min(charge.amountCents, left),
    description: charge.description,
    status: failureCode ? "declined" : "succeeded",
    failureCode,
    parisDay: day,
    createdAt: now,
  });
}
