import { randomBytes } from "node:crypto";
import { redirect } from "react-router";
import {
  AccountUnavailable,
  type CustomerUserError,
  customerCall,
  type FieldErrors,
  mutate,
  type Result,
} from "#app/lib/account/customer-api.server.ts";
import { customerTokenOf } from "#app/lib/account/customer-session.server.ts";
import {
  ACCOUNT_DETAILS_QUERY,
  CART_BUYER_IDENTITY_MUTATION,
  CUSTOMER_ACTIVATE_BY_URL_MUTATION,
  CUSTOMER_ACTIVATE_MUTATION,
  CUSTOMER_ADDRESS_CREATE_MUTATION,
  CUSTOMER_ADDRESS_DELETE_MUTATION,
  CUSTOMER_ADDRESS_UPDATE_MUTATION,
  CUSTOMER_CREATE_MUTATION,
  CUSTOMER_DEFAULT_ADDRESS_MUTATION,
  CUSTOMER_RECOVER_MUTATION,
  CUSTOMER_RESET_BY_URL_MUTATION,
  CUSTOMER_RESET_MUTATION,
  CUSTOMER_SIGN_IN_MUTATION,
  CUSTOMER_SIGN_OUT_MUTATION,
  CUSTOMER_UPDATE_MUTATION,
} from "#app/lib/account/documents.ts";
import { ACCOUNT_MESSAGES } from "#app/lib/account/messages.ts";
import { serviceFetch } from "#app/lib/services.server.ts";
import type {
  AccountAccessTokenFragment,
  AccountDetailsQuery,
} from "#app/lib/storefront.generated.ts";
import { StorefrontError } from "#app/lib/storefront.server.ts";
import { CUSTOMER_LINK_STATE_PATH, type LinkTokenState } from "#platform/commerce/index.ts";
import { normalizeFrenchPhone } from "#platform/phone.ts";

/**
 * The customer client of the storefront (storefront.md §4–§8, issue 8): sign-in, registration,
 * activation, recovery, profile and addresses, through the commerce service's Storefront API
 * (customer.graphql; orders in account-orders.server.ts). Expected failures come back as French
 * messages per field; the pages show them beside their fields.
 */

/** The account page's tabs (storefront.md §2): `s` query parameter. */
export const ACCOUNT_TABS = {
  profile: null,
  orders: "3",
  favourites: "4",
  lists: "5",
} as const;

// ---------------------------------------------------------------------------------------------
// Validation (storefront.md §5)

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function isEmail(value: string): boolean {
  return EMAIL_PATTERN.test(value.trim());
}

/**
 * A French phone number as the commerce service stores it (`+33612345678`), from what a shopper
 * types (`06 12 34 56 78`, `+33 6 12 34 56 78`, `0033612345678`); undefined when it is not one.
 */
export function normaliseFrenchPhone(value: string): string | undefined {
  return normalizeFrenchPhone(value) ?? undefined;
}

/** `+33612345678` → `06 12 34 56 78`, for the profile form. */
export function displayPhone(phone: string | null | undefined): string {
  if (!phone) return "";
  const match = /^\+33(\d)(\d{2})(\d{2})(\d{2})(\d{2})$/.exec(phone);
  return match ? `0${match.slice(1).join(" ")}` : phone;
}

/** The login page with a way back to `request`'s page; for loaders of private pages. */
export function loginRedirect(request: Request): Response {
  const url = new URL(request.url);
  return redirect(`/compte/?redirect=${encodeURIComponent(url.pathname + url.search)}`);
}

/** Every account page is private: never in a shared cache, nor kept by the browser. */
export const PRIVATE_HEADERS = { "Cache-Control": "private, no-store" } as const;

// ---------------------------------------------------------------------------------------------
// Sign-in, registration, activation, recovery

export type AccessToken = AccountAccessTokenFragment;

type TokenPayload = {
  customerAccessToken: AccessToken | null;
  customerUserErrors: CustomerUserError[];
};

export function signIn(
  input: { email: string; password: string },
  buyerIp?: string,
): Promise<Result<AccessToken>> {
  return mutate(
    CUSTOMER_SIGN_IN_MUTATION,
    { input },
    (data) => tokenOutcome(data.customerAccessTokenCreate),
    buyerIp,
  );
}

/** A mutation's payload: null only beside top-level errors, which have already thrown. */
function payloadOf<T>(payload: T | null): T {
  if (!payload) throw new StorefrontError("Storefront API answered no payload");
  return payload;
}

function tokenOutcome(payload: TokenPayload | null) {
  const errors = payload?.customerUserErrors ?? [];
  const token = payload?.customerAccessToken;
  if (errors.length === 0 && !token) {
    return {
      errors: [{ code: null, field: null, message: ACCOUNT_MESSAGES.generic }],
      value: null as never,
    };
  }
  return { errors, value: token as AccessToken };
}

export type RegistrationInput = {
  email: string;
  firstName: string;
  lastName: string;
  acceptsMarketing: boolean;
};

/**
 * Opens an account, disabled until its activation link is followed: the shopper chooses their
 * password there, once (docs/account.md). The Storefront API asks `customerCreate` for a password
 * all the same; it gets a random one that nobody knows, replaced at activation.
 */
export async function register(input: RegistrationInput): Promise<Result<{ email: string }>> {
  if (!isEmail(input.email)) return { ok: false, errors: { email: ACCOUNT_MESSAGES.emailInvalid } };
  const password = randomBytes(24).toString("base64url");
  return mutate(CUSTOMER_CREATE_MUTATION, { input: { ...input, password } }, (data) => ({
    errors: payloadOf(data.customerCreate).customerUserErrors,
    value: { email: payloadOf(data.customerCreate).customer?.email ?? input.email },
  }));
}

export function activate(
  id: string,
  input: { activationToken: string; password: string },
  buyerIp?: string,
): Promise<Result<AccessToken>> {
  return mutate(
    CUSTOMER_ACTIVATE_MUTATION,
    { id: `gid://shopify/Customer/${id}`, input },
    (data) => tokenOutcome(data.customerActivate),
    buyerIp,
  );
}

export function resetPassword(
  id: string,
  input: { resetToken: string; password: string },
  buyerIp?: string,
): Promise<Result<AccessToken>> {
  return mutate(
    CUSTOMER_RESET_MUTATION,
    { id: `gid://shopify/Customer/${id}`, input },
    (data) => tokenOutcome(data.customerReset),
    buyerIp,
  );
}

/** The link of an email as pasted (`https://…/account/activate/12/…`), or null when it is none. */
function pastedLink(value: string): string | null {
  const link = value.trim();
  try {
    return /^https?:$/.test(new URL(link).protocol) ? link : null;
  } catch {
    return null;
  }
}

const linkNotPasted = (): Result<never> => ({
  ok: false,
  errors: { link: ACCOUNT_MESSAGES.linkInvalid },
});

/** Activates an account with the activation email's whole link, pasted (a form without token). */
export function activateByLink(
  link: string,
  password: string,
  buyerIp?: string,
): Promise<Result<AccessToken>> {
  const activationUrl = pastedLink(link);
  if (!activationUrl) return Promise.resolve(linkNotPasted());
  return mutate(
    CUSTOMER_ACTIVATE_BY_URL_MUTATION,
    { activationUrl, password },
    (data) => tokenOutcome(data.customerActivateByUrl),
    buyerIp,
  );
}

/** Sets a new password with the reset email's whole link, pasted (a form without token). */
export function resetByLink(
  link: string,
  password: string,
  buyerIp?: string,
): Promise<Result<AccessToken>> {
  const resetUrl = pastedLink(link);
  if (!resetUrl) return Promise.resolve(linkNotPasted());
  return mutate(
    CUSTOMER_RESET_BY_URL_MUTATION,
    { resetUrl, password },
    (data) => tokenOutcome(data.customerResetByUrl),
    buyerIp,
  );
}

/**
 * Whether an activation or reset link still works, asked before its form is shown: the commerce
 * service's own check (`linkTokenState`), beside Shopify's API, which tells only once the new
 * password is sent. A service without that check (a remote Shopify) or unreachable: « valid »,
 * and the form answers as before.
 */
export async function linkState(
  kind: "activation" | "reset",
  id: string | undefined,
  token: string | undefined,
): Promise<LinkTokenState> {
  const customerId = Number(id);
  if (!token || !Number.isInteger(customerId) || customerId <= 0) return "unknown";
  try {
    const response = await serviceFetch("commerce", CUSTOMER_LINK_STATE_PATH, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ kind, customerId, token }),
    });
    if (!response.ok) return "valid";
    const { state } = (await response.json()) as { state?: LinkTokenState };
    return state ?? "valid";
  } catch {
    return "valid";
  }
}

/** Sends the reset link (or the activation link again); says the same whether or not the email has an account. */
export function recover(email: string, buyerIp?: string): Promise<Result<null>> {
  return mutate(
    CUSTOMER_RECOVER_MUTATION,
    { email },
    (data) => ({ errors: data.customerRecover?.customerUserErrors ?? [], value: null }),
    buyerIp,
  );
}

/** Ends the session on the service side too; a token already gone is not an error. */
export async function signOut(token: string): Promise<void> {
  await customerCall(CUSTOMER_SIGN_OUT_MUTATION, { token });
}

/**
 * Links the visitor's cart to the signed-in customer, so that the order the checkout makes from
 * it lands in their history and the checkout knows their email and addresses. A cart that is
 * gone or completed is left alone.
 */
export async function linkCartToCustomer(cartId: string, token: string): Promise<void> {
  try {
    await customerCall(CART_BUYER_IDENTITY_MUTATION, {
      cartId,
      buyerIdentity: { customerAccessToken: token },
    });
  } catch {
    // The cart stays as it was; sign-in itself succeeded.
  }
}

// ---------------------------------------------------------------------------------------------
// Profile and addresses

/** The signed-in customer as the account page shows them, with their addresses. */
export type AccountDetails = NonNullable<AccountDetailsQuery["customer"]>;
export type AccountAddress = AccountDetails["addresses"]["nodes"][number];

/**
 * The signed-in customer's details (storefront.md §5: they need a token). Throws 'Token manquant'
 * without one, and 'Impossible de récupérer les informations client' when the service does not
 * answer them (expired token or outage): the page then asks to sign in again.
 */
export async function accountDetails(token: string | undefined): Promise<AccountDetails> {
  if (!token) throw new AccountUnavailable(ACCOUNT_MESSAGES.tokenMissing);
  try {
    const answer = await customerCall(ACCOUNT_DETAILS_QUERY, { token });
    if ("data" in answer && answer.data.customer) return answer.data.customer;
  } catch {
    // Reported the same way below.
  }
  throw new AccountUnavailable(ACCOUNT_MESSAGES.customerUnavailable);
}

export type ProfileInput = {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  acceptsMarketing: boolean;
};

export async function updateProfile(token: string, input: ProfileInput): Promise<Result<null>> {
  const errors: FieldErrors = {};
  if (!isEmail(input.email)) errors.email = ACCOUNT_MESSAGES.emailInvalid;
  const phone = input.phone.trim() ? normaliseFrenchPhone(input.phone) : "";
  if (phone === undefined) errors.phone = ACCOUNT_MESSAGES.phoneInvalid;
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return mutate(
    CUSTOMER_UPDATE_MUTATION,
    {
      token,
      customer: {
        firstName: input.firstName.trim(),
        lastName: input.lastName.trim(),
        email: input.email.trim(),
        phone: phone ?? "",
        acceptsMarketing: input.acceptsMarketing,
      },
    },
    (data) => ({ errors: payloadOf(data.customerUpdate).customerUserErrors, value: null }),
  );
}

/**
 * Changes the password after checking the current one (storefront.md §5: update with the
 * current password checks credentials first). A wrong current password changes nothing. The
 * service revokes every session on a new password and answers a new token, which replaces the
 * cookie's.
 */
export async function changePassword(
  token: string,
  input: { email: string; currentPassword: string; password: string; confirmation: string },
  buyerIp?: string,
): Promise<Result<AccessToken>> {
  if (input.password !== input.confirmation) {
    return { ok: false, errors: { confirmation: ACCOUNT_MESSAGES.passwordsDiffer } };
  }
  const check = await signIn({ email: input.email, password: input.currentPassword }, buyerIp);
  if (!check.ok) {
    // UNIDENTIFIED_CUSTOMER: Shopify's INVALID_CREDENTIALS of this check.
    const throttled = check.errors.form?.startsWith("Trop de tentatives");
    return {
      ok: false,
      errors: {
        currentPassword: throttled
          ? (check.errors.form ?? "")
          : ACCOUNT_MESSAGES.wrongCurrentPassword,
      },
    };
  }
  // The check's own token is not needed: the change revokes it with the others.
  const changed = await mutate(
    CUSTOMER_UPDATE_MUTATION,
    { token, customer: { password: input.password } },
    (data) => tokenOutcome(data.customerUpdate),
  );
  return changed;
}

export type AddressInput = {
  firstName: string;
  lastName: string;
  company: string;
  address1: string;
  address2: string;
  zip: string;
  city: string;
  country: string;
  phone: string;
};

/**
 * Checks an address the way storefront.md §5 says: saved only with its line, zip and city (else a
 * warning and nothing is sent), country FR by default; a phone, when given, must be French.
 */
export function addressProblem(input: AddressInput): FieldErrors | null {
  const errors: FieldErrors = {};
  if (!input.address1.trim() || !input.zip.trim() || !input.city.trim()) {
    errors.form = ACCOUNT_MESSAGES.addressIncomplete;
  }
  if (input.phone.trim() && !normaliseFrenchPhone(input.phone)) {
    errors.phone = ACCOUNT_MESSAGES.phoneInvalid;
  }
  return Object.keys(errors).length > 0 ? errors : null;
}

function addressVariables(input: AddressInput) {
  return {
    firstName: input.firstName.trim(),
    lastName: input.lastName.trim(),
    company: input.company.trim(),
    address1: input.address1.trim(),
    address2: input.address2.trim(),
    zip: input.zip.trim(),
    city: input.city.trim(),
    country: input.country.trim() || "FR",
    phone: input.phone.trim() ? (normaliseFrenchPhone(input.phone) ?? "") : "",
  };
}

export async function createAddress(
  token: string,
  input: AddressInput,
  makeDefault: boolean,
): Promise<Result<null>> {
  const problem = addressProblem(input);
  if (problem) return { ok: false, errors: problem };
  const created = await mutate(
    CUSTOMER_ADDRESS_CREATE_MUTATION,
    { token, address: addressVariables(input) },
    (data) => ({
      errors: payloadOf(data.customerAddressCreate).customerUserErrors,
      value: payloadOf(data.customerAddressCreate).customerAddress?.id ?? null,
    }),
  );
  if (!created.ok) return created;
  if (makeDefault && created.value) return setDefaultAddress(token, created.value);
  return { ok: true, value: null };
}

export async function updateAddress(
  token: string,
  id: string,
  input: AddressInput,
  makeDefault: boolean,
): Promise<Result<null>> {
  const problem = addressProblem(input);
  if (problem) return { ok: false, errors: problem };
  const updated = await mutate(
    CUSTOMER_ADDRESS_UPDATE_MUTATION,
    { token, id, address: addressVariables(input) },
    (data) => ({ errors: payloadOf(data.customerAddressUpdate).customerUserErrors, value: null }),
  );
  if (!updated.ok) return updated;
  return makeDefault ? setDefaultAddress(token, id) : updated;
}

export function deleteAddress(token: string, id: string): Promise<Result<null>> {
  return mutate(CUSTOMER_ADDRESS_DELETE_MUTATION, { token, id }, (data) => ({
    errors: payloadOf(data.customerAddressDelete).customerUserErrors,
    value: null,
  }));
}

export function setDefaultAddress(token: string, id: string): Promise<Result<null>> {
  return mutate(CUSTOMER_DEFAULT_ADDRESS_MUTATION, { token, id }, (data) => ({
    errors: payloadOf(data.customerDefaultAddressUpdate).customerUserErrors,
    value: null,
  }));
}

/** Only the session's own customer token is ever sent; a missing one sends to the login page. */
export function requireToken(request: Request): string {
  const token = customerTokenOf(request);
  if (!token) throw loginRedirect(request);
  return token;
}
