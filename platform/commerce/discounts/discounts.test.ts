import { describe, expect, it } from "vitest";
import {
  allocateAcross,
  bestAutomaticDiscount,
  type DiscountCodeRow,
  discountAmount,
  discountWarning,
  evaluateDiscounts,
  isApplicable,
} from "#platform/commerce/discounts/discounts.ts";

const NOW = new Date("2025-06-02T10:00:00Z");

function rule(overrides: Partial<DiscountCodeRow>): DiscountCodeRow {
  return {
    id: 1,
    code: "CODE",
    automatic: false,
    title: "Code",
    kind: "percentage",
    value: 10,
    minimumSubtotalCents: 0,
    startsAt: new Date("2025-01-01T00:00:00Z"),
    endsAt: null,
    enabled: true,
    usageLimit: null,
    usesCount: 0,
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
      {
        code: "a",
        applicable: false,
        kind: "fixed",
        value: 100,
        amountCents: 0,
        warning: {
          code: "DISCOUNT_PURCHASE_NOT_IN_RANGE",
          message: "Le code promo « A » est valable à partir de 90,00\u00a0€ d'achats.",
        },
      },
      { code: "b", applicable: true, kind: "fixed", value: 200, amountCents: 200, warning: null },
      {
        code: "c",
        applicable: false,
        kind: "fixed",
        value: 300,
        amountCents: 0,
        warning: {
          code: "DISCOUNT_CODE_NOT_HONOURED",
          message: "Le code promo « C » ne se cumule pas avec « B ».",
        },
      },
      {
        code: "z",
        applicable: false,
        kind: "fixed",
        value: 0,
        amountCents: 0,
        warning: { code: "DISCOUNT_NOT_FOUND", message: "Le code promo « Z » n'existe pas." },
      },
    ]);
  });

  it("say in French why a code does not apply: unknown, disabled, not yet, expired, used up, minimum", () => {
    const reason = (found: DiscountCodeRow | undefined, subtotal = 5000) =>
      discountWarning("ete", found, subtotal, NOW);
    expect(reason(undefined)).toEqual({
      code: "DISCOUNT_NOT_FOUND",
      message: "Le code promo « ETE » n'existe pas.",
    });
    expect(reason(rule({ enabled: false }))?.message).toBe(
      "Le code promo « ETE » n'est plus valable.",
    );
    expect(reason(rule({ startsAt: new Date("2025-07-01T00:00:00Z") }))).toEqual({
      code: "DISCOUNT_CURRENTLY_INACTIVE",
      message: "Le code promo « ETE » n'est pas encore valable.",
    });
    expect(reason(rule({ endsAt: NOW }))).toEqual({
      code: "DISCOUNT_CURRENTLY_INACTIVE",
      message: "Le code promo « ETE » a expiré.",
    });
    expect(reason(rule({ minimumSubtotalCents: 3000 }), 2999)?.message).toBe(
      "Le code promo « ETE » est valable à partir de 30,00\u00a0€ d'achats.",
    );
    expect(reason(rule({ minimumSubtotalCents: 3000 }), 3000)).toBeNull();
    expect(reason(rule({ usageLimit: 2, usesCount: 2 }))).toEqual({
      code: "DISCOUNT_USAGE_LIMIT_REACHED",
      message: "Le code promo « ETE » a atteint son nombre maximal d'utilisations.",
    });
    expect(reason(rule({ usageLimit: 2, usesCount: 1 }))).toBeNull();
  });

  it("spread over lines in proportion, the parts adding up to the whole", () => {
    expect(allocateAcross(339, [2500, 890])).toEqual([250, 89]);
    expect(allocateAcross(100, [1, 1, 1])).toEqual([33, 33, 34]);
    expect(allocateAcross(0, [500])).toEqual([0]);
    expect(allocateAcross(50, [])).toEqual([]);
  });

  it("never promote alcohol: its lines count for nothing, and a code says so", () => {
    // The rounding rest goes to the last line that takes a part, never to an alcohol line (0).
    expect(allocateAcross(100, [1, 1, 1, 0])).toEqual([33, 33, 34, 0]);
    const codes = new Map([["ETE", rule({ code: "ETE", minimumSubtotalCents: 3000 })]]);
    const onlyWine = evaluateDiscounts(["ete"], codes, 0, NOW, 4500);
    expect(onlyWine[0]).toMatchObject({
      applicable: false,
      amountCents: 0,
      warning: {
        code: "DISCOUNT_CODE_NOT_HONOURED",
        message: "Le code promo « ETE » ne s'applique pas aux boissons alcoolisées.",
      },
    });
    const mostlyWine = evaluateDiscounts(["ete"], codes, 1200, NOW, 4500);
    expect(mostlyWine[0]?.warning?.message).toBe(
      "Le code promo « ETE » est valable à partir de 30,00\u00a0€ d'achats, hors boissons alcoolisées.",
    );
    const enough = evaluateDiscounts(["ete"], codes, 3200, NOW, 4500);
    expect(enough[0]).toMatchObject({ applicable: true, amountCents: 320 });
  });
});

describe("automatic discounts", () => {
  const automatic = (overrides: Partial<DiscountCodeRow>) =>
    rule({ code: null, automatic: true, title: "Remise", ...overrides });

  it("apply the one taking the most off among those that apply now, the oldest on a tie", () => {
    const rules = [
      automatic({
        id: 1,
        title: "5 € dès 30 €",
        kind: "fixed",
        value: 500,
        minimumSubtotalCents: 3000,
      }),
      automatic({
        id: 2,
        title: "-10 % dès 80 €",
        kind: "percentage",
        value: 10,
        minimumSubtotalCents: 8000,
      }),
      automatic({ id: 3, title: "Aussi 5 €", kind: "fixed", value: 500 }),
    ];
    expect(bestAutomaticDiscount(rules, 9000, NOW)).toEqual({
      id: 2,
      title: "-10 % dès 80 €",
      kind: "percentage",
      value: 10,
      amountCents: 900,
    });
    expect(bestAutomaticDiscount(rules, 4000, NOW)?.id).toBe(1);
    expect(bestAutomaticDiscount(rules, 2000, NOW)?.id).toBe(3);
  });

  it("apply none that is disabled, not started, ended, used up or below its minimum", () => {
    for (const overrides of [
      { enabled: false },
      { startsAt: new Date("2025-07-01T00:00:00Z") },
      { endsAt: NOW },
      { usageLimit: 3, usesCount: 3 },
      { minimumSubtotalCents: 5001 },
    ]) {
      expect(bestAutomaticDiscount([automatic(overrides)], 5000, NOW)).toBeNull();
    }
    expect(
      bestAutomaticDiscount([automatic({ usageLimit: 3, usesCount: 2 })], 5000, NOW),
    ).not.toBeNull();
    // A code is never applied as an automatic discount; an empty cart gets nothing.
    expect(bestAutomaticDiscount([rule({})], 5000, NOW)).toBeNull();
    expect(bestAutomaticDiscount([automatic({})], 0, NOW)).toBeNull();
  });
});
