import { redirect } from "react-router";
import { z } from "zod";
import { addToCart } from "#app/lib/cart/cart.server.ts";
import { cartForm, cartFormAction } from "#app/lib/cart/form.server.ts";

/**
 * POST /cart/add: adds a variant (storefront.md §4) — 1 from the product cards, the chosen
 * quantity from the product page. Answers JSON to the page's script, else redirects (no
 * JavaScript). The cap is the commerce service's, checked under the cart's lock.
 */
export const action = cartFormAction(
  cartForm({
    merchandiseId: z.string().min(1, "produit manquant"),
    quantity: z.coerce.number().int("nombre entier attendu").min(1).max(99).default(1),
  }),
  addToCart,
);

export const loader = () => redirect("/panier/");
