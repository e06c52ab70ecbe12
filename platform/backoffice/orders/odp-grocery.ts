import type { Db } from "#db/client.ts";
import {
  GROCERY_GROUP,
  type OrderPreparation,
  slotLabel,
} from "#platform/backoffice/orders/odp.ts";
import {
  giftOptionsOf,
  orderWithProductLines,
  soldByWeightProducts,
} from "#platform/commerce/index.ts";
import { cutOf } from "#platform/sold-by-weight.ts";
import { substitutionAccepted } from "#platform/substitution.ts";

/** How the checkout names the pickup method (platform/commerce/checkout/form.ts). */
const PICKUP_METHOD = "Retrait au comptoir";

/**
 * The preparation sheet of a grocery order (the commerce service's, from the hosted checkout),
 * in the shape of a restaurant order's sheet: its product lines (the service fee left out), the
 * customer, the delivery address or "Retrait", the booked slot and its store (the pickup store,
 * or the delivering one), the gift wrapping and the card's message, and per line whether a close
 * substitute may replace a missing product (platform/substitution.ts) and, for a product sold by
 * weight, what the counter cuts (platform/sold-by-weight.ts). Orders placed before slots were
 * booked show their placing time and the grocery group instead. Null when unknown.
 */
export async function groceryPreparation(
  db: Db,
  orderId: number,
): Promise<OrderPreparation | null> {
  const found = await orderWithProductLines(db, orderId);
  if (!found) return null;
  const { order, lines } = found;
  const weighed = await soldByWeightProducts(
    db,
    lines.map((line) => line.productId),
  );
  const address = order.shippingAddress ?? order.billingAddress;
  const pickup =
    order.orderMode !== null
      ? order.orderMode === 2
      : order.deliveryMethod === PICKUP_METHOD || order.deliveryMethod === "retrait";
  const name = [address?.firstName, address?.lastName].filter(Boolean).join(" ");
  const gift = giftOptionsOf(order.customAttributes);
  return {
    order: {
      id: order.orderNumber,
      orderNumber: order.orderNumber,
      status:
        order.status === "cancelled" || order.financialStatus === "VOIDED" ? "Cancelled" : "Placed",
      mode: pickup ? 2 : 1,
      modeLabel: pickup ? "Retrait" : "Livraison",
      deliveryLocation:
        pickup || !order.shippingAddress
          ? null
          : {
              address: [order.shippingAddress.address1, order.shippingAddress.address2]
                .filter(Boolean)
                .join(", "),
              postcode: order.shippingAddress.zip ?? "",
              city: order.shippingAddress.city ?? "",
            },
      totalCents: order.totalCents,
      createdAt: order.processedAt.toISOString(),
    },
    lines: lines.map((line) => ({
      name: line.title,
      quantity: line.quantity,
      options:
        line.variantTitle && line.variantTitle !== "Default Title" ? [line.variantTitle] : [],
      substitute: substitutionAccepted(line.customAttributes),
      cut: weighed.has(line.productId) ? cutOf(line.variantTitle, line.quantity) : null,
    })),
    store:
      order.storeId !== null
        ? { id: order.storeId, name: order.storeName ?? "", phone: null }
        : { id: 0, name: GROCERY_GROUP, phone: null },
    slot:
      order.slotKey && order.slotStart
        ? {
            key: order.slotKey,
            label: slotLabel(order.slotKey),
            start: order.slotStart.toISOString(),
          }
        : { key: "", label: "", start: order.processedAt.toISOString() },
    customer: {
      name: name || null,
      phone: order.phone ?? address?.phone ?? "—",
      email: order.email,
    },
    giftWrap: gift.wrap,
    giftMessage: gift.message,
  };
}
