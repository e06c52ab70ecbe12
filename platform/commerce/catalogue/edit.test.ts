import { describe, expect, it } from "vitest";
import { applyPriceOperation } from "#platform/commerce/catalogue/prices.ts";

const price = (priceCents: number, compareAtPriceCents: number | null = null) => ({
  priceCents,
  compareAtPriceCents,
});

describe("applyPriceOperation", () => {
  it("sets a price and keeps a compare-at price only while it is above", () => {
    expect(applyPriceOperation(price(1000, 1500), { kind: "set", cents: 1200 })).toEqual(
      price(1200, 1500),
    );
    expect(applyPriceOperation(price(1000, 1500), { kind: "set", cents: 1500 })).toEqual(
      price(1500),
    );
  });

  it("never goes below one cent", () => {
    expect(applyPriceOperation(price(300), { kind: "amount", cents: -500 })).toEqual(price(1));
    expect(applyPriceOperation(price(1), { kind: "percent", percent: -99 })).toEqual(price(1));
    expect(applyPriceOperation(price(1000), { kind: "promo-amount", cents: 2000 })).toEqual(
      price(1, 1000),
    );
  });

  it("rounds percentages to the cent", () => {
    expect(applyPriceOperation(price(999), { kind: "percent", percent: 10 })).toEqual(price(1099));
    expect(applyPriceOperation(price(1250), { kind: "percent", percent: -15 })).toEqual(
      price(1063),
    );
  });

  it("makes the current price the compare-at price of a promotion", () => {
    expect(applyPriceOperation(price(1250, 9000), { kind: "promo-percent", percent: 20 })).toEqual(
      price(1000, 1250),
    );
    expect(applyPriceOperation(price(1250), { kind: "promo-amount", cents: 250 })).toEqual(
      price(1000, 1250),
    );
  });

  it("clears the compare-at price", () => {
    expect(applyPriceOperation(price(1000, 1200), { kind: "clear-compare" })).toEqual(price(1000));
  });
});
