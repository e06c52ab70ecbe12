import { sql } from "drizzle-orm";
import type { Db } from "#db/client.ts";
import { parisDay } from "#platform/backoffice/odp.ts";
import { localToInstant } from "#platform/ordering/index.ts";

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
export type FillingSlot = {
  storeName: string;
  mode: 1 | 2;
  start: Date;
  booked: number;
  capacity: number;
};

/** A slot counts as filling up from this share of its capacity. */
export const FILLING_SHARE = 0.5;
/** How far ahead the dashboard looks for slots filling up. */
export const FILLING_HOURS = 48;

type Row = Record<string, unknown>;
const rowsOf = (result: unknown) => (result as { rows: Row[] }).rows;
const count = (value: unknown) => Number(value ?? 0);

export async function todayOrders(db: Db, now = new Date()): Promise<TodayOrders> {
  const day = parisDay(now);
  const from = localToInstant(day, 0);
  const to = localToInstant(day, 24 * 60);
  const [restaurant, grocery] = await Promise.all([
    db.execute(sql`
      select count(*) as orders, coalesce(sum(total_cents), 0) as revenue,
             count(*) filter (where mode = 1) as delivery,
             count(*) filter (where mode = 2) as pickup
      from ordering_order
      where slot_start >= ${from} and slot_start < ${to} and status <> 'Cancelled'`),
    db.execute(sql`
      select count(*) as orders, coalesce(sum(total_cents - total_refunded_cents), 0) as revenue
      from commerce_order
      where processed_at >= ${from} and processed_at < ${to}
        and financial_status not in ('VOIDED', 'REFUNDED')`),
  ]);
  const r = rowsOf(restaurant)[0] ?? {};
  const g = rowsOf(grocery)[0] ?? {};
  return {
    day,
    restaurant: {
      orders: count(r.orders),
      revenueCents: count(r.revenue),
      delivery: count(r.delivery),
      pickup: count(r.pickup),
    },
    grocery: { orders: count(g.orders), revenueCents: count(g.revenue) },
  };
}

/**
 * The coming slots (the next 48 hours) booked to at least half their capacity, the fullest
 * first: what the kitchen and the counter should watch.
 */
export async function fillingSlots(db: Db, now = new Date(), limit = 10): Promise<FillingSlot[]> {
  const until = new Date(now.getTime() + FILLING_HOURS * 3_600_000);
  const result = await db.execute(sql`
    select s.name as store_name, b.mode, b.slot_start, b.booked,
           case when b.mode = 1 then s.delivery_capacity else s.pickup_capacity end as capacity
    from ordering_slot_booking b
    join ordering_store s on s.id = b.store_id
    where b.slot_start >= ${now} and b.slot_start < ${until} and b.booked > 0`);
  return rowsOf(result)
    .map((row) => ({
      storeName: String(row.store_name),
      mode: count(row.mode) === 1 ? (1 as const) : (2 as const),
      start: new Date(row.slot_start as string | Date),
      booked: count(row.booked),
      capacity: count(row.capacity),
    }))
    .filter((slot) => slot.capacity > 0 && slot.booked / slot.capacity >= FILLING_SHARE)
    .sort(
      (a, b) =>
        b.booked / b.capacity - a.booked / a.capacity || a.start.getTime() - b.start.getTime(),
    )
    .slice(0, limit);
}
