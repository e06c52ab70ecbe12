import { and, asc, eq, gte, lt, sql } from "drizzle-orm";
import type { Db } from "#db/client.ts";
import { orderingOrder, orderingStore } from "#platform/ordering/schema.ts";
import { SLOT_TIME_ZONE, slotCalendarOfDays } from "#platform/ordering/slots.ts";

/**
 * The dashboard's daily figures of the ordering service over a range of days (Europe/Paris):
 * restaurant orders, revenue and payments by the day of their slot and store (one grouped
 * statement), and how full the slots offered those days were (the slot calendar's own count).
 */

export type RestaurantDay = {
  day: string;
  storeId: number;
  storeName: string;
  /** False for the orders of the group that were cancelled or rejected: no revenue. */
  counted: boolean;
  orders: number;
  /** Their totals, before refunds. */
  totalCents: number;
  /** Their payments (the processor's charges), whose refunds the payments module knows. */
  chargeIds: string[];
};

/**
 * Restaurant orders whose slot starts in `[from, to)`, by Paris day and store, and whether they
 * count (cancelled and rejected ones do not, but their refunds do).
 */
export async function restaurantDailyFigures(
  db: Db,
  from: Date,
  to: Date,
): Promise<RestaurantDay[]> {
  const day = sql<string>`to_char(${orderingOrder.slotStart} at time zone ${sql.raw(`'${SLOT_TIME_ZONE}'`)}, 'YYYY-MM-DD')`;
  const counted = sql<boolean>`(${orderingOrder.status} not in ('Cancelled', 'Rejected'))`;
  const rows = await db
    .select({
      day,
      storeId: orderingOrder.storeId,
      storeName: orderingStore.name,
      counted,
      orders: sql<number>`count(*)::int`,
      totalCents: sql<number>`coalesce(sum(${orderingOrder.totalCents}), 0)::int`,
      chargeIds: sql<
        string[] | null
      >`array_agg(${orderingOrder.chargeId}) filter (where ${orderingOrder.chargeId} is not null)`,
    })
    .from(orderingOrder)
    .innerJoin(orderingStore, eq(orderingStore.id, orderingOrder.storeId))
    .where(and(gte(orderingOrder.slotStart, from), lt(orderingOrder.slotStart, to)))
    .groupBy(day, orderingOrder.storeId, orderingStore.name, counted)
    .orderBy(asc(day), asc(orderingStore.name));
  return rows.map((row) => ({
    ...row,
    counted: Boolean(row.counted),
    orders: Number(row.orders),
    totalCents: Number(row.totalCents),
    chargeIds: row.chargeIds ?? [],
  }));
}

export type SlotFill = { day: string; booked: number; capacity: number };

/**
 * For each day of `days` (Paris `YYYY-MM-DD`): the orders booked in the slots the stores offered
 * that day, against those slots' capacity, as the slot calendar counts them (`slotCalendarOfDays`):
 * no slot on a store's closure days, a slot's own capacity where staff set one, none where staff
 * closed it; each store's hours, interval and capacity per mode as they are set now.
 */
export async function slotFillByDay(db: Db, days: string[]): Promise<SlotFill[]> {
  if (days.length === 0) return [];
  const stores = await db.select().from(orderingStore).orderBy(asc(orderingStore.id));
  const calendars = await Promise.all(
    stores.flatMap((store) =>
      ([1, 2] as const).map((mode) => slotCalendarOfDays(db, store, mode, days)),
    ),
  );
  const fill = new Map(days.map((day) => [day, { day, booked: 0, capacity: 0 }]));
  for (const slot of calendars.flat()) {
    const figures = fill.get(slot.day);
    if (!figures) continue;
    figures.booked += slot.booked;
    figures.capacity += slot.capacity;
  }
  return [...fill.values()];
}
