import { isHttps, readCookie, serializeCookie } from "#app/lib/cookies.ts";
import { CUSTOMER_SUMMARY_FRAGMENT } from "#app/lib/fragments.ts";
import { CUSTOMER_SESSION_COOKIE } from "#app/lib/page-cookies.ts";
import type { CustomerSummaryFieldsFragment } from "#app/lib/storefront.generated.ts";
import { type StorefrontDocument, storefrontQuery } from "#app/lib/storefront.server.ts";

/**
 * The signed-in customer's session in the storefront (storefront.md §4, issue 8): the customer
 * access token lives in an httpOnly, SameSite=Lax cookie for one day, renewed while the customer is
 * active. A request carrying it bypasses the shared page cache (decision 002).
 */
export const CUSTOMER_TOKEN_COOKIE = CUSTOMER_SESSION_COOKIE;
export const CUSTOMER_TOKEN_MAX_AGE_SECONDS = 24 * 60 * 60;

export function customerTokenOf(request: Request): string | undefined {
  return readCookie(request, CUSTOMER_TOKEN_COOKIE) || undefined;
}

/** The `Set-Cookie` value that starts (or renews) a session with `token`. */
export function customerTokenCookie(request: Request, token: string): string {
  return serializeCookie(CUSTOMER_TOKEN_COOKIE, token, {
    maxAgeSeconds: CUSTOMER_TOKEN_MAX_AGE_SECONDS,
    httpOnly: true,
    sameSite: "Lax",
    secure: isHttps(request),
  });
}

/** The `Set-Cookie` value that ends the session. */
export function clearedCustomerTokenCookie(request: Request): string {
  return serializeCookie(CUSTOMER_TOKEN_COOKIE, "", {
    maxAgeSeconds: 0,
    httpOnly: true,
    sameSite: "Lax",
    secure: isHttps(request),
  });
}

/** Who is signed in: their id, names and email. */
export type CustomerSummary = CustomerSummaryFieldsFragment;

const CURRENT_CUSTOMER_QUERY = `#graphql
  query CurrentCustomer($token: String!) {
    customer(customerAccessToken: $token) {
      ...CustomerSummaryFields
    }
  }
  ${CUSTOMER_SUMMARY_FRAGMENT}
` as StorefrontDocument<"CurrentCustomer">;

/**
 * Who is signed in on this request: null without a token, or when the commerce service no longer
 * knows it (expired or revoked). Other failures throw, so that a service outage is not mistaken
 * for a sign-out.
 */
export async function currentCustomer(request: Request): Promise<CustomerSummary | null> {
  const token = customerTokenOf(request);
  if (!token) return null;
  const data = await storefrontQuery(CURRENT_CUSTOMER_QUERY, {
    token,
  });
  return data.customer;
}
