import { eq } from "drizzle-orm";
import type { Db, Tx } from "#db/client.ts";
import { hashPassword } from "#platform/commerce/customers/passwords.ts";
import {
  blankToNull,
  type CustomerRow,
  customerIdFrom,
  emailErrors,
  error,
  fail,
  frenchPhone,
  type IssuedToken,
  MESSAGES,
  nameErrors,
  normaliseEmail,
  type Outcome,
  passwordErrors,
} from "#platform/commerce/customers/records.ts";
import { commerceCustomer } from "#platform/commerce/customers/schema.ts";
import { consumeToken, customerById, issueToken } from "#platform/commerce/customers/tokens.ts";
import { activationEmail, queueEmail } from "#platform/notify/index.ts";

/**
 * Registration and activation: a new account with an activation email, activating it by id and
 * token or by the link's URL.
 */

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

export async function sendActivation(
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
