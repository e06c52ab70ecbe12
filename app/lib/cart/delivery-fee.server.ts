import { DELIVERY_MODE } from "#app/lib/cart/cart.ts";
import { readCookie } from "#app/lib/cookies.ts";
import { deliveryZone, listStores } from "#app/lib/ordering/ordering.server.ts";
import type { DeliveryTerms } from "#platform/delivery-terms.ts";
import { toCents } from "#platform/format.ts";

/**
 * The delivery terms the cart prices its fee line with (docs/cart.md), read from the ordering
 * service's Flipdish-shaped admin API: the delivery store's first enabled zone's fee, minimum
 * order and free-delivery threshold. The fee itself is computed from them and the cart's total
 * by `deliveryFeeCents` (platform/delivery-terms.ts), as the hosted checkout computes it.
 */

export const MODE_COOKIE = "mode";
export const DELIVERY_LOCATION_COOKIE = "deliveryLocationId";

/**
 * The delivery store's terms when the visitor's mode is delivery (1) and a delivery store is
 * chosen (`deliveryLocationId`, its StoreId or PhysicalRestaurantId); null otherwise, or when
 * the ordering service does not answer (the line is then left out). A store without an enabled
 * zone delivers at its own `DeliveryFee`, with no minimum and never free, as its orders do.
 */
export async function deliveryTermsFor(request: Request): Promise<DeliveryTerms | null> {
  if (readCookie(request, MODE_COOKIE) !== DELIVERY_MODE) return null;
  const location = Number(readCookie(request, DELIVERY_LOCATION_COOKIE));
  if (!Number.isInteger(location) || location <= 0) return null;
  try {
    const store = (await listStores()).find(
      (s) => s.storeId === location || s.physicalRestaurantId === location,
    );
    if (!store) return null;
    const zone = await deliveryZone(store.storeId);
    if (!zone) {
      return {
        feeCents: toCents(store.deliveryFee),
        minimumOrderCents: 0,
        freeDeliveryOverCents: null,
      };
    }
    return {
      feeCents: toCents(zone.deliveryFee),
      minimumOrderCents: toCents(zone.minimumOrder),
      freeDeliveryOverCents: zone.freeDeliveryOver === null ? null : toCents(zone.freeDeliveryOver),
    };
  } catch {
    return null;
  }
}
