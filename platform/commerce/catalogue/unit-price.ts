/**
 * What a variant weighs or holds, and its price brought to a kilogram, a litre or one piece: the
 * Storefront API's `unitPrice`, `unitPriceMeasurement`, `weight` and `weightUnit`. The shop's
 * catalogue sells by format: a variant titled `250 g` or `75 cl` (products sold in several
 * formats), else the product's `custom.quantity` and `custom.unit` metafields (`1,5` and `kg`).
 * The unit price rounds as the storefront's `price_unit` label does (`34,00 €/kg`).
 */

export type Measure = { quantity: number; unit: "g" | "kg" | "cl" | "l" | "pièce" | "part" };

export type UnitPriceMeasurement = {
  measuredType: "WEIGHT" | "VOLUME" | "COUNT";
  quantityUnit: "G" | "KG" | "CL" | "L" | "ITEM";
  quantityValue: number;
  referenceUnit: "KG" | "L" | "ITEM";
  referenceValue: number;
};

const UNITS: Record<string, Measure["unit"]> = {
  g: "g",
  kg: "kg",
  cl: "cl",
  l: "l",
  pièce: "pièce",
  pièces: "pièce",
  part: "part",
  parts: "part",
};

/** `1,5` or `250` with a unit (`kg`, `pièces`) as a measure; null when either is not one. */
export function measureOf(quantity: string | null | undefined, unit: string | null | undefined) {
  const value = Number((quantity ?? "").trim().replace(/\s/g, "").replace(",", "."));
  const known = UNITS[(unit ?? "").trim().toLowerCase()];
  if (!known || !Number.isFinite(value) || value <= 0) return null;
  return { quantity: value, unit: known } satisfies Measure;
}

/** A format title (`250 g`, `1,5 kg`, `6 pièces`) as a measure; null for `Default Title`. */
export function measureOfTitle(title: string): Measure | null {
  const match = /^\s*(\d+(?:[.,]\d+)?)\s*([a-zà-ÿ]+)\s*$/i.exec(title);
  return match ? measureOf(match[1], match[2]) : null;
}

/** The measurement in Shopify's terms: what the variant holds, against one kilogram, litre or item. */
export function unitPriceMeasurement(measure: Measure): UnitPriceMeasurement {
  switch (measure.unit) {
    case "g":
    case "kg":
      return {
        measuredType: "WEIGHT",
        quantityUnit: measure.unit === "g" ? "G" : "KG",
        quantityValue: measure.quantity,
        referenceUnit: "KG",
        referenceValue: 1,
      };
    case "cl":
    case "l":
      return {
        measuredType: "VOLUME",
        quantityUnit: measure.unit === "cl" ? "CL" : "L",
        quantityValue: measure.quantity,
        referenceUnit: "L",
        referenceValue: 1,
      };
    default:
      return {
        measuredType: "COUNT",
        quantityUnit: "ITEM",
        quantityValue: measure.quantity,
        referenceUnit: "ITEM",
        referenceValue: 1,
      };
  }
}

/** How many kilograms, litres or pieces the measure is. */
function referenceAmount(measure: Measure): number {
  if (measure.unit === "g") return measure.quantity / 1000;
  if (measure.unit === "cl") return measure.quantity / 100;
  return measure.quantity;
}

/** The price of one kilogram, litre or piece, in cents. */
export function unitPriceCents(priceCents: number, measure: Measure): number {
  return Math.round(priceCents / referenceAmount(measure));
}

/** The weight in grams of what is sold by weight; null for volumes and pieces. */
export function weightInGrams(measure: Measure): number | null {
  if (measure.unit === "g") return measure.quantity;
  if (measure.unit === "kg") return measure.quantity * 1000;
  return null;
}
