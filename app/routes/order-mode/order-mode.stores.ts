import {
  listStores,
  orderingErrorResponse,
  orderingJson,
  shopperIpOf,
} from "#app/lib/ordering/ordering.server.ts";

import type { Route } from "./+types/order-mode.stores";

export type PickupStore = {
  id: number;
  name: string;
  address: string;
};

/** GET /order-mode/stores.json: the stores offering pickup (`{ Success, Data: [{ id, name, address }] }`). */
export async function loader({ context }: Route.LoaderArgs) {
  try {
    const stores = await listStores({ shopperIp: shopperIpOf(context) });
    return orderingJson(
      stores
        .filter((store) => store.pickupEnabled)
        .map(
          (store): PickupStore => ({
            id: store.physicalRestaurantId,
            name: store.name,
            address: store.address.display,
          }),
        ),
    );
  } catch (error) {
    return orderingErrorResponse(error);
  }
}
