import { Hono } from "hono";
import { invoiceByNumber, invoiceTitle, renderInvoicePdf } from "#platform/invoices/index.ts";
import type { ApiDependencies } from "#server/api/types.ts";

/**
 * `GET /api/invoices/{number}.pdf?key=…`: an invoice or a credit note as PDF, printed from the
 * document as it was issued (docs/invoices.md). The link is the permission to read it: its key
 * is 128 random bits of that document alone, given only to the order's customer (its pages and
 * its email). Anything else answers 404, saying nothing of which documents exist.
 */
export function invoiceRoutes(deps: ApiDependencies) {
  const routes = new Hono();
  routes.get("/invoices/:file{.+}", async (c) => {
    const match = /^(.+)\.pdf$/.exec(c.req.param("file"));
    const row = match?.[1]
      ? await invoiceByNumber(deps.database.db, match[1], c.req.query("key") ?? "")
      : undefined;
    if (!row) {
      return c.json({ success: false, error: "Facture introuvable." }, 404, {
        "cache-control": "no-store",
      });
    }
    const pdf = await renderInvoicePdf(row);
    return c.body(new Uint8Array(pdf), 200, {
      "content-type": "application/pdf",
      "content-disposition": `inline; filename="${invoiceTitle(row).replace(" ", "-")}.pdf"`,
      "cache-control": "private, no-store",
      "x-robots-tag": "noindex",
    });
  });
  return routes;
}
