import type { Tx } from "#db/client.ts";
import {
  type OrderRow,
  orderLines,
  storedOrderVatLines,
} from "#platform/commerce/orders/orders.ts";
import type { OrderAddress } from "#platform/commerce/orders/schema.ts";
import { formatSlotBetween } from "#platform/format.ts";
import { type InvoiceRow, issueInvoice } from "#platform/invoices/index.ts";
import { weightLabel } from "#platform/sold-by-weight.ts";

/**
 * The invoice of a paid grocery order, issued in the transaction that records the payment, from
 * the order as stored: its lines at their rates, the service fee at 20 %, the delivery shared
 * between the products' rates (platform/vat.ts), the billing address.
 */
export async function issueGroceryInvoice(
  tx: Tx,
  order: OrderRow,
  payment: string | null,
  now: Date,
): Promise<InvoiceRow> {
  const lines = await orderLines(tx, [order.id]);
  const address = order.billingAddress ?? order.shippingAddress;
  const codes = order.discountApplications.map((discount) =>
    "code" in discount ? `code ${discount.code}` : discount.title,
  );
  return issueInvoice(
    tx,
    {
      source: "epicerie",
      orderId: order.id,
      customerId: order.customerId,
      document: {
        buyer: {
          name: partyName(address) ?? order.email ?? "Client",
          addressLines: addressLines(address),
          email: order.email,
        },
        orderLabel:
          order.orderMode === 1
            ? "Épicerie, livraison à domicile"
            : order.orderMode === 2
              ? `Épicerie, retrait au magasin ${order.storeName ?? ""}`.trim()
              : "Épicerie",
        orderNumber: order.orderNumber,
        orderedAt: order.processedAt.toISOString(),
        supply:
          order.slotStart && order.slotEnd
            ? formatSlotBetween(order.slotStart, order.slotEnd)
            : null,
        lines: lines.map((line) =>
          // A line sold by weight, captured at its weighed weight: one cut of that weight.
          line.weighedGrams !== null && line.orderedTotalCents !== null
            ? {
                title: line.title,
                detail: `${line.quantity > 1 ? `${line.quantity} × ` : ""}${line.variantTitle ?? ""} commandés, pesé ${weightLabel(line.weighedGrams)}`,
                quantity: 1,
                unitCents: line.originalTotalCents,
                totalCents: line.discountedTotalCents,
                rateBasisPoints: line.taxRateBasisPoints,
              }
            : {
                title: line.title,
                detail:
                  line.variantTitle && line.variantTitle !== "Default Title"
                    ? line.variantTitle
                    : null,
                quantity: line.quantity,
                unitCents: line.unitPriceCents,
                totalCents: line.discountedTotalCents,
                rateBasisPoints: line.taxRateBasisPoints,
              },
        ),
        discountCents: order.totalDiscountCents,
        discountLabel: codes.length > 0 ? `Remise (${codes.join(", ")})` : null,
        shippingCents: order.totalShippingCents,
        vat: storedOrderVatLines(order, lines),
        totalCents: order.totalCents,
        payment,
      },
    },
    now,
  );
}

function partyName(address: OrderAddress | null): string | null {
  if (!address) return null;
  const name = [address.firstName, address.lastName].filter(Boolean).join(" ").trim();
  return [name, address.company].filter(Boolean).join(", ") || null;
}

function addressLines(address: OrderAddress | null): string[] {
  if (!address) return [];
  return [
    address.address1 ?? "",
    address.address2 ?? "",
    `${address.zip ?? ""} ${address.city ?? ""}`.trim(),
  ].filter((line) => line.trim() !== "");
}
