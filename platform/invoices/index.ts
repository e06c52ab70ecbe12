/**
 * The invoices module: the French invoices of paid orders of either kind and the credit notes of
 * their refunds, numbered without gaps, kept as issued, printed as PDF (docs/invoices.md).
 * Its public face: the only file of the module that code outside it imports
 * (docs/architecture.md, "Layers"). The services that own the orders describe them
 * (`InvoiceDraft`); this module never reads their tables.
 */

export type {
  InvoiceDocument,
  InvoiceLine,
  InvoiceParty,
} from "./document.ts";
export { documentTotals } from "./document.ts";
export { renderInvoicePdf, sellerLines } from "./invoice-pdf.ts";
export {
  INVOICE_NUMBER,
  type InvoiceDraft,
  type InvoiceRow,
  invoiceByNumber,
  invoiceNumber,
  invoicePath,
  invoicesOfOrder,
  invoiceTitle,
  issueCreditNote,
  issueInvoice,
} from "./invoices.ts";
export type { InvoiceKind, InvoiceSource } from "./schema.ts";
