import { and, asc, eq, gte, lt, ne, sql } from "drizzle-orm";
import type { Db } from "#db/client.ts";
import {
  type OpeningHours,
  orderingOrder,
  orderingSlotBooking,
  orderingStore,
  type Weekday,
} from "#platform/ordering/schema.ts";
import { localToInstant, SLOT_TIME_ZONE, slotCapacity } from "#platform/ordering/slots.ts";

/**
 * The dashboard's daily figures of the ordering service over a range of days (Europe/Paris):
 * restaurant orders and revenue by the day of their slot and store, and how full the offered
 * slots were. One grouped statement each, whatever the number of days.
 */

export type RestaurantDay = {
  day: string;
  storeId: number;
  storeName: string;
  orders: number;
  revenueCents: number;
};

/** Restaurant orders whose slot starts in `[from, to)`, by Paris day and store, cancelled ones left out. */
export async function restaurantDailyFigures(
  db: Db,
  from: Date,
  to: Date,
): Promise<RestaurantDay[]> {
  const day = sql<string>`to_char(${orderingOrder.slotStart} at time zone ${sql.raw(`'${SLOT_TIME_ZONE}'`)}, 'YYYY-MM-DD')`;
  const rows = await db
    .select({
      day,
      storeId: orderingOrder.storeId,
      storeName: orderingStore.name,
      orders: sql<number>`count(*)::int`,
      revenueCents: sql<number>`coalesce(sum(${orderingOrder.totalCents}), 0)::int`,
    })
    .from(orderingOrder)
    .innerJoin(orderingStore, eq(orderingStore.id, orderingOrder.storeId))
    .where(
      and(
        gte(orderingOrder.slotStart, from),
        lt(orderingOrder.slotStart, to),
        ne(orderingOrder.status, "Cancelled"),
      ),
    )
    .groupBy(day, orderingOrder.storeId, orderingStore.name)
    .orderBy(asc(day), asc(orderingStore.name));
  return rows.map((row) => ({
    ...row,
    orders: Number(row.orders),
    revenueCents: Number(row.revenueCents),
  }));
}

export type SlotFill = { day: string; booked: number; capacity: number };

const WEEKDAYS: Weekday[] = [
  "sunday",
  "monday",
  "tuesday",
  "wednesday",
  "thursday",
  "friday",
  "saturday",
];

/** How many slots the hours of a weekday offer at this interval (as slots.ts generates them). */
function slotsInDay(hours: OpeningHours, day: string, interval: number): number {
  if (interval <= 0) return 0;
  const [year, month, date] = day.split("-").map(Number) as [number, number, number];
  const weekday = WEEKDAYS[new Date(Date.UTC(year, month - 1, date)).getUTCDay()] as Weekday;
  let count = 0;
  for (const range of hours[weekday] ?? []) {
    const minutes = (time: string) => {
      const [h, m] = time.split(":").map(Number) as [number, number];
      return h * 60 + m;
    };
    const length = minutes(range.end) - minutes(range.start);
    if (length >= interval) count += Math.floor(length / interval);
  }
  return count;
}

/**
 * For each day of `days` (Paris `YYYY-MM-DD`): the orders booked in slots of that day, against
 * the capacity of the slots the stores offer that day (each store's hours, interval and
 * capacity per mode, as they are set now).
 */
export async function slotFillByDay(db: Db, days: string[]): Promise<SlotFill[]> {
  const first = days[0];
  const last = days.at(-1);
  if (!first || !last) return [];
  const from = localToInstant(first, 0);
  const to = localToInstant(last, 24 * 60);
  const day = sql<string>`to_char(${orderingSlotBooking.slotStart} at time zone ${sql.raw(`'${SLOT_TIME_ZONE}'`)}, 'YYYY-MM-DD')`;
  const [stores, bookings] = await Promise.all([
    db.select().from(orderingStore),
    db
      .select({ day, booked: sql<number>`coalesce(sum(${orderingSlotBooking.booked}), 0)::int` })
      .from(orderingSlotBooking)
      .where(and(gte(orderingSlotBooking.slotStart, from), lt(orderingSlotBooking.slotStart, to)))
      .groupBy(day),
  ]);
  const booked = new Map(bookings.map((row) => [row.day, Number(row.booked)]));
  return days.map((d) => {
    let capacity = 0;
    for (const store of stores) {
      const slots = slotsInDay(store.openingHours, d, store.slotIntervalMinutes);
      capacity += slots * (slotCapacity(store, 1) + slotCapacity(store, 2));
    }
    return { day: d, booked: booked.get(d) ?? 0, capacity };
  });
}
