import { formatUnitPrice } from "#platform/format.ts";

/**
 * What a variant weighs or holds, and its price brought to a kilogram, a litre or one piece: the
 * Storefront API's `unitPrice`, `unitPriceMeasurement`, `weight` and `weightUnit`. The shop's
 * catalogue sells by format: a variant titled `250 g` or `75 cl` (products sold in several
 * formats), else the product's `custom.quantity` and `custom.unit` metafields (`1,5` and `kg`).
 * The unit price is always computed from the price and this net quantity, rounded to the cent, so
 * that it follows every price change (French law: it must be right wherever a price shows); the
 * storefront prints it as `39,60 €/kg` (`unitPriceLabel`). Only goods whose quantity the catalogue
 * cannot express carry a hand-typed label instead, `custom.price_unit_override` with its reason
 * (docs/unit-price.md).
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

/**
 * What a variant holds: its format title (`250 g`), else the product's quantity and unit; null
 * when neither says (a basket, a bunch: the case for a hand-typed label).
 */
export function variantMeasure(
  title: string,
  quantity: string | null | undefined,
  unit: string | null | undefined,
): Measure | null {
  return measureOfTitle(title) ?? measureOf(quantity, unit);
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

/**
 * A variant's unit price in cents: its price brought to the reference unit, except for a weight of
 * a product sold by weight (`perKgCents`), whose unit price is exactly its price per kilogram (the
 * weight's price was rounded from it).
 */
export function variantUnitPriceCents(
  priceCents: number,
  measure: Measure,
  perKgCents: number | null,
): number {
  return perKgCents !== null && weightInGrams(measure) !== null
    ? perKgCents
    : unitPriceCents(priceCents, measure);
}

/** The weight in grams of what is sold by weight; null for volumes and pieces. */
export function weightInGrams(measure: Measure): number | null {
  if (measure.unit === "g") return measure.quantity;
  if (measure.unit === "kg") return measure.quantity * 1000;
  return null;
}

/** What a unit price is per, as the shop prints it: `kg`, `l`, `pièce` or `part`. */
export function referenceUnitLabel(measure: Measure): string {
  if (measure.unit === "g" || measure.unit === "kg") return "kg";
  if (measure.unit === "cl" || measure.unit === "l") return "l";
  return measure.unit;
}

/** `39,60 €/kg`: the price of what `measure` holds brought to one kilogram, litre or piece. */
export function unitPriceLabel(priceCents: number, measure: Measure): string {
  return formatUnitPrice(unitPriceCents(priceCents, measure), referenceUnitLabel(measure));
}

/** How the shop writes Shopify's reference units (`UnitPriceMeasurementMeasuredUnit`). */
const REFERENCE_UNIT_WORDS: Record<string, string> = {
  KG: "kg",
  G: "g",
  MG: "mg",
  L: "l",
  CL: "cl",
  ML: "ml",
  M: "m",
  M2: "m²",
  M3: "m³",
};

/**
 * The same label from the Storefront API's answer: `unitPrice` (in cents) and the measurement's
 * `referenceUnit` and `referenceValue` (`39,60 €/kg`, `2,10 €/100 g` from a platform that counts
 * per 100 g); a piece is a `part` when the product counts in parts. Null for a unit it cannot name.
 */
export function unitPriceLabelOfApi(
  unitPriceCents: number,
  reference: { referenceUnit: string | null; referenceValue?: number | null },
  productUnit?: string | null,
): string | null {
  const unit = reference.referenceUnit ?? "";
  const word =
    unit === "ITEM"
      ? UNITS[(productUnit ?? "").trim().toLowerCase()] === "part"
        ? "part"
        : "pièce"
      : REFERENCE_UNIT_WORDS[unit];
  if (!word) return null;
  const value = reference.referenceValue ?? 1;
  return formatUnitPrice(unitPriceCents, value === 1 ? word : `${value}\u00a0${word}`);
}
