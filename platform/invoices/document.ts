import type { ShopIdentity } from "#platform/shop-identity.ts";
import { includedVat, shareByRate, type VatLine, vatBreakdown } from "#platform/vat.ts";

/**
 * What an invoice or a credit note says, kept as it was issued: a later change of the shop's
 * identity, a customer's address or a product's title never rewrites an issued document.
 * Amounts are integer cents, tax included unless their name says `net`.
 */

export type InvoiceParty = {
  name: string;
  /** Street, postcode and city: one entry per printed line. */
  addressLines: string[];
  email: string | null;
};

export type InvoiceLine = {
  title: string;
  /** The variant or the options chosen: `250 g`, `Sans oignons`. */
  detail: string | null;
  quantity: number;
  /** The unit price before any discount. */
  unitCents: number;
  /** What the line costs, discounts deducted. */
  totalCents: number;
  rateBasisPoints: number;
};

export type InvoiceDocument = {
  seller: ShopIdentity;
  buyer: InvoiceParty;
  /** « Épicerie » or « Restauration », and how the order was handed over. */
  orderLabel: string;
  orderNumber: number;
  orderedAt: string;
  /** When the goods were delivered or collected: the order's slot, as words. */
  supply: string | null;
  lines: InvoiceLine[];
  /** The discounts already deducted from the lines, for the reader (0 without). */
  discountCents: number;
  discountLabel: string | null;
  /** Delivery, shared between the products' rates; 0 for a pickup. */
  shippingCents: number;
  vat: VatLine[];
  totalCents: number;
  /** How it was paid: « Carte Visa •••• 4242 », « Carte cadeau »… */
  payment: string | null;
  /** A credit note: the invoice it cancels part of, and why. */
  credits?: { number: string; issuedAt: string; reason: string };
};

/** The unit price without tax, to the cent, of a line's rate. */
export function unitNetCents(line: Pick<InvoiceLine, "unitCents" | "rateBasisPoints">): number {
  return line.unitCents - includedVat(line.unitCents, line.rateBasisPoints);
}

/** The totals an invoice prints under its VAT table. */
export function documentTotals(document: Pick<InvoiceDocument, "vat">) {
  const net = document.vat.reduce((sum, line) => sum + line.netCents, 0);
  const vat = document.vat.reduce((sum, line) => sum + line.vatCents, 0);
  return { netCents: net, vatCents: vat, grossCents: net + vat };
}

/**
 * A credit note's VAT for a refund of `amountCents` of an invoice: the refund is shared between
 * the invoice's rates in proportion to what each weighed, so the two documents stay consistent.
 */
export function refundVat(invoiceVat: readonly VatLine[], amountCents: number): VatLine[] {
  const bases = invoiceVat.map((line) => ({
    rateBasisPoints: line.rateBasisPoints,
    amountCents: line.grossCents,
  }));
  return vatBreakdown(shareByRate(amountCents, bases));
}
