import { redirect } from "react-router";
import { cartForm, cartFormAction, emptyCart } from "#app/lib/cart.server.ts";

/** POST /cart/clear: empties the cart (before adding a product of the other kind). */
export const action = cartFormAction(cartForm({}), (request) => emptyCart(request));

export const loader = () => redirect("/panier/");
