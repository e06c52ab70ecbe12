import { getCart } from "#app/lib/cart.server.ts";
import type { CartPayload } from "#app/lib/cart.ts";
import { deliveryFeeFor } from "#app/lib/delivery-fee.server.ts";
import type { Route } from "./+types/cart.json";

/**
 * GET /cart.json: the visitor's cart in the storefront's shape and the delivery fee that applies
 * (app/lib/cart.ts), read by the page's script after hydration (decision 002). Never cached.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const [{ cart, headers }, deliveryFee] = await Promise.all([
    getCart(request),
    deliveryFeeFor(request),
  ]);
  headers.set("Cache-Control", "private, no-store");
  return Response.json({ cart, deliveryFee } satisfies CartPayload, { headers });
}
