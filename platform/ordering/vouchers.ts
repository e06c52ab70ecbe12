import { and, asc, eq, isNull, lt, or, sql } from "drizzle-orm";
import type { Db, Tx } from "#db/client.ts";
import { formatCents } from "#platform/format.ts";
import { MESSAGES, OrderingError } from "#platform/ordering/errors.ts";
import { type OrderingMode, orderingVoucher } from "#platform/ordering/schema.ts";

export type Voucher = typeof orderingVoucher.$inferSelect;

/** What a voucher is checked against: the basket's subtotal, its mode, and the time. */
export type VoucherContext = { subtotalCents: number; mode: OrderingMode; now: Date };

export type VoucherCheck =
  | { ok: true; discountCents: number }
  | { ok: false; reason: VoucherRefusal; message: string };

export type VoucherRefusal =
  | "disabled"
  | "not_started"
  | "expired"
  | "below_minimum"
  | "not_for_delivery"
  | "not_for_pickup"
  | "exhausted"
  | "no_discount";

/** Codes are compared trimmed and upper-cased: `bienvenue ` is `BIENVENUE`. */
export function normalizeVoucherCode(code: string): string {
  return code.trim().toUpperCase();
}

/**
 * Whether a voucher applies to a basket, and its discount: enabled, started, not expired, subtotal at or
 * above `ValidOnOrdersOver`, valid for the mode, uses left, and a positive amount. A lump voucher
 * takes its amount off; a percentage voucher that percent of the subtotal (rounded to the cent).
 */
export function checkVoucher(voucher: Voucher, context: VoucherContext): VoucherCheck {
  if (!voucher.isEnabled) return refuse("disabled", MESSAGES.voucherDisabled);
  if (voucher.startsAt !== null && voucher.startsAt.getTime() > context.now.getTime()) {
    return refuse("not_started", MESSAGES.voucherNotStarted);
  }
  if (voucher.expiresAt !== null && voucher.expiresAt.getTime() <= context.now.getTime()) {
    return refuse("expired", MESSAGES.voucherExpired);
  }
  if (context.subtotalCents < voucher.validOnOrdersOverCents) {
    return refuse(
      "below_minimum",
      MESSAGES.voucherMinimum(formatCents(voucher.validOnOrdersOverCents)),
    );
  }
  if (context.mode === 1 && !voucher.validForDelivery) {
    return refuse("not_for_delivery", MESSAGES.voucherDelivery);
  }
  if (context.mode === 2 && !voucher.validForPickup) {
    return refuse("not_for_pickup", MESSAGES.voucherPickup);
  }
  if (voucher.maxUses !== null && voucher.uses >= voucher.maxUses) {
    return refuse("exhausted", MESSAGES.voucherExhausted);
  }
  const discountCents = voucherDiscountCents(voucher, context.subtotalCents);
  if (discountCents <= 0) return refuse("no_discount", MESSAGES.voucherNoDiscount);
  return { ok: true, discountCents };
}

/**
 * The automatic voucher's rule (spec §4): it applies only under the five conditions of
 * `checkVoucher`, and only when it is a lump discount with an amount.
 */
export function checkAutomaticVoucher(voucher: Voucher, context: VoucherContext): VoucherCheck {
  if (voucher.kind !== "lump") return refuse("no_discount", MESSAGES.voucherNoDiscount);
  return checkVoucher(voucher, context);
}

function voucherDiscountCents(voucher: Voucher, subtotalCents: number): number {
  if (voucher.kind === "percentage") {
    const percent = Math.min(Math.max(voucher.amount, 0), 100);
    return Math.round((subtotalCents * percent) / 100);
  }
  return Math.min(Math.max(voucher.amount, 0), subtotalCents);
}

function refuse(reason: VoucherRefusal, message: string): VoucherCheck {
  return { ok: false, reason, message };
}

export async function findVoucherByCode(
  db: Db | Tx,
  whiteLabel: string,
  code: string,
): Promise<Voucher | null> {
  const [voucher] = await db
    .select()
    .from(orderingVoucher)
    .where(
      and(
        eq(orderingVoucher.whiteLabel, whiteLabel),
        eq(orderingVoucher.code, normalizeVoucherCode(code)),
      ),
    );
  return voucher ?? null;
}

/** A code voucher checked against a basket; a refusal is an `OrderingError` with its reason. */
export async function voucherForCode(
  db: Db | Tx,
  whiteLabel: string,
  code: string,
  context: VoucherContext,
): Promise<{ voucher: Voucher; discountCents: number }> {
  const voucher = await findVoucherByCode(db, whiteLabel, code);
  if (!voucher) throw new OrderingError("voucher_invalid", MESSAGES.voucherNotFound);
  const check = checkVoucher(voucher, context);
  if (!check.ok) {
    throw new OrderingError("voucher_invalid", check.message, { Reason: check.reason });
  }
  return { voucher, discountCents: check.discountCents };
}

/**
 * The automatic voucher that applies to a basket, if any: the first (by id) enabled automatic
 * voucher of the white label whose conditions hold.
 */
export async function automaticVoucher(
  db: Db | Tx,
  whiteLabel: string,
  context: VoucherContext,
): Promise<{ voucher: Voucher; discountCents: number } | null> {
  const candidates = await db
    .select()
    .from(orderingVoucher)
    .where(
      and(
        eq(orderingVoucher.whiteLabel, whiteLabel),
        eq(orderingVoucher.isAutomatic, true),
        eq(orderingVoucher.isEnabled, true),
      ),
    )
    .orderBy(asc(orderingVoucher.id));
  for (const voucher of candidates) {
    const check = checkAutomaticVoucher(voucher, context);
    if (check.ok) return { voucher, discountCents: check.discountCents };
  }
  return null;
}

/**
 * Counts one use of a voucher at submission, by a conditional update, so concurrent orders never
 * use a voucher more than its `maxUses`. False when no use is left.
 */
export async function consumeVoucher(tx: Tx, voucherId: number): Promise<boolean> {
  const rows = await tx
    .update(orderingVoucher)
    .set({ uses: sql`${orderingVoucher.uses} + 1`, updatedAt: sql`now()` })
    .where(
      and(
        eq(orderingVoucher.id, voucherId),
        or(isNull(orderingVoucher.maxUses), lt(orderingVoucher.uses, orderingVoucher.maxUses)),
      ),
    )
    .returning({ id: orderingVoucher.id });
  return rows.length === 1;
}
