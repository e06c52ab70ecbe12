import { and, gte, lt, notInArray, sql } from "drizzle-orm";
import type { Db } from "#db/client.ts";
import { commerceOrder } from "#platform/commerce/order-schema.ts";

/** Grocery orders placed in `[from, to)` and their revenue net of refunds, voided and refunded ones left out. */
export async function groceryOrderFigures(db: Db, from: Date, to: Date) {
  const [row] = await db
    .select({
      orders: sql<number>`count(*)::int`,
      revenueCents: sql<number>`coalesce(sum(${commerceOrder.totalCents} - ${commerceOrder.totalRefundedCents}), 0)::int`,
    })
    .from(commerceOrder)
    .where(
      and(
        gte(commerceOrder.processedAt, from),
        lt(commerceOrder.processedAt, to),
        notInArray(commerceOrder.financialStatus, ["VOIDED", "REFUNDED"]),
      ),
    );
  return { orders: Number(row?.orders ?? 0), revenueCents: Number(row?.revenueCents ?? 0) };
}
