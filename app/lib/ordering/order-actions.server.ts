/**
 * The /order/ page's form intents (app/routes/order/order.tsx), one function each: phone-code sign-in
 * (request, verify, change phone), sign-out, the voucher code (apply, remove) and the options and
 * details step (save the options, then continue to payment). The route parses the form once and
 * hands each intent the same `OrderIntent`.
 */
import { data, redirect } from "react-router";
import { z } from "zod";
import type { PhoneSignInResult } from "#app/components/checkout/phone-sign-in.tsx";
import {
  checkoutCookie,
  loadCheckout,
  OPTIONS_COOKIE,
  readOptions,
  serializeOptions,
  type shopperOf,
  signedInCustomer,
  VOUCHER_COOKIE,
  withFormOptions,
} from "#app/lib/checkout/checkout.server.ts";
import {
  CHECKOUT_ERRORS,
  isEmail,
  isFrenchPhone,
  nationalPhone,
} from "#app/lib/checkout/checkout.ts";
import { isHttps } from "#app/lib/cookies.ts";
import { serializeOrderMode } from "#app/lib/order-mode/order-mode.ts";
import { shopAccountOf } from "#app/lib/ordering/account-link.server.ts";
import {
  clearedOrderingTokenCookie,
  linkShopCustomer,
  loginWithPhoneCode,
  logout,
  orderingTokenCookie,
  requestPhoneCode,
  setCustomerName,
  setEmailAddress,
} from "#app/lib/ordering/customer.server.ts";

/** One posted form on /order/: its intent, its string fields, the shopper and answer headers. */
export type OrderIntent = {
  request: Request;
  form: FormData;
  intent: string;
  fields: Record<string, string>;
  shopper: ReturnType<typeof shopperOf>;
  headers: Headers;
};

type FieldErrors = Partial<Record<"name" | "email" | "form", string>>;
export type ContinueResult = { intent: "continue"; ok: false; errors: FieldErrors };
export type VoucherResult = { intent: "voucher" | "remove-voucher"; ok: boolean; error?: string };

const requestCodeForm = z.object({ intent: z.literal("request-code"), phone: z.string() }).strict();
const verifyCodeForm = z
  .object({
    intent: z.literal("verify-code"),
    phone: z.string(),
    requestId: z.string().min(1).max(100),
    code: z.string(),
  })
  .strict();
const voucherForm = z.object({ intent: z.literal("voucher"), code: z.string().max(64) }).strict();

/** Sends a sign-in code by SMS to a French phone number. */
export async function requestCode({ intent, fields, shopper, headers }: OrderIntent) {
  const parsed = requestCodeForm.safeParse(fields);
  const phone = parsed.success ? parsed.data.phone.trim() : "";
  if (!isFrenchPhone(phone)) {
    return data(
      { intent, ok: false, phone, error: CHECKOUT_ERRORS.invalidPhone } as PhoneSignInResult,
      { status: 400, headers },
    );
  }
  const sent = await requestPhoneCode(shopper, phone);
  if (!sent.ok) {
    return data({ intent, ok: false, phone, error: sent.message } as PhoneSignInResult, {
      status: sent.status,
      headers,
    });
  }
  return data(
    {
      intent,
      ok: true,
      phone,
      requestId: sent.data.RequestId,
      sentTo: nationalPhone(sent.data.PhoneNumber),
    } as PhoneSignInResult,
    { headers },
  );
}

/** Checks the six-digit code; signed in, the ordering token goes to its cookie. */
export async function verifyCode({ request, intent, fields, shopper, headers }: OrderIntent) {
  const parsed = verifyCodeForm.safeParse(fields);
  if (!parsed.success) return data({ intent, ok: false }, { status: 400, headers });
  const { phone, requestId } = parsed.data;
  const code = parsed.data.code.replace(/\s/g, "");
  const step = { intent, ok: false, phone, requestId, sentTo: phone } as const;
  if (!/^\d{6}$/.test(code)) {
    return data(
      { ...step, error: CHECKOUT_ERRORS.invalidCode, needsNewCode: false } as PhoneSignInResult,
      { status: 400, headers },
    );
  }
  const signed = await loginWithPhoneCode(shopper, { phone, requestId, code });
  if (!signed.ok) {
    const needsNewCode = ["code_expired", "code_used", "too_many_attempts"].includes(signed.code);
    return data({ ...step, error: signed.message, needsNewCode } as PhoneSignInResult, {
      status: signed.status,
      headers,
    });
  }
  headers.append("Set-Cookie", orderingTokenCookie(request, signed.data.Token));
  return data({ intent, ok: true } as PhoneSignInResult, { headers });
}

/** Back to the phone number field. */
export function changePhone({ intent, headers }: OrderIntent) {
  return data({ intent, ok: true } as PhoneSignInResult, { headers });
}

/** Signs out of the ordering service; spec §4: logging out removes the voucher with the token. */
export async function logOut({ request, shopper, headers }: OrderIntent) {
  if (shopper.token) await logout(shopper);
  headers.append("Set-Cookie", clearedOrderingTokenCookie(request));
  headers.append("Set-Cookie", checkoutCookie(request, VOUCHER_COOKIE, null));
  return redirect("/order/", { headers });
}

/** Keeps a voucher code once the ordering service has priced the order with it. */
export async function applyVoucher({ request, intent, fields, shopper, headers }: OrderIntent) {
  const parsed = voucherForm.safeParse(fields);
  const code = parsed.success ? parsed.data.code.trim().toUpperCase() : "";
  if (!code) {
    return data({ intent, ok: false, error: CHECKOUT_ERRORS.voucherRequired } as VoucherResult, {
      status: 400,
      headers,
    });
  }
  const checkout = await loadCheckout(request, shopper, { voucherCode: code });
  if (checkout.view.voucherError) {
    return data({ intent, ok: false, error: checkout.view.voucherError } as VoucherResult, {
      status: 400,
      headers,
    });
  }
  if (!checkout.priced) {
    return data(
      { intent, ok: false, error: checkout.view.problems[0] ?? CHECKOUT_ERRORS.failed },
      { status: 400, headers },
    );
  }
  headers.append("Set-Cookie", checkoutCookie(request, VOUCHER_COOKIE, code));
  return data({ intent, ok: true } as VoucherResult, { headers });
}

/** Forgets the voucher code. */
export function removeVoucher({ request, intent, headers }: OrderIntent) {
  headers.append("Set-Cookie", checkoutCookie(request, VOUCHER_COOKIE, null));
  return data({ intent, ok: true } as VoucherResult, { headers });
}

/**
 * Saves the dishes' options and gift wrap (`options`, sent as the shopper changes them); on
 * `continue`, then saves the name and email and goes on to payment.
 */
export function saveOptions(order: OrderIntent) {
  const { request, form, intent, fields, shopper, headers } = order;
  const options = withFormOptions(readOptions(request), form);
  headers.append("Set-Cookie", checkoutCookie(request, OPTIONS_COOKIE, serializeOptions(options)));
  for (const line of serializeOrderMode(
    { isWrap: form.get("isWrap") === "true" },
    { secure: isHttps(request) },
  )) {
    headers.append("Set-Cookie", line);
  }
  if (intent === "options") return data({ intent, ok: true }, { headers });
  return continueToPayment(request, shopper, fields, headers);
}

/** Saves the name and email with the ordering service, then goes to the payment step. */
async function continueToPayment(
  request: Request,
  shopper: ReturnType<typeof shopperOf>,
  fields: Record<string, string>,
  headers: Headers,
) {
  const fail = (errors: FieldErrors, status = 400) =>
    data({ intent: "continue", ok: false, errors } satisfies ContinueResult, { status, headers });
  const customer = await signedInCustomer(shopper);
  if (!customer) return fail({ form: CHECKOUT_ERRORS.signInRequired }, 401);
  const name = (fields.name ?? "").trim();
  const email = (fields.email ?? "").trim();
  const errors: FieldErrors = {};
  if (!name || name.length > 100) errors.name = CHECKOUT_ERRORS.nameRequired;
  if (!isEmail(email) || email.length > 254) errors.email = CHECKOUT_ERRORS.invalidEmail;
  if (errors.name || errors.email) return fail(errors);
  if (name !== customer.Name) {
    const saved = await setCustomerName(shopper, name);
    if (!saved.ok) return fail({ name: saved.message }, saved.status);
  }
  if (email !== customer.EmailAddress) {
    const saved = await setEmailAddress(shopper, email);
    if (!saved.ok) return fail({ email: saved.message }, saved.status);
  }
  if (fields.linkAccount === "on") {
    // The shopper holds both sessions: the shop account's (checked here) and the phone's.
    const shopAccount = await shopAccountOf(request);
    if (!shopAccount) return fail({ form: CHECKOUT_ERRORS.linkNeedsAccount }, 401);
    const linked = await linkShopCustomer(customer.CustomerId, shopAccount.id);
    if (!linked.ok) return fail({ form: linked.message }, linked.status);
  }
  const checkout = await loadCheckout(request, shopper);
  if (!checkout.priced) {
    return fail({ form: checkout.view.problems[0] ?? CHECKOUT_ERRORS.failed });
  }
  return redirect("/order/paiement/", { headers });
}

/** Each intent the page posts, to its handling. */
export const ORDER_INTENTS = {
  "request-code": requestCode,
  "verify-code": verifyCode,
  "change-phone": changePhone,
  logout: logOut,
  voucher: applyVoucher,
  "remove-voucher": removeVoucher,
  options: saveOptions,
  continue: saveOptions,
} as const;
