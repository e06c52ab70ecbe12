import { describe, expect, it } from "vitest";
import {
  cutLabel,
  gramsOfTitle,
  parsePricePerKg,
  pricePerKgValue,
  soldByWeightFields,
  soldByWeightProblem,
  weightLabel,
  weightPriceCents,
} from "#platform/sold-by-weight.ts";

const weighed = (pricePerKgCents: number | null, variants: [string, number][]) => ({
  soldByWeight: true,
  pricePerKgCents,
  variants: variants.map(([title, priceCents]) => ({ title, priceCents })),
});

describe("products sold by weight", () => {
  it("prices a cut at the price per kilogram times its weight, rounded to the cent", () => {
    expect(weightPriceCents(3400, 250)).toBe(850);
    expect(weightPriceCents(3400, 500)).toBe(1700);
    expect(weightPriceCents(3400, 1000)).toBe(3400);
    // 39,50 €/kg: 250 g is 9,875 €, rounded to 9,88 €.
    expect(weightPriceCents(3950, 250)).toBe(988);
    expect(weightPriceCents(3399, 250)).toBe(850);
  });

  it("reads the weights of variant titles, and nothing else", () => {
    expect(gramsOfTitle("250 g")).toBe(250);
    expect(gramsOfTitle("1 kg")).toBe(1000);
    expect(gramsOfTitle("1,5 kg")).toBe(1500);
    expect(gramsOfTitle("500g")).toBe(500);
    expect(gramsOfTitle("Default Title")).toBeNull();
    expect(gramsOfTitle("75 cl")).toBeNull();
    expect(gramsOfTitle("6 pièces")).toBeNull();
    expect(gramsOfTitle("0 g")).toBeNull();
  });

  it("writes weights as the shop titles them", () => {
    expect(weightLabel(250)).toBe("250 g");
    expect(weightLabel(1000)).toBe("1 kg");
    expect(weightLabel(1500)).toBe("1,5 kg");
    expect(weightLabel(1250)).toBe("1,25 kg");
    expect(cutLabel(500, 1)).toBe("500 g");
    expect(cutLabel(500, 2)).toBe("2 × 500 g (1 kg)");
    expect(cutLabel(250, 3)).toBe("3 × 250 g (750 g)");
  });

  it("stores the price per kilogram as a decimal and reads it back", () => {
    expect(pricePerKgValue(3400)).toBe("34.00");
    expect(pricePerKgValue(3950)).toBe("39.50");
    expect(parsePricePerKg("34.00")).toBe(3400);
    expect(parsePricePerKg("39.5")).toBe(3950);
    expect(parsePricePerKg("34")).toBe(3400);
    expect(parsePricePerKg("34,00")).toBeNull();
    expect(parsePricePerKg("0")).toBeNull();
    expect(parsePricePerKg("-3")).toBeNull();
    expect(parsePricePerKg("3.456")).toBeNull();
    expect(soldByWeightFields(3400)).toEqual({
      sold_by_weight: true,
      price_per_kg: "34.00",
    });
  });

  it("accepts weights at one price per kilogram", () => {
    expect(
      soldByWeightProblem(
        weighed(3950, [
          ["250 g", 988],
          ["500 g", 1975],
          ["1 kg", 3950],
        ]),
      ),
    ).toBeNull();
    expect(
      soldByWeightProblem({ soldByWeight: false, pricePerKgCents: null, variants: [] }),
    ).toBeNull();
  });

  it("refuses a variant that is not a weight, a weight twice, or a price off the kilo price", () => {
    expect(
      soldByWeightProblem(
        weighed(3400, [
          ["250 g", 850],
          ["Default Title", 1700],
        ]),
      ),
    ).toEqual({ kind: "not_a_weight", index: 1, title: "Default Title" });
    expect(
      soldByWeightProblem(
        weighed(3400, [
          ["1 kg", 3400],
          ["1000 g", 3400],
        ]),
      ),
    ).toEqual({ kind: "same_weight", index: 1, title: "1000 g" });
    expect(
      soldByWeightProblem(
        weighed(3400, [
          ["250 g", 850],
          ["500 g", 1632],
        ]),
      ),
    ).toEqual({ kind: "price", index: 1, title: "500 g", expectedCents: 1700 });
  });

  it("refuses a product sold by weight without a price per kilogram, and the price alone", () => {
    expect(soldByWeightProblem(weighed(null, [["250 g", 850]]))).toEqual({
      kind: "price_per_kg_missing",
    });
    expect(
      soldByWeightProblem({
        soldByWeight: false,
        pricePerKgCents: 3400,
        variants: [{ title: "250 g", priceCents: 850 }],
      }),
    ).toEqual({ kind: "price_per_kg_unsold" });
  });
});
