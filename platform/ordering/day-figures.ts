import { and, eq, gt, gte, lt, notInArray, sql } from "drizzle-orm";
import type { Db } from "#db/client.ts";
import { orderingOrder, orderingSlotBooking, orderingStore } from "#platform/ordering/schema.ts";

/** Restaurant orders whose slot starts in `[from, to)`, cancelled and refused ones left out. */
export function restaurantOrderFigures(db: Db, from: Date, to: Date) {
  return restaurantFigures(db, orderingOrder.slotStart, from, to);
}

/** Restaurant orders placed in `[from, to)`, whatever their slot, cancelled and refused ones left out. */
export function restaurantPlacedFigures(db: Db, from: Date, to: Date) {
  return restaurantFigures(db, orderingOrder.createdAt, from, to);
}

async function restaurantFigures(
  db: Db,
  column: typeof orderingOrder.slotStart | typeof orderingOrder.createdAt,
  from: Date,
  to: Date,
) {
  const [row] = await db
    .select({
      orders: sql<number>`count(*)::int`,
      revenueCents: sql<number>`coalesce(sum(${orderingOrder.totalCents}), 0)::int`,
      delivery: sql<number>`(count(*) filter (where ${orderingOrder.mode} = 1))::int`,
      pickup: sql<number>`(count(*) filter (where ${orderingOrder.mode} = 2))::int`,
    })
    .from(orderingOrder)
    .where(
      and(
        gte(column, from),
        lt(column, to),
        notInArray(orderingOrder.status, ["Cancelled", "Rejected"]),
      ),
    );
  return {
    orders: Number(row?.orders ?? 0),
    revenueCents: Number(row?.revenueCents ?? 0),
    delivery: Number(row?.delivery ?? 0),
    pickup: Number(row?.pickup ?? 0),
  };
}

/** A slot of `[from, until)` with at least one order, and how many the store takes in it. */
export type BookedSlot = {
  storeName: string;
  mode: 1 | 2;
  start: Date;
  booked: number;
  capacity: number;
};

/** The booked slots starting in `[from, until)`. */
export async function bookedSlots(db: Db, from: Date, until: Date): Promise<BookedSlot[]> {
  const rows = await db
    .select({
      storeName: orderingStore.name,
      mode: orderingSlotBooking.mode,
      start: orderingSlotBooking.slotStart,
      booked: orderingSlotBooking.booked,
      deliveryCapacity: orderingStore.deliveryCapacity,
      pickupCapacity: orderingStore.pickupCapacity,
    })
    .from(orderingSlotBooking)
    .innerJoin(orderingStore, eq(orderingStore.id, orderingSlotBooking.storeId))
    .where(
      and(
        gte(orderingSlotBooking.slotStart, from),
        lt(orderingSlotBooking.slotStart, until),
        gt(orderingSlotBooking.booked, 0),
      ),
    );
  return rows.map(({ deliveryCapacity, pickupCapacity, ...row }) => ({
    ...row,
    mode: row.mode === 1 ? 1 : 2,
    capacity: row.mode === 1 ? deliveryCapacity : pickupCapacity,
  }));
}
