import { createHash, randomBytes } from "node:crypto";
import { and, desc, eq, gt, isNull } from "drizzle-orm";
import type { Db, Tx } from "#db/client.ts";
import { hashPassword, verifyPassword } from "#platform/commerce/customers/passwords.ts";
import {
  type Address,
  type CustomerRow,
  error,
  fail,
  type IssuedToken,
  MESSAGES,
  normaliseEmail,
  type Outcome,
  type SignedInCustomer,
  TOKEN_LIFETIME_MS,
} from "#platform/commerce/customers/records.ts";
import type { SignedIn } from "#platform/commerce/customers/registration.ts";
import {
  type CustomerTokenKind,
  commerceCustomer,
  commerceCustomerAddress,
  commerceCustomerToken,
} from "#platform/commerce/customers/schema.ts";

/**
 * Access tokens and sign-in: tokens stored only as hashes, with a lifetime per kind; the
 * customer (and their addresses) behind a token; signing in, renewing and deleting a token.
 */

// ---------------------------------------------------------------------------------------------
// Tokens

/** SHA-256 of a token, the only form in which tokens are stored. */
export function hashToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

export async function issueToken(
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
export async function consumeToken(
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

/** What an activation or reset link's token is worth, before anyone types a password. */
export type LinkTokenState = "valid" | "used" | "expired" | "unknown";

/**
 * Reads an activation or reset token without using it, so that the link's page can say at once
 * that it has been used or has expired (Shopify's Storefront API has no such query: `customerReset`
 * and `customerActivate` tell only when the new password is sent). An activation link of an
 * account already enabled counts as used, whichever link activated it.
 */
export async function linkTokenState(
  db: Db | Tx,
  customerId: number,
  kind: "activation" | "reset",
  token: string,
  now: Date,
): Promise<LinkTokenState> {
  if (!token) return "unknown";
  const [row] = await db
    .select({
      usedAt: commerceCustomerToken.usedAt,
      expiresAt: commerceCustomerToken.expiresAt,
      state: commerceCustomer.state,
    })
    .from(commerceCustomerToken)
    .innerJoin(commerceCustomer, eq(commerceCustomer.id, commerceCustomerToken.customerId))
    .where(
      and(
        eq(commerceCustomerToken.tokenHash, hashToken(token)),
        eq(commerceCustomerToken.customerId, customerId),
        eq(commerceCustomerToken.kind, kind),
      ),
    )
    .limit(1);
  if (!row) return "unknown";
  if (row.usedAt || (kind === "activation" && row.state === "ENABLED")) return "used";
  return row.expiresAt.getTime() > now.getTime() ? "valid" : "expired";
}

export async function customerIdOfAccessToken(db: Db | Tx, token: string, now: Date) {
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
        isNull(commerceCustomer.disabledAt),
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

export async function customerByEmail(db: Db | Tx, email: string) {
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
  if (customer.disabledAt) return fail(error("CUSTOMER_DISABLED", null, MESSAGES.blocked));
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

/** The customer behind a token, for the `customer` query; undefined when the token is invalid. */
export async function customerForToken(db: Db, token: string, now: Date) {
  const id = await customerIdOfAccessToken(db, token, now);
  return id === undefined ? undefined : customerById(db, id);
}
