import type { Db } from "#db/client.ts";
import { parisDay } from "#platform/backoffice/orders/odp.ts";
import { groceryOrderFigures, grocerySlotFigures } from "#platform/commerce/index.ts";
import {
  type BookedSlot,
  bookedSlots,
  localToInstant,
  restaurantOrderFigures,
  restaurantPlacedFigures,
} from "#platform/ordering/index.ts";

/**
 * The day's side of the dashboard (Paris time), counted two ways, since a traiteur order placed
 * today is often for tomorrow: the orders placed today, with their revenue, and the orders to
 * prepare today, those whose slot is today. Cancelled and refused restaurant orders, voided and
 * refunded grocery orders are left out of both. And the coming slots that are filling up.
 */

type KindFigures = { orders: number; revenueCents: number };
type RestaurantFigures = KindFigures & { delivery: number; pickup: number };

export type TodayOrders = {
  day: string;
  /** Orders placed today, whatever their slot. */
  placed: { restaurant: RestaurantFigures; grocery: KindFigures };
  /** Orders whose slot is today, whenever they were placed. */
  toPrepare: { restaurant: RestaurantFigures; grocery: KindFigures };
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
  const [placedRestaurant, placedGrocery, slotRestaurant, slotGrocery] = await Promise.all([
    restaurantPlacedFigures(db, from, to),
    groceryOrderFigures(db, from, to),
    restaurantOrderFigures(db, from, to),
    grocerySlotFigures(db, from, to),
  ]);
  return {
    day,
    placed: { restaurant: placedRestaurant, grocery: placedGrocery },
    toPrepare: { restaurant: slotRestaurant, grocery: slotGrocery },
  };
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
