import { and, asc, eq, ne } from "drizzle-orm";
import type { Db, Tx } from "#db/client.ts";
import { commerceDiscountCode, type DiscountKind } from "#platform/commerce/cart/schema.ts";
import { type DiscountCodeRow, normaliseCode } from "#platform/commerce/discounts/discounts.ts";

/**
 * The discount codes as the admin area's promotions screen manages them: listed, created,
 * changed, disabled. Checking the fields (and their French messages) is the caller's; this
 * writes them in the caller's transaction, so a change commits with its change-log line.
 */

/**
 * What staff set on a code; `value` is cents for `fixed`, a percent (1–100) for `percentage`. An
 * automatic discount has no code (null) and is named by its title.
 */
export type DiscountCodeFields = {
  code: string | null;
  automatic: boolean;
  title: string;
  kind: DiscountKind;
  value: number;
  minimumSubtotalCents: number;
  startsAt: Date;
  endsAt: Date | null;
  usageLimit: number | null;
  enabled: boolean;
};

/** Every discount code, by code, then the automatic discounts, by title. */
export function listDiscountCodes(db: Db | Tx): Promise<DiscountCodeRow[]> {
  return db
    .select()
    .from(commerceDiscountCode)
    .orderBy(
      asc(commerceDiscountCode.automatic),
      asc(commerceDiscountCode.code),
      asc(commerceDiscountCode.title),
      asc(commerceDiscountCode.id),
    );
}

/** A code by id, its row locked until the transaction ends (two staff edits queue). */
export async function lockDiscountCode(tx: Tx, id: number): Promise<DiscountCodeRow | undefined> {
  const [row] = await tx
    .select()
    .from(commerceDiscountCode)
    .where(eq(commerceDiscountCode.id, id))
    .for("update");
  return row;
}

/** Whether another code (not `exceptId`) already has this code. */
export async function discountCodeTaken(
  db: Db | Tx,
  code: string,
  exceptId?: number,
): Promise<boolean> {
  const [row] = await db
    .select({ id: commerceDiscountCode.id })
    .from(commerceDiscountCode)
    .where(
      and(
        eq(commerceDiscountCode.code, normaliseCode(code)),
        exceptId === undefined ? undefined : ne(commerceDiscountCode.id, exceptId),
      ),
    );
  return row !== undefined;
}

export async function insertDiscountCode(
  tx: Tx,
  fields: DiscountCodeFields,
): Promise<DiscountCodeRow> {
  const [row] = await tx
    .insert(commerceDiscountCode)
    .values({ ...fields, code: fields.code === null ? null : normaliseCode(fields.code) })
    .returning();
  if (!row) throw new Error("the discount code was not created");
  return row;
}

/** Changes a code's fields; its use count stays. */
export async function updateDiscountCode(
  tx: Tx,
  id: number,
  fields: Partial<DiscountCodeFields>,
): Promise<DiscountCodeRow> {
  const [row] = await tx
    .update(commerceDiscountCode)
    .set(
      fields.code === undefined || fields.code === null
        ? fields
        : { ...fields, code: normaliseCode(fields.code) },
    )
    .where(eq(commerceDiscountCode.id, id))
    .returning();
  if (!row) throw new Error(`no discount code ${id}`);
  return row;
}
