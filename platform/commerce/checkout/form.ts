import { z } from "zod";
import { GIFT_MESSAGE_MAX, type GiftOptions } from "#platform/commerce/cart/gift-options.ts";
import { normalizeFrenchPhone } from "#platform/phone.ts";

/**
 * The hosted checkout's form: its fields, French messages per field, and how to read a posted
 * body. Card fields are read here only to be passed to the processor; they are never stored,
 * logged or sent back to the page.
 */

/** The form's fields in page order: the error summary lists errors in this order. */
export const FIELDS = [
  "email",
  "phone",
  "firstName",
  "lastName",
  "giftWrap",
  "giftMessage",
  "mealVoucherNumber",
  "mealVoucherExpiry",
  "mealVoucherCvc",
  "cardHolder",
  "cardNumber",
  "cardExpiry",
  "cardCvc",
  "adult",
] as const;

export type FieldName = (typeof FIELDS)[number];
export type CheckoutValues = Record<FieldName, string>;
export type FieldErrors = Partial<Record<FieldName, string>>;

/** The card fields (bank and titres-restaurant): never written back into the page nor kept anywhere. */
export const CARD_FIELDS: readonly FieldName[] = [
  "cardNumber",
  "cardExpiry",
  "cardCvc",
  "mealVoucherNumber",
  "mealVoucherExpiry",
  "mealVoucherCvc",
];

export const MESSAGES = {
  email: "Saisissez une adresse e-mail valide, par exemple nom@exemple.fr.",
  phone: "Saisissez un numéro de téléphone français, par exemple 06 12 34 56 78.",
  firstName: "Saisissez votre prénom.",
  lastName: "Saisissez votre nom.",
  cardNumber: "Saisissez le numéro de votre carte.",
  cardExpiry: "Saisissez la date d'expiration au format MM/AA.",
  cardCvc: "Saisissez le code de sécurité (3 ou 4 chiffres).",
  mealVoucherNumber: "Saisissez le numéro de votre carte titres-restaurant.",
  mealVoucherExpiry:
    "Saisissez la date d'expiration de votre carte titres-restaurant au format MM/AA.",
  mealVoucherCvc: "Saisissez le code de sécurité de votre carte titres-restaurant (3 chiffres).",
  mealVoucherNothingEligible:
    "Les titres-restaurant ne paient que les produits alimentaires, hors alcool : aucun produit de votre panier n'en fait partie.",
  cardForTheRest: "Saisissez une carte bancaire pour payer le reste de votre commande.",
  adult: "Confirmez que vous avez 18 ans ou plus : votre panier contient de l'alcool.",
  giftMessage: `Votre message ne peut dépasser ${GIFT_MESSAGE_MAX} caractères.`,
  tooLong: "Ce champ est trop long.",
} as const;

const text = (message: string, max = 200) =>
  z.string().trim().min(1, message).max(max, MESSAGES.tooLong);
const optionalText = z.string().trim().max(200, MESSAGES.tooLong);

const expiry = (message: string) =>
  z
    .string()
    .trim()
    .regex(/^(0[1-9]|1[0-2])\s*\/\s*(\d{2}|\d{4})$/, message);

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
  cardHolder: optionalText,
  cardNumber: z.string().regex(/^[\d ]{12,23}$/, MESSAGES.cardNumber),
  cardExpiry: expiry(MESSAGES.cardExpiry),
  cardCvc: z
    .string()
    .trim()
    .regex(/^\d{3,4}$/, MESSAGES.cardCvc),
  // A titres-restaurant card, optional: read by `mealVoucherErrors` when its number is given.
  mealVoucherNumber: z.string().trim(),
  mealVoucherExpiry: z.string().trim(),
  mealVoucherCvc: z.string().trim(),
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

/** The form without its card: what gift cards paying the whole total leave to check. */
const withoutCardSchema = schema.omit({
  cardHolder: true,
  cardNumber: true,
  cardExpiry: true,
  cardCvc: true,
});

/** The titres-restaurant card's fields, all required once its number is typed. */
const mealVoucherSchema = z.object({
  mealVoucherNumber: z.string().regex(/^[\d ]{12,23}$/, MESSAGES.mealVoucherNumber),
  mealVoucherExpiry: expiry(MESSAGES.mealVoucherExpiry),
  mealVoucherCvc: z
    .string()
    .trim()
    .regex(/^\d{3}$/, MESSAGES.mealVoucherCvc),
});

/** Whether the shopper offers a titres-restaurant card (its number typed). */
export const usesMealVoucher = (input: Pick<CheckoutValues, "mealVoucherNumber">) =>
  input.mealVoucherNumber.trim() !== "";

/** Whether the shopper ticked the age confirmation. */
export const confirmsAdult = (input: Pick<CheckoutValues, "adult">) => input.adult === "1";

/** The gift options the form asks for. */
export const giftOptionsOfForm = (
  input: Pick<CheckoutValues, "giftWrap" | "giftMessage">,
): GiftOptions => ({ wrap: input.giftWrap === "1", message: input.giftMessage.trim() || null });

/**
 * Validates the form; the first message of each invalid field. `card: false` when nothing is
 * left to pay by card (gift cards pay the total): the card fields are then ignored. `alcohol`
 * when the cart holds alcohol: the age confirmation is then required.
 */
export function validate(
  values: CheckoutValues,
  options: { card?: boolean; alcohol?: boolean } = {},
): { ok: true; input: CheckoutInput } | { ok: false; errors: FieldErrors } {
  const checked = validateFields(values, options);
  const errors: FieldErrors = {
    ...(checked.ok ? {} : checked.errors),
    ...mealVoucherErrors(values),
    ...(options.alcohol && !confirmsAdult(values) ? { adult: MESSAGES.adult } : {}),
  };
  return checked.ok && Object.keys(errors).length === 0 ? checked : { ok: false, errors };
}

function mealVoucherErrors(values: CheckoutValues): FieldErrors {
  if (!usesMealVoucher(values)) return {};
  const parsed = mealVoucherSchema.safeParse(values);
  const errors: FieldErrors = {};
  for (const issue of parsed.error?.issues ?? [])
    errors[issue.path[0] as FieldName] ??= issue.message;
  return errors;
}

function validateFields(
  values: CheckoutValues,
  options: { card?: boolean },
): { ok: true; input: CheckoutInput } | { ok: false; errors: FieldErrors } {
  const parsed =
    options.card === false
      ? withoutCardSchema
          .transform((input) => ({
            ...input,
            cardHolder: "",
            cardNumber: "",
            cardExpiry: "",
            cardCvc: "",
          }))
          .safeParse(values)
      : schema.safeParse(values);
  if (parsed.success) return { ok: true, input: parsed.data };
  const errors: FieldErrors = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0] as FieldName;
    errors[field] ??= issue.message;
  }
  return { ok: false, errors };
}

/** "MM/AA" or "MM/AAAA" as the processor's month and year. */
export function parseExpiry(expiry: string): { month: number; year: number } {
  const [month = "", year = ""] = expiry.split("/").map((part) => part.trim());
  return { month: Number(month), year: Number(year) };
}

/** The values the page shows again after an error: everything but the card. */
export function withoutCard(values: CheckoutValues): CheckoutValues {
  const kept = { ...values };
  for (const field of CARD_FIELDS) kept[field] = "";
  return kept;
}
