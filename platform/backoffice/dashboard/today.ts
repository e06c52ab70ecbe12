import type { Db } from "#db/client.ts";
import { parisDay } from "#platform/backoffice/orders/odp.ts";
import { groceryOrderFigures } from "#platform/commerce/index.ts";
import {
  type BookedSlot,
  bookedSlots,
  localToInstant,
  restaurantOrderFigures,
} from "#platform/ordering/index.ts";

/**
 * The day's side of the dashboard: today's orders and revenue (restaurant orders of the ordering
 * service by the day of their slot, cancelled ones left out; grocery orders of the commerce
 * service by the day they were placed, voided and refunded ones left out; Paris time) and the coming slots that are filling up.
 */

export type TodayOrders = {
  day: string;
  restaurant: { orders: number; revenueCents: number; delivery: number; pickup: number };
  grocery: { orders: number; revenueCents: number };
};

/** A coming slot at least half booked. */
export type FillingSlot = BookedSlot;

/** A slot counts as filling up from this share of its capacity. */
export const FILLING_SHARE = 0.5;
/** How far ahead the dashboard looks for slots filling up. */
export const FILLING_HOURS = 48;

export async function todayOrders(db: Db, now = new Date()): Promise<TodayOrders> {
  const day = parisDay(now);
  const from = localToInstant(day, 0);
  const to = localToInstant(day, 24 * 60);
  const [restaurant, grocery] = await Promise.all([
    restaurantOrderFigures(db, from, to),
    groceryOrderFigures(db, from, to),
  ]);
  return { day, restaurant, grocery };
}

/**
 * The coming slots (the next 48 hours) booked to at least half their capacity, the fullest
 * first: what the kitchen and the counter should watch.
 */
export async function fillingSlots(db: Db, now = new Date(), limit = 10): Promise<FillingSlot[]> {
  const until = new Date(now.getTime() + FILLING_HOURS * 3_600_000);
  return (await bookedSlots(db, now, until))
    .filter((slot) => slot.capacity > 0 && slot.booked / slot.capacity >= FILLING_SHARE)
    .sort(
      (a, b) =>
        b.booked / b.capacity - a.booked / a.capacity || a.start.getTime() - b.start.getTime(),
    )
    .slice(0, limit);
}
