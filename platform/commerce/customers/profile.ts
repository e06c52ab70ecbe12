import { and, eq, ne } from "drizzle-orm";
import type { Db } from "#db/client.ts";
import { hashPassword } from "#platform/commerce/customers/passwords.ts";
import {
  blankToNull,
  type CustomerRow,
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
import { revokeTokens } from "#platform/commerce/customers/recovery.ts";
import { commerceCustomer } from "#platform/commerce/customers/schema.ts";
import { customerIdOfAccessToken, issueToken } from "#platform/commerce/customers/tokens.ts";

/**
 * The signed-in customer's profile: names, email, phone, marketing consent and a new password
 * (which rotates the access token).
 */

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

export const tokenError = () =>
  error("TOKEN_INVALID", ["customerAccessToken"], MESSAGES.tokenInvalid);

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
