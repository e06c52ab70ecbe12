import { formatUnitPrice } from "#platform/format.ts";

/**
 * Products sold by weight, cut to order at the counter (issue 23, « à la coupe »): a cheese cut
 * at 250 g, 500 g or 1 kg. Such a product carries two custom fields, `sold_by_weight` (true) and
 * `price_per_kg` (its one price per kilogram, `34.00`); its variants are weights (titled `250 g`,
 * `1 kg`), each priced at the price per kilogram times its weight, rounded to the cent. The
 * catalogue refuses a product that breaks the rule, so every client (the Storefront API's
 * `unitPrice`, the storefront, the back office, the import, the seed) reads one price per kilo.
 */

/** The weights a fromager cuts when nothing else is said (grams), lightest first. */
export const STANDARD_WEIGHTS = [250, 500, 1000] as const;

/** The price of a cut of `grams` at `perKgCents` a kilogram, rounded to the cent. */
export function weightPriceCents(perKgCents: number, grams: number): number {
  return Math.round((perKgCents * grams) / 1000);
}

/**
 * The grams a variant title names (`250 g`, `1 kg`, `1,5 kg`, `500g`); null when the title is not
 * a weight (`Default Title`, `75 cl`, `6 pièces`) or names a weight under one gram.
 */
export function gramsOfTitle(title: string): number | null {
  const match = /^\s*(\d{1,5}(?:[.,]\d{1,3})?)\s*(g|kg)\s*$/i.exec(title);
  if (!match) return null;
  const value = Number((match[1] ?? "").replace(",", "."));
  const grams = Math.round(match[2]?.toLowerCase() === "kg" ? value * 1000 : value);
  return grams >= 1 ? grams : null;
}

/** A weight as the shop titles it: `250 g`, `1 kg`, `1,5 kg`, `1,25 kg`. */
export function weightLabel(grams: number): string {
  if (grams >= 1000 && grams % 10 === 0) return `${String(grams / 1000).replace(".", ",")} kg`;
  return `${grams} g`;
}

/** The `price_per_kg` field's value of a price: `3400` → `34.00`. */
export function pricePerKgValue(cents: number): string {
  return (cents / 100).toFixed(2);
}

/**
 * Cents of a price per kilogram as the field stores it (`34.00`, `34.5`, `34`); null for anything
 * else, zero or a negative price.
 */
export function parsePricePerKg(value: string | null | undefined): number | null {
  const text = (value ?? "").trim();
  if (!/^\d{1,7}(\.\d{1,2})?$/.test(text)) return null;
  const [whole = "0", fraction = ""] = text.split(".");
  const cents = Number(whole) * 100 + Number(fraction.padEnd(2, "0"));
  return cents > 0 ? cents : null;
}

/** `34,00 €/kg`. */
export function perKgLabel(cents: number): string {
  return formatUnitPrice(cents, "kg");
}

/**
 * The custom fields of a product sold by weight at `perKgCents` a kilogram: the flag and the price
 * per kilogram (the `34,00 €/kg` pages print is the Storefront API's unit price, computed from it).
 */
export function soldByWeightFields(perKgCents: number) {
  return {
    sold_by_weight: true,
    price_per_kg: pricePerKgValue(perKgCents),
  } as const;
}

/** What a product sold by weight may get wrong, and where (a variant's position from 0). */
export type SoldByWeightProblem =
  | { kind: "price_per_kg_missing" }
  | { kind: "price_per_kg_unsold" }
  | { kind: "not_a_weight"; index: number; title: string }
  | { kind: "same_weight"; index: number; title: string }
  | { kind: "price"; index: number; title: string; expectedCents: number };

/** The first variant that is not a weight, or a weight already seen; null when all are weights. */
export function weightsProblem(
  variants: readonly { title: string }[],
): Extract<SoldByWeightProblem, { kind: "not_a_weight" | "same_weight" }> | null {
  const seen = new Set<number>();
  for (const [index, variant] of variants.entries()) {
    const grams = gramsOfTitle(variant.title);
    if (grams === null) return { kind: "not_a_weight", index, title: variant.title };
    if (seen.has(grams)) return { kind: "same_weight", index, title: variant.title };
    seen.add(grams);
  }
  return null;
}

/**
 * The first break of the rule: a product sold by weight needs a price per kilogram and only
 * weights for variants, each once, each priced at the price per kilogram times its weight; a
 * price per kilogram on a product not sold by weight is refused too (it would mean nothing).
 * Null when the product keeps the rule.
 */
export function soldByWeightProblem(product: {
  soldByWeight: boolean;
  pricePerKgCents: number | null;
  variants: readonly { title: string; priceCents: number }[];
}): SoldByWeightProblem | null {
  if (!product.soldByWeight) {
    return product.pricePerKgCents === null ? null : { kind: "price_per_kg_unsold" };
  }
  if (product.pricePerKgCents === null) return { kind: "price_per_kg_missing" };
  const weights = weightsProblem(product.variants);
  if (weights) return weights;
  for (const [index, variant] of product.variants.entries()) {
    const expectedCents = weightPriceCents(
      product.pricePerKgCents,
      gramsOfTitle(variant.title) ?? 0,
    );
    if (variant.priceCents !== expectedCents) {
      return { kind: "price", index, title: variant.title, expectedCents };
    }
  }
  return null;
}

/** The same problem in English, for the catalogue's `CatalogueInputError`. */
export function soldByWeightReason(problem: SoldByWeightProblem): string {
  switch (problem.kind) {
    case "price_per_kg_missing":
      return "a product sold by weight needs its price_per_kg";
    case "price_per_kg_unsold":
      return "only a product sold by weight (sold_by_weight) has a price_per_kg";
    case "not_a_weight":
      return `a product sold by weight has weights for variants (250 g, 1 kg), not "${problem.title}"`;
    case "same_weight":
      return `the weight "${problem.title}" appears twice`;
    case "price":
      return `must be the price per kilogram times the weight: ${problem.expectedCents} cents`;
  }
}

/** What a cut of a line comes to, as the preparation sheet says it: `500 g`, `2 × 500 g (1 kg)`. */
export function cutLabel(grams: number, quantity: number): string {
  if (quantity <= 1) return weightLabel(grams);
  return `${quantity} × ${weightLabel(grams)} (${weightLabel(grams * quantity)})`;
}

/**
 * What the counter cuts for an order line of a product sold by weight: its weight (the variant's
 * title) times its quantity, `2 × 500 g (1 kg)`; null when the title is not a weight.
 */
export function cutOf(variantTitle: string | null, quantity: number): string | null {
  const grams = gramsOfTitle(variantTitle ?? "");
  return grams === null ? null : cutLabel(grams, quantity);
}

/**
 * A basket with a line sold by weight is only authorised at payment (manual capture): the counter
 * weighs each cut, and the office captures what was weighed. The authorisation covers the basket's
 * total plus this share of its sold-by-weight lines, so a cut a little heavier than asked is still
 * covered (docs/sold-by-weight.md, "Paying for what was weighed").
 */
export const SOLD_BY_WEIGHT_AUTHORISATION_MARGIN = 0.15;

/** How long an online card authorisation holds before the card's bank releases it. */
export const AUTHORISATION_VALID_DAYS = 7;

/**
 * What to authorise for a basket of `totalCents` whose lines sold by weight come to
 * `soldByWeightCents`: the total plus the margin on those lines, rounded up to the cent.
 */
export function authorisedCents(totalCents: number, soldByWeightCents: number): number {
  return totalCents + Math.ceil(soldByWeightCents * SOLD_BY_WEIGHT_AUTHORISATION_MARGIN);
}

/** When an authorisation given at `authorisedAt` lapses. */
export function authorisationExpiry(authorisedAt: Date): Date {
  return new Date(authorisedAt.getTime() + AUTHORISATION_VALID_DAYS * 24 * 3600 * 1000);
}
