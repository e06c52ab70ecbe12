import { redirect } from "react-router";
import { z } from "zod";
import { setLineSubstitution } from "#app/lib/cart/cart.server.ts";
import { cartForm, cartFormAction } from "#app/lib/cart/form.server.ts";

/**
 * POST /cart/substitution: whether a line (by line id or variant id) accepts a close substitute
 * when its product is missing at preparation. The form's checkbox `substitute` sends `1` when
 * ticked and nothing when not, as a browser does without JavaScript; the page's script sends `0`.
 */
const SubstitutionForm = cartForm({
  lineId: z.string().min(1).optional(),
  merchandiseId: z.string().min(1).optional(),
  substitute: z.enum(["0", "1"]).optional(),
}).refine((value) => value.lineId || value.merchandiseId, {
  message: "ligne manquante",
  path: ["lineId"],
});

export const action = cartFormAction(SubstitutionForm, (request, form) =>
  setLineSubstitution(
    request,
    { lineId: form.lineId, variantId: form.merchandiseId },
    form.substitute === "1",
  ),
);

export const loader = () => redirect("/panier/");
