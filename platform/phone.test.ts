import { describe, expect, it } from "vitest";
import { formatFrenchPhone, normalizeFrenchPhone } from "#platform/phone.ts";

describe("French phone numbers (spec §5)", () => {
  it.each([
    ["+33612345678", "+33612345678"],
    ["+33 6 12 34 56 78", "+33612345678"],
    ["0033 6 12 34 56 78", "+33612345678"],
    ["0033-1-23-45-67-89", "+33123456789"],
    ["06 12 34 56 78", "+33612345678"],
    ["06.12.34.56.78", "+33612345678"],
    [" 0712345678 ", "+33712345678"],
  ])("accepts %j as %s", (input, e164) => {
    expect(normalizeFrenchPhone(input)).toBe(e164);
  });

  it.each([
    "+33012345678", // a zero after the prefix
    "+3361234567", // one digit short
    "+336123456789", // one digit too many
    "+44612345678", // not French
    "612345678", // no prefix at all
    "00612345678",
    "+33 6 12 34 56 7a",
    "",
  ])("refuses %j", (input) => {
    expect(normalizeFrenchPhone(input)).toBeNull();
  });

  it("prints a stored number the French way", () => {
    expect(formatFrenchPhone("+33612345678")).toBe("06 12 34 56 78");
  });
});
