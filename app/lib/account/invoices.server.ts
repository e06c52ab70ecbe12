import type { Database } from "#db/client.ts";
import { formatCents } from "#platform/format.ts";
import {
  type InvoiceSource,
  invoicePath,
  invoicesOfOrder,
  invoiceTitle,
} from "#platform/invoices/index.ts";
import { formatVatRate } from "#platform/vat.ts";

/** An order's invoice or credit note as its pages link to it. */
export type OrderDocumentLink = { title: string; href: string; kind: "invoice" | "credit_note" };

/** What an order's pages show of its invoices: the links, and the VAT per rate of the invoice. */
export type OrderDocuments = {
  links: OrderDocumentLink[];
  /** « TVA 5,5 % » and its amount, from the invoice; empty before it is issued. */
  vat: { label: string; amount: string }[];
  /** How the order was paid, as its invoice says (« payée par carte Visa •••• 4242, … »). */
  payment: string | null;
};

/**
 * The invoice and credit notes of an order the caller has already shown to be the visitor's (its
 * confirmation key, its account). The links carry each document's own key.
 */
export async function orderDocuments(
  database: Database,
  source: InvoiceSource,
  orderId: number,
): Promise<OrderDocuments> {
  const rows = await invoicesOfOrder(database.db, source, orderId);
  const invoice = rows.find((row) => row.kind === "invoice");
  return {
    links: rows.map((row) => ({
      title: invoiceTitle(row),
      href: invoicePath(row),
      kind: row.kind,
    })),
    vat: (invoice?.document.vat ?? []).map((line) => ({
      label: `dont TVA ${formatVatRate(line.rateBasisPoints)}`,
      amount: formatCents(line.vatCents),
    })),
    payment: invoice?.document.payment ?? null,
  };
}

/** The commerce order id of an order GID (`gid://shopify/Order/12?key=…`), or null. */
export function groceryOrderId(gid: string): number | null {
  const match = /^gid:\/\/shopify\/Order\/(\d{1,10})(?:\?|$)/.exec(gid);
  const id = match ? Number(match[1]) : Number.NaN;
  return Number.isSafeInteger(id) && id > 0 && id <= 2_147_483_647 ? id : null;
}
