import { describe, expect, it } from "vitest";
import { isTimeZone, parseZoned, zonedIso } from "#platform/content/editing/zoned-time.ts";

const PARIS = "Europe/Paris";

describe("zoned times", () => {
  it("writes an instant with Paris's offset, winter and summer", () => {
    expect(zonedIso(new Date("2026-01-15T09:00:00Z"), PARIS)).toBe("2026-01-15T10:00:00.000+01:00");
    expect(zonedIso(new Date("2026-07-15T09:00:00Z"), PARIS)).toBe("2026-07-15T11:00:00.000+02:00");
    expect(zonedIso(new Date("2026-07-15T09:00:00Z"), "UTC")).toBe("2026-07-15T09:00:00.000+00:00");
  });

  it("reads a local time in Paris, and a time with an offset as it says", () => {
    expect(parseZoned("2026-01-15T10:00", PARIS)?.toISOString()).toBe("2026-01-15T09:00:00.000Z");
    expect(parseZoned("2026-07-15T11:00:00", PARIS)?.toISOString()).toBe(
      "2026-07-15T09:00:00.000Z",
    );
    expect(parseZoned("2026-07-15T11:00:00.000+02:00", PARIS)?.toISOString()).toBe(
      "2026-07-15T09:00:00.000Z",
    );
    expect(parseZoned("2026-07-15T09:00:00Z", PARIS)?.toISOString()).toBe(
      "2026-07-15T09:00:00.000Z",
    );
  });

  it("reads the hours around the clock changes", () => {
    // 29 March 2026: 2h00 → 3h00. 25 October 2026: 3h00 → 2h00.
    expect(parseZoned("2026-03-29T01:30", PARIS)?.toISOString()).toBe("2026-03-29T00:30:00.000Z");
    expect(parseZoned("2026-03-29T03:30", PARIS)?.toISOString()).toBe("2026-03-29T01:30:00.000Z");
    expect(parseZoned("2026-10-25T04:00", PARIS)?.toISOString()).toBe("2026-10-25T03:00:00.000Z");
  });

  it("refuses what is not a date and time, and knows the zones", () => {
    expect(parseZoned("demain", PARIS)).toBeNull();
    expect(parseZoned("2026-01-15", PARIS)).toBeNull();
    expect(isTimeZone(PARIS)).toBe(true);
    expect(isTimeZone("Mars/Olympus")).toBe(false);
  });
});
