import { describe, expect, it } from "vitest";
import type { OpeningHours } from "#platform/ordering/schema.ts";
import { localToInstant, type SlotSettings, slotCandidates } from "#platform/ordering/slots.ts";

const lunch = [{ start: "11:00", end: "14:00" }];
const hours: OpeningHours = { tuesday: lunch, wednesday: lunch, sunday: lunch };

const store: SlotSettings = {
  openingHours: hours,
  slotLeadMinutes: 60,
  slotIntervalMinutes: 60,
  slotDaysAhead: 2,
  deliveryCapacity: 5,
  pickupCapacity: 3,
  deliveryEnabled: true,
  pickupEnabled: true,
};

const keys = (now: string, settings: SlotSettings = store, mode: 1 | 2 = 1) =>
  slotCandidates(settings, mode, new Date(now)).map((slot) => slot.key);

describe("slots from opening hours", () => {
  it("offers one slot per interval in the opening hours, today and the days ahead (Paris time)", () => {
    // Tuesday 24 November 2026, 09:30 in Paris (UTC+1).
    expect(keys("2026-11-24T08:30:00Z")).toEqual([
      "2026-11-24 11:00-12:00",
      "2026-11-24 12:00-13:00",
      "2026-11-24 13:00-14:00",
      "2026-11-25 11:00-12:00",
      "2026-11-25 12:00-13:00",
      "2026-11-25 13:00-14:00",
    ]);
  });

  it("never offers a passed slot, nor one starting within the lead time", () => {
    // 11:45 in Paris: 11:00 has started, 12:00 is within the hour of lead time.
    expect(keys("2026-11-24T10:45:00Z").slice(0, 2)).toEqual([
      "2026-11-24 13:00-14:00",
      "2026-11-25 11:00-12:00",
    ]);
    // 12:00 sharp with a 60-minute lead: 13:00 is exactly the earliest start, still offered.
    expect(keys("2026-11-24T11:00:00Z")[0]).toBe("2026-11-24 13:00-14:00");
    // After closing time nothing is left today.
    expect(keys("2026-11-24T13:30:00Z")[0]).toBe("2026-11-25 11:00-12:00");
  });

  it("keys start with the day; the slot's instants follow Paris summer time", () => {
    const [slot] = slotCandidates(store, 1, new Date("2026-07-05T06:00:00Z"));
    expect(slot?.key).toBe("2026-07-05 11:00-12:00");
    expect(slot?.key.split(" ")[0]).toBe(slot?.day);
    expect(slot?.start.toISOString()).toBe("2026-07-05T09:00:00.000Z");
    expect(slot?.end.toISOString()).toBe("2026-07-05T10:00:00.000Z");
  });

  it("converts local times across the change to summer time", () => {
    // 29 March 2026: clocks go from 02:00 to 03:00 in Paris.
    expect(localToInstant("2026-03-29", 60).toISOString()).toBe("2026-03-29T00:00:00.000Z");
    expect(localToInstant("2026-03-29", 12 * 60).toISOString()).toBe("2026-03-29T10:00:00.000Z");
    expect(localToInstant("2026-03-28", 12 * 60).toISOString()).toBe("2026-03-28T11:00:00.000Z");
  });

  it("cuts ranges by the interval, dropping a slot that would end after closing", () => {
    const settings = { ...store, slotIntervalMinutes: 45 };
    expect(keys("2026-11-24T08:30:00Z", settings).slice(0, 4)).toEqual([
      "2026-11-24 11:00-11:45",
      "2026-11-24 11:45-12:30",
      "2026-11-24 12:30-13:15",
      "2026-11-24 13:15-14:00",
    ]);
  });

  it("offers nothing in a mode the store does not offer or has no capacity for", () => {
    expect(keys("2026-11-24T08:30:00Z", { ...store, pickupEnabled: false }, 2)).toEqual([]);
    expect(keys("2026-11-24T08:30:00Z", { ...store, deliveryCapacity: 0 }, 1)).toEqual([]);
  });
});
