import { and, asc, eq, ne, sql } from "drizzle-orm";
import type { Db, Tx } from "#db/client.ts";
import { orderingVoucher, type VoucherKind } from "#platform/ordering/schema.ts";
import { normalizeVoucherCode, type Voucher } from "#platform/ordering/vouchers.ts";

/**
 * The white label's vouchers as the admin area's promotions screen manages them (Flipdish's
 * portal): listed, created, changed, disabled. Checking the fields (and their French messages)
 * is the caller's; this writes them in the caller's transaction, so a change commits with its
 * change-log line.
 */

/** What staff set on a voucher; `amount` is cents for `lump`, a percent for `percentage`. */
export type VoucherFields = {
  code: string;
  description: string;
  kind: VoucherKind;
  amount: number;
  validOnOrdersOverCents: number;
  startsAt: Date | null;
  expiresAt: Date | null;
  validForDelivery: boolean;
  validForPickup: boolean;
  isAutomatic: boolean;
  maxUses: number | null;
  isEnabled: boolean;
};

export type { Voucher };

/** The white label's vouchers, by code. */
export function listVouchers(db: Db | Tx, whiteLabel: string): Promise<Voucher[]> {
  return db
    .select()
    .from(orderingVoucher)
    .where(eq(orderingVoucher.whiteLabel, whiteLabel))
    .orderBy(asc(orderingVoucher.code));
}

/** A voucher of the white label, its row locked until the transaction ends. */
export async function lockVoucher(
  tx: Tx,
  whiteLabel: string,
  id: number,
): Promise<Voucher | undefined> {
  const [row] = await tx
    .select()
    .from(orderingVoucher)
    .where(and(eq(orderingVoucher.id, id), eq(orderingVoucher.whiteLabel, whiteLabel)))
    .for("update");
  return row;
}

/** Whether another voucher of the white label (not `exceptId`) already has this code. */
export async function voucherCodeTaken(
  db: Db | Tx,
  whiteLabel: string,
  code: string,
  exceptId?: number,
): Promise<boolean> {
  const [row] = await db
    .select({ id: orderingVoucher.id })
    .from(orderingVoucher)
    .where(
      and(
        eq(orderingVoucher.whiteLabel, whiteLabel),
        eq(orderingVoucher.code, normalizeVoucherCode(code)),
        exceptId === undefined ? undefined : ne(orderingVoucher.id, exceptId),
      ),
    );
  return row !== undefined;
}

export async function insertVoucher(
  tx: Tx,
  whiteLabel: string,
  fields: VoucherFields,
): Promise<Voucher> {
  const [row] = await tx
    .insert(orderingVoucher)
    .values({ ...fields, whiteLabel, code: normalizeVoucherCode(fields.code) })
    .returning();
  if (!row) throw new Error("the voucher was not created");
  return row;
}

/** Changes a voucher's fields; its use count stays. */
export async function updateVoucher(
  tx: Tx,
  id: number,
  fields: Partial<VoucherFields>,
): Promise<Voucher> {
  const [row] = await tx
    .update(orderingVoucher)
    .set({
      ...fields,
      ...(fields.code === undefined ? {} : { code: normalizeVoucherCode(fields.code) }),
      updatedAt: sql`now()`,
    })
    .where(eq(orderingVoucher.id, id))
    .returning();
  if (!row) throw new Error(`no voucher ${id}`);
  return row;
}
