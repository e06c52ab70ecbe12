import { redirect } from "react-router";
import { emptyCart } from "#app/lib/cart/cart.server.ts";
import { cartForm, cartFormAction } from "#app/lib/cart/form.server.ts";

/** POST /cart/clear: empties the cart (before adding a product of the other kind). */
export const action = cartFormAction(cartForm({}), (request) => emptyCart(request));

export const loader = () => redirect("/panier/");
