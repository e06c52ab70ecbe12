import { formatCents, formatDate } from "#platform/format.ts";
import {
  documentTotals,
  type InvoiceDocument,
  type InvoiceLine,
  unitNetCents,
} from "#platform/invoices/document.ts";
import type { InvoiceRow } from "#platform/invoices/invoices.ts";
import {
  contentWidth,
  type Doc,
  ensureRoom,
  PDF_ACCENT,
  PDF_INK,
  PDF_MARGIN,
  PDF_MUTED,
  renderPdf,
  rule,
  writeAmount as sharedWriteAmount,
  writeField,
} from "#platform/pdf.ts";
import { addressLine, formattedSiret, rcsOf } from "#platform/shop-identity.ts";
import { formatVatRate } from "#platform/vat.ts";

/**
 * An invoice or a credit note as a French PDF (A4, Helvetica, whose WinAnsi encoding covers
 * French and the euro sign), with the mentions the law asks of an invoice (CGI art. 242 nonies
 * A, code de commerce L441-9): number and date, the seller's identity, the buyer, the date of
 * supply, each line's quantity, unit price without tax and rate, the totals per rate, the total
 * tax included, the payment and the terms of late payment.
 */

const MARGIN = PDF_MARGIN;
const INK = PDF_INK;

export type RenderInvoiceOptions = {
  /** Deflate the content streams (default true); tests turn it off to read the text. */
  compress?: boolean;
};

type Issued = Pick<InvoiceRow, "kind" | "number" | "issuedAt" | "document">;

/** Prints the document; resolves with the PDF file's bytes. */
export function renderInvoicePdf(row: Issued, options: RenderInvoiceOptions = {}): Promise<Buffer> {
  const { document } = row;
  const title = row.kind === "invoice" ? "Facture" : "Avoir";
  return renderPdf(
    {
      title: `${title} ${row.number}`,
      author: document.seller.legalName,
      createdAt: row.issuedAt,
      compress: options.compress,
    },
    (doc) => {
      writeHeader(doc, row, title);
      writeParties(doc, document);
      writeLines(doc, document.lines);
      writeVat(doc, row);
      writeFooter(doc, row);
    },
  );
}

/** The seller's lines in the header: every legal mention of its identity. */
export function sellerLines(seller: InvoiceDocument["seller"]): string[] {
  return [
    `${seller.legalName}, ${seller.legalForm} au capital de ${seller.shareCapital}`,
    addressLine(seller),
    `${rcsOf(seller)} · SIRET ${formattedSiret(seller)}`,
    `TVA intracommunautaire ${seller.vatNumber}`,
    `${seller.email} · ${seller.phone}`,
  ];
}

function writeHeader(doc: Doc, row: Issued, title: string) {
  const { seller } = row.document;
  const top = doc.y;
  doc.font("Helvetica-Bold").fontSize(22).fillColor(PDF_ACCENT).text(seller.tradeName, MARGIN, top);
  doc.font("Helvetica").fontSize(8.5).fillColor(PDF_MUTED);
  for (const line of sellerLines(seller)) doc.text(line, { width: 280 });
  const bottom = doc.y;
  const right = { width: 210, align: "right" as const };
  const x = doc.page.width - MARGIN - right.width;
  doc
    .font("Helvetica-Bold")
    .fontSize(16)
    .fillColor(INK)
    .text(`${title} ${row.number}`, x, top, right);
  doc.font("Helvetica").fontSize(10);
  doc.text(`Date : ${formatDate(row.issuedAt, { weekday: false })}`, x, doc.y + 4, right);
  doc.text(`Commande n° ${row.document.orderNumber}`, x, doc.y, right);
  if (row.document.credits) {
    doc.text(`Sur la facture ${row.document.credits.number}`, x, doc.y, right);
  }
  doc.y = Math.max(bottom, doc.y) + 20;
  doc.x = MARGIN;
}

function writeParties(doc: Doc, document: InvoiceDocument) {
  const { buyer } = document;
  writeField(doc, "Client", [
    buyer.name,
    ...buyer.addressLines,
    ...(buyer.email ? [buyer.email] : []),
  ]);
  writeField(doc, "Commande", [
    `${document.orderLabel}, passée le ${formatDate(new Date(document.orderedAt), { weekday: false })}`,
  ]);
  if (document.supply) writeField(doc, "Livraison ou retrait", [document.supply]);
  if (document.credits) writeField(doc, "Motif de l'avoir", [document.credits.reason]);
  doc.moveDown(1);
}

const COLUMNS = { quantity: 285, unit: 325, rate: 395, total: 445 };

function writeRow(doc: Doc, cells: [string, string, string, string, string], bold = false) {
  const nameWidth = COLUMNS.quantity - MARGIN - 10;
  doc
    .font(bold ? "Helvetica-Bold" : "Helvetica")
    .fontSize(9.5)
    .fillColor(INK);
  const height = doc.heightOfString(cells[0], { width: nameWidth });
  ensureRoom(doc, height + 6);
  const y = doc.y;
  doc.text(cells[0], MARGIN, y, { width: nameWidth });
  const after = doc.y;
  doc.text(cells[1], COLUMNS.quantity, y, { width: 35, align: "right" });
  doc.text(cells[2], COLUMNS.unit, y, { width: 65, align: "right" });
  doc.text(cells[3], COLUMNS.rate, y, { width: 45, align: "right" });
  doc.text(cells[4], COLUMNS.total, y, {
    width: doc.page.width - MARGIN - COLUMNS.total,
    align: "right",
  });
  doc.y = Math.max(after, doc.y) + 5;
  doc.x = MARGIN;
}

function writeLines(doc: Doc, lines: InvoiceLine[]) {
  writeRow(doc, ["Désignation", "Qté", "PU HT", "TVA", "Total TTC"], true);
  rule(doc, doc.y);
  doc.y += 6;
  for (const line of lines) {
    writeRow(doc, [
      line.detail ? `${line.title} — ${line.detail}` : line.title,
      String(line.quantity),
      formatCents(unitNetCents(line)),
      formatVatRate(line.rateBasisPoints),
      formatCents(line.totalCents),
    ]);
  }
  rule(doc, doc.y);
  doc.y += 10;
}

/** A total's row, its amount in the total column. */
function writeAmount(doc: Doc, label: string, amount: string, bold = false) {
  sharedWriteAmount(doc, { label, amount, amountX: COLUMNS.total, labelWidth: 235, bold });
}

function writeVat(doc: Doc, row: Issued) {
  const { document } = row;
  if (document.discountCents > 0) {
    writeAmount(
      doc,
      `${document.discountLabel ?? "Remises"} (déduites des lignes)`,
      formatCents(-document.discountCents),
    );
  }
  if (document.shippingCents > 0) {
    writeAmount(doc, "Livraison (TVA des produits livrés)", formatCents(document.shippingCents));
  }
  doc.moveDown(0.5);
  writeRow(doc, ["TVA par taux", "", "Base HT", "TVA", "Total TTC"], true);
  for (const line of document.vat) {
    writeRow(doc, [
      `TVA ${formatVatRate(line.rateBasisPoints)}`,
      "",
      formatCents(line.netCents),
      formatCents(line.vatCents),
      formatCents(line.grossCents),
    ]);
  }
  rule(doc, doc.y);
  doc.y += 8;
  const totals = documentTotals(document);
  writeAmount(doc, "Total HT", formatCents(totals.netCents));
  writeAmount(doc, "Total TVA", formatCents(totals.vatCents));
  writeAmount(
    doc,
    row.kind === "invoice" ? "Total TTC" : "Montant remboursé TTC",
    formatCents(totals.grossCents),
    true,
  );
  doc.moveDown(1);
}

function writeFooter(doc: Doc, row: Issued) {
  const { document } = row;
  ensureRoom(doc, 90);
  doc.x = MARGIN;
  doc.font("Helvetica").fontSize(10).fillColor(INK);
  const day = formatDate(row.issuedAt, { weekday: false });
  if (row.kind === "invoice") {
    doc.text(
      `Facture acquittée le ${day}${document.payment ? ` : ${document.payment}` : ""}.`,
      MARGIN,
      doc.y,
      { width: contentWidth(doc) },
    );
  } else {
    doc.text(`Remboursement effectué le ${day} sur le moyen de paiement de la commande.`, {
      width: contentWidth(doc),
    });
  }
  doc.moveDown(0.8);
  doc.fontSize(8).fillColor(PDF_MUTED);
  doc.text(
    "Pas d'escompte pour paiement anticipé. Pour un client professionnel, tout retard de paiement " +
      "entraîne des pénalités au taux de la BCE majoré de 10 points et une indemnité forfaitaire " +
      "de 40 € pour frais de recouvrement (art. L441-10 du code de commerce).",
    { width: contentWidth(doc) },
  );
  doc.text(
    `${document.seller.legalName}, ${document.seller.legalForm} au capital de ${document.seller.shareCapital} · ${rcsOf(document.seller)}`,
    { width: contentWidth(doc) },
  );
}
