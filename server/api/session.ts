import type { Context, MiddlewareHandler } from "hono";
import { getCookie } from "hono/cookie";
import type { Db } from "#db/client.ts";
import { customerByAccessToken, type SignedInCustomer } from "#platform/commerce/index.ts";
import { CUSTOMER_SESSION_COOKIE } from "#server/rules/page-cache.ts";

/** What routes behind `requireCustomer` find in the request's variables. */
export type CustomerSession = { Variables: { customer: SignedInCustomer } };

/**
 * The customer access token a request carries: the httpOnly `customerAccessToken` cookie the
 * storefront sets at sign-in, or `Authorization: Bearer <token>` for API clients.
 */
export function accessTokenOf(c: Context): string | undefined {
  const bearer = /^Bearer\s+(\S+)$/i.exec(c.req.header("authorization") ?? "")?.[1];
  return bearer ?? (getCookie(c, CUSTOMER_SESSION_COOKIE) || undefined);
}

/** The signed-in customer of a request, or null (no token, or an expired or revoked one). */
export async function sessionCustomer(
  c: Context,
  db: Db,
  now: Date = new Date(),
): Promise<SignedInCustomer | null> {
  const token = accessTokenOf(c);
  return token ? customerByAccessToken(db, token, now) : null;
}

/**
 * Lets a request through only with a signed-in customer, whom it sets as `customer`; answers 401
 * `{ success: false, error: "unauthorized" }` otherwise. Routes then check that what is read or
 * written is that customer's: ids in paths and bodies are never trusted on their own.
 */
export function requireCustomer(
  db: Db,
  now: () => Date = () => new Date(),
): MiddlewareHandler<CustomerSession> {
  return async (c, next) => {
    const customer = await sessionCustomer(c, db, now());
    if (!customer) return c.json({ success: false, error: "unauthorized" }, 401);
    c.set("customer", customer);
    await next();
  };
}

/** The 403 answer when a signed-in customer reaches for what is not theirs. */
export function forbidden(c: Context) {
  return c.json({ success: false, error: "forbidden" }, 403);
}
