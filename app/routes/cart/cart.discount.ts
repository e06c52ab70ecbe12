import { redirect } from "react-router";
import { z } from "zod";
import { updateDiscountCodes } from "#app/lib/cart/cart.server.ts";
import { cartForm, cartFormAction } from "#app/lib/cart/form.server.ts";

/**
 * POST /cart/discount: replaces the cart's discount codes with `codes` (comma-separated), plus
 * `code` when given — the panel's field adds one code to those already there; each code's
 * remove button sends the others.
 */
export const action = cartFormAction(
  cartForm({
    codes: z.string().max(500).default(""),
    code: z.string().max(100).optional(),
  }),
  (request, { codes, code }) => updateDiscountCodes(request, [...codes.split(","), code ?? ""]),
);

export const loader = () => redirect("/panier/");
