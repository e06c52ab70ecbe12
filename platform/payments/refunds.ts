import { randomInt } from "node:crypto";
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import type { Db, Tx } from "#db/client.ts";
import { paymentCard, paymentCharge, paymentRefund } from "#platform/payments/schema.ts";

/**
 * Refunds of the embedded processor's charges, whole or in part. A refund is made once per
 * idempotency key (the same key answers the first refund), and the refunds of a charge never
 * exceed what it captured: the charge row is locked while the sum is checked, so two staff
 * members refunding at the same moment make one refund, not two.
 */

export type RefundFailureCode = "unknown_charge" | "not_captured" | "amount_invalid" | "exceeds";

export type RefundFailure = { ok: false; code: RefundFailureCode; message: string };

export const REFUND_MESSAGES: Record<RefundFailureCode, string> = {
  unknown_charge: "Ce paiement est introuvable.",
  not_captured: "Ce paiement n'a pas été encaissé : il n'y a rien à rembourser.",
  amount_invalid: "Le montant à rembourser doit être un nombre positif de centimes.",
  exceeds: "Le remboursement dépasse ce qui reste à rembourser sur ce paiement.",
};

export type Refund = {
  id: string;
  chargeId: string;
  amountCents: number;
  reason: string;
  createdAt: Date;
};

/** A charge as the processor's records show it: the card, what was captured and refunded. */
export type ChargeRecord = {
  id: string;
  status: string;
  amountCents: number;
  refundedCents: number;
  /** "card" or "meal_voucher" (a titres-restaurant card). */
  kind: string;
  brand: string;
  last4: string;
  createdAt: Date;
  refunds: Refund[];
};

const LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";

function refundId(): string {
  let id = "re_";
  for (let i = 0; i < 32; i++) id += LETTERS[randomInt(LETTERS.length)];
  return id;
}

function fail(code: RefundFailureCode): RefundFailure {
  return { ok: false, code, message: REFUND_MESSAGES[code] };
}

function refundOf(row: typeof paymentRefund.$inferSelect): Refund {
  return {
    id: row.id,
    chargeId: row.chargeId,
    amountCents: row.amountCents,
    reason: row.reason,
    createdAt: row.createdAt,
  };
}

/**
 * Refunds `amountCents` of a charge, once per idempotency key: a second call with the key
 * answers the first refund and refunds nothing more. Runs in its own transaction, or in a
 * savepoint of the caller's, which then holds the charge's lock until it commits.
 */
export async function refundCharge(
  db: Db | Tx,
  refund: { chargeId: string; amountCents: number; idempotencyKey: string; reason?: string },
  now: Date,
): Promise<{ ok: true; refund: Refund; replayed: boolean } | RefundFailure> {
  if (refund.idempotencyKey.trim() === "") throw new Error("A refund needs an idempotency key");
  const { amountCents } = refund;
  if (!Number.isInteger(amountCents) || amountCents <= 0) return fail("amount_invalid");
  return db.transaction(async (tx) => {
    // The lock first: a concurrent refund of this charge waits here until the first commits.
    const [charge] = await tx
      .select()
      .from(paymentCharge)
      .where(eq(paymentCharge.id, refund.chargeId))
      .for("update");
    if (!charge) return fail("unknown_charge");
    const [first] = await tx
      .select()
      .from(paymentRefund)
      .where(eq(paymentRefund.idempotencyKey, refund.idempotencyKey));
    if (first) {
      if (first.chargeId !== charge.id) throw new Error("This refund key names another charge");
      return { ok: true as const, refund: refundOf(first), replayed: true };
    }
    if (charge.status !== "succeeded") return fail("not_captured");
    const earlier = await tx
      .select({ amountCents: paymentRefund.amountCents })
      .from(paymentRefund)
      .where(eq(paymentRefund.chargeId, charge.id));
    const refunded = earlier.reduce((sum, row) => sum + row.amountCents, 0);
    if (amountCents > charge.amountCents - refunded) return fail("exceeds");
    const [stored] = await tx
      .insert(paymentRefund)
      .values({
        id: refundId(),
        idempotencyKey: refund.idempotencyKey,
        chargeId: charge.id,
        amountCents,
        reason: refund.reason ?? "",
        status: "succeeded",
        createdAt: now,
      })
      .returning();
    if (!stored) throw new Error("The refund was not stored");
    return { ok: true as const, refund: refundOf(stored), replayed: false };
  });
}

/** Charges with their card and refunds, by id: what the processor's dashboard would show. */
export async function chargeRecords(db: Db | Tx, chargeIds: string[]): Promise<ChargeRecord[]> {
  const records: ChargeRecord[] = [];
  for (const chargeId of chargeIds) {
    const [row] = await db
      .select({
        charge: paymentCharge,
        kind: paymentCard.kind,
        brand: paymentCard.brand,
        last4: paymentCard.last4,
      })
      .from(paymentCharge)
      .innerJoin(paymentCard, eq(paymentCard.token, paymentCharge.cardToken))
      .where(eq(paymentCharge.id, chargeId));
    if (!row) continue;
    const refunds = (
      await db
        .select()
        .from(paymentRefund)
        .where(eq(paymentRefund.chargeId, chargeId))
        .orderBy(asc(paymentRefund.createdAt), asc(paymentRefund.id))
    ).map(refundOf);
    records.push({
      id: row.charge.id,
      status: row.charge.status,
      amountCents: row.charge.amountCents,
      refundedCents: refunds.reduce((sum, r) => sum + r.amountCents, 0),
      kind: row.kind,
      brand: row.brand,
      last4: row.last4,
      createdAt: row.charge.createdAt,
      refunds,
    });
  }
  return records;
}

/**
 * How much has been refunded of each of these charges, in one grouped statement (charges
 * without a refund are left out): what the dashboard's refunds add up.
 */
export async function refundedByCharge(
  db: Db | Tx,
  chargeIds: string[],
): Promise<Map<string, number>> {
  if (chargeIds.length === 0) return new Map();
  const rows = await db
    .select({
      chargeId: paymentRefund.chargeId,
      cents: sql<number>`coalesce(sum(${paymentRefund.amountCents}), 0)::int`,
    })
    .from(paymentRefund)
    .where(
      and(
        inArray(paymentRefund.chargeId, [...new Set(chargeIds)]),
        eq(paymentRefund.status, "succeeded"),
      ),
    )
    .groupBy(paymentRefund.chargeId);
  return new Map(rows.map((row) => [row.chargeId, Number(row.cents)]));
}
