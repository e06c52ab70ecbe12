import type { Db } from "#db/client.ts";
import { parisDay, parseDay } from "#platform/backoffice/orders/odp.ts";
import { groceryDailyFigures } from "#platform/commerce/index.ts";
import { localToInstant, restaurantDailyFigures, slotFillByDay } from "#platform/ordering/index.ts";
import { refundedByCharge } from "#platform/payments/index.ts";

/**
 * The dashboard's daily figures over a range of days (Paris): orders and revenue by day, by kind
 * (épicerie: commerce orders by the day they were placed; restauration: ordering orders by the
 * day of their slot) and by store; the average basket; refunds of both kinds (the processor's,
 * for restauration); and how full the offered slots were (the slot calendar's capacities). Each
 * module answers for the whole range at once.
 */

/** The longest range the dashboard shows at once. */
export const MAX_RANGE_DAYS = 62;
/** The range shown by default: the last 7 days, today included. */
export const DEFAULT_RANGE_DAYS = 7;
/** The per-store line of grocery orders without a store (placed before slots were booked). */
export const GROCERY_STORE = "Épicerie en ligne";

export type DayFigures = {
  day: string;
  grocery: { orders: number; revenueCents: number };
  restaurant: { orders: number; revenueCents: number };
  orders: number;
  revenueCents: number;
  /** Average order total (before refunds); null without orders. */
  averageBasketCents: number | null;
  refunds: { orders: number; cents: number };
  slots: { booked: number; capacity: number; fillRate: number | null };
};

export type StoreFigures = {
  store: string;
  kind: "grocery" | "restaurant";
  orders: number;
  revenueCents: number;
};

export type DailyFigures = {
  from: string;
  to: string;
  days: DayFigures[];
  stores: StoreFigures[];
  total: Omit<DayFigures, "day">;
};

export function addDays(day: string, days: number): string {
  const [year, month, date] = day.split("-").map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, date + days)).toISOString().slice(0, 10);
}

/** Every day of `[from, to]`. */
export function daysBetween(from: string, to: string): string[] {
  const days: string[] = [];
  for (let day = from; day <= to && days.length < MAX_RANGE_DAYS; day = addDays(day, 1)) {
    days.push(day);
  }
  return days;
}

/**
 * The range to show (`YYYY-MM-DD` texts as typed, either may be missing): the days given when they make one (from ≤ to, at most 62 days), else the
 * last 7 days to today; `error` says why the given days were not taken.
 */
export function figuresRange(
  now: Date,
  given: { from: string | null; to: string | null },
): { from: string; to: string; error: string | null } {
  const today = parisDay(now);
  const fallback = { from: addDays(today, 1 - DEFAULT_RANGE_DAYS), to: today };
  if (!given.from && !given.to) return { ...fallback, error: null };
  const from = parseDay(given.from || given.to);
  const to = parseDay(given.to || given.from);
  if (!from || !to) return { ...fallback, error: "Choisissez des dates valides." };
  if (from > to) return { ...fallback, error: "La date de début doit précéder la date de fin." };
  if (daysBetween(from, to).at(-1) !== to) {
    return { ...fallback, error: `Choisissez au plus ${MAX_RANGE_DAYS} jours.` };
  }
  return { from, to, error: null };
}

function emptyFigures(): Omit<DayFigures, "day"> {
  return {
    grocery: { orders: 0, revenueCents: 0 },
    restaurant: { orders: 0, revenueCents: 0 },
    orders: 0,
    revenueCents: 0,
    averageBasketCents: null,
    refunds: { orders: 0, cents: 0 },
    slots: { booked: 0, capacity: 0, fillRate: null },
  };
}

type Sums = Omit<DayFigures, "day"> & { grossCents: number };

function finish(sums: Sums): Omit<DayFigures, "day"> {
  const { grossCents, ...figures } = sums;
  return {
    ...figures,
    averageBasketCents: figures.orders > 0 ? Math.round(grossCents / figures.orders) : null,
    slots: {
      ...figures.slots,
      fillRate: figures.slots.capacity > 0 ? figures.slots.booked / figures.slots.capacity : null,
    },
  };
}

export async function dailyFigures(
  db: Db,
  range: { from: string; to: string },
): Promise<DailyFigures> {
  const days = daysBetween(range.from, range.to);
  const from = localToInstant(range.from, 0);
  const to = localToInstant(range.to, 24 * 60);
  const [grocery, restaurant, slots] = await Promise.all([
    groceryDailyFigures(db, from, to),
    restaurantDailyFigures(db, from, to),
    slotFillByDay(db, days),
  ]);
  const refunded = await refundedByCharge(
    db,
    restaurant.flatMap((row) => row.chargeIds),
  );
  const sums = new Map<string, Sums>(
    days.map((day) => [day, { ...emptyFigures(), grossCents: 0 }]),
  );
  const total: Sums = { ...emptyFigures(), grossCents: 0 };
  const add = (day: string, apply: (sums: Sums) => void) => {
    const daySums = sums.get(day);
    if (daySums) apply(daySums);
    apply(total);
  };
  const stores = new Map<string, StoreFigures>();
  const addToStore = (key: string, figures: StoreFigures) => {
    const store = stores.get(key);
    if (!store) {
      stores.set(key, figures);
      return;
    }
    // The latest name (rows come in day order): a renamed store keeps one line.
    store.store = figures.store;
    store.orders += figures.orders;
    store.revenueCents += figures.revenueCents;
  };
  for (const row of grocery) {
    add(row.day, (s) => {
      s.grocery.orders += row.orders;
      s.grocery.revenueCents += row.revenueCents;
      s.orders += row.orders;
      s.revenueCents += row.revenueCents;
      s.grossCents += row.grossCents;
      s.refunds.orders += row.refundedOrders;
      s.refunds.cents += row.refundedCents;
    });
    if (row.orders === 0) continue;
    addToStore(`grocery ${row.storeId ?? "none"}`, {
      store: row.storeId === null ? GROCERY_STORE : (row.storeName ?? GROCERY_STORE),
      kind: "grocery",
      orders: row.orders,
      revenueCents: row.revenueCents,
    });
  }
  for (const row of restaurant) {
    const refunds = row.chargeIds.map((id) => refunded.get(id) ?? 0).filter((cents) => cents > 0);
    const refundedCents = refunds.reduce((sum, cents) => sum + cents, 0);
    // Cancelled and rejected orders bring no revenue, but what was refunded of them counts.
    const revenueCents = row.counted ? row.totalCents - refundedCents : 0;
    add(row.day, (s) => {
      s.refunds.orders += refunds.length;
      s.refunds.cents += refundedCents;
      if (!row.counted) return;
      s.restaurant.orders += row.orders;
      s.restaurant.revenueCents += revenueCents;
      s.orders += row.orders;
      s.revenueCents += revenueCents;
      s.grossCents += row.totalCents;
    });
    if (row.counted) {
      addToStore(`restaurant ${row.storeId}`, {
        store: row.storeName,
        kind: "restaurant",
        orders: row.orders,
        revenueCents,
      });
    }
  }
  for (const row of slots) {
    add(row.day, (s) => {
      s.slots.booked += row.booked;
      s.slots.capacity += row.capacity;
    });
  }
  // Stores by name, each store's grocery line before its restauration line; orders without a
  // store last.
  const storeLines = [...stores.values()].sort(
    (a, b) =>
      Number(a.store === GROCERY_STORE) - Number(b.store === GROCERY_STORE) ||
      a.store.localeCompare(b.store, "fr") ||
      a.kind.localeCompare(b.kind),
  );
  return {
    from: range.from,
    to: range.to,
    days: days.map((day) => ({
      day,
      ...finish(sums.get(day) ?? { ...emptyFigures(), grossCents: 0 }),
    })),
    stores: storeLines,
    total: finish(total),
  };
}
