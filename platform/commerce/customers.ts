import { createHash, randomBytes } from "node:crypto";
import { and, desc, eq, gt, isNull, ne, sql } from "drizzle-orm";
import type { Db, Tx } from "#db/client.ts";
import { commerceMetafield } from "#platform/commerce/catalogue-schema.ts";
import {
  type CustomerTokenKind,
  commerceCustomer,
  commerceCustomerAddress,
  commerceCustomerToken,
} from "#platform/commerce/customer-schema.ts";
import { CUSTOM_NAMESPACE } from "#platform/commerce/metafields.ts";
import { hashPassword, passwordProblem, verifyPassword } from "#platform/commerce/passwords.ts";
import { activationEmail, passwordResetEmail, queueEmail } from "#platform/notify/index.ts";

/**
 * Customer accounts: registration with an activation link, sign-in with expiring access tokens,
 * password recovery, profile and addresses. Each use case is one transaction and answers either
 * its result or Shopify's `customerUserErrors` (codes of `CustomerErrorCode`, French messages).
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

const fail = <T>(...errors: CustomerUserError[]): Outcome<T> => ({ ok: false, errors });
const error = (code: CustomerErrorCode, field: string[] | null, message: string) => ({
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
// Tokens

/** SHA-256 of a token, the only form in which tokens are stored. */
export function hashToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

async function issueToken(
  db: Db | Tx,
  customerId: number,
  kind: CustomerTokenKind,
  now: Date,
): Promise<IssuedToken> {
  const accessToken = randomBytes(32).toString("base64url");
  const expiresAt = new Date(now.getTime() + TOKEN_LIFETIME_MS[kind]);
  await db
    .insert(commerceCustomerToken)
    .values({ customerId, kind, tokenHash: hashToken(accessToken), expiresAt, createdAt: now });
  return { accessToken, expiresAt };
}

/**
 * Marks a single-use token used, if it is the customer's, of that kind, unused and unexpired: one
 * conditional UPDATE, so two requests with the same link cannot both succeed.
 */
async function consumeToken(
  tx: Tx,
  customerId: number,
  kind: "activation" | "reset",
  token: string,
  now: Date,
): Promise<boolean> {
  const used = await tx
    .update(commerceCustomerToken)
    .set({ usedAt: now })
    .where(
      and(
        eq(commerceCustomerToken.tokenHash, hashToken(token)),
        eq(commerceCustomerToken.customerId, customerId),
        eq(commerceCustomerToken.kind, kind),
        isNull(commerceCustomerToken.usedAt),
        gt(commerceCustomerToken.expiresAt, now),
      ),
    )
    .returning({ id: commerceCustomerToken.id });
  return used.length === 1;
}

async function customerIdOfAccessToken(db: Db | Tx, token: string, now: Date) {
  if (!token) return undefined;
  const [row] = await db
    .select({ customerId: commerceCustomerToken.customerId })
    .from(commerceCustomerToken)
    .innerJoin(commerceCustomer, eq(commerceCustomer.id, commerceCustomerToken.customerId))
    .where(
      and(
        eq(commerceCustomerToken.tokenHash, hashToken(token)),
        eq(commerceCustomerToken.kind, "access"),
        gt(commerceCustomerToken.expiresAt, now),
        eq(commerceCustomer.state, "ENABLED"),
      ),
    )
    .limit(1);
  return row?.customerId;
}

/**
 * The customer an access token signs in, or null when the token is unknown, expired or deleted,
 * or the account is not enabled. Used by the API, the own routes' session and the checkout.
 */
export async function customerByAccessToken(
  db: Db | Tx,
  token: string,
  now: Date,
): Promise<SignedInCustomer | null> {
  const id = await customerIdOfAccessToken(db, token, now);
  if (id === undefined) return null;
  const customer = await customerById(db, id);
  if (!customer) return null;
  return {
    id: customer.id,
    email: customer.email,
    firstName: customer.firstName,
    lastName: customer.lastName,
    phone: customer.phone,
    acceptsMarketing: customer.acceptsMarketing,
    defaultAddress: await defaultAddressOf(db, customer),
  };
}

export async function customerById(db: Db | Tx, id: number): Promise<CustomerRow | undefined> {
  const [row] = await db.select().from(commerceCustomer).where(eq(commerceCustomer.id, id));
  return row;
}

async function customerByEmail(db: Db | Tx, email: string) {
  const [row] = await db
    .select()
    .from(commerceCustomer)
    .where(eq(commerceCustomer.email, normaliseEmail(email)));
  return row;
}

export async function defaultAddressOf(
  db: Db | Tx,
  customer: Pick<CustomerRow, "id" | "defaultAddressId">,
): Promise<Address | null> {
  if (customer.defaultAddressId == null) return null;
  const [row] = await db
    .select()
    .from(commerceCustomerAddress)
    .where(
      and(
        eq(commerceCustomerAddress.id, customer.defaultAddressId),
        eq(commerceCustomerAddress.customerId, customer.id),
      ),
    );
  return row ?? null;
}

/** The customer's addresses, newest first, as Shopify lists them. */
export function addressesOf(db: Db | Tx, customerId: number): Promise<Address[]> {
  return db
    .select()
    .from(commerceCustomerAddress)
    .where(eq(commerceCustomerAddress.customerId, customerId))
    .orderBy(desc(commerceCustomerAddress.id));
}

// ---------------------------------------------------------------------------------------------
// Validation

export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}

function emailErrors(email: string | null | undefined, field: string[]): CustomerUserError[] {
  const value = email?.trim() ?? "";
  if (value === "") return [error("BLANK", field, MESSAGES.emailBlank)];
  if (value.length > 254 || !EMAIL_PATTERN.test(value))
    return [error("INVALID", field, MESSAGES.emailInvalid)];
  return [];
}

function passwordErrors(password: string, field: string[]): CustomerUserError[] {
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

function nameErrors(value: string | null | undefined, field: string[]): CustomerUserError[] {
  if (value == null) return [];
  if (value.length > NAME_MAX_LENGTH) return [error("TOO_LONG", field, MESSAGES.nameLong)];
  if (/<[^>]+>/.test(value)) return [error("CONTAINS_HTML_TAGS", field, MESSAGES.nameHtml)];
  return [];
}

const blankToNull = (value: string | null | undefined) => {
  const trimmed = value?.trim();
  return trimmed ? trimmed : null;
};

// ---------------------------------------------------------------------------------------------
// Registration and activation

export type CustomerCreateInput = {
  email: string;
  password: string;
  firstName?: string | null;
  lastName?: string | null;
  phone?: string | null;
  acceptsMarketing?: boolean | null;
};

/** Absolute links of the emails: `{origin}/account/activate/{id}/{token}`, `/auth/reset/…`. */
export const activationUrl = (origin: string, id: number, token: string) =>
  `${origin}/account/activate/${id}/${token}`;
export const resetUrl = (origin: string, id: number, token: string) =>
  `${origin}/auth/reset/${id}/${token}`;

/**
 * Registers a customer, disabled until the activation link of the email (queued in the same
 * transaction) is followed. An email already registered answers TAKEN, even under a race: the
 * unique index decides.
 */
export async function createCustomer(
  db: Db,
  input: CustomerCreateInput,
  context: { origin: string; now: Date },
): Promise<Outcome<CustomerRow>> {
  const phone = input.phone?.trim() ? frenchPhone(input.phone) : null;
  const errors = [
    ...emailErrors(input.email, ["input", "email"]),
    ...passwordErrors(input.password, ["input", "password"]),
    ...nameErrors(input.firstName, ["input", "firstName"]),
    ...nameErrors(input.lastName, ["input", "lastName"]),
    ...(phone === undefined ? [error("INVALID", ["input", "phone"], MESSAGES.phoneInvalid)] : []),
  ];
  if (errors.length > 0) return fail(...errors);
  const passwordHash = await hashPassword(input.password);
  return db.transaction(async (tx) => {
    const [customer] = await tx
      .insert(commerceCustomer)
      .values({
        email: normaliseEmail(input.email),
        firstName: blankToNull(input.firstName),
        lastName: blankToNull(input.lastName),
        phone,
        acceptsMarketing: input.acceptsMarketing ?? false,
        state: "DISABLED",
        passwordHash,
        createdAt: context.now,
        updatedAt: context.now,
      })
      .onConflictDoNothing()
      .returning();
    if (!customer) return fail(error("TAKEN", ["input", "email"], MESSAGES.emailTaken));
    await sendActivation(tx, customer, context);
    return { ok: true, value: customer };
  });
}

async function sendActivation(
  tx: Tx,
  customer: CustomerRow,
  context: { origin: string; now: Date },
) {
  const token = await issueToken(tx, customer.id, "activation", context.now);
  const email = activationEmail({
    firstName: customer.firstName,
    url: activationUrl(context.origin, customer.id, token.accessToken),
  });
  await queueEmail(tx, { kind: "customer-activation", to: customer.email, ...email });
}

export type SignedIn = { customer: CustomerRow; token: IssuedToken };

/**
 * Activates an account with its single-use activation token and sets its password; signs the
 * customer in. An account already enabled answers ALREADY_ENABLED.
 */
export async function activateCustomer(
  db: Db,
  customerId: number | undefined,
  input: { activationToken: string; password: string },
  now: Date,
): Promise<Outcome<SignedIn>> {
  const invalid = error("TOKEN_INVALID", ["input", "activationToken"], MESSAGES.activationInvalid);
  if (customerId === undefined) return fail(invalid);
  const errors = passwordErrors(input.password, ["input", "password"]);
  if (errors.length > 0) return fail(...errors);
  const current = await customerById(db, customerId);
  if (!current) return fail(invalid);
  if (current.state === "ENABLED")
    return fail(error("ALREADY_ENABLED", null, MESSAGES.alreadyEnabled));
  const passwordHash = await hashPassword(input.password);
  return db.transaction(async (tx) => {
    if (!(await consumeToken(tx, customerId, "activation", input.activationToken, now)))
      return fail<SignedIn>(invalid);
    const [customer] = await tx
      .update(commerceCustomer)
      .set({ state: "ENABLED", passwordHash, updatedAt: now })
      .where(eq(commerceCustomer.id, customerId))
      .returning();
    if (!customer) return fail<SignedIn>(invalid);
    const token = await issueToken(tx, customerId, "access", now);
    return { ok: true, value: { customer, token } };
  });
}

/** The id and token of an activation or reset link (`…/{id}/{token}`), if it is one. */
export function parseAccountUrl(
  url: string,
  kind: "activate" | "reset",
): { id: number; token: string } | undefined {
  let path: string;
  try {
    path = new URL(url).pathname;
  } catch {
    return undefined;
  }
  const prefix = kind === "activate" ? "/account/activate/" : "/auth/reset/";
  const match = new RegExp(`^${prefix}(\\d{1,10})/([A-Za-z0-9_-]{20,100})/?$`).exec(path);
  const id = match ? customerIdFrom(match[1] ?? "") : undefined;
  return id === undefined || !match?.[2] ? undefined : { id, token: match[2] };
}

// ---------------------------------------------------------------------------------------------
// Sign-in

// A hash of a random password with the stored parameters: an unknown email costs as much time
// as a wrong password, so timing does not tell which emails have accounts.
let decoyHash: Promise<string> | undefined;

/**
 * Signs a customer in with email and password. Wrong email or password both answer
 * UNIDENTIFIED_CUSTOMER; a right password on an account not yet activated CUSTOMER_DISABLED.
 */
export async function signIn(
  db: Db,
  input: { email: string; password: string },
  now: Date,
): Promise<Outcome<SignedIn>> {
  const customer = await customerByEmail(db, input.email);
  decoyHash ??= hashPassword(randomBytes(16).toString("hex"));
  const matches = await verifyPassword(input.password, customer?.passwordHash ?? (await decoyHash));
  if (!customer?.passwordHash || !matches)
    return fail(error("UNIDENTIFIED_CUSTOMER", null, MESSAGES.badCredentials));
  if (customer.state !== "ENABLED")
    return fail(error("CUSTOMER_DISABLED", null, MESSAGES.disabled));
  const token = await issueToken(db, customer.id, "access", now);
  return { ok: true, value: { customer, token } };
}

/** Deletes an access token (sign-out); the token's own id when it existed. */
export async function deleteAccessToken(db: Db, token: string): Promise<number | undefined> {
  const [row] = await db
    .delete(commerceCustomerToken)
    .where(
      and(
        eq(commerceCustomerToken.tokenHash, hashToken(token)),
        eq(commerceCustomerToken.kind, "access"),
      ),
    )
    .returning({ id: commerceCustomerToken.id });
  return row?.id;
}

/** Extends a valid access token's life by a full lifetime from now; undefined when invalid. */
export async function renewAccessToken(
  db: Db,
  token: string,
  now: Date,
): Promise<IssuedToken | undefined> {
  const expiresAt = new Date(now.getTime() + TOKEN_LIFETIME_MS.access);
  const renewed = await db
    .update(commerceCustomerToken)
    .set({ expiresAt })
    .where(
      and(
        eq(commerceCustomerToken.tokenHash, hashToken(token)),
        eq(commerceCustomerToken.kind, "access"),
        gt(commerceCustomerToken.expiresAt, now),
      ),
    )
    .returning({ id: commerceCustomerToken.id });
  return renewed.length === 1 ? { accessToken: token, expiresAt } : undefined;
}

// ---------------------------------------------------------------------------------------------
// Recovery

/**
 * Sends the password-reset link to an account's email, or the activation link again to an
 * account never activated. Says nothing about whether the email has an account: the caller
 * answers the same either way.
 */
export async function recoverCustomer(
  db: Db,
  email: string,
  context: { origin: string; now: Date },
): Promise<Outcome<null>> {
  const errors = emailErrors(email, ["email"]);
  if (errors.length > 0) return fail(...errors);
  await db.transaction(async (tx) => {
    const customer = await customerByEmail(tx, email);
    if (!customer) return;
    if (customer.state !== "ENABLED") {
      await sendActivation(tx, customer, context);
      return;
    }
    const token = await issueToken(tx, customer.id, "reset", context.now);
    const message = passwordResetEmail({
      firstName: customer.firstName,
      url: resetUrl(context.origin, customer.id, token.accessToken),
    });
    await queueEmail(tx, { kind: "customer-password-reset", to: customer.email, ...message });
  });
  return { ok: true, value: null };
}

/**
 * Sets a new password with a single-use reset token (24 h). Every access token of the customer
 * is revoked and a new one issued; following the link also proves the email, so a disabled
 * account is enabled.
 */
export async function resetPassword(
  db: Db,
  customerId: number | undefined,
  input: { resetToken: string; password: string },
  now: Date,
): Promise<Outcome<SignedIn>> {
  const invalid = error("TOKEN_INVALID", ["input", "resetToken"], MESSAGES.resetInvalid);
  if (customerId === undefined) return fail(invalid);
  const errors = passwordErrors(input.password, ["input", "password"]);
  if (errors.length > 0) return fail(...errors);
  const passwordHash = await hashPassword(input.password);
  return db.transaction(async (tx) => {
    if (!(await consumeToken(tx, customerId, "reset", input.resetToken, now)))
      return fail<SignedIn>(invalid);
    const [customer] = await tx
      .update(commerceCustomer)
      .set({ passwordHash, state: "ENABLED", updatedAt: now })
      .where(eq(commerceCustomer.id, customerId))
      .returning();
    if (!customer) return fail<SignedIn>(invalid);
    await revokeTokens(tx, customerId, now);
    const token = await issueToken(tx, customerId, "access", now);
    return { ok: true, value: { customer, token } };
  });
}

/** After a password change: no access token and no pending reset link stays valid. */
async function revokeTokens(tx: Tx, customerId: number, now: Date) {
  await tx
    .delete(commerceCustomerToken)
    .where(
      and(
        eq(commerceCustomerToken.customerId, customerId),
        eq(commerceCustomerToken.kind, "access"),
      ),
    );
  await tx
    .update(commerceCustomerToken)
    .set({ usedAt: now })
    .where(
      and(
        eq(commerceCustomerToken.customerId, customerId),
        eq(commerceCustomerToken.kind, "reset"),
        isNull(commerceCustomerToken.usedAt),
      ),
    );
}

// ---------------------------------------------------------------------------------------------
// Profile

export type CustomerUpdateInput = {
  email?: string | null;
  firstName?: string | null;
  lastName?: string | null;
  phone?: string | null;
  password?: string | null;
  acceptsMarketing?: boolean | null;
};

type UpdatedCustomer = { customer: CustomerRow; token: IssuedToken | null };

const tokenError = () => error("TOKEN_INVALID", ["customerAccessToken"], MESSAGES.tokenInvalid);

/**
 * Updates the signed-in customer. A new password revokes every access token, the one used
 * included, and answers a new one (as Shopify does); otherwise the token is null.
 */
export async function updateCustomer(
  db: Db,
  accessToken: string,
  input: CustomerUpdateInput,
  now: Date,
): Promise<Outcome<UpdatedCustomer>> {
  const customerId = await customerIdOfAccessToken(db, accessToken, now);
  if (customerId === undefined) return fail(tokenError());
  const phone = input.phone?.trim() ? frenchPhone(input.phone) : null;
  const errors = [
    ...(input.email != null ? emailErrors(input.email, ["customer", "email"]) : []),
    ...(input.password != null ? passwordErrors(input.password, ["customer", "password"]) : []),
    ...nameErrors(input.firstName, ["customer", "firstName"]),
    ...nameErrors(input.lastName, ["customer", "lastName"]),
    ...(phone === undefined
      ? [error("INVALID", ["customer", "phone"], MESSAGES.phoneInvalid)]
      : []),
  ];
  if (errors.length > 0) return fail(...errors);
  const passwordHash = input.password != null ? await hashPassword(input.password) : undefined;
  const emailTaken = () =>
    fail<UpdatedCustomer>(error("TAKEN", ["customer", "email"], MESSAGES.emailTaken));
  const updating = db.transaction(async (tx): Promise<Outcome<UpdatedCustomer>> => {
    if (input.email != null) {
      const [taken] = await tx
        .select({ id: commerceCustomer.id })
        .from(commerceCustomer)
        .where(
          and(
            eq(commerceCustomer.email, normaliseEmail(input.email)),
            ne(commerceCustomer.id, customerId),
          ),
        );
      if (taken) return emailTaken();
    }
    const [customer] = await tx
      .update(commerceCustomer)
      .set({
        ...(input.email != null && { email: normaliseEmail(input.email) }),
        ...(input.firstName !== undefined && { firstName: blankToNull(input.firstName) }),
        ...(input.lastName !== undefined && { lastName: blankToNull(input.lastName) }),
        ...(input.phone !== undefined && { phone }),
        ...(input.acceptsMarketing != null && { acceptsMarketing: input.acceptsMarketing }),
        ...(passwordHash && { passwordHash }),
        updatedAt: now,
      })
      .where(eq(commerceCustomer.id, customerId))
      .returning();
    if (!customer) return fail(tokenError());
    if (!passwordHash) return { ok: true, value: { customer, token: null } };
    await revokeTokens(tx, customerId, now);
    return {
      ok: true,
      value: { customer, token: await issueToken(tx, customerId, "access", now) },
    };
  });
  // Two customers taking the same new email at once: the unique index refuses the second.
  return updating.catch((cause: unknown) => {
    if (isUniqueViolation(cause)) return emailTaken();
    throw cause;
  });
}

function isUniqueViolation(cause: unknown): boolean {
  let at: unknown = cause;
  while (at && typeof at === "object") {
    if ((at as { code?: unknown }).code === "23505") return true;
    at = (at as { cause?: unknown }).cause;
  }
  return false;
}

// ---------------------------------------------------------------------------------------------
// Addresses

export type MailingAddressInput = {
  firstName?: string | null;
  lastName?: string | null;
  company?: string | null;
  address1?: string | null;
  address2?: string | null;
  city?: string | null;
  province?: string | null;
  zip?: string | null;
  country?: string | null;
  phone?: string | null;
};

/**
 * The countries the shop delivers to, by ISO code, with the names shoppers type (French and
 * English); an address elsewhere is refused. Orders print them from the code (order-resolvers.ts).
 */
const COUNTRIES: { code: string; name: string; aliases: string[] }[] = [
  { code: "FR", name: "France", aliases: [] },
  { code: "BE", name: "Belgique", aliases: ["belgium"] },
  { code: "LU", name: "Luxembourg", aliases: [] },
  { code: "MC", name: "Monaco", aliases: [] },
  { code: "CH", name: "Suisse", aliases: ["switzerland"] },
  { code: "DE", name: "Allemagne", aliases: ["germany", "deutschland"] },
  { code: "ES", name: "Espagne", aliases: ["spain", "españa"] },
  { code: "IT", name: "Italie", aliases: ["italy", "italia"] },
];

/** The country of an address: FR when none is given, undefined when we do not deliver there. */
function countryOf(value: string | null | undefined) {
  const key = (value ?? "").trim().toLowerCase();
  if (key === "") return COUNTRIES[0];
  return COUNTRIES.find(
    (country) =>
      country.code.toLowerCase() === key ||
      country.name.toLowerCase() === key ||
      country.aliases.includes(key),
  );
}

function addressValues(input: MailingAddressInput) {
  const errors: CustomerUserError[] = [];
  const required = (key: "address1" | "zip" | "city", message: string) => {
    const value = blankToNull(input[key]);
    if (!value) errors.push(error("BLANK", ["address", key], message));
    return value ?? "";
  };
  const address1 = required("address1", MESSAGES.address1Blank);
  const zip = required("zip", MESSAGES.zipBlank);
  const city = required("city", MESSAGES.cityBlank);
  for (const key of ["firstName", "lastName", "company", "address2", "province"] as const) {
    errors.push(...nameErrors(input[key], ["address", key]));
  }
  const country = countryOf(input.country);
  if (!country) errors.push(error("INVALID", ["address", "country"], MESSAGES.countryInvalid));
  const phone = input.phone?.trim() ? frenchPhone(input.phone) : null;
  if (phone === undefined)
    errors.push(error("INVALID", ["address", "phone"], MESSAGES.phoneInvalid));
  return {
    errors,
    values: {
      firstName: blankToNull(input.firstName),
      lastName: blankToNull(input.lastName),
      company: blankToNull(input.company),
      address1,
      address2: blankToNull(input.address2),
      city,
      province: blankToNull(input.province),
      zip,
      country: country?.name ?? "",
      countryCode: country?.code ?? "",
      phone: phone ?? null,
    },
  };
}

/** Adds an address; a customer's first address becomes their default, as on Shopify. */
export async function createAddress(
  db: Db,
  accessToken: string,
  input: MailingAddressInput,
  now: Date,
): Promise<Outcome<Address>> {
  const customerId = await customerIdOfAccessToken(db, accessToken, now);
  if (customerId === undefined) return fail(tokenError());
  const { errors, values } = addressValues(input);
  if (errors.length > 0) return fail(...errors);
  return db.transaction(async (tx) => {
    const [address] = await tx
      .insert(commerceCustomerAddress)
      .values({ ...values, customerId, createdAt: now, updatedAt: now })
      .returning();
    if (!address) throw new Error("The address was not stored");
    await tx
      .update(commerceCustomer)
      .set({ defaultAddressId: address.id })
      .where(and(eq(commerceCustomer.id, customerId), isNull(commerceCustomer.defaultAddressId)));
    return { ok: true, value: address };
  });
}

const addressMissing = (field: string[]) => error("NOT_FOUND", field, MESSAGES.addressMissing);

/** Replaces an address of the signed-in customer; another customer's address is NOT_FOUND. */
export async function updateAddress(
  db: Db,
  accessToken: string,
  addressId: string,
  input: MailingAddressInput,
  now: Date,
): Promise<Outcome<Address>> {
  const customerId = await customerIdOfAccessToken(db, accessToken, now);
  if (customerId === undefined) return fail(tokenError());
  const id = addressIdFrom(addressId);
  if (id === undefined) return fail(addressMissing(["id"]));
  const { errors, values } = addressValues(input);
  if (errors.length > 0) return fail(...errors);
  const [address] = await db
    .update(commerceCustomerAddress)
    .set({ ...values, updatedAt: now })
    .where(
      and(eq(commerceCustomerAddress.id, id), eq(commerceCustomerAddress.customerId, customerId)),
    )
    .returning();
  return address ? { ok: true, value: address } : fail(addressMissing(["id"]));
}

/** Deletes an address; when it was the default, the newest remaining one becomes the default. */
export async function deleteAddress(
  db: Db,
  accessToken: string,
  addressId: string,
  now: Date,
): Promise<Outcome<number>> {
  const customerId = await customerIdOfAccessToken(db, accessToken, now);
  if (customerId === undefined) return fail(tokenError());
  const id = addressIdFrom(addressId);
  if (id === undefined) return fail(addressMissing(["id"]));
  return db.transaction(async (tx) => {
    const [deleted] = await tx
      .delete(commerceCustomerAddress)
      .where(
        and(eq(commerceCustomerAddress.id, id), eq(commerceCustomerAddress.customerId, customerId)),
      )
      .returning({ id: commerceCustomerAddress.id });
    if (!deleted) return fail<number>(addressMissing(["id"]));
    await tx
      .update(commerceCustomer)
      .set({
        defaultAddressId: sql`(select max(${commerceCustomerAddress.id}) from ${commerceCustomerAddress} where ${commerceCustomerAddress.customerId} = ${customerId})`,
        updatedAt: now,
      })
      .where(and(eq(commerceCustomer.id, customerId), eq(commerceCustomer.defaultAddressId, id)));
    return { ok: true, value: deleted.id };
  });
}

/** Makes one of the signed-in customer's addresses their default. */
export async function setDefaultAddress(
  db: Db,
  accessToken: string,
  addressId: string,
  now: Date,
): Promise<Outcome<CustomerRow>> {
  const customerId = await customerIdOfAccessToken(db, accessToken, now);
  if (customerId === undefined) return fail(tokenError());
  const id = addressIdFrom(addressId);
  if (id === undefined) return fail(addressMissing(["addressId"]));
  const [customer] = await db
    .update(commerceCustomer)
    .set({ defaultAddressId: id, updatedAt: now })
    .where(
      and(
        eq(commerceCustomer.id, customerId),
        sql`exists (select 1 from ${commerceCustomerAddress} where ${commerceCustomerAddress.id} = ${id} and ${commerceCustomerAddress.customerId} = ${customerId})`,
      ),
    )
    .returning();
  return customer ? { ok: true, value: customer } : fail(addressMissing(["addressId"]));
}

/** The customer behind a token, for the `customer` query; undefined when the token is invalid. */
export async function customerForToken(db: Db, token: string, now: Date) {
  const id = await customerIdOfAccessToken(db, token, now);
  return id === undefined ? undefined : customerById(db, id);
}

// ---------------------------------------------------------------------------------------------
// Customer metafields: wishlist and shopping lists

/** The customer metafields the shop keeps (storefront.md §3: wishlist, shoppingList). */
export const CUSTOMER_METAFIELDS = {
  // Product GIDs, so `references` on the metafield resolves them to products.
  wishlist: "list.product_reference",
  // Ids of the customer's shopping lists (commerce_shopping_list).
  shopping_lists: "json",
} as const;

export type CustomerMetafieldKey = keyof typeof CUSTOMER_METAFIELDS;

/** Writes a customer metafield (creating it the first time), inside the caller's transaction. */
export async function writeCustomerMetafield(
  db: Db | Tx,
  customerId: number,
  key: CustomerMetafieldKey,
  value: unknown,
  now: Date,
): Promise<void> {
  const text = JSON.stringify(value);
  await db
    .insert(commerceMetafield)
    .values({
      ownerType: "CUSTOMER",
      ownerId: customerId,
      namespace: CUSTOM_NAMESPACE,
      key,
      type: CUSTOMER_METAFIELDS[key],
      value: text,
      createdAt: now,
      updatedAt: now,
    })
    .onConflictDoUpdate({
      target: [
        commerceMetafield.ownerType,
        commerceMetafield.ownerId,
        commerceMetafield.namespace,
        commerceMetafield.key,
      ],
      set: { value: text, updatedAt: now },
    });
}

/** Replaces the customer's wishlist with these product GIDs (duplicates dropped, order kept). */
export async function setWishlist(
  db: Db,
  customerId: number,
  productGids: string[],
  now: Date,
): Promise<string[]> {
  const wishlist = [...new Set(productGids)];
  await writeCustomerMetafield(db, customerId, "wishlist", wishlist, now);
  return wishlist;
}
