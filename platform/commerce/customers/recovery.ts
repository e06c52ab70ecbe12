import { and, eq, isNull } from "drizzle-orm";
import type { Db, Tx } from "#db/client.ts";
import { hashPassword } from "#platform/commerce/customers/passwords.ts";
import {
  emailErrors,
  error,
  fail,
  MESSAGES,
  type Outcome,
  passwordErrors,
} from "#platform/commerce/customers/records.ts";
import {
  resetUrl,
  type SignedIn,
  sendActivation,
} from "#platform/commerce/customers/registration.ts";
import { commerceCustomer, commerceCustomerToken } from "#platform/commerce/customers/schema.ts";
import { consumeToken, customerByEmail, issueToken } from "#platform/commerce/customers/tokens.ts";
import { passwordResetEmail, queueEmail } from "#platform/notify/index.ts";

/**
 * Password recovery: the reset email (or the activation email again, for an account never
 * activated) and the reset itself, which revokes the customer's other tokens.
 */

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
    // A disabled account gets no link: it could not sign in with it anyway.
    if (!customer || customer.disabledAt) return;
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
export async function revokeTokens(tx: Tx, customerId: number, now: Date) {
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
