import { redirect } from "react-router";
import { z } from "zod";
import { updateLineQuantity } from "#app/lib/cart/cart.server.ts";
import { lineQuantityAction } from "#app/lib/cart/form.server.ts";

/** POST /cart/update: sets a line's quantity (by line id or variant id); 0 removes the line. */
export const action = lineQuantityAction(
  z.coerce.number().int("nombre entier attendu").min(0).max(99),
  updateLineQuantity,
);

export const loader = () => redirect("/panier/");
