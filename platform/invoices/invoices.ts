import { randomBytes, timingSafeEqual } from "node:crypto";
import { and, asc, eq, sql } from "drizzle-orm";
import type { Db, Tx } from "#db/client.ts";
import { parisDay } from "#platform/format.ts";
import { type InvoiceDocument, refundVat } from "#platform/invoices/document.ts";
import {
  type InvoiceKind,
  type InvoiceSource,
  invoice,
  invoiceCounter,
} from "#platform/invoices/schema.ts";
import { shopIdentity } from "#platform/shop-identity.ts";

export type InvoiceRow = typeof invoice.$inferSelect;

/** The series of each kind: invoices `F-2026-000001`, credit notes `AV-2026-000001`. */
const SERIES: Record<InvoiceKind, string> = { invoice: "F", credit_note: "AV" };

/** `F-2026-000042`: the series, the year (Paris time) and six digits or more. */
export function invoiceNumber(series: string, year: number, sequence: number): string {
  return `${series}-${year}-${String(sequence).padStart(6, "0")}`;
}

/** What an invoice number must look like, exactly (for a URL). */
export const INVOICE_NUMBER = /^(?:F|AV)-\d{4}-\d{6,9}$/;

/**
 * The next number of a series, inside the caller's transaction. The counter's row stays locked
 * until that transaction ends, so numbers follow the order of issue with no gap: a concurrent
 * issue waits, and a rollback gives the number back.
 */
async function takeNumber(tx: Tx, kind: InvoiceKind, issuedAt: Date) {
  const series = SERIES[kind];
  const year = Number(parisDay(issuedAt).slice(0, 4));
  const [row] = await tx
    .insert(invoiceCounter)
    .values({ series, year, last: 1 })
    .onConflictDoUpdate({
      target: [invoiceCounter.series, invoiceCounter.year],
      set: { last: sql`${invoiceCounter.last} + 1` },
    })
    .returning({ last: invoiceCounter.last });
  if (!row) throw new Error("no invoice number was taken");
  return { series, year, sequence: row.last, number: invoiceNumber(series, year, row.last) };
}

/** An order to invoice, as the service that owns it describes it. */
export type InvoiceDraft = {
  source: InvoiceSource;
  orderId: number;
  customerId: number | null;
  /** Everything the document says but the seller, which is the shop's identity when issued. */
  document: Omit<InvoiceDocument, "seller" | "credits">;
};

/** The invoice of an order, if it has one. */
async function invoiceOfOrder(tx: Tx, source: InvoiceSource, orderId: number) {
  const [row] = await tx
    .select()
    .from(invoice)
    .where(
      and(eq(invoice.source, source), eq(invoice.orderId, orderId), eq(invoice.kind, "invoice")),
    );
  return row;
}

/** Numbers and stores a document of `kind`, with its own random key. */
async function insertDocument(
  tx: Tx,
  kind: InvoiceKind,
  fields: Pick<
    typeof invoice.$inferInsert,
    "source" | "orderId" | "orderNumber" | "customerId" | "creditedInvoiceId"
  > & { document: InvoiceDocument },
  now: Date,
): Promise<InvoiceRow> {
  const taken = await takeNumber(tx, kind, now);
  const [row] = await tx
    .insert(invoice)
    .values({
      kind,
      ...taken,
      ...fields,
      totalCents: fields.document.totalCents,
      accessKey: randomBytes(16).toString("hex"),
      issuedAt: now,
    })
    .returning();
  if (!row) throw new Error(`the ${kind} was not issued`);
  return row;
}

/**
 * Issues the invoice of a paid order in the caller's transaction (the one that records the
 * payment, so an order is never paid without its invoice, nor invoiced without being paid). An
 * order has one invoice: issuing it again answers the first.
 */
export async function issueInvoice(tx: Tx, draft: InvoiceDraft, now: Date): Promise<InvoiceRow> {
  const existing = await invoiceOfOrder(tx, draft.source, draft.orderId);
  if (existing) return existing;
  return insertDocument(
    tx,
    "invoice",
    {
      source: draft.source,
      orderId: draft.orderId,
      orderNumber: draft.document.orderNumber,
      customerId: draft.customerId,
      document: { ...draft.document, seller: shopIdentity() },
    },
    now,
  );
}

/**
 * Issues the credit note of a refund of `amountCents` of an order, in the refund's transaction:
 * the refund shared between the invoice's VAT rates. Null when the order has no invoice (an
 * order placed before invoices existed is refunded all the same).
 */
export async function issueCreditNote(
  tx: Tx,
  refund: { source: InvoiceSource; orderId: number; amountCents: number; reason: string },
  now: Date,
): Promise<InvoiceRow | null> {
  if (!Number.isSafeInteger(refund.amountCents) || refund.amountCents <= 0) return null;
  const credited = await invoiceOfOrder(tx, refund.source, refund.orderId);
  if (!credited) return null;
  const vat = refundVat(credited.document.vat, refund.amountCents);
  return insertDocument(
    tx,
    "credit_note",
    {
      source: refund.source,
      orderId: refund.orderId,
      orderNumber: credited.orderNumber,
      customerId: credited.customerId,
      creditedInvoiceId: credited.id,
      document: {
        ...credited.document,
        seller: shopIdentity(),
        lines: vat.map((line) => ({
          title: "Remboursement",
          detail: null,
          quantity: 1,
          unitCents: line.grossCents,
          totalCents: line.grossCents,
          rateBasisPoints: line.rateBasisPoints,
        })),
        discountCents: 0,
        discountLabel: null,
        shippingCents: 0,
        vat,
        totalCents: refund.amountCents,
        credits: {
          number: credited.number,
          issuedAt: credited.issuedAt.toISOString(),
          reason: refund.reason,
        },
      },
    },
    now,
  );
}

/** An order's invoice and credit notes, in the order they were issued. */
export async function invoicesOfOrder(
  db: Db | Tx,
  source: InvoiceSource,
  orderId: number,
): Promise<InvoiceRow[]> {
  return db
    .select()
    .from(invoice)
    .where(and(eq(invoice.source, source), eq(invoice.orderId, orderId)))
    .orderBy(asc(invoice.issuedAt), asc(invoice.id));
}

/** A document by its number, when the key given is its own; undefined otherwise. */
export async function invoiceByNumber(
  db: Db | Tx,
  number: string,
  key: string,
): Promise<InvoiceRow | undefined> {
  if (!INVOICE_NUMBER.test(number) || !/^[0-9a-f]{32}$/.test(key)) return undefined;
  const [row] = await db.select().from(invoice).where(eq(invoice.number, number));
  return row && timingSafeEqual(Buffer.from(row.accessKey), Buffer.from(key)) ? row : undefined;
}

/** A document's address: the link is the permission to read it. */
export function invoicePath(row: Pick<InvoiceRow, "number" | "accessKey">): string {
  return `/api/invoices/${row.number}.pdf?key=${row.accessKey}`;
}

/** « Facture F-2026-000001 », « Avoir AV-2026-000001 ». */
export function invoiceTitle(row: Pick<InvoiceRow, "kind" | "number">): string {
  return `${row.kind === "invoice" ? "Facture" : "Avoir"} ${row.number}`;
}
