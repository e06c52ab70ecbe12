import {
  deliverySlots,
  orderingErrorResponse,
  orderingJson,
  orderingRefusal,
  shopperIpOf,
} from "#app/lib/ordering/ordering.server.ts";

import type { Route } from "./+types/order-mode.slots";

export const BAD_SLOTS_QUERY = "Choisissez d'abord un magasin et un mode de retrait.";

/**
 * GET /order-mode/slots.json?location={PhysicalRestaurantId}&mode=1|2: the slots a store offers
 * now for a mode, in time order, full ones flagged (`{ Success, Data: [{ key, isFull, start, end }] }`).
 * Never cached: slots fill up and pass.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const location = url.searchParams.get("location") ?? "";
  const mode = url.searchParams.get("mode");
  if (!/^\d{1,9}$/.test(location) || (mode !== "1" && mode !== "2")) {
    return orderingRefusal(400, "bad_request", BAD_SLOTS_QUERY);
  }
  try {
    const slots = await deliverySlots(Number(location), mode === "1" ? 1 : 2, {
      shopperIp: shopperIpOf(context),
    });
    return orderingJson(slots);
  } catch (error) {
    return orderingErrorResponse(error);
  }
}
