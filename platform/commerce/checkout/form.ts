import { z } from "zod";
import { GIFT_MESSAGE_MAX, type GiftOptions } from "#platform/commerce/cart/gift-options.ts";
import { normalizeFrenchPhone } from "#platform/phone.ts";

/**
 * The hosted checkout's form: its fields, French messages per field, and how to read a posted
 * body. No card is ever typed here: cards are paid on the payment provider's hosted page, and a
 * titres-restaurant card on the test processor's own card-entry page.
 */

/** The form's fields in page order: the error summary lists errors in this order. */
export const FIELDS = [
  "email",
  "phone",
  "firstName",
  "lastName",
  "giftWrap",
  "giftMessage",
  "adult",
] as const;

export type FieldName = (typeof FIELDS)[number];
export type CheckoutValues = Record<FieldName, string>;
export type FieldErrors = Partial<Record<FieldName, string>>;

export const MESSAGES = {
  email: "Saisissez une adresse e-mail valide, par exemple nom@exemple.fr.",
  phone: "Saisissez un numéro de téléphone français, par exemple 06 12 34 56 78.",
  firstName: "Saisissez votre prénom.",
  lastName: "Saisissez votre nom.",
  mealVoucherNothingEligible:
    "Les titres-restaurant ne paient que les produits alimentaires, hors alcool : aucun produit de votre panier n'en fait partie.",
  adult: "Confirmez que vous avez 18 ans ou plus : votre panier contient de l'alcool.",
  giftMessage: `Votre message ne peut dépasser ${GIFT_MESSAGE_MAX} caractères.`,
  tooLong: "Ce champ est trop long.",
} as const;

const text = (message: string, max = 200) =>
  z.string().trim().min(1, message).max(max, MESSAGES.tooLong);

const schema = z.object({
  email: z.string().trim().max(254, MESSAGES.tooLong).email(MESSAGES.email),
  // ordering-and-server.md §5, read as the ordering service reads it and stored in E.164
  // (`+33612345678`), whatever separators the shopper typed.
  phone: z.string().transform((typed, context) => {
    const phone = normalizeFrenchPhone(typed);
    if (phone === null) context.addIssue({ code: "custom", message: MESSAGES.phone });
    return phone ?? typed;
  }),
  firstName: text(MESSAGES.firstName),
  lastName: text(MESSAGES.lastName),
  // The age confirmation's box, "1" when ticked; required only for a cart with alcohol.
  adult: z.string(),
  // Gift wrapping ("1" when ticked) and the message for the recipient, both optional.
  giftWrap: z.string(),
  giftMessage: z.string().trim().max(GIFT_MESSAGE_MAX, MESSAGES.giftMessage),
});

export type CheckoutInput = z.infer<typeof schema>;

/** The posted values as strings, every field present (missing ones empty). */
export function readValues(body: Record<string, unknown>): CheckoutValues {
  const values = {} as CheckoutValues;
  for (const field of FIELDS) {
    const value = body[field];
    values[field] = typeof value === "string" ? value : "";
  }
  return values;
}

/** Whether the shopper ticked the age confirmation. */
export const confirmsAdult = (input: Pick<CheckoutValues, "adult">) => input.adult === "1";

/** The gift options the form asks for. */
export const giftOptionsOfForm = (
  input: Pick<CheckoutValues, "giftWrap" | "giftMessage">,
): GiftOptions => ({ wrap: input.giftWrap === "1", message: input.giftMessage.trim() || null });

/**
 * Validates the form; the first message of each invalid field. `alcohol` when the cart holds
 * alcohol: the age confirmation is then required.
 */
export function validate(
  values: CheckoutValues,
  options: { alcohol?: boolean } = {},
): { ok: true; input: CheckoutInput } | { ok: false; errors: FieldErrors } {
  const parsed = schema.safeParse(values);
  const errors: FieldErrors = {};
  for (const issue of parsed.error?.issues ?? []) {
    errors[issue.path[0] as FieldName] ??= issue.message;
  }
  if (options.alcohol && !confirmsAdult(values)) errors.adult = MESSAGES.adult;
  return parsed.success && Object.keys(errors).length === 0
    ? { ok: true, input: parsed.data }
    : { ok: false, errors };
}
