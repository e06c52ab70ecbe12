import type { CartPayload } from "#app/lib/cart/cart.ts";
import { deliveryTermsFor } from "#app/lib/cart/delivery-fee.server.ts";
import { getCart } from "#app/lib/cart/read.server.ts";
import type { Route } from "./+types/cart.json";

/**
 * GET /cart.json: the visitor's cart in the storefront's shape and the delivery terms that apply
 * (app/lib/cart/cart.ts), read by the page's script after hydration (decision 002). Never cached.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const [{ cart, headers }, delivery] = await Promise.all([
    getCart(request),
    deliveryTermsFor(request),
  ]);
  headers.set("Cache-Control", "private, no-store");
  return Response.json({ cart, delivery } satisfies CartPayload, { headers });
}
