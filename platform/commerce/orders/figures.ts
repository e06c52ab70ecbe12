import { and, gte, lt, notInArray, sql } from "drizzle-orm";
import type { Db } from "#db/client.ts";
import { commerceOrder } from "#platform/commerce/orders/schema.ts";

/** Grocery orders placed in `[from, to)` and their revenue net of refunds, voided and refunded ones left out. */
export function groceryOrderFigures(db: Db, from: Date, to: Date) {
  return groceryFigures(db, commerceOrder.processedAt, from, to);
}

/**
 * Grocery orders whose slot starts in `[from, to)` (the ones to prepare then), counted as
 * `groceryOrderFigures` does; orders placed before slots were booked have none.
 */
export function grocerySlotFigures(db: Db, from: Date, to: Date) {
  return groceryFigures(db, commerceOrder.slotStart, from, to);
}

async function groceryFigures(
  db: Db,
  column: typeof commerceOrder.processedAt | typeof commerceOrder.slotStart,
  from: Date,
  to: Date,
) {
  const [row] = await db
    .select({
      orders: sql<number>`count(*)::int`,
      revenueCents: sql<number>`coalesce(sum(${commerceOrder.totalCents} - ${commerceOrder.totalRefundedCents}), 0)::int`,
    })
    .from(commerceOrder)
    .where(
      and(
        gte(column, from),
        lt(column, to),
        notInArray(commerceOrder.financialStatus, ["VOIDED", "REFUNDED"]),
      ),
    );
  return { orders: Number(row?.orders ?? 0), revenueCents: Number(row?.revenueCents ?? 0) };
}

export type GroceryDay = {
  day: string;
  /**
   * The store that delivers or hands the orders over (the ordering service's StoreId) and its
   * name as the orders recorded it; null for orders placed before slots were booked.
   */
  storeId: number | null;
  storeName: string | null;
  /** Orders placed that day, voided and fully refunded ones left out. */
  orders: number;
  /** Their totals, before refunds. */
  grossCents: number;
  /** Their totals net of partial refunds. */
  revenueCents: number;
  /** Orders of the day with a refund (full or partial), and how much was refunded. */
  refundedOrders: number;
  refundedCents: number;
};

/**
 * Grocery orders placed in `[from, to)` by Paris day and store, in one grouped statement: counted
 * and summed as `groceryOrderFigures` does, and their refunds (by the day the order was placed).
 */
export async function groceryDailyFigures(db: Db, from: Date, to: Date): Promise<GroceryDay[]> {
  const day = sql<string>`to_char(${commerceOrder.processedAt} at time zone 'Europe/Paris', 'YYYY-MM-DD')`;
  const counted = sql`${commerceOrder.financialStatus} not in ('VOIDED', 'REFUNDED')`;
  const rows = await db
    .select({
      day,
      storeId: commerceOrder.storeId,
      storeName: commerceOrder.storeName,
      orders: sql<number>`(count(*) filter (where ${counted}))::int`,
      grossCents: sql<number>`coalesce(sum(${commerceOrder.totalCents}) filter (where ${counted}), 0)::int`,
      revenueCents: sql<number>`coalesce(sum(${commerceOrder.totalCents} - ${commerceOrder.totalRefundedCents}) filter (where ${counted}), 0)::int`,
      refundedOrders: sql<number>`(count(*) filter (where ${commerceOrder.totalRefundedCents} > 0))::int`,
      refundedCents: sql<number>`coalesce(sum(${commerceOrder.totalRefundedCents}), 0)::int`,
    })
    .from(commerceOrder)
    .where(and(gte(commerceOrder.processedAt, from), lt(commerceOrder.processedAt, to)))
    .groupBy(day, commerceOrder.storeId, commerceOrder.storeName)
    .orderBy(day, commerceOrder.storeId);
  return rows.map((row) => ({
    day: row.day,
    storeId: row.storeId,
    storeName: row.storeName,
    orders: Number(row.orders),
    grossCents: Number(row.grossCents),
    revenueCents: Number(row.revenueCents),
    refundedOrders: Number(row.refundedOrders),
    refundedCents: Number(row.refundedCents),
  }));
}
