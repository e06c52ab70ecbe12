import {
  currentLocationId,
  type OrderModeState,
  type OrderSlot,
  orderSlot,
  slotDay,
} from "#app/lib/order-mode/order-mode.ts";

/**
 * Pure slot rules of the order flow (ordering-and-server.md §4): the default slot, slots grouped
 * by day, whether a stored slot is past, and the restore-on-start decision — all with an injected
 * clock so tests fix the time.
 */

export type SlotLike = { key: string; isFull: boolean };

/** The first non-full slot, the default choice (spec §4), or null when every slot is full. */
export function firstFreeSlot<S extends SlotLike>(slots: readonly S[]): S | null {
  return slots.find((slot) => !slot.isFull) ?? null;
}

/** Slots grouped by their day (the key's first word), days and slots in the given order. */
export function groupSlotsByDay<S extends SlotLike>(
  slots: readonly S[],
): { day: string; slots: S[] }[] {
  const groups: { day: string; slots: S[] }[] = [];
  for (const slot of slots) {
    const day = slotDay(slot.key);
    const last = groups.at(-1);
    if (last?.day === day) last.slots.push(slot);
    else groups.push({ day, slots: [slot] });
  }
  return groups;
}

// Made on first use: a browser's first time-zone formatter loads its zone data, some 40 ms of a
// phone's first load when this module is evaluated.
let parisMinuteFormat: Intl.DateTimeFormat | undefined;

/** An instant as `YYYY-MM-DD HH:MM` in Paris time (slot keys are in Paris time). */
export function parisMinute(instant: Date): string {
  parisMinuteFormat ??= new Intl.DateTimeFormat("en-CA", {
    timeZone: "Europe/Paris",
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
  });
  const parts = Object.fromEntries(
    parisMinuteFormat.formatToParts(instant).map((part) => [part.type, part.value]),
  );
  return `${parts.year}-${parts.month}-${parts.day} ${parts.hour}:${parts.minute}`;
}

/** The start of a slot key as `YYYY-MM-DD HH:MM` (comparable as text with `parisMinute`). */
export function slotStartMinute(key: string): string {
  return key.slice(0, 16);
}

/** Whether a slot has already started, compared to the minute (spec §4). */
export function isSlotPast(key: string, now: Date): boolean {
  return slotStartMinute(key) < parisMinute(now);
}

export type RestoreDecision =
  /** Nothing to restore: no mode, store or slot stored. */
  | { kind: "none" }
  /** The stored slot is still valid: kept as is. */
  | { kind: "keep"; slot: OrderSlot }
  /** The stored slot was past: replaced by the first free slot (key and day). */
  | { kind: "replace"; slot: OrderSlot; previous: OrderSlot }
  /** The stored slot was past and no slot is free: the shopper must choose again. */
  | { kind: "ask"; previous: OrderSlot }
  /** Fetching the slots failed: swallowed silently (spec §8), nothing changes. */
  | { kind: "error" };

export type RestoreDeps = {
  now: () => Date;
  fetchSlots: (locationId: number, mode: 1 | 2) => Promise<readonly SlotLike[]>;
};

/**
 * The slot restore on client start (spec §4): a stored slot already past (to the minute) is
 * replaced by the first non-full slot of the stored location and mode; a valid one is kept; no
 * free slot asks the shopper to choose again; a failure is swallowed.
 */
export async function decideSlotRestore(
  state: OrderModeState,
  deps: RestoreDeps,
): Promise<RestoreDecision> {
  const stored = state.deliverySlot;
  const locationId = currentLocationId(state);
  if (state.mode === 0 || stored === null || locationId === null) return { kind: "none" };
  if (!isSlotPast(stored.slot, deps.now())) return { kind: "keep", slot: stored };
  let slots: readonly SlotLike[];
  try {
    slots = await deps.fetchSlots(locationId, state.mode);
  } catch {
    return { kind: "error" };
  }
  const now = deps.now();
  const free = firstFreeSlot(slots.filter((slot) => !isSlotPast(slot.key, now)));
  if (free === null) return { kind: "ask", previous: stored };
  return { kind: "replace", slot: orderSlot(free.key), previous: stored };
}
