import { describe, expect, it } from "vitest";
import {
  measureOf,
  measureOfTitle,
  unitPriceCents,
  unitPriceMeasurement,
  weightInGrams,
} from "#platform/commerce/catalogue/unit-price.ts";

describe("a variant's measure and unit price", () => {
  it("reads format titles and the product's quantity and unit", () => {
    expect(measureOfTitle("250 g")).toEqual({ quantity: 250, unit: "g" });
    expect(measureOfTitle("1,5 kg")).toEqual({ quantity: 1.5, unit: "kg" });
    expect(measureOfTitle("6 pièces")).toEqual({ quantity: 6, unit: "pièce" });
    expect(measureOfTitle("Default Title")).toBeNull();
    expect(measureOf("75", "cl")).toEqual({ quantity: 75, unit: "cl" });
    expect(measureOf("", "g")).toBeNull();
    expect(measureOf("2", "boîtes")).toBeNull();
    expect(measureOf("0", "kg")).toBeNull();
  });

  it("brings the price to a kilogram, a litre or a piece, rounded as the shop's €/kg label", () => {
    expect(unitPriceCents(890, { quantity: 250, unit: "g" })).toBe(3560);
    expect(unitPriceCents(1290, { quantity: 75, unit: "cl" })).toBe(1720);
    expect(unitPriceCents(1000, { quantity: 3, unit: "pièce" })).toBe(333);
  });

  it("answers Shopify's measurement and a weight in grams for what is sold by weight", () => {
    expect(unitPriceMeasurement({ quantity: 250, unit: "g" })).toEqual({
      measuredType: "WEIGHT",
      quantityUnit: "G",
      quantityValue: 250,
      referenceUnit: "KG",
      referenceValue: 1,
    });
    expect(unitPriceMeasurement({ quantity: 75, unit: "cl" })).toMatchObject({
      measuredType: "VOLUME",
      referenceUnit: "L",
    });
    expect(unitPriceMeasurement({ quantity: 4, unit: "part" })).toMatchObject({
      measuredType: "COUNT",
      quantityUnit: "ITEM",
    });
    expect(weightInGrams({ quantity: 1.5, unit: "kg" })).toBe(1500);
    expect(weightInGrams({ quantity: 75, unit: "cl" })).toBeNull();
  });
});
