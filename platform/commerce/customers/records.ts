import { passwordProblem } from "#platform/commerce/customers/passwords.ts";
import type {
  CustomerTokenKind,
  commerceCustomer,
  commerceCustomerAddress,
} from "#platform/commerce/customers/schema.ts";

/**
 * What every customer use case shares: row types, `customerUserErrors` codes and French
 * messages, token lifetimes, the customer and address GIDs, and the checks on emails, passwords,
 * phones and names.
 */

export type CustomerRow = typeof commerceCustomer.$inferSelect;
export type Address = typeof commerceCustomerAddress.$inferSelect;

/** The values of Shopify's `CustomerErrorCode` that this service answers. */
export type CustomerErrorCode =
  | "ALREADY_ENABLED"
  | "BLANK"
  | "CONTAINS_HTML_TAGS"
  | "CUSTOMER_DISABLED"
  | "INVALID"
  | "NOT_FOUND"
  | "PASSWORD_STARTS_OR_ENDS_WITH_WHITESPACE"
  | "TAKEN"
  | "TOKEN_INVALID"
  | "TOO_LONG"
  | "TOO_SHORT"
  | "UNIDENTIFIED_CUSTOMER";

/**
 * Shopify's `CustomerUserError`. Throttling is not one: the official enum has no code for it, so
 * the API answers it as a top-level THROTTLED error (customer-resolvers.ts).
 */
export type CustomerUserError = {
  code: CustomerErrorCode;
  field: string[] | null;
  message: string;
};

export type Outcome<T> = { ok: true; value: T } | { ok: false; errors: CustomerUserError[] };

/** A customer as the signed-in session sees it. */
export type SignedInCustomer = {
  id: number;
  email: string;
  firstName: string | null;
  lastName: string | null;
  phone: string | null;
  acceptsMarketing: boolean;
  defaultAddress: Address | null;
};

export type IssuedToken = { accessToken: string; expiresAt: Date };

const DAY_MS = 24 * 60 * 60 * 1000;
/** How long each kind of token lives: reset links 24 h (issue 4), activation a week. */
export const TOKEN_LIFETIME_MS: Record<CustomerTokenKind, number> = {
  access: 30 * DAY_MS,
  activation: 7 * DAY_MS,
  reset: DAY_MS,
};

export const NAME_MAX_LENGTH = 255;
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
// ordering-and-server.md §5: +33 or 0033, then a non-zero digit and four pairs, separators allowed.
const FRENCH_PHONE = /^(?:\+33|0033)[\s.-]?[1-9](?:[\s.-]?\d{2}){4}$/;

export const MESSAGES = {
  emailBlank: "Veuillez saisir votre adresse e-mail.",
  emailInvalid: "L'adresse e-mail n'est pas valide.",
  emailTaken: "Un compte existe déjà avec cette adresse e-mail.",
  phoneInvalid: "Le numéro de téléphone doit être un numéro français (+33 ou 0033).",
  phoneTaken: "Ce numéro de téléphone est déjà utilisé par un autre compte.",
  passwordBlank: "Veuillez saisir un mot de passe.",
  passwordShort: "Le mot de passe doit contenir au moins 8 caractères.",
  passwordLong: "Le mot de passe doit contenir au plus 40 caractères.",
  passwordSpaces: "Le mot de passe ne doit ni commencer ni finir par une espace.",
  nameLong: "Ce champ doit contenir au plus 255 caractères.",
  nameHtml: "Ce champ ne peut pas contenir de balises HTML.",
  badCredentials: "Adresse e-mail ou mot de passe incorrect.",
  // An account the office disabled: says no more than that signing in is not possible.
  blocked: "Connexion impossible avec ce compte. Contactez la boutique pour en savoir plus.",
  disabled: "Votre compte n'est pas encore activé. Suivez le lien reçu par e-mail pour l'activer.",
  alreadyEnabled: "Ce compte est déjà activé. Connectez-vous avec votre mot de passe.",
  activationInvalid: "Ce lien d'activation n'est plus valide.",
  resetInvalid: "Ce lien de réinitialisation n'est plus valide. Demandez-en un nouveau.",
  tokenInvalid: "Votre session a expiré. Veuillez vous reconnecter.",
  throttled: (wait: string) => `Trop de tentatives. Veuillez réessayer dans ${wait}.`,
  addressMissing: "Adresse introuvable.",
  address1Blank: "Veuillez saisir l'adresse.",
  zipBlank: "Veuillez saisir le code postal.",
  cityBlank: "Veuillez saisir la ville.",
  countryInvalid: "Nous ne livrons pas dans ce pays.",
} as const;

export const fail = <T>(...errors: CustomerUserError[]): Outcome<T> => ({ ok: false, errors });
export const error = (code: CustomerErrorCode, field: string[] | null, message: string) => ({
  code,
  field,
  message,
});

// ---------------------------------------------------------------------------------------------
// Global ids

/** `gid://shopify/Customer/12` */
export const customerGid = (id: number) => `gid://shopify/Customer/${id}`;
/** Shopify's customer-address GIDs carry the model name. */
export const addressGid = (id: number) =>
  `gid://shopify/MailingAddress/${id}?model_name=CustomerAddress`;

function idFrom(value: string, type: string): number | undefined {
  const match = new RegExp(`^(?:gid://shopify/${type}/)?(\\d{1,10})(?:\\?.*)?$`).exec(value.trim());
  const id = match ? Number(match[1]) : Number.NaN;
  return Number.isSafeInteger(id) && id > 0 && id <= 2_147_483_647 ? id : undefined;
}

/** The numeric id of a customer GID (or of a plain number, as activation links carry). */
export const customerIdFrom = (value: string) => idFrom(value, "Customer");
export const addressIdFrom = (value: string) => idFrom(value, "MailingAddress");

// ---------------------------------------------------------------------------------------------
// Validation

export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}

export function emailErrors(
  email: string | null | undefined,
  field: string[],
): CustomerUserError[] {
  const value = email?.trim() ?? "";
  if (value === "") return [error("BLANK", field, MESSAGES.emailBlank)];
  if (value.length > 254 || !EMAIL_PATTERN.test(value))
    return [error("INVALID", field, MESSAGES.emailInvalid)];
  return [];
}

export function passwordErrors(password: string, field: string[]): CustomerUserError[] {
  const problem = passwordProblem(password);
  if (problem === "BLANK") return [error("BLANK", field, MESSAGES.passwordBlank)];
  if (problem === "TOO_SHORT") return [error("TOO_SHORT", field, MESSAGES.passwordShort)];
  if (problem === "TOO_LONG") return [error("TOO_LONG", field, MESSAGES.passwordLong)];
  if (password !== password.trim())
    return [error("PASSWORD_STARTS_OR_ENDS_WITH_WHITESPACE", field, MESSAGES.passwordSpaces)];
  return [];
}

/** A French phone number in E.164 (`+33612345678`), or undefined when it is not one. */
export function frenchPhone(phone: string): string | undefined {
  const value = phone.trim();
  if (!FRENCH_PHONE.test(value)) return undefined;
  const digits = value.replace(/\D/g, "").replace(/^0033|^33/, "");
  return `+33${digits}`;
}

export function nameErrors(value: string | null | undefined, field: string[]): CustomerUserError[] {
  if (value == null) return [];
  if (value.length > NAME_MAX_LENGTH) return [error("TOO_LONG", field, MESSAGES.nameLong)];
  if (/<[^>]+>/.test(value)) return [error("CONTAINS_HTML_TAGS", field, MESSAGES.nameHtml)];
  return [];
}

export const blankToNull = (value: string | null | undefined) => {
  const trimmed = value?.trim();
  return trimmed ? trimmed : null;
};
