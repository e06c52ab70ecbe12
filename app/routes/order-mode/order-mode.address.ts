import {
  checkAddress,
  orderingErrorResponse,
  orderingJson,
  readAddressFields,
  shopperIpOf,
} from "#app/lib/ordering/ordering.server.ts";

import type { Route } from "./+types/order-mode.address";

/**
 * GET /order-mode/address.json?address=…&postcode=…&city=…[&restauration=1]: checks a delivery
 * address against the stores' delivery zones. `{ Success, Data: { store: { id, name,
 * deliveryFee } | null, isProvince } }`, or a refusal (`invalid_address` with `Field`,
 * `outside_delivery_zone`). Never cached.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  const fields = readAddressFields(params);
  if (!fields.ok) return fields.refusal;
  try {
    const checked = await checkAddress(fields.address, params.get("restauration") === "1", {
      shopperIp: shopperIpOf(context),
    });
    if (!checked.ok) return checked.refusal;
    return orderingJson({ store: checked.store, isProvince: checked.isProvince });
  } catch (error) {
    return orderingErrorResponse(error);
  }
}
