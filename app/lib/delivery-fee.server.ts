import { DELIVERY_MODE } from "#app/lib/cart.ts";
import { readCookie } from "#app/lib/cookies.ts";
import { serviceFetch } from "#app/lib/services.server.ts";

/** The delivery fee the cart shows (ordering-and-server.md §4), from the ordering service. */

export const MODE_COOKIE = "mode";
export const DELIVERY_LOCATION_COOKIE = "deliveryLocationId";

type OrderingStore = { StoreId: number; PhysicalRestaurantId: number; DeliveryFee: number };

/**
 * The delivery store's `DeliveryFee` in cents when the visitor's mode is delivery (1) and a
 * delivery store is chosen (`deliveryLocationId`, its StoreId or PhysicalRestaurantId); null
 * otherwise, or when the ordering service does not answer (the line is then left out).
 */
export async function deliveryFeeFor(request: Request): Promise<number | null> {
  if (readCookie(request, MODE_COOKIE) !== DELIVERY_MODE) return null;
  const location = Number(readCookie(request, DELIVERY_LOCATION_COOKIE));
  if (!Number.isInteger(location) || location <= 0) return null;
  try {
    const response = await serviceFetch("ordering", "/ordering/api/v1.0/stores", {
      headers: { Accept: "application/json" },
    });
    if (!response.ok) return null;
    const body = (await response.json()) as { Data?: OrderingStore[] };
    const store = body.Data?.find(
      (s) => s.StoreId === location || s.PhysicalRestaurantId === location,
    );
    return store ? Math.round(store.DeliveryFee * 100) : null;
  } catch {
    return null;
  }
}
