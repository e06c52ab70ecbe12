import { randomBytes } from "node:crypto";
import { mkdir, readFile, writeFile } from "node:fs/promises";
import { join, resolve } from "node:path";
import { type Context, Hono } from "hono";
import { z } from "zod";
import type { ReceiptData } from "#platform/ordering/index.ts";
import { renderReceiptPdf } from "#platform/ordering/index.ts";
import type { ApiDependencies } from "#server/api/types.ts";

/**
 * PDF receipts of ordering-service orders (ordering-and-server.md §7, issue 6 §6):
 * `POST /api/order/receipt` makes one and answers its file name, `GET /api/order/receipt/{name}`
 * serves it. The amounts come from the stored order, never from the request body, and only a
 * loader that checks who asks may hand them out. A receipt's name is 128 random bits: knowing it
 * is the permission to read it, and a name of any other shape is refused before the disk is
 * touched.
 */

/**
 * The receipt of an order for the one asking (the request carries their session), or null when
 * the order does not exist or is not theirs.
 */
export type ReceiptLoader = (
  orderId: number,
  request: Request,
  /** The key of the order's confirmation link (its SMS and email), instead of a session. */
  linkKey?: string,
) => Promise<ReceiptData | null>;

/** What a stored receipt's name must look like, exactly. */
export const RECEIPT_NAME = /^[0-9a-f]{32}\.pdf$/;

const orderId = z.union([
  z.number().int().positive().max(2_147_483_647),
  z
    .string()
    .regex(/^[1-9]\d{0,9}$/)
    .transform(Number),
]);

/** The storefront posts the order it shows (`{ order: { OrderId, … } }`) or just `{ orderId }`. */
const linkKey = z.string().regex(/^[0-9a-f]{32}$/);
const receiptRequest = z.union([
  z.object({ orderId, key: linkKey.optional() }).strict(),
  z.object({ order: z.object({ OrderId: orderId }).loose() }).strict(),
]);

const MESSAGES = {
  badRequest: "Numéro de commande manquant ou invalide.",
  unknownOrder: "Commande introuvable.",
  badName: "Nom de reçu invalide.",
  unknownReceipt: "Reçu introuvable.",
  failed: "Le reçu n'a pas pu être créé.",
};

/** The folder receipts are written to: RECEIPTS_DIR, else DATA_DIR/receipts. */
export function receiptsDirectory(env: Pick<ApiDependencies["env"], "RECEIPTS_DIR" | "DATA_DIR">) {
  return resolve(env.RECEIPTS_DIR ?? join(env.DATA_DIR, "receipts"));
}

/**
 * The ordering customer token a request carries: the ordering API's `X-Customer-Token` header,
 * `Authorization: Bearer …`, or the storefront's `tokenId` cookie.
 */
export function orderingCustomerToken(request: Request): string | null {
  const header = request.headers.get("x-customer-token")?.trim();
  if (header) return header;
  const bearer = /^Bearer\s+(\S+)$/i.exec(request.headers.get("authorization") ?? "");
  if (bearer?.[1]) return bearer[1];
  const cookie = request.headers.get("cookie");
  if (!cookie) return null;
  const value = /(?:^|;\s*)tokenId=([^;]+)/.exec(cookie)?.[1];
  if (!value) return null;
  try {
    return decodeURIComponent(value);
  } catch {
    return null;
  }
}

/**
 * Receipts of the embedded ordering service, for the customer the request signs in, or for whoever
 * holds the order's link key (the link of its SMS and email): an order of someone else answers
 * null, like an unknown one, so order numbers cannot be probed. The ordering module is loaded on
 * the first receipt only.
 */
export function orderingReceiptLoader(
  deps: Pick<ApiDependencies, "database" | "env">,
  now: () => Date = () => new Date(),
): ReceiptLoader {
  return async (orderId, request, linkKey) => {
    const { customerForToken, isOrderLinkKey, receiptDataForOrder } = await import(
      "#platform/ordering/index.ts"
    );
    if (linkKey) {
      if (!isOrderLinkKey(deps.env.ORDERING_API_TOKEN, orderId, linkKey)) return null;
      return receiptDataForOrder(deps.database.db, orderId);
    }
    const token = orderingCustomerToken(request);
    if (!token) return null;
    const customer = await customerForToken(deps.database.db, token, now());
    if (!customer) return null;
    const receipt = await receiptDataForOrder(deps.database.db, orderId);
    return receipt?.customerId === customer.id ? receipt : null;
  };
}

export function receiptRoutes(
  deps: Pick<ApiDependencies, "env" | "logger">,
  { loadReceipt }: { loadReceipt: ReceiptLoader },
) {
  const directory = receiptsDirectory(deps.env);
  const api = new Hono();

  api.post("/order/receipt", async (c) => {
    const body = await c.req.json().catch(() => undefined);
    const parsed = receiptRequest.safeParse(body);
    if (!parsed.success) return failure(c, 400, MESSAGES.badRequest);
    const id = "orderId" in parsed.data ? parsed.data.orderId : parsed.data.order.OrderId;
    const key = "key" in parsed.data ? parsed.data.key : undefined;
    try {
      const receipt = await loadReceipt(id, c.req.raw, key);
      if (!receipt) return failure(c, 404, MESSAGES.unknownOrder);
      const filename = `${randomBytes(16).toString("hex")}.pdf`;
      const pdf = await renderReceiptPdf(receipt);
      await mkdir(directory, { recursive: true });
      // "wx": a name is never reused, so an existing receipt is never overwritten.
      await writeFile(join(directory, filename), pdf, { flag: "wx", mode: 0o600 });
      return c.json({ success: true, filename });
    } catch (error) {
      deps.logger.error({ err: error, orderId: id }, "receipt not written");
      return failure(c, 500, MESSAGES.failed);
    }
  });

  api.get("/order/receipt/:filename{.+}", async (c) => {
    const filename = c.req.param("filename");
    if (!RECEIPT_NAME.test(filename)) return failure(c, 400, MESSAGES.badName);
    const pdf = await readFile(join(directory, filename)).catch((error: NodeJS.ErrnoException) => {
      if (error.code === "ENOENT") return null;
      throw error;
    });
    if (!pdf) return failure(c, 404, MESSAGES.unknownReceipt);
    return c.body(new Uint8Array(pdf), 200, {
      "Content-Type": "application/pdf",
      "Content-Disposition": 'attachment; filename="recu-comptoir.pdf"',
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
    });
  });

  return api;
}

function failure(c: Context, status: 400 | 404 | 500, error: string) {
  return c.json({ success: false, error }, status);
}
