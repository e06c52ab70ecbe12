import { describe, expect, it } from "vitest";
import { cardBrand, cardDigits, passesLuhn } from "#platform/payments/processor.ts";

describe("card numbers", () => {
  it.each([
    "4242424242424242",
    "4000000000000002",
    "378282246310005",
    "5555555555554444",
    "2223003122003222",
    "6011111111111117",
  ])("accepts the Luhn checksum of %s", (number) => {
    expect(passesLuhn(number)).toBe(true);
  });

  it.each(["4242424242424241", "4000000000000001", "378282246310006"])(
    "refuses the Luhn checksum of %s",
    (number) => {
      expect(passesLuhn(number)).toBe(false);
    },
  );

  it.each([
    ["4242424242424242", "visa"],
    ["378282246310005", "amex"],
    ["371449635398431", "amex"],
    ["5555555555554444", "mastercard"],
    ["2223003122003222", "mastercard"],
    ["2721000000000000", "other"],
    ["6011111111111117", "other"],
  ])("tells %s is %s by its prefix", (number, brand) => {
    expect(cardBrand(number)).toBe(brand);
  });

  it("reads numbers typed with spaces or dashes and refuses anything else", () => {
    expect(cardDigits("4242 4242 4242 4242")).toBe("4242424242424242");
    expect(cardDigits("4242-4242-4242-4242")).toBe("4242424242424242");
    expect(cardDigits("4242 4242 4242 424a")).toBeNull();
    expect(cardDigits("42424242")).toBeNull();
    expect(cardDigits("")).toBeNull();
  });
});
