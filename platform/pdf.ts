import PDFDocument from "pdfkit";

/**
 * The shop's printed documents (receipts, invoices): A4 with the standard PDF fonts (Helvetica,
 * whose WinAnsi encoding covers French and the euro sign), the same margins, colours and
 * building blocks, so every document reads alike.
 */

export type Doc = PDFKit.PDFDocument;

export const PDF_MARGIN = 50;
export const PDF_INK = "#222222";
export const PDF_MUTED = "#666666";
export const PDF_ACCENT = "#7a2e1d";

/**
 * Prints a document with `write` and resolves with the file's bytes. `compress: false` leaves the
 * content streams readable, for tests that check the text.
 */
export function renderPdf(
  info: { title: string; author: string; createdAt: Date; compress?: boolean },
  write: (doc: Doc) => void,
): Promise<Buffer> {
  const doc = new PDFDocument({
    size: "A4",
    margin: PDF_MARGIN,
    compress: info.compress ?? true,
    info: { Title: info.title, Author: info.author, CreationDate: info.createdAt },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on("data", (chunk: Buffer) => chunks.push(chunk));
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
  });
  write(doc);
  doc.end();
  return done;
}

/** The width between the margins. */
export function contentWidth(doc: Doc): number {
  return doc.page.width - 2 * PDF_MARGIN;
}

/** Starts a new page when fewer than `height` points are left. */
export function ensureRoom(doc: Doc, height: number) {
  if (doc.y + height > doc.page.height - PDF_MARGIN) doc.addPage();
}

/** A thin grey line across the page at `y`. */
export function rule(doc: Doc, y: number) {
  doc
    .moveTo(PDF_MARGIN, y)
    .lineTo(doc.page.width - PDF_MARGIN, y)
    .lineWidth(0.5)
    .strokeColor("#cccccc")
    .stroke();
}

/** A label in bold, its lines beside it. */
export function writeField(doc: Doc, label: string, lines: string[]) {
  const y = doc.y;
  doc
    .font("Helvetica-Bold")
    .fontSize(10)
    .fillColor(PDF_INK)
    .text(label, PDF_MARGIN, y, { width: 140 });
  doc
    .font("Helvetica")
    .text(lines.join("\n"), PDF_MARGIN + 150, y, { width: contentWidth(doc) - 150 });
  doc.y += 4;
  doc.x = PDF_MARGIN;
}

/**
 * A total's row: its label right-aligned in `labelWidth` points ending just before `amountX`,
 * its amount right-aligned from `amountX` to the margin; bold and larger for the total itself.
 */
export function writeAmount(
  doc: Doc,
  row: { label: string; amount: string; amountX: number; labelWidth: number; bold?: boolean },
) {
  ensureRoom(doc, 18);
  const y = doc.y;
  doc
    .font(row.bold ? "Helvetica-Bold" : "Helvetica")
    .fontSize(row.bold ? 12 : 10)
    .fillColor(PDF_INK);
  doc.text(row.label, row.amountX - 5 - row.labelWidth, y, {
    width: row.labelWidth,
    align: "right",
  });
  doc.text(row.amount, row.amountX, y, {
    width: doc.page.width - PDF_MARGIN - row.amountX,
    align: "right",
  });
  doc.y += 4;
  doc.x = PDF_MARGIN;
}
