import type { RouterContextProvider } from "react-router";
import { redirect } from "react-router";
import { customerTokenOf } from "#app/lib/customer-session.server.ts";
import { serverContext } from "#app/lib/server-context.ts";
import { serviceFetch } from "#app/lib/services.server.ts";
import { STOREFRONT_API_VERSION, StorefrontError } from "#app/lib/storefront.server.ts";

/**
 * The customer client of the storefront (storefront.md §4–§8, issue 8): sign-in, registration,
 * activation, recovery, profile, addresses and orders, through the commerce service's Storefront
 * API (customer.graphql, order.graphql). Expected failures come back as French messages per
 * field; the pages show them beside their fields.
 */

// ---------------------------------------------------------------------------------------------
// Texts of the specification (§5, §8) and of the account pages

export const ACCOUNT_MESSAGES = {
  tokenMissing: "Token manquant",
  customerUnavailable: "Impossible de récupérer les informations client",
  wrongCurrentPassword: "Le mot de passe actuel est incorrect.",
  phoneInvalid:
    "Le numéro de téléphone doit être un numéro français (par exemple 06 12 34 56 78 ou +33 6 12 34 56 78).",
  emailInvalid: "L'adresse e-mail n'est pas valide.",
  addressIncomplete:
    "Veuillez renseigner l'adresse, le code postal et la ville : l'adresse n'a pas été enregistrée.",
  passwordsDiffer: "Les deux mots de passe ne sont pas identiques.",
  generic: "Une erreur est survenue. Veuillez réessayer.",
} as const;

/** The account page's tabs (storefront.md §2): `s` query parameter. */
export const ACCOUNT_TABS = {
  profile: null,
  orders: "3",
  favourites: "4",
  lists: "5",
} as const;

export const ORDERS_PER_PAGE = 20;

// ---------------------------------------------------------------------------------------------
// Validation (storefront.md §5)

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
// +33 or 0033 then a non-zero digit and four pairs, or a national number 0X and four pairs;
// spaces, dots or dashes may separate the groups.
const FRENCH_PHONE = /^(?:(?:\+33|0033)[\s.-]?|0)[1-9](?:[\s.-]?\d{2}){4}$/;

export function isEmail(value: string): boolean {
  return EMAIL_PATTERN.test(value.trim());
}

/**
 * A French phone number as the commerce service stores it (`+33612345678`), from what a shopper
 * types (`06 12 34 56 78`, `+33 6 12 34 56 78`, `0033612345678`); undefined when it is not one.
 */
export function normaliseFrenchPhone(value: string): string | undefined {
  const trimmed = value.trim();
  if (!FRENCH_PHONE.test(trimmed)) return undefined;
  const digits = trimmed.replace(/\D/g, "");
  const national = digits.startsWith("0033")
    ? digits.slice(4)
    : digits.startsWith("33") && trimmed.startsWith("+")
      ? digits.slice(2)
      : digits.slice(1);
  return `+33${national}`;
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
// Transport

export type FieldErrors = Record<string, string>;

/** Shopify's `CustomerUserError`. */
type CustomerUserError = { code: string | null; field: string[] | null; message: string };

export type Result<T> = { ok: true; value: T } | { ok: false; errors: FieldErrors };

export class AccountUnavailable extends Error {}

/** The client's address (for the service's per-address rate limits), when the server knows it. */
export function buyerIpOf(
  context: Readonly<RouterContextProvider> | undefined,
): string | undefined {
  try {
    return context?.get(serverContext).clientIp;
  } catch {
    return undefined;
  }
}

type GraphqlError = { message?: string; extensions?: { code?: string } };

/**
 * One Storefront API call with the shopper's address reported (`Shopify-Storefront-Buyer-IP`, as
 * Hydrogen does on private-token calls). A throttled sign-in or recovery answers the service's
 * French message as a form error; other top-level errors throw.
 */
async function customerCall<T>(
  query: string,
  variables: Record<string, unknown>,
  buyerIp?: string,
): Promise<{ data: T } | { throttled: string }> {
  const headers: Record<string, string> = {
    "content-type": "application/json",
    accept: "application/json",
  };
  if (buyerIp) headers["Shopify-Storefront-Buyer-IP"] = buyerIp;
  const response = await serviceFetch("commerce", `/api/${STOREFRONT_API_VERSION}/graphql.json`, {
    method: "POST",
    headers,
    body: JSON.stringify({ query, variables }),
  });
  let body: { data?: T; errors?: GraphqlError[] };
  try {
    body = (await response.json()) as typeof body;
  } catch {
    throw new StorefrontError(`Storefront API answered ${response.status} without JSON`);
  }
  const throttled = body.errors?.find((e) => e.extensions?.code === "THROTTLED");
  if (throttled) return { throttled: throttled.message ?? ACCOUNT_MESSAGES.generic };
  if (!response.ok || body.errors?.length || body.data == null) {
    throw new StorefrontError(`Storefront API error (${response.status})`, body.errors ?? []);
  }
  return { data: body.data };
}

// Errors about the session or a link rather than a field of the form.
const FORM_LEVEL = new Set([
  "customerAccessToken",
  "activationToken",
  "resetToken",
  "id",
  "addressId",
]);

/** `["customer", "email"]` → `email`; errors without a form field go under `form`. */
function fieldErrors(errors: CustomerUserError[]): FieldErrors {
  const out: FieldErrors = {};
  for (const error of errors) {
    const last = error.field?.at(-1);
    const key = last && !FORM_LEVEL.has(last) ? last : "form";
    out[key] ??= error.message;
  }
  return out;
}

async function mutate<T, V>(
  query: string,
  variables: Record<string, unknown>,
  pick: (data: T) => { errors: CustomerUserError[]; value: V },
  buyerIp?: string,
): Promise<Result<V>> {
  const answer = await customerCall<T>(query, variables, buyerIp);
  if ("throttled" in answer) return { ok: false, errors: { form: answer.throttled } };
  const { errors, value } = pick(answer.data);
  return errors.length > 0 ? { ok: false, errors: fieldErrors(errors) } : { ok: true, value };
}

// ---------------------------------------------------------------------------------------------
// Sign-in, registration, activation, recovery

export type AccessToken = { accessToken: string; expiresAt: string };

type TokenPayload = {
  customerAccessToken: AccessToken | null;
  customerUserErrors: CustomerUserError[];
};

export function signIn(
  input: { email: string; password: string },
  buyerIp?: string,
): Promise<Result<AccessToken>> {
  return mutate<{ customerAccessTokenCreate: TokenPayload }, AccessToken>(
    CUSTOMER_SIGN_IN_MUTATION,
    { input },
    (data) => tokenOutcome(data.customerAccessTokenCreate),
    buyerIp,
  );
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
  password: string;
  firstName: string;
  lastName: string;
  acceptsMarketing: boolean;
};

export async function register(input: RegistrationInput): Promise<Result<{ email: string }>> {
  if (!isEmail(input.email)) return { ok: false, errors: { email: ACCOUNT_MESSAGES.emailInvalid } };
  return mutate<
    {
      customerCreate: {
        customer: { email: string } | null;
        customerUserErrors: CustomerUserError[];
      };
    },
    { email: string }
  >(CUSTOMER_CREATE_MUTATION, { input }, (data) => ({
    errors: data.customerCreate.customerUserErrors,
    value: { email: data.customerCreate.customer?.email ?? input.email },
  }));
}

export function activate(
  id: string,
  input: { activationToken: string; password: string },
  buyerIp?: string,
): Promise<Result<AccessToken>> {
  return mutate<{ customerActivate: TokenPayload }, AccessToken>(
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
  return mutate<{ customerReset: TokenPayload }, AccessToken>(
    CUSTOMER_RESET_MUTATION,
    { id: `gid://shopify/Customer/${id}`, input },
    (data) => tokenOutcome(data.customerReset),
    buyerIp,
  );
}

/** Sends the reset link (or the activation link again); says the same whether or not the email has an account. */
export function recover(email: string, buyerIp?: string): Promise<Result<null>> {
  return mutate<{ customerRecover: { customerUserErrors: CustomerUserError[] } | null }, null>(
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

export type AccountAddress = {
  id: string;
  firstName: string | null;
  lastName: string | null;
  company: string | null;
  address1: string | null;
  address2: string | null;
  zip: string | null;
  city: string | null;
  country: string | null;
  countryCodeV2: string | null;
  phone: string | null;
  formatted: string[];
};

export type AccountDetails = {
  id: string;
  firstName: string | null;
  lastName: string | null;
  email: string | null;
  phone: string | null;
  acceptsMarketing: boolean;
  defaultAddress: { id: string } | null;
  addresses: { nodes: AccountAddress[] };
};

/**
 * The signed-in customer's details (storefront.md §5: they need a token). Throws 'Token manquant'
 * without one, and 'Impossible de récupérer les informations client' when the service does not
 * answer them (expired token or outage): the page then asks to sign in again.
 */
export async function accountDetails(token: string | undefined): Promise<AccountDetails> {
  if (!token) throw new AccountUnavailable(ACCOUNT_MESSAGES.tokenMissing);
  try {
    const answer = await customerCall<{ customer: AccountDetails | null }>(ACCOUNT_DETAILS_QUERY, {
      token,
    });
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
  return mutate<{ customerUpdate: { customerUserErrors: CustomerUserError[] } }, null>(
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
    (data) => ({ errors: data.customerUpdate.customerUserErrors, value: null }),
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
  const changed = await mutate<{ customerUpdate: TokenPayload }, AccessToken>(
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

type AddressPayload = { customerUserErrors: CustomerUserError[] };

export async function createAddress(
  token: string,
  input: AddressInput,
  makeDefault: boolean,
): Promise<Result<null>> {
  const problem = addressProblem(input);
  if (problem) return { ok: false, errors: problem };
  const created = await mutate<
    { customerAddressCreate: AddressPayload & { customerAddress: { id: string } | null } },
    string | null
  >(CUSTOMER_ADDRESS_CREATE_MUTATION, { token, address: addressVariables(input) }, (data) => ({
    errors: data.customerAddressCreate.customerUserErrors,
    value: data.customerAddressCreate.customerAddress?.id ?? null,
  }));
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
  const updated = await mutate<{ customerAddressUpdate: AddressPayload }, null>(
    CUSTOMER_ADDRESS_UPDATE_MUTATION,
    { token, id, address: addressVariables(input) },
    (data) => ({ errors: data.customerAddressUpdate.customerUserErrors, value: null }),
  );
  if (!updated.ok) return updated;
  return makeDefault ? setDefaultAddress(token, id) : updated;
}

export function deleteAddress(token: string, id: string): Promise<Result<null>> {
  return mutate<{ customerAddressDelete: AddressPayload }, null>(
    CUSTOMER_ADDRESS_DELETE_MUTATION,
    { token, id },
    (data) => ({ errors: data.customerAddressDelete.customerUserErrors, value: null }),
  );
}

export function setDefaultAddress(token: string, id: string): Promise<Result<null>> {
  return mutate<{ customerDefaultAddressUpdate: AddressPayload }, null>(
    CUSTOMER_DEFAULT_ADDRESS_MUTATION,
    { token, id },
    (data) => ({ errors: data.customerDefaultAddressUpdate.customerUserErrors, value: null }),
  );
}

// ---------------------------------------------------------------------------------------------
// Orders

type Money = { amount: string; currencyCode: string };

export type OrderSummary = {
  id: string;
  name: string;
  orderNumber: number;
  processedAt: string;
  financialStatus: string | null;
  fulfillmentStatus: string;
  totalPrice: Money;
};

export type OrderPage = {
  orders: OrderSummary[];
  totalCount: number;
  endCursor: string | null;
  hasNextPage: boolean;
};

/** The customer's orders, newest first, 20 a page (storefront.md §7), after a cursor. */
export async function customerOrders(token: string, after: string | null): Promise<OrderPage> {
  const answer = await customerCall<{
    customer: {
      orders: {
        nodes: OrderSummary[];
        pageInfo: { hasNextPage: boolean; endCursor: string | null };
        totalCount: string;
      };
    } | null;
  }>(CUSTOMER_ORDERS_QUERY, { token, first: ORDERS_PER_PAGE, after: after || null });
  if (!("data" in answer) || !answer.data.customer) {
    throw new AccountUnavailable(ACCOUNT_MESSAGES.customerUnavailable);
  }
  const { orders } = answer.data.customer;
  return {
    orders: orders.nodes,
    totalCount: Number(orders.totalCount),
    endCursor: orders.pageInfo.endCursor,
    hasNextPage: orders.pageInfo.hasNextPage,
  };
}

export type OrderLine = {
  title: string;
  quantity: number;
  originalTotalPrice: Money;
  discountedTotalPrice: Money;
  variant: {
    id: string;
    title: string;
    availableForSale: boolean;
    image: { url: string; altText: string | null } | null;
    product: { handle: string; title: string; tags: string[] };
  } | null;
};

export type PrintedAddress = { name: string | null; formatted: string[] };

export type OrderDetail = OrderSummary & {
  email: string | null;
  subtotalPrice: Money | null;
  totalShippingPrice: Money;
  totalTax: Money | null;
  totalRefunded: Money;
  shippingAddress: PrintedAddress | null;
  billingAddress: PrintedAddress | null;
  lineItems: { nodes: OrderLine[] };
};

/** The order's numeric id and key, as the account's order URLs carry them. */
export function orderPathOf(gid: string): string {
  const match = /^gid:\/\/shopify\/Order\/(\d+)\?key=([A-Za-z0-9_-]+)$/.exec(gid);
  return match ? `/compte/commandes/${match[1]}/?key=${match[2]}` : "/compte/?s=3";
}

/** `gid://shopify/Order/{id}?key={key}` from an order URL's parts; undefined when malformed. */
export function orderGidOf(id: string | undefined, key: string | null): string | undefined {
  if (!id || !/^\d{1,10}$/.test(id) || !key || !/^[A-Za-z0-9_-]{8,100}$/.test(key))
    return undefined;
  return `gid://shopify/Order/${id}?key=${key}`;
}

/**
 * One order of the signed-in customer, or null when it does not exist or is someone else's: the
 * order is read by its unguessable id, then checked against the customer's own order list.
 */
export async function customerOrder(token: string, gid: string): Promise<OrderDetail | null> {
  const answer = await customerCall<{
    node: OrderDetail | null;
    customer: { id: string; email: string | null } | null;
  }>(CUSTOMER_ORDER_QUERY, { id: gid, token });
  if (!("data" in answer) || !answer.data.customer) {
    throw new AccountUnavailable(ACCOUNT_MESSAGES.customerUnavailable);
  }
  const order = answer.data.node;
  if (!order?.id) return null;
  return (await ownsOrder(token, order.id)) ? order : null;
}

/** Whether the order is in the customer's history (pages through it, newest first). */
async function ownsOrder(token: string, gid: string): Promise<boolean> {
  let after: string | null = null;
  for (let page = 0; page < 50; page++) {
    const answer = await customerCall<OwnedOrders>(CUSTOMER_ORDER_IDS_QUERY, { token, after });
    if (!("data" in answer) || !answer.data.customer) return false;
    const nodes: { id: string }[] = answer.data.customer.orders.nodes;
    const pageInfo: { hasNextPage: boolean; endCursor: string | null } =
      answer.data.customer.orders.pageInfo;
    if (nodes.some((node) => node.id === gid)) return true;
    if (!pageInfo.hasNextPage) return false;
    after = pageInfo.endCursor;
  }
  return false;
}

type OwnedOrders = {
  customer: {
    orders: {
      nodes: { id: string }[];
      pageInfo: { hasNextPage: boolean; endCursor: string | null };
    };
  } | null;
};

/** Whether an order line can be bought again: its variant still exists and is for sale. */
export function isReorderable(line: OrderLine): boolean {
  const variant = line.variant;
  if (!variant?.availableForSale) return false;
  const tags = variant.product.tags;
  return !tags.includes("unavailable") && !tags.includes("Archive");
}

/** Only the session's own customer token is ever sent; a missing one sends to the login page. */
export function requireToken(request: Request): string {
  const token = customerTokenOf(request);
  if (!token) throw loginRedirect(request);
  return token;
}

// ---------------------------------------------------------------------------------------------
// GraphQL documents

const CUSTOMER_SIGN_IN_MUTATION = `#graphql
  mutation AccountSignIn($input: CustomerAccessTokenCreateInput!) {
    customerAccessTokenCreate(input: $input) {
      customerAccessToken { accessToken expiresAt }
      customerUserErrors { code field message }
    }
  }
`;

const CUSTOMER_SIGN_OUT_MUTATION = `#graphql
  mutation AccountSignOut($token: String!) {
    customerAccessTokenDelete(customerAccessToken: $token) {
      deletedAccessToken
      userErrors { field message }
    }
  }
`;

const CUSTOMER_CREATE_MUTATION = `#graphql
  mutation AccountRegister($input: CustomerCreateInput!) {
    customerCreate(input: $input) {
      customer { id email }
      customerUserErrors { code field message }
    }
  }
`;

const CUSTOMER_ACTIVATE_MUTATION = `#graphql
  mutation AccountActivate($id: ID!, $input: CustomerActivateInput!) {
    customerActivate(id: $id, input: $input) {
      customerAccessToken { accessToken expiresAt }
      customerUserErrors { code field message }
    }
  }
`;

const CUSTOMER_RESET_MUTATION = `#graphql
  mutation AccountReset($id: ID!, $input: CustomerResetInput!) {
    customerReset(id: $id, input: $input) {
      customerAccessToken { accessToken expiresAt }
      customerUserErrors { code field message }
    }
  }
`;

const CUSTOMER_RECOVER_MUTATION = `#graphql
  mutation AccountRecover($email: String!) {
    customerRecover(email: $email) {
      customerUserErrors { code field message }
    }
  }
`;

const CART_BUYER_IDENTITY_MUTATION = `#graphql
  mutation AccountLinkCart($cartId: ID!, $buyerIdentity: CartBuyerIdentityInput!) {
    cartBuyerIdentityUpdate(cartId: $cartId, buyerIdentity: $buyerIdentity) {
      cart { id }
      userErrors { code field message }
    }
  }
`;

const ACCOUNT_DETAILS_QUERY = `#graphql
  query AccountDetails($token: String!) {
    customer(customerAccessToken: $token) {
      id
      firstName
      lastName
      email
      phone
      acceptsMarketing
      defaultAddress { id }
      addresses(first: 20) {
        nodes {
          id
          firstName
          lastName
          company
          address1
          address2
          zip
          city
          country
          countryCodeV2
          phone
          formatted(withName: true)
        }
      }
    }
  }
`;

const CUSTOMER_UPDATE_MUTATION = `#graphql
  mutation AccountUpdate($token: String!, $customer: CustomerUpdateInput!) {
    customerUpdate(customerAccessToken: $token, customer: $customer) {
      customerAccessToken { accessToken expiresAt }
      customerUserErrors { code field message }
    }
  }
`;

const CUSTOMER_ADDRESS_CREATE_MUTATION = `#graphql
  mutation AccountAddressCreate($token: String!, $address: MailingAddressInput!) {
    customerAddressCreate(customerAccessToken: $token, address: $address) {
      customerAddress { id }
      customerUserErrors { code field message }
    }
  }
`;

const CUSTOMER_ADDRESS_UPDATE_MUTATION = `#graphql
  mutation AccountAddressUpdate($token: String!, $id: ID!, $address: MailingAddressInput!) {
    customerAddressUpdate(customerAccessToken: $token, id: $id, address: $address) {
      customerAddress { id }
      customerUserErrors { code field message }
    }
  }
`;

const CUSTOMER_ADDRESS_DELETE_MUTATION = `#graphql
  mutation AccountAddressDelete($token: String!, $id: ID!) {
    customerAddressDelete(customerAccessToken: $token, id: $id) {
      deletedCustomerAddressId
      customerUserErrors { code field message }
    }
  }
`;

const CUSTOMER_DEFAULT_ADDRESS_MUTATION = `#graphql
  mutation AccountDefaultAddress($token: String!, $id: ID!) {
    customerDefaultAddressUpdate(customerAccessToken: $token, addressId: $id) {
      customer { id }
      customerUserErrors { code field message }
    }
  }
`;

const CUSTOMER_ORDERS_QUERY = `#graphql
  query AccountOrders($token: String!, $first: Int!, $after: String) {
    customer(customerAccessToken: $token) {
      orders(first: $first, after: $after) {
        nodes {
          id
          name
          orderNumber
          processedAt
          financialStatus
          fulfillmentStatus
          totalPrice { amount currencyCode }
        }
        pageInfo { hasNextPage endCursor }
        totalCount
      }
    }
  }
`;

const CUSTOMER_ORDER_IDS_QUERY = `#graphql
  query AccountOrderIds($token: String!, $after: String) {
    customer(customerAccessToken: $token) {
      orders(first: 100, after: $after) {
        nodes { id }
        pageInfo { hasNextPage endCursor }
      }
    }
  }
`;

const CUSTOMER_ORDER_QUERY = `#graphql
  query AccountOrder($id: ID!, $token: String!) {
    customer(customerAccessToken: $token) { id email }
    node(id: $id) {
      ... on Order {
        id
        name
        orderNumber
        processedAt
        financialStatus
        fulfillmentStatus
        email
        subtotalPrice { amount currencyCode }
        totalShippingPrice { amount currencyCode }
        totalTax { amount currencyCode }
        totalRefunded { amount currencyCode }
        totalPrice { amount currencyCode }
        shippingAddress { name formatted }
        billingAddress { name formatted }
        lineItems(first: 100) {
          nodes {
            title
            quantity
            originalTotalPrice { amount currencyCode }
            discountedTotalPrice { amount currencyCode }
            variant {
              id
              title
              availableForSale
              image { url altText }
              product { handle title tags }
            }
          }
        }
      }
    }
  }
`;
