import { Hono } from "hono";
import { documentRoutes } from "#server/api/documents.ts";
import { exportRoutes } from "#server/api/exports.ts";
import { flipdishRoutes } from "#server/api/flipdish.ts";
import { imageRoutes } from "#server/api/images.ts";
import { importRoutes } from "#server/api/imports.ts";
import { invoiceRoutes } from "#server/api/invoices.ts";
import { logRoutes } from "#server/api/logs.ts";
import { newsletterRoutes } from "#server/api/newsletter.ts";
import { odpRoutes } from "#server/api/odp.ts";
import { officeRoutes } from "#server/api/office.ts";
import { orderingReceiptLoader, receiptRoutes } from "#server/api/receipts.ts";
import { shopifyRoutes } from "#server/api/shopify.ts";
import type { ApiDependencies } from "#server/api/types.ts";

/**
 * The shop's own API routes (ordering-and-server.md §7), each module a router of its own. Answers
 * are JSON; bad input gets `{ success: false, error }` and changes nothing.
 */
export function ownApiRoutes(deps: ApiDependencies) {
  const routers: Hono[] = [
    flipdishRoutes(deps),
    shopifyRoutes(deps),
    documentRoutes(deps),
    logRoutes(deps),
    newsletterRoutes(deps),
    receiptRoutes(deps, { loadReceipt: orderingReceiptLoader(deps) }),
    invoiceRoutes(deps),
    imageRoutes(deps),
    exportRoutes(deps),
    importRoutes(deps),
    odpRoutes(deps),
    officeRoutes(deps),
  ];
  const api = new Hono();
  for (const router of routers) api.route("/", router);
  return api;
}
