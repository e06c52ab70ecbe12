import type { RouterContextProvider } from "react-router";
import { ACCOUNT_MESSAGES } from "#app/lib/account/messages.ts";
import { serverContext } from "#app/lib/server-context.ts";
import { serviceFetch } from "#app/lib/services.server.ts";
import type { CustomerUserErrorFieldsFragment } from "#app/lib/storefront.generated.ts";
import {
  STOREFRONT_API_VERSION,
  StorefrontError,
  type TypedDocument,
} from "#app/lib/storefront.server.ts";
import { readJsonInNfc } from "#app/lib/unicode-text.ts";

/**
 * The transport of the customer client (account.server.ts, account-orders.server.ts): Storefront
 * API calls that report the shopper's address, and customer mutations whose expected failures
 * come back as French messages per form field.
 */

export type FieldErrors = Record<string, string>;

/** Shopify's `CustomerUserError`. */
export type CustomerUserError = CustomerUserErrorFieldsFragment;

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
export async function customerCall<Result, Variables>(
  query: TypedDocument<Result, Variables>,
  variables: NoInfer<Variables>,
  buyerIp?: string,
): Promise<{ data: Result } | { throttled: string }> {
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
  let body: { data?: Result; errors?: GraphqlError[] };
  try {
    body = await readJsonInNfc<typeof body>(response);
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

/** Sends one customer mutation; `pick` finds its `customerUserErrors` and its value. */
export async function mutate<Data, Variables, V>(
  query: TypedDocument<Data, Variables>,
  variables: NoInfer<Variables>,
  pick: (data: Data) => { errors: CustomerUserError[]; value: V },
  buyerIp?: string,
): Promise<Result<V>> {
  const answer = await customerCall(query, variables, buyerIp);
  if ("throttled" in answer) return { ok: false, errors: { form: answer.throttled } };
  const { errors, value } = pick(answer.data);
  return errors.length > 0 ? { ok: false, errors: fieldErrors(errors) } : { ok: true, value };
}
