import type { Unit } from "#seed/catalogue/categories.ts";

/** `1234.5` → `1 234,50` with `decimals` 2: French digits, as the shop prints them. */
export function frenchNumber(value: number, decimals: number): string {
  const [whole = "0", fraction] = value.toFixed(decimals).split(".");
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, " ");
  return fraction === undefined ? grouped : `${grouped},${fraction}`;
}

/** A decimal with no trailing zeros: `1.5` → `1,5`, `250` → `250`, `12.25` → `12,25`. */
export function frenchDecimal(value: number): string {
  const text = String(Math.round(value * 100) / 100);
  return text.replace(".", ",");
}

/** What one unit of a format weighs or holds, in kilograms, litres or pieces. */
export function baseAmount(quantity: number, unit: Unit): { amount: number; per: string } {
  switch (unit) {
    case "g":
      return { amount: quantity / 1000, per: "kg" };
    case "kg":
      return { amount: quantity, per: "kg" };
    case "cl":
      return { amount: quantity / 100, per: "l" };
    case "l":
      return { amount: quantity, per: "l" };
    case "part":
      return { amount: quantity, per: "part" };
    case "pièce":
      return { amount: quantity, per: "pièce" };
  }
}

/** `250 g`, `75 cl`, `1 pièce`, `6 pièces`, `4 parts` (storefront.md §5: plural above 1). */
export function quantityLabel(quantity: number, unit: Unit): string {
  const plural = quantity > 1 && (unit === "pièce" || unit === "part") ? "s" : "";
  return `${frenchDecimal(quantity)} ${unit}${plural}`;
}

/** A price in cents rounded the way shops round: to ten cents, never below fifty. */
export function shopPrice(euroAmount: number): number {
  return Math.max(50, Math.round(euroAmount * 10) * 10);
}

/** An EAN-13 with its check digit, from twelve digits. */
export function ean13(twelveDigits: string): string {
  let sum = 0;
  for (const [index, digit] of [...twelveDigits].entries()) {
    sum += Number(digit) * (index % 2 === 0 ? 1 : 3);
  }
  return `${twelveDigits}${(10 - (sum % 10)) % 10}`;
}
