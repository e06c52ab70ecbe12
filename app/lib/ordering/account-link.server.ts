import { accountDetails } from "#app/lib/account/account.server.ts";
import { AccountUnavailable } from "#app/lib/account/customer-api.server.ts";
import { customerTokenOf } from "#app/lib/account/customer-session.server.ts";
import {
  linkedOrderingCustomer,
  type OrderingCustomer,
  orderingTokenCookie,
  type Shopper,
  tokenForShopCustomer,
} from "#app/lib/ordering/customer.server.ts";

/**
 * The restauration checkout and the shop account (docs/ordering-flow.md, « Le compte Comptoir »):
 * a shopper signed in to the shop has their name and email prefilled, and once they have linked
 * their phone to the account (« Lier ce numéro à mon compte »), the checkout signs that phone in
 * from the shop session, with no SMS code.
 */

/** The signed-in shop account as the checkout uses it, or null (no session, or it expired). */
export type ShopAccount = { id: string; name: string; email: string };

export async function shopAccountOf(request: Request): Promise<ShopAccount | null> {
  const token = customerTokenOf(request);
  if (!token) return null;
  try {
    const customer = await accountDetails(token);
    const name = [customer.firstName, customer.lastName].filter(Boolean).join(" ");
    return { id: customer.id, name, email: customer.email ?? "" };
  } catch (cause) {
    if (cause instanceof AccountUnavailable) return null;
    throw cause;
  }
}

/** The checkout's phone session, as the loader settles it. */
export type OrderingSession = {
  customer: OrderingCustomer | null;
  shopAccount: ShopAccount | null;
  /** The phone customer linked to the shop account, if any. */
  linkedCustomerId: number | null;
};

/**
 * Without a phone session, a shop account linked to a phone signs that phone in: the new token
 * goes to `shopper` and its cookie to `headers`.
 */
export async function orderingSessionFor(
  request: Request,
  shopper: Shopper,
  customer: OrderingCustomer | null,
  headers: Headers,
): Promise<OrderingSession> {
  const shopAccount = await shopAccountOf(request);
  if (!shopAccount) return { customer, shopAccount, linkedCustomerId: null };
  const linked = await linkedOrderingCustomer(shopAccount.id);
  const linkedCustomerId = linked.ok ? linked.data.CustomerId : null;
  if (customer || linkedCustomerId === null) return { customer, shopAccount, linkedCustomerId };
  const issued = await tokenForShopCustomer(shopAccount.id);
  if (!issued.ok) return { customer, shopAccount, linkedCustomerId };
  shopper.token = issued.data.Token;
  headers.append("Set-Cookie", orderingTokenCookie(request, issued.data.Token));
  return { customer: issued.data.Customer, shopAccount, linkedCustomerId };
}

/** The name and email the form shows: the phone customer's, else the shop account's. */
export function prefilledDetails(customer: OrderingCustomer, shopAccount: ShopAccount | null) {
  return {
    name: customer.Name || shopAccount?.name || "",
    email: customer.EmailAddress || shopAccount?.email || "",
  };
}
