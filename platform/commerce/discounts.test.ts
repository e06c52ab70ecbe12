import { describe, expect, it } from "vitest";
import {
  allocateAcross,
  type DiscountCodeRow,
  discountAmount,
  evaluateDiscounts,
  isApplicable,
} from "#platform/commerce/discounts.ts";

const NOW = new Date("2025-06-02T10:00:00Z");

function rule(overrides: Partial<DiscountCodeRow>): DiscountCodeRow {
  return {
    id: 1,
    code: "CODE",
    title: "Code",
    kind: "percentage",
    value: 10,
    minimumSubtotalCents: 0,
    startsAt: new Date("2025-01-01T00:00:00Z"),
    endsAt: null,
    enabled: true,
    createdAt: NOW,
    ...overrides,
  };
}

describe("discount codes", () => {
  it("apply only when enabled, started, not ended and the minimum is met", () => {
    expect(isApplicable(rule({}), 0, NOW)).toBe(true);
    expect(isApplicable(rule({ enabled: false }), 5000, NOW)).toBe(false);
    expect(isApplicable(rule({ startsAt: new Date("2025-07-01T00:00:00Z") }), 5000, NOW)).toBe(
      false,
    );
    expect(isApplicable(rule({ endsAt: NOW }), 5000, NOW)).toBe(false);
    expect(isApplicable(rule({ minimumSubtotalCents: 3000 }), 2999, NOW)).toBe(false);
    expect(isApplicable(rule({ minimumSubtotalCents: 3000 }), 3000, NOW)).toBe(true);
  });

  it("take a rounded percentage or a fixed amount, never more than the subtotal", () => {
    expect(discountAmount(rule({ kind: "percentage", value: 10 }), 3390)).toBe(339);
    expect(discountAmount(rule({ kind: "percentage", value: 10 }), 3395)).toBe(340);
    expect(discountAmount(rule({ kind: "fixed", value: 500 }), 4000)).toBe(500);
    expect(discountAmount(rule({ kind: "fixed", value: 500 }), 300)).toBe(300);
  });

  it("do not combine: the first applicable code applies, matched case-insensitively", () => {
    const rules = new Map([
      ["A", rule({ code: "A", kind: "fixed", value: 100, minimumSubtotalCents: 9000 })],
      ["B", rule({ code: "B", kind: "fixed", value: 200 })],
      ["C", rule({ code: "C", kind: "fixed", value: 300 })],
    ]);
    expect(evaluateDiscounts(["a", "b", "c", "z"], rules, 5000, NOW)).toEqual([
      { code: "a", applicable: false, kind: "fixed", value: 100, amountCents: 0 },
      { code: "b", applicable: true, kind: "fixed", value: 200, amountCents: 200 },
      { code: "c", applicable: false, kind: "fixed", value: 300, amountCents: 0 },
      { code: "z", applicable: false, kind: "fixed", value: 0, amountCents: 0 },
    ]);
  });

  it("spread over lines in proportion, the parts adding up to the whole", () => {
    expect(allocateAcross(339, [2500, 890])).toEqual([250, 89]);
    expect(allocateAcross(100, [1, 1, 1])).toEqual([33, 33, 34]);
    expect(allocateAcross(0, [500])).toEqual([0]);
    expect(allocateAcross(50, [])).toEqual([]);
  });
});
