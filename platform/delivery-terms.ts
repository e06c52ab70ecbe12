import { formatCents } from "#platform/format.ts";

/**
 * A delivery's terms, from the store's first enabled delivery zone (ordering-and-server.md §3,
 * "the first enabled zone is used"), and the one function that turns them and a subtotal into
 * the fee: the grocery checkout (commerce), the storefront's cart line and the restauration
 * orders (ordering) all price a delivery here, so the cart shows what the checkout charges.
 *
 * Which subtotal is compared is the caller's: the grocery side passes the products' total after
 * discount codes (what the shopper pays for the goods, without the service fee), the
 * restauration side its basket before vouchers, as it always did (docs/checkout.md).
 */
export type DeliveryTerms = {
  /** The zone's fee (the store's `DeliveryFee` when the zone has none of its own). */
  feeCents: number;
  /** A delivery below this subtotal is refused; 0: no minimum. */
  minimumOrderCents: number;
  /** From this subtotal on, delivery is free; null: never free. */
  freeDeliveryOverCents: number | null;
};

/** The delivery fee for a subtotal: the zone's fee, or 0 once the free-delivery threshold is reached. */
export function deliveryFeeCents(terms: DeliveryTerms, subtotalCents: number): number {
  if (terms.freeDeliveryOverCents !== null && subtotalCents >= terms.freeDeliveryOverCents) {
    return 0;
  }
  return Math.max(0, terms.feeCents);
}

/** Whether a delivery of this subtotal is refused for the zone's minimum order. */
export function belowDeliveryMinimum(terms: DeliveryTerms, subtotalCents: number): boolean {
  return subtotalCents < terms.minimumOrderCents;
}

/** What is left to add before delivery is free; null when never free or already free. */
export function leftToFreeDelivery(terms: DeliveryTerms, subtotalCents: number): number | null {
  if (terms.freeDeliveryOverCents === null || terms.feeCents <= 0) return null;
  const left = terms.freeDeliveryOverCents - subtotalCents;
  return left > 0 ? left : null;
}

/** The refusal of a delivery below the zone's minimum, as the checkout and the cart say it. */
export function deliveryMinimumMessage(terms: DeliveryTerms): string {
  return `Le minimum de commande pour la livraison est de ${formatCents(terms.minimumOrderCents)}.`;
}
