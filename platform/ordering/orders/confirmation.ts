import { createHmac, timingSafeEqual } from "node:crypto";
import type { Tx } from "#db/client.ts";
import { formatSlotBetween } from "#platform/format.ts";
import { type InvoiceRow, invoicePath, invoiceTitle } from "#platform/invoices/index.ts";
import {
  orderConfirmationEmail,
  orderConfirmationSms,
  queueEmail,
  queueSms,
} from "#platform/notify/index.ts";
import { orderNumberLabel } from "#platform/order-status.ts";
import { receiptVat } from "#platform/ordering/orders/invoice.ts";
import type { ReceiptData } from "#platform/ordering/receipts/data.ts";
import { receiptDataForOrder } from "#platform/ordering/receipts/receipts.ts";

/**
 * The confirmation of a paid order (issue 18 §3): an SMS to the phone the customer signed in
 * with, and an email when the customer gave one — the order's number and dishes, the slot and
 * store, and the link to its confirmation page, where the PDF receipt is made. Queued in the
 * order's transaction, so they exist exactly when the order does (docs/notify.md).
 */

/** What the confirmation links need: the shop's public origin and the key of their links. */
export type OrderLinks = { origin: string; secret: string };

/**
 * The key of an order's links (32 hex characters): an HMAC of the order id under the service's
 * secret, so a link opens its own order only, and order numbers (sequential) cannot be probed.
 * Nothing is stored: a new secret ends every link made before it.
 */
export function orderLinkKey(secret: string, orderId: number): string {
  return createHmac("sha256", secret)
    .update(`ordering-order:${orderId}`)
    .digest("hex")
    .slice(0, 32);
}

/** Whether `key` is the link key of the order, compared in constant time. */
export function isOrderLinkKey(secret: string, orderId: number, key: string): boolean {
  const expected = Buffer.from(orderLinkKey(secret, orderId));
  const given = Buffer.from(key);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** The confirmation page of an order, openable without signing in: `?orderId=…&cle=…`. */
export function orderConfirmationUrl(links: OrderLinks, orderId: number): string {
  return `${links.origin}/order/confirmation/?orderId=${orderId}&cle=${orderLinkKey(links.secret, orderId)}`;
}

/** « Retrait le mardi 24 novembre 2026, 12h00–13h00 chez Comptoir Opéra (12 rue …) ». */
function arrivalOf(receipt: ReceiptData): string {
  const slot = formatSlotBetween(receipt.slot.start, receipt.slot.end);
  const store = `${receipt.store.name} (${receipt.store.addressLines.join(", ")})`;
  if (receipt.mode === 2) return `Retrait le ${slot} chez ${store}`;
  const address = receipt.deliveryAddress?.addressLines.join(", ") ?? "";
  return `Livraison le ${slot} au ${address}, préparée par ${store}`;
}

/** Queues the SMS and, when the customer's email is known, the email of a new order. */
export async function queueOrderConfirmation(
  tx: Tx,
  orderId: number,
  links: OrderLinks,
  invoice?: InvoiceRow,
): Promise<void> {
  const receipt = await receiptDataForOrder(tx, orderId);
  if (!receipt) throw new Error(`The order ${orderId} was not found for its confirmation`);
  const orderName = orderNumberLabel(Number(receipt.orderNumber));
  const url = orderConfirmationUrl(links, orderId);
  const arrival = arrivalOf(receipt);
  const lines = receipt.lines.map((line) => ({
    title: line.name,
    quantity: line.quantity,
    totalCents: line.totalCents,
    details: line.options.map((option) => option.name),
  }));

  const phone = receipt.customer.phone;
  if (phone) {
    await queueSms(tx, {
      kind: "order-confirmation",
      to: phone,
      text: orderConfirmationSms({ orderName, lines, arrival, receiptUrl: url }),
    });
  }
  const email = receipt.customer.email?.trim();
  if (!email) return;
  const message = orderConfirmationEmail({
    // The name the customer gave at checkout: a first name may not be told apart from it.
    firstName: null,
    orderName,
    lines,
    discount: receipt.voucher
      ? {
          label:
            receipt.voucher.code === "Remise automatique"
              ? "Remise automatique"
              : `Code promo ${receipt.voucher.code}`,
          cents: receipt.voucher.amountCents,
        }
      : null,
    fees: [
      { title: "Frais de service", cents: receipt.serviceFeeCents },
      ...(receipt.mode === 1
        ? [{ title: "Frais de livraison", cents: receipt.deliveryFeeCents }]
        : []),
    ],
    totalCents: receipt.totalCents,
    vat: receiptVat(receipt),
    invoice: invoice
      ? { title: invoiceTitle(invoice), url: new URL(invoicePath(invoice), url).href }
      : null,
    arrival: [`${arrival}.`, ...(receipt.giftWrap ? ["Avec emballage cadeau."] : [])],
    action: { label: "Voir ma commande et mon reçu", url },
  });
  await queueEmail(tx, { kind: "order-confirmation", to: email, ...message });
}
