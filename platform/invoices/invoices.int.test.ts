import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "#db/client.ts";
import { createTestDatabase } from "#db/testing/index.ts";
import {
  type InvoiceDraft,
  invoiceByNumber,
  invoicePath,
  invoicesOfOrder,
  issueCreditNote,
  issueInvoice,
  renderInvoicePdf,
} from "#platform/invoices/index.ts";
import { invoice } from "#platform/invoices/tables.ts";
import { pdfTextLines } from "#platform/ordering/testing.ts";
import { orderVat, VAT_REDUCED, VAT_STANDARD } from "#platform/vat.ts";

const NOW = new Date("2026-11-24T09:30:00Z");

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database?.close());

/** A grocery order of a cheese at 5.5 %, a wine at 20 %, the service fee and a delivery. */
function draft(orderId: number): InvoiceDraft {
  const goods = [
    { rateBasisPoints: VAT_REDUCED, amountCents: 2500 },
    { rateBasisPoints: VAT_STANDARD, amountCents: 1800 },
  ];
  return {
    source: "epicerie",
    orderId,
    customerId: 7,
    document: {
      buyer: {
        name: "Paul Durand",
        addressLines: ["12 rue des Martyrs", "75009 Paris"],
        email: "paul@example.fr",
      },
      orderLabel: "Épicerie, livraison à domicile",
      orderNumber: 1000 + orderId,
      orderedAt: NOW.toISOString(),
      supply: "mardi 24 novembre 2026, 18h00–19h00",
      lines: [
        {
          title: "Comté AOP 18 mois",
          detail: "250 g",
          quantity: 2,
          unitCents: 1250,
          totalCents: 2500,
          rateBasisPoints: VAT_REDUCED,
        },
        {
          title: "Saint-Joseph rouge",
          detail: null,
          quantity: 1,
          unitCents: 1800,
          totalCents: 1800,
          rateBasisPoints: VAT_STANDARD,
        },
        {
          title: "Frais de service",
          detail: null,
          quantity: 1,
          unitCents: 50,
          totalCents: 50,
          rateBasisPoints: VAT_STANDARD,
        },
      ],
      discountCents: 0,
      discountLabel: null,
      shippingCents: 590,
      vat: orderVat(goods, [{ rateBasisPoints: VAT_STANDARD, amountCents: 50 }], 590),
      totalCents: 4940,
      payment: "payée par carte Visa •••• 4242",
    },
  };
}

const numbersOf = (rows: { number: string }[]) => rows.map((row) => row.number).sort();

describe("invoice numbering", () => {
  it("numbers concurrent invoices without gap or repeat, a rolled-back one giving its number back", async () => {
    const { db } = database;
    // Twelve orders paid at once; every third payment fails after its invoice was numbered.
    const outcomes = await Promise.allSettled(
      Array.from({ length: 12 }, (_, index) =>
        db.transaction(async (tx) => {
          const row = await issueInvoice(tx, draft(index + 1), NOW);
          if (index % 3 === 2) throw new Error("the card was declined");
          return row;
        }),
      ),
    );
    expect(outcomes.filter((outcome) => outcome.status === "rejected")).toHaveLength(4);
    const rows = await db.select().from(invoice);
    expect(numbersOf(rows)).toEqual(
      Array.from({ length: 8 }, (_, index) => `F-2026-${String(index + 1).padStart(6, "0")}`),
    );
    // An order has one invoice: issuing it again answers the first.
    const first = rows.find((row) => row.orderId === 1);
    const again = await db.transaction((tx) => issueInvoice(tx, draft(1), NOW));
    expect(again.number).toBe(first?.number);
    expect(await db.select().from(invoice)).toHaveLength(8);
  });

  it("starts each year's series again, apart from the credit notes'", async () => {
    const { db } = database;
    const january = new Date("2027-01-01T00:30:00+01:00");
    const row = await db.transaction((tx) => issueInvoice(tx, draft(100), january));
    expect(row.number).toBe("F-2027-000001");
    const credit = await db.transaction((tx) =>
      issueCreditNote(
        tx,
        { source: "epicerie", orderId: 100, amountCents: 1000, reason: "Produit manquant" },
        january,
      ),
    );
    expect(credit?.number).toBe("AV-2027-000001");
  });
});

describe("credit notes", () => {
  it("share a refund between the invoice's rates and reference it", async () => {
    const { db } = database;
    await db.transaction((tx) => issueInvoice(tx, draft(200), NOW));
    const credit = await db.transaction((tx) =>
      issueCreditNote(
        tx,
        { source: "epicerie", orderId: 200, amountCents: 4940, reason: "Commande annulée" },
        NOW,
      ),
    );
    if (!credit) throw new Error("no credit note");
    expect(credit.kind).toBe("credit_note");
    expect(credit.document.vat).toEqual(draft(200).document.vat);
    expect(credit.document.credits?.number).toMatch(/^F-2026-\d{6}$/);
    const documents = await invoicesOfOrder(db, "epicerie", 200);
    expect(documents.map((row) => row.kind)).toEqual(["invoice", "credit_note"]);
    // Nothing to credit on an order without an invoice, nor for nothing.
    const none = await db.transaction((tx) =>
      issueCreditNote(tx, { source: "epicerie", orderId: 999, amountCents: 100, reason: "x" }, NOW),
    );
    expect(none).toBeNull();
  });

  it("are read only with their own key", async () => {
    const { db } = database;
    const [row] = await invoicesOfOrder(db, "epicerie", 200);
    if (!row) throw new Error("no invoice");
    expect((await invoiceByNumber(db, row.number, row.accessKey))?.id).toBe(row.id);
    expect(await invoiceByNumber(db, row.number, "0".repeat(32))).toBeUndefined();
    expect(await invoiceByNumber(db, "F-2026-1", row.accessKey)).toBeUndefined();
    expect(invoicePath(row)).toBe(`/api/invoices/${row.number}.pdf?key=${row.accessKey}`);
  });
});

describe("the invoice PDF", () => {
  it("states the mentions of a French invoice, the lines and the VAT per rate", async () => {
    const { db } = database;
    const [row] = await invoicesOfOrder(db, "epicerie", 200);
    if (!row) throw new Error("no invoice");
    const pdf = await renderInvoicePdf(row, { compress: false });
    expect(pdf.subarray(0, 5).toString()).toBe("%PDF-");
    const text = pdfTextLines(pdf).join("\n").replaceAll("\u00a0", " ");
    for (const expected of [
      `Facture ${row.number}`,
      "Date : 24 novembre 2026",
      "Commande n° 1200",
      // The seller: legal name, form, capital, address, RCS, SIRET and VAT number.
      "Comptoir SAS, société par actions simplifiée au capital de 50 000 €",
      "42 boulevard Haussmann, 75009 Paris",
      "RCS Paris 912 345 675 · SIRET 912 345 675 00017",
      "TVA intracommunautaire FR65912345675",
      // The buyer and the date of supply.
      "Paul Durand\n12 rue des Martyrs\n75009 Paris\npaul@example.fr",
      "mardi 24 novembre 2026, 18h00–19h00",
      // Lines: quantity, unit price without tax, rate, total.
      "Comté AOP 18 mois — 250 g\n2\n11,85 €\n5,5 %\n25,00 €",
      "Saint-Joseph rouge\n1\n15,00 €\n20 %\n18,00 €",
      // Per rate: the delivery (5,90 €) shared between 25,00 € and 18,00 € of goods (3,43 € and
      // 2,47 €), the service fee at 20 %.
      "TVA 5,5 %\n26,95 €\n1,48 €\n28,43 €",
      "TVA 20 %\n17,47 €\n3,50 €\n20,97 €",
      "Total HT\n44,42 €",
      "Total TVA\n4,98 €",
      "Total TTC\n49,40 €",
      "Facture acquittée le 24 novembre 2026 : payée par carte Visa •••• 4242.",
      "indemnité forfaitaire",
    ]) {
      expect(text).toContain(expected);
    }
  });

  it("prints a credit note with the invoice it cancels", async () => {
    const { db } = database;
    const [, credit] = await invoicesOfOrder(db, "epicerie", 200);
    if (!credit) throw new Error("no credit note");
    const text = pdfTextLines(await renderInvoicePdf(credit, { compress: false }))
      .join("\n")
      .replaceAll("\u00a0", " ");
    expect(text).toContain(`Avoir ${credit.number}`);
    expect(text).toContain(`Sur la facture ${credit.document.credits?.number}`);
    expect(text).toContain("Commande annulée");
    expect(text).toContain("Montant remboursé TTC\n49,40 €");
  });
});
