import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "#db/client.ts";
import { createTestDatabase } from "#db/testing/index.ts";
import { type InvoiceRow, invoicePath, issueInvoice } from "#platform/invoices/index.ts";
import { pdfTextLines } from "#platform/ordering/testing.ts";
import { invoiceRoutes } from "#server/api/invoices.ts";
import { apiTestApp, apiTestEnv } from "#server/api/testing.ts";

const NOW = new Date("2026-11-24T09:30:00Z");

let database: Database;
let invoice: InvoiceRow;
let request: (path: string) => Promise<Response>;

beforeAll(async () => {
  database = await createTestDatabase();
  const app = apiTestApp(apiTestEnv, database, invoiceRoutes);
  request = async (path) => app.request(`http://shop.test${path}`);
  invoice = await database.db.transaction((tx) =>
    issueInvoice(
      tx,
      {
        source: "restauration",
        orderId: 42,
        customerId: 3,
        document: {
          buyer: { name: "Camille Martin", addressLines: [], email: null },
          orderLabel: "Restauration, retrait — Comptoir Opéra",
          orderNumber: 1042,
          orderedAt: NOW.toISOString(),
          supply: null,
          lines: [
            {
              title: "Salade César",
              detail: null,
              quantity: 2,
              unitCents: 950,
              totalCents: 1900,
              rateBasisPoints: 1000,
            },
          ],
          discountCents: 0,
          discountLabel: null,
          shippingCents: 0,
          vat: [{ rateBasisPoints: 1000, netCents: 1727, vatCents: 173, grossCents: 1900 }],
          totalCents: 1900,
          payment: null,
        },
      },
      NOW,
    ),
  );
});
afterAll(() => database?.close());

describe("GET /api/invoices/{number}.pdf", () => {
  it("serves the document to the holder of its link, privately", async () => {
    const res = await request(invoicePath(invoice));
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/pdf");
    expect(res.headers.get("cache-control")).toBe("private, no-store");
    expect(res.headers.get("content-disposition")).toBe(
      `inline; filename="Facture-${invoice.number}.pdf"`,
    );
    const pdf = Buffer.from(await res.arrayBuffer());
    expect(pdf.subarray(0, 5).toString()).toBe("%PDF-");
    expect(pdfTextLines(pdf)).toContain(`Facture ${invoice.number}`);
  });

  it("answers 404 in French to a wrong key, an unknown number or a bad name", async () => {
    for (const path of [
      `/api/invoices/${invoice.number}.pdf?key=${"0".repeat(32)}`,
      `/api/invoices/${invoice.number}.pdf`,
      `/api/invoices/F-2026-999999.pdf?key=${invoice.accessKey}`,
      `/api/invoices/${invoice.number}?key=${invoice.accessKey}`,
      `/api/invoices/..%2Fetc.pdf?key=${invoice.accessKey}`,
    ]) {
      const res = await request(path);
      expect(res.status, path).toBe(404);
      expect(await res.json()).toEqual({ success: false, error: "Facture introuvable." });
    }
  });
});
