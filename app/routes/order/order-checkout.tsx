import { redirect } from "react-router";
import { linkCartToCustomer } from "#app/lib/account/account.server.ts";
import { customerTokenOf } from "#app/lib/account/customer-session.server.ts";
import { type CartView, cartRestauration } from "#app/lib/cart/cart.ts";
import { CART_FLASH_COOKIE, type CartFlash } from "#app/lib/cart/form.server.ts";
import { getCart } from "#app/lib/cart/read.server.ts";
import {
  CHECKOUT_MESSAGES,
  PreparationError,
  prepareCheckout,
  RESTAURATION_CHECKOUT_PATH,
} from "#app/lib/checkout/preparation.server.ts";
import { isHttps, serializeCookie } from "#app/lib/cookies.ts";
import { readOrderMode } from "#app/lib/order-mode/order-mode.ts";
import type { Route } from "./+types/order-checkout";

/**
 * POST /order/checkout/: the grocery checkout preparation (storefront.md §7; DESIGN.md §5), then
 * the commerce service's hosted checkout. In order:
 *
 * 1. read the stored cart id (`cartId` cookie); none, unknown or empty → back to the cart;
 * 2. a restauration cart (any line tagged `restauration`) goes to the ordering flow (`/order/`);
 * 3. copy the attributes: the cart's own plus the order mode (mode, slot and its day, store,
 *    pre-order, province and gift-wrap flags) from the order-mode cookies;
 * 4. the note and the discount codes from the cart form, when it sends them;
 * 5. remove the cart's old delivery addresses;
 * 6. add the address of the cart form (`address1`, `zip`, `city`, …), else the delivery address of
 *    the order-mode cookies — only with a line, a zip and a city (storefront.md §5), country FR;
 * 7. answer the cart's `checkoutUrl` (303 to the hosted checkout; `{ checkoutUrl }` to a fetch).
 *
 * Paid, the hosted checkout sends the shopper to `/order/confirmation/?order={order GID}`.
 */

function wantsJson(request: Request): boolean {
  return (request.headers.get("accept") ?? "").includes("application/json");
}

/** Back to the cart page with a one-time message (a plain form post), or the JSON refusal. */
function refuse(request: Request, message: string, status: number): Response {
  const headers = new Headers({ "Cache-Control": "private, no-store" });
  if (wantsJson(request)) {
    return Response.json({ ok: false, error: message }, { status, headers });
  }
  const flash: CartFlash = { kind: "error", message };
  headers.append(
    "Set-Cookie",
    serializeCookie(CART_FLASH_COOKIE, JSON.stringify(flash), {
      maxAgeSeconds: 60,
      httpOnly: true,
      sameSite: "Lax",
      secure: isHttps(request),
    }),
  );
  headers.set("Location", "/panier/");
  return new Response(null, { status: 303, headers });
}

function go(request: Request, url: string, headers: Headers): Response {
  headers.set("Cache-Control", "private, no-store");
  if (wantsJson(request)) return Response.json({ ok: true, checkoutUrl: url }, { headers });
  return redirect(url, { status: 303, headers });
}

export async function action({ request }: Route.ActionArgs) {
  const form = await request.formData();
  let cart: CartView | null;
  let headers: Headers;
  try {
    ({ cart, headers } = await getCart(request));
  } catch {
    return refuse(request, CHECKOUT_MESSAGES.failed, 503);
  }
  if (!cart || cart.lines.length === 0) return refuse(request, CHECKOUT_MESSAGES.emptyCart, 400);
  // The lines decide the cart's kind (app/lib/cart/cart.ts).
  if (cartRestauration(cart) === true) return go(request, RESTAURATION_CHECKOUT_PATH, headers);
  try {
    // A signed-in customer's order must land in their history, even for a cart made after sign-in.
    const token = customerTokenOf(request);
    if (token) await linkCartToCustomer(cart.id, token);
    const checkoutUrl = await prepareCheckout(cart, form, readOrderMode(request));
    return go(request, checkoutUrl, headers);
  } catch (error) {
    if (error instanceof PreparationError) return refuse(request, error.message, 400);
    console.error("checkout preparation failed", error);
    return refuse(request, CHECKOUT_MESSAGES.failed, 503);
  }
}

export function loader() {
  // The checkout starts from the cart's form.
  return redirect("/panier/", { status: 303 });
}
