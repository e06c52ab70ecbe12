import { describe, expect, it } from "vitest";
import { normaliseSmsNumber, smsPayload, smsRefusal } from "#platform/notify/sms/text.ts";

describe("SMS parts", () => {
  it("keeps 160 GSM-7 characters in one part and counts € twice", () => {
    expect(smsPayload("a".repeat(160)).parts).toHaveLength(1);
    expect(smsPayload(`${"a".repeat(159)}€`).parts).toHaveLength(2);
    expect(smsPayload("12,50 €").parts[0]).toEqual(
      Buffer.from([0x31, 0x32, 0x2c, 0x35, 0x30, 0x20, 0x1b, 0x65]),
    );
  });

  it("never cuts an escape sequence between two parts", () => {
    const { parts } = smsPayload(`${"a".repeat(152)}€${"b".repeat(10)}`);
    expect(parts.map((part) => part.length)).toEqual([152, 12]);
  });

  it("switches to UCS-2 for one character outside GSM-7, and keeps emoji whole", () => {
    const { encoding, dataCoding, parts } = smsPayload(`Crêpe ${"🥞".repeat(40)}`);
    expect([encoding, dataCoding]).toEqual(["ucs2", 8]);
    const texts = parts.map((part) => Buffer.from(part).swap16().toString("utf16le"));
    expect(texts).toHaveLength(2);
    // Each part decodes alone: no half of a surrogate pair at either end.
    for (const text of texts) expect(text).not.toMatch(/^[\uDC00-\uDFFF]|[\uD800-\uDBFF]$/);
    expect(texts.join("")).toBe(`Crêpe ${"🥞".repeat(40)}`);
  });

  it("normalises numbers to E.164 and refuses what cannot go", () => {
    expect(normaliseSmsNumber("06 12 34 56 78")).toBe("+33612345678");
    expect(normaliseSmsNumber("+32 470 12 34 56")).toBe("+32470123456");
    expect(normaliseSmsNumber("0612")).toBeNull();
    expect(smsRefusal("+262692123456", "Code : 1", { countries: ["FR"] })).toBeNull();
    expect(smsRefusal("+41791234567", "Code : 1", { countries: ["FR"] })).toMatch(/outside/);
    expect(smsRefusal("+33612345678", "ê".repeat(67 * 6 + 1))).toMatch(/7 UCS-2 parts/);
  });
});
