import type { CartView } from "#platform/commerce/cart/view.ts";
import type { OrderDeliveryMethod } from "#platform/commerce/orders/orders.ts";
import type { SlotPortStore } from "#platform/commerce/slot-port.ts";
import {
  belowDeliveryMinimum,
  deliveryFeeCents,
  deliveryMinimumMessage,
  leftToFreeDelivery,
} from "#platform/delivery-terms.ts";

/**
 * How the order reaches the shopper (documented in docs/checkout.md): chosen on the storefront
 * with the slot (the order-mode modal), never asked again by the checkout. The fee of a delivery
 * is the store's zone's (platform/delivery-terms.ts), read through the slot port with the slot.
 */
export const DELIVERY_METHODS = {
  domicile: { code: "domicile", title: "Livraison à domicile" },
  retrait: { code: "retrait", title: "Retrait au comptoir" },
} as const;

export type DeliveryCode = keyof typeof DELIVERY_METHODS;

export type CheckoutDelivery = {
  /** The method with the fee this cart pays, as the order records it. */
  method: OrderDeliveryMethod;
  /** Why a delivery cannot be placed (below the zone's minimum), in French; null when it can. */
  refusal: string | null;
  /** What is left to add before delivery is free; null when never free or already free. */
  leftToFree: number | null;
};

/**
 * The delivery of a cart: pickup is free; a delivery pays its zone's fee, or nothing once the
 * products' total after discount codes (`view.totalCents`, without the service fee) reaches the
 * zone's free-delivery threshold, and is refused below the zone's minimum order. A store without
 * terms (none known) delivers free of charge and without a minimum.
 */
export function checkoutDelivery(
  mode: 1 | 2,
  store: Pick<SlotPortStore, "delivery"> | null,
  view: Pick<CartView, "totalCents">,
): CheckoutDelivery {
  const terms = mode === 1 ? (store?.delivery ?? null) : null;
  const base = mode === 1 ? DELIVERY_METHODS.domicile : DELIVERY_METHODS.retrait;
  if (!terms) return { method: { ...base, feeCents: 0 }, refusal: null, leftToFree: null };
  const subtotal = view.totalCents;
  return {
    method: { ...base, feeCents: deliveryFeeCents(terms, subtotal) },
    refusal: belowDeliveryMinimum(terms, subtotal) ? deliveryMinimumMessage(terms) : null,
    leftToFree: leftToFreeDelivery(terms, subtotal),
  };
}
