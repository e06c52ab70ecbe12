import { describe, expect, it, vi } from "vitest";
import {
  EMPTY_ORDER_MODE,
  type OrderModeState,
  orderSlot,
} from "#app/lib/order-mode/order-mode.ts";
import {
  decideSlotRestore,
  firstFreeSlot,
  groupSlotsByDay,
  isSlotPast,
  parisMinute,
} from "./slots.ts";

// Tuesday 24 November 2026, 14:30 in Paris (UTC+1 in winter).
const NOW = new Date("2026-11-24T13:30:00.000Z");
const clock = () => NOW;

const slots = [
  { key: "2026-11-24 16:00-17:00", isFull: true },
  { key: "2026-11-24 17:00-18:00", isFull: false },
  { key: "2026-11-25 10:00-11:00", isFull: false },
];

const stored = (slot: string, mode: 1 | 2 = 1): OrderModeState => ({
  ...EMPTY_ORDER_MODE,
  mode,
  deliveryLocationId: 2101,
  pickupLocationId: 2103,
  deliveryAddress: { address: "3 rue Bleue", postcode: "75009", city: "Paris" },
  deliverySlot: orderSlot(slot),
});

describe("slot rules", () => {
  it("chooses the first non-full slot by default", () => {
    expect(firstFreeSlot(slots)?.key).toBe("2026-11-24 17:00-18:00");
    expect(firstFreeSlot(slots.map((s) => ({ ...s, isFull: true })))).toBeNull();
  });

  it("groups slots by day, full ones kept", () => {
    expect(groupSlotsByDay(slots).map((g) => [g.day, g.slots.length])).toEqual([
      ["2026-11-24", 2],
      ["2026-11-25", 1],
    ]);
  });

  it("compares slots to the minute in Paris time", () => {
    expect(parisMinute(NOW)).toBe("2026-11-24 14:30");
    expect(isSlotPast("2026-11-24 14:00-15:00", NOW)).toBe(true);
    expect(isSlotPast("2026-11-24 14:30-15:30", NOW)).toBe(false);
    expect(isSlotPast("2026-11-24 14:31-15:31", NOW)).toBe(false);
    expect(isSlotPast("2026-11-23 18:00-19:00", NOW)).toBe(true);
    // Summer time: 12:00 UTC is 14:00 in Paris.
    expect(parisMinute(new Date("2026-07-01T12:00:00Z"))).toBe("2026-07-01 14:00");
  });
});

describe("slot restore on start (fixed clock)", () => {
  it("replaces a past slot by the first free one of the stored location and mode", async () => {
    const fetchSlots = vi.fn(async () => slots);
    const decision = await decideSlotRestore(stored("2026-11-24 11:00-12:00", 2), {
      now: clock,
      fetchSlots,
    });
    expect(fetchSlots).toHaveBeenCalledWith(2103, 2);
    expect(decision).toEqual({
      kind: "replace",
      slot: { slot: "2026-11-24 17:00-18:00", day: "2026-11-24" },
      previous: { slot: "2026-11-24 11:00-12:00", day: "2026-11-24" },
    });
  });

  it("keeps a slot still valid without asking the service", async () => {
    const fetchSlots = vi.fn(async () => slots);
    const decision = await decideSlotRestore(stored("2026-11-24 18:00-19:00"), {
      now: clock,
      fetchSlots,
    });
    expect(decision).toEqual({ kind: "keep", slot: orderSlot("2026-11-24 18:00-19:00") });
    expect(fetchSlots).not.toHaveBeenCalled();
  });

  it("asks the shopper to choose again when no slot is free", async () => {
    const decision = await decideSlotRestore(stored("2026-11-23 18:00-19:00"), {
      now: clock,
      fetchSlots: async () => slots.map((s) => ({ ...s, isFull: true })),
    });
    expect(decision).toEqual({ kind: "ask", previous: orderSlot("2026-11-23 18:00-19:00") });
  });

  it("never picks a slot that is itself past", async () => {
    const decision = await decideSlotRestore(stored("2026-11-23 18:00-19:00"), {
      now: clock,
      fetchSlots: async () => [{ key: "2026-11-24 09:00-10:00", isFull: false }],
    });
    expect(decision.kind).toBe("ask");
  });

  it("swallows errors", async () => {
    const decision = await decideSlotRestore(stored("2026-11-23 18:00-19:00"), {
      now: clock,
      fetchSlots: async () => {
        throw new Error("offline");
      },
    });
    expect(decision).toEqual({ kind: "error" });
  });

  it("does nothing without a mode, a store or a slot", async () => {
    const fetchSlots = vi.fn(async () => slots);
    const deps = { now: clock, fetchSlots };
    expect(await decideSlotRestore(EMPTY_ORDER_MODE, deps)).toEqual({ kind: "none" });
    expect(
      await decideSlotRestore(
        { ...stored("2026-11-23 18:00-19:00"), deliveryLocationId: null },
        deps,
      ),
    ).toEqual({ kind: "none" });
    expect(fetchSlots).not.toHaveBeenCalled();
  });
});
