import { redirect } from "react-router";
import { z } from "zod";
import { removeFromCart } from "#app/lib/cart/cart.server.ts";
import { lineQuantityAction } from "#app/lib/cart/form.server.ts";

/**
 * POST /cart/remove: takes one unit off a line (or `quantity` units, the merged clicks of the
 * page's script); at 1 the line is removed (storefront.md §4).
 */
export const action = lineQuantityAction(
  z.coerce.number().int("nombre entier attendu").min(1).max(99).default(1),
  removeFromCart,
);

export const loader = () => redirect("/panier/");
