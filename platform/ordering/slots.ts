import { and, between, eq, sql } from "drizzle-orm";
import type { Db, Tx } from "#db/client.ts";
import type { Store } from "#platform/ordering/restaurants.ts";
import { type OrderingMode, orderingSlotBooking, type Weekday } from "#platform/ordering/schema.ts";

/** Slots are in the shops' local time, whatever the server's zone. */
export const SLOT_TIME_ZONE = "Europe/Paris";

/** The store settings slots are generated from. */
export type SlotSettings = Pick<
  Store,
  | "openingHours"
  | "slotLeadMinutes"
  | "slotIntervalMinutes"
  | "slotDaysAhead"
  | "deliveryCapacity"
  | "pickupCapacity"
  | "deliveryEnabled"
  | "pickupEnabled"
>;

/**
 * A slot as generated from the store's hours. `key` is `2026-11-24 12:00-13:00` (local times):
 * its first space-separated word is the day, as the storefront reads it (spec §3).
 */
export type SlotCandidate = { key: string; day: string; start: Date; end: Date };

export type Slot = SlotCandidate & { capacity: number; booked: number; isFull: boolean };

const WEEKDAYS: Weekday[] = [
  "sunday",
  "monday",
  "tuesday",
  "wednesday",
  "thursday",
  "friday",
  "saturday",
];

/** How many orders a slot of this mode takes; 0 when the store does not offer the mode. */
export function slotCapacity(store: SlotSettings, mode: OrderingMode): number {
  if (mode === 1) return store.deliveryEnabled ? store.deliveryCapacity : 0;
  return store.pickupEnabled ? store.pickupCapacity : 0;
}

/**
 * Every slot a store offers at `now`, in time order: from today (local day) for `slotDaysAhead`
 * days, one every `slotIntervalMinutes` inside each opening range, each as long as the interval
 * and ending inside its range. A slot that starts before `now` plus the lead time is never
 * offered, so a passed slot never is.
 */
export function slotCandidates(
  store: SlotSettings,
  mode: OrderingMode,
  now: Date,
): SlotCandidate[] {
  if (slotCapacity(store, mode) <= 0) return [];
  const interval = store.slotIntervalMinutes;
  if (interval <= 0) return [];
  const earliest = now.getTime() + store.slotLeadMinutes * 60_000;
  const today = localDay(now);
  const slots: SlotCandidate[] = [];
  for (let offset = 0; offset < store.slotDaysAhead; offset++) {
    const day = addDays(today, offset);
    const ranges = store.openingHours[weekdayOf(day)] ?? [];
    for (const range of ranges) {
      const rangeEnd = minutesOf(range.end);
      for (let start = minutesOf(range.start); start + interval <= rangeEnd; start += interval) {
        const slot = candidate(day, start, start + interval);
        if (slot.start.getTime() >= earliest) slots.push(slot);
      }
    }
  }
  return slots.sort((a, b) => a.start.getTime() - b.start.getTime());
}

function candidate(day: string, startMinutes: number, endMinutes: number): SlotCandidate {
  return {
    key: `${day} ${clock(startMinutes)}-${clock(endMinutes)}`,
    day,
    start: localToInstant(day, startMinutes),
    end: localToInstant(day, endMinutes),
  };
}

/** The store's offered slots of a mode with their bookings: `isFull` when booked ≥ capacity. */
export async function listSlots(
  db: Db | Tx,
  store: Store,
  mode: OrderingMode,
  now: Date,
): Promise<Slot[]> {
  const candidates = slotCandidates(store, mode, now);
  const first = candidates[0];
  const last = candidates.at(-1);
  if (!first || !last) return [];
  const capacity = slotCapacity(store, mode);
  const bookings = await db
    .select({ slotStart: orderingSlotBooking.slotStart, booked: orderingSlotBooking.booked })
    .from(orderingSlotBooking)
    .where(
      and(
        eq(orderingSlotBooking.storeId, store.id),
        eq(orderingSlotBooking.mode, mode),
        between(orderingSlotBooking.slotStart, first.start, last.start),
      ),
    );
  const booked = new Map(bookings.map((row) => [row.slotStart.getTime(), row.booked]));
  return candidates.map((slot) => {
    const count = booked.get(slot.start.getTime()) ?? 0;
    return { ...slot, capacity, booked: count, isFull: count >= capacity };
  });
}

/** The offered slot with this key at `now`, or null (unknown, passed or within the lead time). */
export function findSlot(
  store: SlotSettings,
  mode: OrderingMode,
  key: string,
  now: Date,
): SlotCandidate | null {
  return slotCandidates(store, mode, now).find((slot) => slot.key === key.trim()) ?? null;
}

/**
 * Takes one place in a slot, in the caller's transaction, by one atomic conditional statement:
 * the first booking inserts the row, the next ones add one only while `booked < capacity`.
 * Concurrent submissions queue on the row, so no load overbooks a slot. False when it is full.
 */
export async function bookSlot(
  tx: Tx,
  booking: { storeId: number; mode: OrderingMode; start: Date; capacity: number },
): Promise<boolean> {
  if (booking.capacity <= 0) return false;
  const rows = await tx
    .insert(orderingSlotBooking)
    .values({ storeId: booking.storeId, mode: booking.mode, slotStart: booking.start, booked: 1 })
    .onConflictDoUpdate({
      target: [
        orderingSlotBooking.storeId,
        orderingSlotBooking.mode,
        orderingSlotBooking.slotStart,
      ],
      set: { booked: sql`${orderingSlotBooking.booked} + 1`, updatedAt: sql`now()` },
      setWhere: sql`${orderingSlotBooking.booked} < ${booking.capacity}`,
    })
    .returning({ booked: orderingSlotBooking.booked });
  return rows.length === 1;
}

// --- Local time in Europe/Paris, without a time-zone library ---------------------------------

const PARTS = new Intl.DateTimeFormat("en-CA", {
  timeZone: SLOT_TIME_ZONE,
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
  hour: "2-digit",
  minute: "2-digit",
  second: "2-digit",
  hourCycle: "h23",
});

function localParts(instant: Date) {
  const parts = Object.fromEntries(
    PARTS.formatToParts(instant).map((part) => [part.type, part.value]),
  );
  return {
    year: Number(parts.year),
    month: Number(parts.month),
    day: Number(parts.day),
    hour: Number(parts.hour),
    minute: Number(parts.minute),
    second: Number(parts.second),
  };
}

/** The local day of an instant, `YYYY-MM-DD`. */
function localDay(instant: Date): string {
  const { year, month, day } = localParts(instant);
  return `${year}-${pad(month)}-${pad(day)}`;
}

/** Minutes the local clock is ahead of UTC at an instant (60 in winter, 120 in summer). */
function offsetMinutes(instant: number): number {
  const p = localParts(new Date(instant));
  const asUtc = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second);
  return Math.round((asUtc - Math.floor(instant / 1000) * 1000) / 60_000);
}

/** The instant of a local day and time (minutes after local midnight). */
export function localToInstant(day: string, minutes: number): Date {
  const [year, month, date] = day.split("-").map(Number) as [number, number, number];
  const naive = Date.UTC(year, month - 1, date, 0, minutes);
  const guess = naive - offsetMinutes(naive) * 60_000;
  return new Date(naive - offsetMinutes(guess) * 60_000);
}

function addDays(day: string, days: number): string {
  const [year, month, date] = day.split("-").map(Number) as [number, number, number];
  const next = new Date(Date.UTC(year, month - 1, date + days));
  return next.toISOString().slice(0, 10);
}

function weekdayOf(day: string): Weekday {
  const [year, month, date] = day.split("-").map(Number) as [number, number, number];
  return WEEKDAYS[new Date(Date.UTC(year, month - 1, date)).getUTCDay()] as Weekday;
}

function minutesOf(time: string): number {
  const [hours, minutes] = time.split(":").map(Number) as [number, number];
  return hours * 60 + minutes;
}

function clock(minutes: number): string {
  return `${pad(Math.floor(minutes / 60))}:${pad(minutes % 60)}`;
}

const pad = (value: number) => String(value).padStart(2, "0");
