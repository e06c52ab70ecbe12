/**
 * French VAT on what the shop sells (issue 23 §2): the rates, the tax included in a price, and the
 * breakdown per rate that the cart, the checkout, the orders and the invoices show. Prices are
 * tax included, in integer cents; rates are in basis points (550 = 5.5 %).
 *
 * - 5.5 %: food for home consumption, the default of every product (CGI art. 278-0 bis);
 * - 10 %: prepared dishes of the traiteur and restauration meals (art. 279);
 * - 20 %: alcohol, confectionery, caviar, non-food and services such as the service fee.
 *
 * A delivery fee is an accessory of the goods delivered: it takes their rate, and an order of
 * goods at several rates shares it between them in proportion to each rate's amount (BOFiP
 * TVA-LIQ-10-10 § 270).
 */

export const VAT_REDUCED = 550;
export const VAT_INTERMEDIATE = 1000;
export const VAT_STANDARD = 2000;

/** A fee for a service (the order's service fee) is at the standard rate. */
export const SERVICE_FEE_VAT_RATE = VAT_STANDARD;

/** The rates a product may carry, lowest first. */
export const VAT_RATES = [VAT_REDUCED, VAT_INTERMEDIATE, VAT_STANDARD] as const;
export type VatRate = (typeof VAT_RATES)[number];

/** A product without a rate of its own is food: 5.5 %. */
export const DEFAULT_VAT_RATE: VatRate = VAT_REDUCED;

/** The VAT included in a tax-inclusive amount, rounded to the cent. */
export function includedVat(amountCents: number, rateBasisPoints: number): number {
  return Math.round((amountCents * rateBasisPoints) / (10_000 + rateBasisPoints));
}

/** « 5,5 % », « 10 % », « 20 % ». */
export function formatVatRate(rateBasisPoints: number): string {
  return `${(rateBasisPoints / 100).toLocaleString("fr-FR", { maximumFractionDigits: 2 })}\u00a0%`;
}

/**
 * A rate as the `vat_rate` metafield, the product form and the import write it (« 5.5 »,
 * « 5,5 », « 10 », « 20 », with or without « % »); null for anything but the three French rates.
 */
export function parseVatRate(text: string): VatRate | null {
  const cleaned = text.trim().replace(/\s*%$/, "").replace(",", ".");
  if (!/^\d{1,2}(\.\d{1,2})?$/.test(cleaned)) return null;
  const basisPoints = Math.round(Number(cleaned) * 100);
  return VAT_RATES.find((rate) => rate === basisPoints) ?? null;
}

/** The metafield's value of a rate: `5.5`, `10`, `20`. */
export function vatRateValue(rateBasisPoints: VatRate): string {
  return String(rateBasisPoints / 100);
}

/** An amount at one rate, tax included. */
export type VatAmount = { rateBasisPoints: number; amountCents: number };

/** What a document owes at one rate: the amount without tax, the tax, and both together. */
export type VatLine = {
  rateBasisPoints: number;
  netCents: number;
  vatCents: number;
  grossCents: number;
};

/**
 * The amounts grouped by rate, lowest rate first, each with its net and its VAT. The VAT is
 * computed once per rate on the rate's total (not per line and summed), as an invoice states it.
 */
export function vatBreakdown(amounts: readonly VatAmount[]): VatLine[] {
  const byRate = new Map<number, number>();
  for (const { rateBasisPoints, amountCents } of amounts) {
    byRate.set(rateBasisPoints, (byRate.get(rateBasisPoints) ?? 0) + amountCents);
  }
  return [...byRate]
    .filter(([, grossCents]) => grossCents !== 0)
    .sort(([a], [b]) => a - b)
    .map(([rateBasisPoints, grossCents]) => {
      const vatCents = includedVat(grossCents, rateBasisPoints);
      return { rateBasisPoints, netCents: grossCents - vatCents, vatCents, grossCents };
    });
}

/** The total VAT of a breakdown. */
export function totalVat(lines: readonly VatLine[]): number {
  return lines.reduce((sum, line) => sum + line.vatCents, 0);
}

/**
 * Shares an amount (a delivery fee, a refund) between rates in proportion to what each rate
 * weighs in `bases`, to the cent: each share is rounded down, then the cents left go to the shares
 * that lost the most in the rounding (largest remainders), so the parts always add up to the
 * amount. Without any base (nothing else on the order) it is all at `fallbackRate`.
 */
export function shareByRate(
  amountCents: number,
  bases: readonly VatAmount[],
  fallbackRate: number = DEFAULT_VAT_RATE,
): VatAmount[] {
  if (amountCents === 0) return [];
  const grouped = vatBreakdown(bases).filter((line) => line.grossCents > 0);
  const whole = grouped.reduce((sum, line) => sum + line.grossCents, 0);
  if (whole <= 0) return [{ rateBasisPoints: fallbackRate, amountCents }];
  const shares = grouped.map((line) => {
    const exact = (amountCents * line.grossCents) / whole;
    const amount = Math.floor(exact);
    return { rateBasisPoints: line.rateBasisPoints, amountCents: amount, lost: exact - amount };
  });
  let left = amountCents - shares.reduce((sum, share) => sum + share.amountCents, 0);
  for (const share of [...shares].sort((a, b) => b.lost - a.lost)) {
    if (left <= 0) break;
    share.amountCents += 1;
    left -= 1;
  }
  return shares
    .filter((share) => share.amountCents !== 0)
    .map(({ rateBasisPoints, amountCents: cents }) => ({ rateBasisPoints, amountCents: cents }));
}

/**
 * An order's VAT per rate: its goods at their rates, its fees (a service fee) at theirs, and its
 * delivery shared between the goods' rates.
 */
export function orderVat(
  goods: readonly VatAmount[],
  fees: readonly VatAmount[],
  deliveryCents: number,
): VatLine[] {
  return vatBreakdown([...goods, ...fees, ...shareByRate(deliveryCents, goods)]);
}
