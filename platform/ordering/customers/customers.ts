import { createHash, randomBytes } from "node:crypto";
import { and, eq, gt, isNull } from "drizzle-orm";
import type { Db, Tx } from "#db/client.ts";
import { orderingCustomer, orderingCustomerToken } from "#platform/ordering/schema.ts";

export type Customer = typeof orderingCustomer.$inferSelect;

/** How long a customer token signs its customer in. */
export const CUSTOMER_TOKEN_TTL_MS = 30 * 24 * 60 * 60 * 1000;

/** Tokens are kept as SHA-256 (hex): a leaked table signs nobody in. */
export function hashSecret(secret: string): string {
  return createHash("sha256").update(secret).digest("hex");
}

/** The customer of a phone number (E.164), created on first sign-in. */
export async function customerForPhone(tx: Tx, phone: string): Promise<Customer> {
  await tx.insert(orderingCustomer).values({ phone }).onConflictDoNothing();
  const [customer] = await tx
    .select()
    .from(orderingCustomer)
    .where(eq(orderingCustomer.phone, phone));
  if (!customer) throw new Error("The customer was not stored");
  return customer;
}

/** A new random token for the customer; only its hash is stored. */
export async function issueCustomerToken(tx: Tx, customerId: number, now: Date): Promise<string> {
  const token = randomBytes(32).toString("base64url");
  await tx.insert(orderingCustomerToken).values({
    tokenHash: hashSecret(token),
    customerId,
    createdAt: now,
    expiresAt: new Date(now.getTime() + CUSTOMER_TOKEN_TTL_MS),
  });
  return token;
}

/** The customer a token signs in, or null when it is unknown or expired, or the customer disabled. */
export async function customerForToken(db: Db, token: string, now: Date): Promise<Customer | null> {
  const [row] = await db
    .select({ customer: orderingCustomer })
    .from(orderingCustomerToken)
    .innerJoin(orderingCustomer, eq(orderingCustomer.id, orderingCustomerToken.customerId))
    .where(
      and(
        eq(orderingCustomerToken.tokenHash, hashSecret(token)),
        gt(orderingCustomerToken.expiresAt, now),
        isNull(orderingCustomer.disabledAt),
      ),
    );
  return row?.customer ?? null;
}

/** Ends the session of a token (logout). */
export async function revokeCustomerToken(db: Db, token: string): Promise<void> {
  await db
    .delete(orderingCustomerToken)
    .where(eq(orderingCustomerToken.tokenHash, hashSecret(token)));
}

export type CustomerChanges = Partial<Pick<Customer, "name" | "email" | "smsPromotionsEnabled">>;

export async function updateCustomer(
  db: Db,
  customerId: number,
  changes: CustomerChanges,
  now: Date,
): Promise<Customer> {
  const [customer] = await db
    .update(orderingCustomer)
    .set({ ...changes, updatedAt: now })
    .where(eq(orderingCustomer.id, customerId))
    .returning();
  if (!customer) throw new Error("The customer vanished");
  return customer;
}

/** A customer in the API's shape. */
export function customerView(customer: Customer) {
  return {
    CustomerId: customer.id,
    PhoneNumber: customer.phone,
    Name: customer.name,
    EmailAddress: customer.email,
    SmsPromotionsEnabled: customer.smsPromotionsEnabled,
  };
}
