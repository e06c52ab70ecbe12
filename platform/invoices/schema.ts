import { sql } from "drizzle-orm";
import {
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import type { InvoiceDocument } from "#platform/invoices/document.ts";

/**
 * The invoices module's tables: every invoice and credit note the shop issued, with the document
 * as it was issued (seller, buyer, lines, VAT per rate), and the counters that number them.
 */

/** An invoice, or a credit note (`avoir`) that cancels part or all of one. */
export type InvoiceKind = "invoice" | "credit_note";

/** Which service's order it bills: a grocery order (commerce) or a restauration order (ordering). */
export type InvoiceSource = "epicerie" | "restauration";

export const invoice = pgTable(
  "invoice_document",
  {
    id: serial("id").primaryKey(),
    kind: text("kind").$type<InvoiceKind>().notNull(),
    // `F-2026-000001` or `AV-2026-000001`: its series, year and place in the year's series.
    number: text("number").notNull(),
    series: text("series").notNull(),
    year: integer("year").notNull(),
    sequence: integer("sequence").notNull(),
    source: text("source").$type<InvoiceSource>().notNull(),
    // The order's id in its service (commerce_order or ordering_order), and its shop-wide number.
    orderId: integer("order_id").notNull(),
    orderNumber: integer("order_number").notNull(),
    // The customer of the order in its service, for the account's list of documents.
    customerId: integer("customer_id"),
    // What a credit note cancels.
    creditedInvoiceId: integer("credited_invoice_id"),
    totalCents: integer("total_cents").notNull(),
    // Random: the document's link (`/api/invoices/{number}.pdf?key=…`) is the permission to read it.
    accessKey: text("access_key").notNull(),
    document: jsonb("document").$type<InvoiceDocument>().notNull(),
    issuedAt: timestamp("issued_at", { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex("invoice_document_number_key").on(t.number),
    uniqueIndex("invoice_document_series_sequence_key").on(t.series, t.year, t.sequence),
    // One invoice per order; as many credit notes as refunds.
    uniqueIndex("invoice_document_order_key").on(t.source, t.orderId).where(sql`kind = 'invoice'`),
    index("invoice_document_order_idx").on(t.source, t.orderId, t.issuedAt),
  ],
);

/**
 * The last number of each series and year. Taking a number updates its row, which stays locked
 * until the issuing transaction ends: a concurrent invoice waits, and a rolled-back one gives its
 * number back, so the series has neither gaps nor duplicates (a sequence would leave gaps).
 */
export const invoiceCounter = pgTable(
  "invoice_counter",
  {
    series: text("series").notNull(),
    year: integer("year").notNull(),
    last: integer("last").notNull(),
  },
  (t) => [primaryKey({ columns: [t.series, t.year] })],
);
