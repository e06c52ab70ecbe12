import { DELIVERY_MODE } from "#app/lib/cart.ts";
import { readCookie } from "#app/lib/cookies.ts";
import { serviceFetch } from "#app/lib/services.server.ts";
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

type OrderingStore = { StoreId: number; PhysicalRestaurantId: number; DeliveryFee: number };

/** Flipdish's `DeliveryZone`, the fields the fee needs (`FreeDeliveryOverAmount`: this service's own). */
type OrderingZone = {
  IsEnabled: boolean;
  DeliveryFee: number;
  MinimumDeliveryOrderAmount: number;
  FreeDeliveryOverAmount?: number | null;
};

async function orderingData<T>(path: string): Promise<T | null> {
  const response = await serviceFetch("ordering", path, {
    headers: { Accept: "application/json" },
  });
  if (!response.ok) return null;
  return ((await response.json()) as { Data?: T }).Data ?? null;
}

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
    const stores = await orderingData<OrderingStore[]>("/ordering/api/v1.0/stores");
    const store = stores?.find(
      (s) => s.StoreId === location || s.PhysicalRestaurantId === location,
    );
    if (!store) return null;
    const zones = await orderingData<OrderingZone[]>(
      `/ordering/api/v1.0/stores/${store.StoreId}/deliveryzones`,
    );
    if (!zones) return null;
    const zone = zones.find((z) => z.IsEnabled);
    if (!zone) {
      return {
        feeCents: toCents(store.DeliveryFee),
        minimumOrderCents: 0,
        freeDeliveryOverCents: null,
      };
    }
    return {
      feeCents: toCents(zone.DeliveryFee),
      minimumOrderCents: toCents(zone.MinimumDeliveryOrderAmount),
      freeDeliveryOverCents:
        zone.FreeDeliveryOverAmount == null ? null : toCents(zone.FreeDeliveryOverAmount),
    };
  } catch {
    return null;
  }
}
