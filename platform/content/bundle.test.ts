import { describe, expect, it } from "vitest";
import { bundlePrice } from "#platform/content/bundle.ts";

describe("bundlePrice", () => {
  it("adds the ordering prices of the bundled products", () => {
    expect(bundlePrice([{ fd_content: { Price: 12.5 } }, { fd_content: { Price: 7.9 } }])).toBe(
      20.4,
    );
  });

  it("falls back on the price before discount when a product has no ordering price", () => {
    expect(bundlePrice([{ prediscount_price: 4.2 }, { fd_content: { Price: 1 } }])).toBe(5.2);
    expect(bundlePrice([{ fd_content: {}, prediscount_price: 3 }])).toBe(3);
  });

  it("prefers the ordering price over the price before discount", () => {
    expect(bundlePrice([{ fd_content: { Price: 9 }, prediscount_price: 11 }])).toBe(9);
  });

  it("rounds to the cent instead of showing float noise", () => {
    expect(bundlePrice([{ prediscount_price: 0.1 }, { prediscount_price: 0.2 }])).toBe(0.3);
  });

  it("counts missing, negative or non-finite prices as nothing, and an empty bundle as 0", () => {
    expect(
      bundlePrice([
        {},
        { prediscount_price: -5 },
        { fd_content: { Price: Number.NaN } },
        { fd_content: null },
      ]),
    ).toBe(0);
    expect(bundlePrice([])).toBe(0);
  });
});
