import { PDFDocument } from "pdf-lib";
import { describe, expect, it } from "vitest";
import { receiptDataSchema } from "#platform/ordering/receipts/data.ts";
import { receiptShopLines, renderReceiptPdf } from "#platform/ordering/receipts/pdf.ts";
import { pdfTextLines, sampleReceipt } from "#platform/ordering/receipts/testing.ts";
import { DEMO_SHOP_IDENTITY } from "#platform/shop-identity.ts";

describe("renderReceiptPdf", () => {
  it("makes a one-page A4 PDF that opens", async () => {
    const pdf = await renderReceiptPdf(sampleReceipt());
    const document = await PDFDocument.load(pdf);
    expect(document.getPageCount()).toBe(1);
    const size = document.getPage(0).getSize();
    expect(Math.round(size.width)).toBe(595);
    expect(Math.round(size.height)).toBe(842);
    expect(document.getTitle()).toBe("Reçu de la commande n° 1042");
  });

  it("shows the shop, the order, the customer, the mode, the store and the slot", async () => {
    const lines = pdfTextLines(await renderReceiptPdf(sampleReceipt()));
    expect(lines).toEqual(
      expect.arrayContaining([
        "Comptoir",
        ...receiptShopLines(DEMO_SHOP_IDENTITY),
        "Commande n° 1042",
        "Passée le 22 novembre 2026 à 9h15",
        "Camille Dupont",
        "Livraison",
        "Comptoir Montorgueil",
        "21 rue Montorgueil",
        "5 rue de Rivoli",
        "Instructions : Digicode 1234B",
        "mardi 24 novembre 2026, 12h00–13h00",
        "Emballage cadeau",
      ]),
    );
  });

  it("shows the lines with their options, the voucher, the fees, the total and the card", async () => {
    // A no-break space (before « % ») reads as a space.
    const text = pdfTextLines(await renderReceiptPdf(sampleReceipt()))
      .join("\n")
      .replaceAll("\u00a0", " ");
    for (const expected of [
      "Blanquette de veau\nRiz pilaf\nSupplément champignons (+1,50 €)\n2\n16,00 €\n32,00 €",
      "Tarte Tatin\n1\n6,50 €\n6,50 €",
      "Sous-total\n38,50 €",
      "Bon de réduction BIENVENUE\n-5,00 €",
      "Frais de service\n0,50 €",
      "Frais de livraison\n3,90 €",
      "Total TTC\n37,90 €",
      // The meals after the voucher and the delivery at 10 %, the service fee at 20 %.
      "dont TVA 10 %\n3,40 €",
      "dont TVA 20 %\n0,08 €",
      "Payé par carte Visa •••• 4242",
    ]) {
      expect(text).toContain(expected);
    }
  });

  it("names both cards of an order paid partly by titres-restaurant", async () => {
    const split = sampleReceipt({ mealVoucher: { last4: "0018", amountCents: 2500 } });
    expect(pdfTextLines(await renderReceiptPdf(split))).toContain(
      "Payé par carte Visa •••• 4242, titres-restaurant •••• 0018",
    );
    const voucherOnly = sampleReceipt({
      payment: null,
      mealVoucher: { last4: "0018", amountCents: 2500 },
    });
    expect(pdfTextLines(await renderReceiptPdf(voucherOnly))).toContain(
      "Payé par titres-restaurant •••• 0018",
    );
  });

  it("shows a pickup without delivery fee, address, voucher, gift wrap or card", async () => {
    const pickup = sampleReceipt({
      mode: 2,
      deliveryAddress: null,
      deliveryFeeCents: 0,
      voucher: null,
      subtotalCents: 3850,
      totalCents: 3900,
      giftWrap: false,
      payment: null,
    });
    const lines = pdfTextLines(await renderReceiptPdf(pickup));
    expect(lines).toContain("Retrait en magasin");
    expect(lines).toContain("Créneau de retrait");
    expect(lines).toContain("39,00 €");
    for (const absent of [
      "Livraison",
      "Frais de livraison",
      "Adresse de livraison",
      "Emballage cadeau",
    ]) {
      expect(lines).not.toContain(absent);
    }
    expect(lines.join("\n")).not.toContain("Bon de réduction");
    expect(lines.join("\n")).not.toContain("Payé par carte");
  });

  it("continues on more pages when the lines do not fit on one", async () => {
    const line = {
      name: "Macaron",
      options: [],
      quantity: 1,
      unitPriceCents: 200,
      totalCents: 200,
    };
    const lines = Array.from({ length: 40 }, (_, i) => ({ ...line, name: `Macaron n° ${i + 1}` }));
    const pdf = await renderReceiptPdf(sampleReceipt({ lines }));
    expect((await PDFDocument.load(pdf)).getPageCount()).toBe(2);
    const text = pdfTextLines(pdf);
    expect(text).toContain("Macaron n° 40");
    expect(text).toContain("Total TTC");
  });

  it("compresses its content unless told not to", async () => {
    const compressed = await renderReceiptPdf(sampleReceipt());
    const plain = await renderReceiptPdf(sampleReceipt(), { compress: false });
    expect(compressed.toString("latin1")).toContain("/FlateDecode");
    expect(plain.toString("latin1")).not.toContain("/FlateDecode");
    expect(pdfTextLines(plain)).toEqual(pdfTextLines(compressed));
  });
});

describe("receiptDataSchema", () => {
  it("accepts a receipt sent as JSON, dates as ISO strings", () => {
    const parsed = receiptDataSchema.parse(JSON.parse(JSON.stringify(sampleReceipt())));
    expect(parsed).toEqual(sampleReceipt());
  });

  it("refuses amounts that are not whole cents", () => {
    expect(receiptDataSchema.safeParse(sampleReceipt({ totalCents: 37.9 })).success).toBe(false);
  });
});
