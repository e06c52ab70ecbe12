import { redirect } from "react-router";
import { z } from "zod";
import { updateNote } from "#app/lib/cart/cart.server.ts";
import { cartForm, cartFormAction } from "#app/lib/cart/form.server.ts";

/** POST /cart/note: the cart's note (5 000 characters at most, as the commerce service). */
export const action = cartFormAction(
  cartForm({ note: z.string().max(5000, "5000 caractères au plus") }),
  (request, { note }) => updateNote(request, note.trim()),
);

export const loader = () => redirect("/panier/");
