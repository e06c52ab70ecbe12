import { formatCents, formatDateTime, formatSlotBetween } from "#platform/format.ts";
import { receiptPayments, receiptVat } from "#platform/ordering/orders/invoice.ts";
import type { ReceiptData, ReceiptLine } from "#platform/ordering/receipts/data.ts";
import {
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
import {
  addressLine,
  formattedSiret,
  legalLine,
  rcsOf,
  type ShopIdentity,
  shopIdentity,
} from "#platform/shop-identity.ts";
import { formatVatRate } from "#platform/vat.ts";

/**
 * The PDF receipt of an order (issue 6 §6): French, A4, the shop's legal details, the order, its
 * slot and mode, its lines, voucher, fees and total (VAT included), and the card charged. The
 * shop's details are its one identity (platform/shop-identity.ts); prices, dates and slots use
 * the shop's formatters (platform/format.ts).
 * Standard PDF fonts only (Helvetica), whose WinAnsi encoding covers French and the euro sign.
 */

const MARGIN = PDF_MARGIN;
const INK = PDF_INK;
const MUTED = PDF_MUTED;

export type RenderReceiptOptions = {
  /** Deflate the content streams (default true); tests turn it off to read the text. */
  compress?: boolean;
  /** The shop printed in the header (default: the configured identity). */
  identity?: ShopIdentity;
};

/** The lines of the shop's details in the receipt's header. */
export function receiptShopLines(identity: ShopIdentity): string[] {
  return [
    identity.legalName,
    addressLine(identity),
    `${rcsOf(identity)} · SIRET ${formattedSiret(identity)}`,
    `TVA intracommunautaire ${identity.vatNumber}`,
    `${identity.email} · ${identity.phone}`,
  ];
}

/** Prints the receipt; resolves with the PDF file's bytes. */
export function renderReceiptPdf(
  receipt: ReceiptData,
  options: RenderReceiptOptions = {},
): Promise<Buffer> {
  const identity = options.identity ?? shopIdentity();
  return renderPdf(
    {
      title: `Reçu de la commande n° ${receipt.orderNumber}`,
      author: identity.legalName,
      createdAt: receipt.placedAt,
      compress: options.compress,
    },
    (doc) => {
      writeHeader(doc, receipt, identity);
      writeOrderDetails(doc, receipt);
      writeLines(doc, receipt.lines);
      writeTotals(doc, receipt);
      writeFooter(doc, receipt, identity);
    },
  );
}

function writeHeader(doc: Doc, receipt: ReceiptData, identity: ShopIdentity) {
  const top = doc.y;
  doc
    .font("Helvetica-Bold")
    .fontSize(22)
    .fillColor(PDF_ACCENT)
    .text(identity.tradeName, MARGIN, top);
  doc.font("Helvetica").fontSize(9).fillColor(MUTED);
  for (const line of receiptShopLines(identity)) {
    doc.text(line, { width: 260 });
  }
  const bottom = doc.y;

  const right = { width: 250, align: "right" as const };
  const x = doc.page.width - MARGIN - right.width;
  doc.font("Helvetica-Bold").fontSize(16).fillColor(INK).text("Reçu de commande", x, top, right);
  doc.font("Helvetica").fontSize(10);
  doc.text(`Commande n° ${receipt.orderNumber}`, x, doc.y + 4, right);
  doc.text(`Passée le ${formatDateTime(receipt.placedAt)}`, x, doc.y, right);
  doc.y = Math.max(bottom, doc.y) + 20;
  doc.x = MARGIN;
}

function writeOrderDetails(doc: Doc, receipt: ReceiptData) {
  const delivery = receipt.mode === 1;
  writeField(doc, "Client", [receipt.customer.name]);
  writeField(doc, "Mode", [delivery ? "Livraison" : "Retrait en magasin"]);
  writeField(doc, "Magasin", [receipt.store.name, ...receipt.store.addressLines]);
  if (delivery && receipt.deliveryAddress) {
    const { addressLines, instructions } = receipt.deliveryAddress;
    writeField(doc, "Adresse de livraison", [
      ...addressLines,
      ...(instructions ? [`Instructions : ${instructions}`] : []),
    ]);
  }
  writeField(doc, delivery ? "Créneau de livraison" : "Créneau de retrait", [
    formatSlotBetween(receipt.slot.start, receipt.slot.end),
  ]);
  if (receipt.giftWrap) writeField(doc, "Emballage cadeau", ["Oui"]);
  doc.moveDown(1);
}

const COLUMNS = { quantity: 300, unit: 350, total: 435 };

function writeLineHeading(doc: Doc) {
  const y = doc.y;
  doc.font("Helvetica-Bold").fontSize(10).fillColor(INK);
  doc.text("Article", MARGIN, y, { width: COLUMNS.quantity - MARGIN - 10 });
  doc.text("Qté", COLUMNS.quantity, y, { width: 40, align: "right" });
  doc.text("Prix unitaire", COLUMNS.unit, y, { width: 75, align: "right" });
  doc.text("Total", COLUMNS.total, y, {
    width: doc.page.width - MARGIN - COLUMNS.total,
    align: "right",
  });
  rule(doc, doc.y + 4);
  doc.y += 10;
}

function writeLines(doc: Doc, lines: ReceiptLine[]) {
  writeLineHeading(doc);
  for (const line of lines) {
    const nameWidth = COLUMNS.quantity - MARGIN - 10;
    const options = line.options.map((option) =>
      option.priceCents > 0 ? `${option.name} (+${formatCents(option.priceCents)})` : option.name,
    );
    doc.font("Helvetica").fontSize(10);
    const height =
      doc.heightOfString(line.name, { width: nameWidth }) +
      (options.length
        ? doc.fontSize(9).heightOfString(options.join("\n"), { width: nameWidth })
        : 0);
    ensureRoom(doc, height + 8);
    const y = doc.y;
    doc
      .font("Helvetica")
      .fontSize(10)
      .fillColor(INK)
      .text(line.name, MARGIN, y, { width: nameWidth });
    if (options.length)
      doc.fontSize(9).fillColor(MUTED).text(options.join("\n"), { width: nameWidth });
    const after = doc.y;
    doc.fontSize(10).fillColor(INK);
    doc.text(String(line.quantity), COLUMNS.quantity, y, { width: 40, align: "right" });
    doc.text(formatCents(line.unitPriceCents), COLUMNS.unit, y, { width: 75, align: "right" });
    doc.text(formatCents(line.totalCents), COLUMNS.total, y, {
      width: doc.page.width - MARGIN - COLUMNS.total,
      align: "right",
    });
    doc.y = Math.max(after, doc.y) + 6;
  }
  rule(doc, doc.y);
  doc.y += 10;
}

/** A total's row, its amount in the total column. */
function writeAmount(doc: Doc, label: string, amount: string, bold = false) {
  sharedWriteAmount(doc, { label, amount, amountX: COLUMNS.total, labelWidth: 180, bold });
}

function writeTotals(doc: Doc, receipt: ReceiptData) {
  writeAmount(doc, "Sous-total", formatCents(receipt.subtotalCents));
  if (receipt.voucher) {
    writeAmount(
      doc,
      `Bon de réduction ${receipt.voucher.code}`,
      formatCents(-receipt.voucher.amountCents),
    );
  }
  writeAmount(doc, "Frais de service", formatCents(receipt.serviceFeeCents));
  if (receipt.mode === 1)
    writeAmount(doc, "Frais de livraison", formatCents(receipt.deliveryFeeCents));
  doc.y += 4;
  writeAmount(doc, "Total TTC", formatCents(receipt.totalCents), true);
  for (const line of receiptVat(receipt)) {
    writeAmount(doc, `dont TVA ${formatVatRate(line.rateBasisPoints)}`, formatCents(line.vatCents));
  }
  doc.moveDown(1);
}

function writeFooter(doc: Doc, receipt: ReceiptData, identity: ShopIdentity) {
  ensureRoom(doc, 60);
  doc.x = MARGIN;
  doc.font("Helvetica").fontSize(10).fillColor(INK);
  const paidBy = receiptPayments(receipt);
  if (paidBy) doc.text(`Payé par ${paidBy}`, MARGIN, doc.y);
  doc.moveDown(1);
  doc.fillColor(MUTED).fontSize(9).text("Merci pour votre commande !", MARGIN, doc.y);
  doc.text(legalLine(identity));
}
