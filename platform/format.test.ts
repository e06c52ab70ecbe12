import { describe, expect, it } from "vitest";
import {
  formatCents,
  formatDate,
  formatDateTime,
  formatMoney,
  formatSlot,
  formatSlotBetween,
  formatSlotHours,
  formatTime,
  formatTimeRange,
  formatUnitPrice,
  NBSP,
  toCents,
} from "#platform/format.ts";

/** Writes a no-break space as `~` to keep the expectations readable. */
const nb = (text: string) => text.replaceAll("~", NBSP);

describe("prices", () => {
  it.each([
    [1250, "12,50~€"],
    [50, "0,50~€"],
    [1260, "12,60~€"],
    [123456, "1~234,56~€"],
    [123456700, "1~234~567,00~€"],
    [-500, "-5,00~€"],
    [0, "0,00~€"],
  ])("prints %i cents as %s, with no-break spaces only", (cents, printed) => {
    expect(formatCents(cents)).toBe(nb(printed));
    expect(formatCents(cents)).not.toMatch(/ /);
  });

  it("reads the Storefront API's amounts", () => {
    expect(formatMoney("12.5")).toBe(nb("12,50~€"));
    expect(formatMoney("0.105")).toBe(nb("0,11~€"));
    expect(formatMoney(null)).toBe(nb("0,00~€"));
    expect(toCents("19.99")).toBe(1999);
    expect(toCents("abc")).toBe(0);
  });

  it("prints a unit price with the unit after the euro sign", () => {
    expect(formatUnitPrice(1260, "kg")).toBe(nb("12,60~€/kg"));
    expect(formatUnitPrice(340, " l ")).toBe(nb("3,40~€/l"));
  });
});

describe("times and ranges", () => {
  it.each([
    ["19:00", "19h00"],
    ["09:30", "9h30"],
    ["00:05", "0h05"],
    ["midi", "midi"],
  ])("prints %s as %s", (time, printed) => {
    expect(formatTime(time)).toBe(printed);
  });

  it("prints an instant in Paris time, winter and summer", () => {
    expect(formatTime(new Date("2026-11-22T23:30:00Z"))).toBe("0h30");
    expect(formatTime(new Date("2026-07-01T10:00:00Z"))).toBe("12h00");
  });

  it("prints a range with an en dash and no spaces", () => {
    expect(formatTimeRange("19:00", "20:00")).toBe("19h00–20h00");
    expect(
      formatTimeRange(new Date("2026-11-24T11:00:00Z"), new Date("2026-11-24T12:00:00Z")),
    ).toBe("12h00–13h00");
  });
});

describe("dates and slots", () => {
  it("prints a calendar day as that day, whatever the zone", () => {
    expect(formatDate("2026-11-24")).toBe("mardi 24 novembre 2026");
    expect(formatDate("2026-11-24", { year: false })).toBe("mardi 24 novembre");
    expect(formatDate("2026-11-24", { weekday: false })).toBe("24 novembre 2026");
  });

  it("prints an instant as its day in Paris", () => {
    expect(formatDate(new Date("2026-11-22T23:30:00Z"), { weekday: false })).toBe(
      "23 novembre 2026",
    );
    expect(formatDateTime(new Date("2026-11-22T08:15:00Z"))).toBe("22 novembre 2026 à 9h15");
  });

  it("leaves an unreadable date as it is", () => {
    expect(formatDate("demain")).toBe("demain");
  });

  it("prints a slot key, its hours, and a slot between two instants alike", () => {
    expect(formatSlot("2026-11-24 12:00-13:00")).toBe("mardi 24 novembre 2026, 12h00–13h00");
    expect(formatSlot("2026-11-24 19:00-20:00", { year: false })).toBe(
      "mardi 24 novembre, 19h00–20h00",
    );
    expect(formatSlotHours("2026-11-24 19:00-20:00")).toBe("19h00–20h00");
    expect(formatSlot("demain midi")).toBe("demain midi");
    expect(
      formatSlotBetween(new Date("2026-07-01T10:00:00Z"), new Date("2026-07-01T11:00:00Z")),
    ).toBe("mercredi 1 juillet 2026, 12h00–13h00");
  });
});
