import { describe, expect, it } from "vitest";
import {
  measureOf,
  measureOfTitle,
  unitPriceCents,
  unitPriceLabel,
  unitPriceLabelOfApi,
  unitPriceMeasurement,
  variantMeasure,
  weightInGrams,
} from "#platform/unit-price.ts";

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

describe("the unit price label the shop prints", () => {
  it("follows the price: a 250 g Camembert at 9,90 € is 39,60 €/kg, at 10,30 € 41,20 €/kg", () => {
    expect(unitPriceLabel(990, { quantity: 250, unit: "g" })).toBe("39,60\u00a0€/kg");
    expect(unitPriceLabel(1030, { quantity: 250, unit: "g" })).toBe("41,20\u00a0€/kg");
  });

  it("brings grams and kilograms to a kilogram, centilitres and litres to a litre, pieces to one", () => {
    expect(unitPriceLabel(1850, { quantity: 1.5, unit: "kg" })).toBe("12,33\u00a0€/kg");
    expect(unitPriceLabel(1290, { quantity: 75, unit: "cl" })).toBe("17,20\u00a0€/l");
    expect(unitPriceLabel(450, { quantity: 2, unit: "l" })).toBe("2,25\u00a0€/l");
    expect(unitPriceLabel(1000, { quantity: 6, unit: "pièce" })).toBe("1,67\u00a0€/pièce");
    expect(unitPriceLabel(2400, { quantity: 8, unit: "part" })).toBe("3,00\u00a0€/part");
  });

  it("rounds to the nearest cent, half up", () => {
    // 3,35 € for 150 g: 22,333… €/kg; 1,25 € for 6 pieces: 0,2083… €; 0,99 € for 200 g: 4,95 €/kg.
    expect(unitPriceLabel(335, { quantity: 150, unit: "g" })).toBe("22,33\u00a0€/kg");
    expect(unitPriceLabel(125, { quantity: 6, unit: "pièce" })).toBe("0,21\u00a0€/pièce");
    expect(unitPriceCents(99, { quantity: 200, unit: "g" })).toBe(495);
    expect(unitPriceCents(1001, { quantity: 2, unit: "kg" })).toBe(501);
  });

  it("measures a variant by its format title first, else by the product's quantity and unit", () => {
    expect(variantMeasure("500 g", "250", "g")).toEqual({ quantity: 500, unit: "g" });
    expect(variantMeasure("Default Title", "250", "g")).toEqual({ quantity: 250, unit: "g" });
    expect(variantMeasure("Default Title", "1", "botte")).toBeNull();
  });

  it("prints the API's unit price per kilogram, litre, piece or part", () => {
    expect(unitPriceLabelOfApi(3960, { referenceUnit: "KG", referenceValue: 1 })).toBe(
      "39,60\u00a0€/kg",
    );
    expect(unitPriceLabelOfApi(1720, { referenceUnit: "L" })).toBe("17,20\u00a0€/l");
    expect(unitPriceLabelOfApi(167, { referenceUnit: "ITEM" }, "pièces")).toBe("1,67\u00a0€/pièce");
    expect(unitPriceLabelOfApi(300, { referenceUnit: "ITEM" }, "part")).toBe("3,00\u00a0€/part");
    expect(unitPriceLabelOfApi(210, { referenceUnit: "G", referenceValue: 100 })).toBe(
      "2,10\u00a0€/100\u00a0g",
    );
    expect(unitPriceLabelOfApi(210, { referenceUnit: "UNKNOWN" })).toBeNull();
  });
});
