import { and, asc, between, eq, gte, isNull, lte, or, sql } from "drizzle-orm";
import type { Db, Tx } from "#db/client.ts";
import type { Store } from "#platform/ordering/restaurants.ts";
import {
  type OrderingMode,
  orderingSlotBooking,
  orderingSlotOverride,
  orderingStoreClosure,
  type Weekday,
} from "#platform/ordering/schema.ts";

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

/** A store's closure as slots read it: local days from `startDay` to `endDay`, both included. */
export type ClosureSpan = { startDay: string; endDay: string; mode: OrderingMode | null };

/** A slot as staff see it in the calendar: closed slots too, and whether staff changed it. */
export type CalendarSlot = Slot & { isClosed: boolean; isOverridden: boolean };

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
  closures: ClosureSpan[] = [],
): SlotCandidate[] {
  const earliest = now.getTime() + store.slotLeadMinutes * 60_000;
  const today = localDay(now);
  const days = Array.from({ length: store.slotDaysAhead }, (_, offset) => addDays(today, offset));
  return daysSlots(store, mode, days, closures).filter((slot) => slot.start.getTime() >= earliest);
}

/**
 * Every slot the store's hours cut on these local days in a mode, whatever the time now, in time
 * order: none on a closure day of `closures`, none when the store does not offer the mode.
 */
function daysSlots(
  store: SlotSettings,
  mode: OrderingMode,
  days: string[],
  closures: ClosureSpan[],
): SlotCandidate[] {
  if (slotCapacity(store, mode) <= 0) return [];
  const interval = store.slotIntervalMinutes;
  if (interval <= 0) return [];
  const slots: SlotCandidate[] = [];
  for (const day of days) {
    if (isClosedDay(closures, mode, day)) continue;
    const ranges = store.openingHours[weekdayOf(day)] ?? [];
    for (const range of ranges) {
      const rangeEnd = minutesOf(range.end);
      for (let start = minutesOf(range.start); start + interval <= rangeEnd; start += interval) {
        slots.push(candidate(day, start, start + interval));
      }
    }
  }
  return slots.sort((a, b) => a.start.getTime() - b.start.getTime());
}

/** Whether one of the closures covers a local day in this mode. */
export function isClosedDay(closures: ClosureSpan[], mode: OrderingMode, day: string): boolean {
  return closures.some(
    (closure) =>
      (closure.mode === null || closure.mode === mode) &&
      closure.startDay <= day &&
      day <= closure.endDay,
  );
}

/** The store's closures that end today (local day of `now`) or later. */
export function closuresFrom(db: Db | Tx, storeId: number, now: Date): Promise<ClosureSpan[]> {
  return closuresOverlapping(db, storeId, localDay(now));
}

/** The store's closures that end on `fromDay` or later and, with `toDay`, start by then. */
function closuresOverlapping(
  db: Db | Tx,
  storeId: number,
  fromDay: string,
  toDay?: string,
): Promise<ClosureSpan[]> {
  return db
    .select({
      startDay: orderingStoreClosure.startDay,
      endDay: orderingStoreClosure.endDay,
      mode: orderingStoreClosure.mode,
    })
    .from(orderingStoreClosure)
    .where(
      and(
        eq(orderingStoreClosure.storeId, storeId),
        gte(orderingStoreClosure.endDay, fromDay),
        toDay === undefined ? undefined : lte(orderingStoreClosure.startDay, toDay),
      ),
    )
    .orderBy(asc(orderingStoreClosure.startDay));
}

function candidate(day: string, startMinutes: number, endMinutes: number): SlotCandidate {
  return {
    key: `${day} ${clock(startMinutes)}-${clock(endMinutes)}`,
    day,
    start: localToInstant(day, startMinutes),
    end: localToInstant(day, endMinutes),
  };
}

/**
 * Every slot of the store's calendar in a mode at `now` (closure days left out), with its
 * bookings and its effective capacity: the slot's own capacity when staff set one, else the
 * store's; 0 when staff closed it. `isFull` when booked ≥ capacity.
 */
export async function slotCalendar(
  db: Db | Tx,
  store: Store,
  mode: OrderingMode,
  now: Date,
): Promise<CalendarSlot[]> {
  const closures = await closuresFrom(db, store.id, now);
  return withBookings(db, store, mode, slotCandidates(store, mode, now, closures));
}

/**
 * The store's slots of a mode on these local days (past ones too), as the calendar counts them:
 * none on a closure day, each with its bookings and effective capacity (0 when staff closed it).
 * The dashboard's slot fill reads them.
 */
export async function slotCalendarOfDays(
  db: Db | Tx,
  store: Store,
  mode: OrderingMode,
  days: string[],
): Promise<CalendarSlot[]> {
  const first = days[0];
  const last = days.at(-1);
  if (!first || !last) return [];
  const closures = await closuresOverlapping(db, store.id, first, last);
  return withBookings(db, store, mode, daysSlots(store, mode, days, closures));
}

/** Slots with their bookings and the staff's settings: capacity, closed, overridden. */
async function withBookings(
  db: Db | Tx,
  store: Store,
  mode: OrderingMode,
  candidates: SlotCandidate[],
): Promise<CalendarSlot[]> {
  const first = candidates[0];
  const last = candidates.at(-1);
  if (!first || !last) return [];
  const base = slotCapacity(store, mode);
  const inRange = (table: typeof orderingSlotBooking | typeof orderingSlotOverride) =>
    and(
      eq(table.storeId, store.id),
      eq(table.mode, mode),
      between(table.slotStart, first.start, last.start),
    );
  const [bookings, overrides] = await Promise.all([
    db
      .select({ slotStart: orderingSlotBooking.slotStart, booked: orderingSlotBooking.booked })
      .from(orderingSlotBooking)
      .where(inRange(orderingSlotBooking)),
    db.select().from(orderingSlotOverride).where(inRange(orderingSlotOverride)),
  ]);
  const booked = new Map(bookings.map((row) => [row.slotStart.getTime(), row.booked]));
  const overridden = new Map(overrides.map((row) => [row.slotStart.getTime(), row]));
  return candidates.map((slot) => {
    const count = booked.get(slot.start.getTime()) ?? 0;
    const override = overridden.get(slot.start.getTime());
    const capacity = effectiveCapacity(base, override);
    return {
      ...slot,
      capacity,
      booked: count,
      isFull: count >= capacity,
      isClosed: override?.isClosed ?? false,
      isOverridden: override !== undefined && (override.isClosed || override.capacity !== null),
    };
  });
}

/**
 * The store's offered slots of a mode with their bookings: no slot on a closure day nor one staff
 * closed; `isFull` when booked ≥ the slot's effective capacity.
 */
export async function listSlots(
  db: Db | Tx,
  store: Store,
  mode: OrderingMode,
  now: Date,
): Promise<Slot[]> {
  const slots = await slotCalendar(db, store, mode, now);
  return slots
    .filter((slot) => !slot.isClosed)
    .map(({ isClosed: _closed, isOverridden: _overridden, ...slot }) => slot);
}

/**
 * The offered slot with this key at `now`, or null (unknown, passed, within the lead time or on
 * a closure day of `closures`).
 */
export function findSlot(
  store: SlotSettings,
  mode: OrderingMode,
  key: string,
  now: Date,
  closures: ClosureSpan[] = [],
): SlotCandidate | null {
  return slotCandidates(store, mode, now, closures).find((slot) => slot.key === key.trim()) ?? null;
}

/**
 * The offered slot with this key at `now` with its bookings and effective capacity, or null
 * (unknown, passed, within the lead time, on a closure day, or closed by staff).
 */
export async function offeredSlot(
  db: Db | Tx,
  store: Store,
  mode: OrderingMode,
  key: string,
  now: Date,
): Promise<Slot | null> {
  const slots = await listSlots(db, store, mode, now);
  return slots.find((slot) => slot.key === key.trim()) ?? null;
}

function effectiveCapacity(
  base: number,
  override: { capacity: number | null; isClosed: boolean } | undefined,
): number {
  if (!override) return base;
  if (override.isClosed) return 0;
  return override.capacity ?? base;
}

/**
 * Takes one place in a slot, in the caller's transaction. `capacity` is the store's capacity for
 * the mode (`slotCapacity`); the slot's own settings are read here, so every caller honours them:
 * no place on a closure day, none in a slot staff closed, at most the slot's own capacity when
 * staff set one. The slot's booking row is created if missing and locked (`for update`) before
 * its override is read by a later statement, so a capacity change (which holds the same lock,
 * `changeSlot`) is either wholly before or wholly after this booking: no race overbooks a slot.
 * False when the slot is full or closed.
 */
export async function bookSlot(
  tx: Tx,
  booking: { storeId: number; mode: OrderingMode; start: Date; capacity: number },
): Promise<boolean> {
  const closures = await tx
    .select({ id: orderingStoreClosure.id })
    .from(orderingStoreClosure)
    .where(closureCovers(booking.storeId, booking.mode, localDay(booking.start)))
    .limit(1);
  if (closures.length > 0) return false;
  const booked = await lockBooking(tx, booking);
  const [override] = await tx
    .select({ capacity: orderingSlotOverride.capacity, isClosed: orderingSlotOverride.isClosed })
    .from(orderingSlotOverride)
    .where(slotIs(orderingSlotOverride, booking));
  if (booked >= effectiveCapacity(booking.capacity, override)) return false;
  await tx
    .update(orderingSlotBooking)
    .set({ booked: sql`${orderingSlotBooking.booked} + 1`, updatedAt: sql`now()` })
    .where(slotIs(orderingSlotBooking, booking));
  return true;
}

/**
 * Gives back one place a booking took (`bookSlot`), in the caller's transaction: a grocery
 * checkout's hold that expired, was abandoned or lost its payment. Under the same booking row
 * lock as `bookSlot`, never below 0; the slot need not be offered any more (it may have passed).
 */
export async function releaseSlot(
  tx: Tx,
  booking: { storeId: number; mode: OrderingMode; start: Date },
): Promise<void> {
  const booked = await lockBooking(tx, booking);
  if (booked <= 0) return;
  await tx
    .update(orderingSlotBooking)
    .set({ booked: sql`greatest(${orderingSlotBooking.booked} - 1, 0)`, updatedAt: sql`now()` })
    .where(slotIs(orderingSlotBooking, booking));
}

export type SlotChange = { capacity?: number | null; isClosed?: boolean };

export class SlotChangeError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "SlotChangeError";
  }
}

/**
 * Staff change one slot: close or reopen it, set its own capacity, or give it back the store's
 * (`capacity: null`). Holds the slot's booking row lock, as `bookSlot` does, and refuses a
 * capacity below what is already booked (French message). Answers the slot's settings before
 * and after, for the change log.
 */
export async function changeSlot(
  db: Db,
  slot: { storeId: number; mode: OrderingMode; start: Date },
  change: SlotChange,
): Promise<{
  booked: number;
  before: { capacity: number | null; isClosed: boolean };
  after: { capacity: number | null; isClosed: boolean };
}> {
  if (change.capacity !== undefined && change.capacity !== null) {
    if (!Number.isInteger(change.capacity) || change.capacity < 0 || change.capacity > 1000) {
      throw new SlotChangeError("La capacité doit être un nombre entier entre 0 et 1000.");
    }
  }
  return db.transaction(async (tx) => {
    const booked = await lockBooking(tx, slot);
    const [current] = await tx
      .select({ capacity: orderingSlotOverride.capacity, isClosed: orderingSlotOverride.isClosed })
      .from(orderingSlotOverride)
      .where(slotIs(orderingSlotOverride, slot));
    const before = current ?? { capacity: null, isClosed: false };
    const after = {
      capacity: change.capacity === undefined ? before.capacity : change.capacity,
      isClosed: change.isClosed ?? before.isClosed,
    };
    if (after.capacity !== null && after.capacity < booked) {
      throw new SlotChangeError(
        `La capacité ne peut pas être inférieure aux ${booked} commande(s) déjà réservée(s) sur ce créneau.`,
      );
    }
    await tx
      .insert(orderingSlotOverride)
      .values({ ...slotKeyOf(slot), ...after })
      .onConflictDoUpdate({
        target: [
          orderingSlotOverride.storeId,
          orderingSlotOverride.mode,
          orderingSlotOverride.slotStart,
        ],
        set: { ...after, updatedAt: sql`now()` },
      });
    return { booked, before, after };
  });
}

type SlotRef = { storeId: number; mode: OrderingMode; start: Date };

const slotKeyOf = (slot: SlotRef) => ({
  storeId: slot.storeId,
  mode: slot.mode,
  slotStart: slot.start,
});

function slotIs(table: typeof orderingSlotBooking | typeof orderingSlotOverride, slot: SlotRef) {
  return and(
    eq(table.storeId, slot.storeId),
    eq(table.mode, slot.mode),
    eq(table.slotStart, slot.start),
  );
}

function closureCovers(storeId: number, mode: OrderingMode, day: string) {
  return and(
    eq(orderingStoreClosure.storeId, storeId),
    lte(orderingStoreClosure.startDay, day),
    gte(orderingStoreClosure.endDay, day),
    or(isNull(orderingStoreClosure.mode), eq(orderingStoreClosure.mode, mode)),
  );
}

/** Creates the slot's booking row if missing, locks it, and answers its count. */
async function lockBooking(tx: Tx, slot: SlotRef): Promise<number> {
  await tx
    .insert(orderingSlotBooking)
    .values({ ...slotKeyOf(slot), booked: 0 })
    .onConflictDoNothing();
  const [row] = await tx
    .select({ booked: orderingSlotBooking.booked })
    .from(orderingSlotBooking)
    .where(slotIs(orderingSlotBooking, slot))
    .for("update");
  return row?.booked ?? 0;
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
export function localDay(instant: Date): string {
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
