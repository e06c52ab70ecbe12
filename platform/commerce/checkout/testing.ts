import { eq } from "drizzle-orm";
import type { Hono } from "hono";
import pino from "pino";
import { expect } from "vitest";
import type { Db } from "#db/client.ts";
import {
  groceryPaymentHandler,
  heldCheckoutOf,
} from "#platform/commerce/checkout/grocery-payment.ts";
import {
  type BeginPaymentRequest,
  type BeginPaymentResult,
  beginPayment,
  GROCERY_PURPOSE,
} from "#platform/commerce/checkout/hold.ts";
import { commerceOrder } from "#platform/commerce/orders/schema.ts";
import {
  createPayments,
  createSandboxApi,
  createTestProvider,
  type Payments,
  settlePaymentAttempt,
  startCheckoutSession,
} from "#platform/payments/index.ts";

/**
 * Paying the hosted checkout in the tests: the embedded test provider in-process, its hosted
 * page mounted on the test app (`/test-payments/pay/<session>`), and the shopper's journey as a
 * browser without JavaScript makes it: the checkout's form, the provider's card form (and its
 * 3-D Secure page), the return to the checkout.
 */

export const TEST_WEBHOOK_SECRET = "whsec_comptoir_checkout_tests";

export const VISA = "4242 4242 4242 4242";
export const DECLINED = "4000 0000 0000 0002";
export const THREE_D_SECURE = "4000 0027 6000 3184";
export const THREE_D_SECURE_DECLINED = "4000 0082 6000 3178";

/** The test provider and the payments core over `db`, its page served under `origin`. */
export function testPayments(db: Db, origin: string, now: () => Date) {
  const pageBase = `${origin}/test-payments`;
  const provider = createTestProvider({ db, now, pageBase, webhookSecret: TEST_WEBHOOK_SECRET });
  const payments: Payments = createPayments({
    db,
    provider,
    logger: pino({ level: "silent" }),
    now,
  });
  const sandbox = createSandboxApi({ db, now, pageBase });
  return { payments, provider, sandbox };
}

const FORM = { "content-type": "application/x-www-form-urlencoded" };

/** The path and query of an absolute URL, for `app.request` on the test app. */
const local = (url: string, base = "http://shop.test") => {
  const parsed = new URL(url, base);
  return `${parsed.origin}${parsed.pathname}${parsed.search}`;
};

/** Types a card on the provider's hosted page (and answers its 3-D Secure page when asked). */
export async function payOnHostedPage(
  app: Pick<Hono, "request">,
  sessionUrl: string,
  card: string,
  challenge?: "pass" | "fail",
): Promise<Response> {
  const answer = await app.request(local(sessionUrl), {
    method: "POST",
    headers: FORM,
    body: new URLSearchParams({ number: card, expiry: "12/30", cvc: "123" }).toString(),
  });
  const location = answer.headers.get("Location") ?? "";
  if (!challenge || !location.endsWith("/3ds")) return answer;
  const page = await app.request(local(location, sessionUrl));
  expect(await page.text()).toContain("Authentification 3-D Secure");
  return app.request(local(location, sessionUrl), {
    method: "POST",
    headers: FORM,
    body: new URLSearchParams({ result: challenge }).toString(),
  });
}

/**
 * The whole journey: the checkout's form posted (`path` with its key), the card typed on the
 * hosted page, the provider's redirect back followed. `back` is the checkout's answer to the
 * return (303 to the confirmation once the order exists); `hold` the answer to the form.
 */
export async function checkoutAndPay(
  app: Hono,
  origin: string,
  path: string,
  fields: Record<string, string>,
  card = VISA,
  challenge?: "pass" | "fail",
) {
  const hold = await app.request(`${origin}${path}`, {
    method: "POST",
    headers: FORM,
    body: new URLSearchParams(fields).toString(),
  });
  const sessionUrl = hold.headers.get("Location") ?? "";
  if (hold.status !== 303 || !sessionUrl.includes("/test-payments/pay/")) {
    return { hold, sessionUrl: null, paid: null, back: null };
  }
  const paid = await payOnHostedPage(app, sessionUrl, card, challenge);
  const returnUrl = paid.status === 303 ? (paid.headers.get("Location") ?? "") : "";
  const back = returnUrl.includes("/paiement/retour") ? await app.request(local(returnUrl)) : null;
  return { hold, sessionUrl, paid, back };
}

/**
 * « Ajouter une carte titres-restaurant »: the checkout's button (`path` with its key), the card
 * typed on the processor's card-entry page, and the return followed. The answer is the
 * checkout's (303 back to its page) or, when the entry page refused the card, that page's.
 */
export async function addMealVoucher(
  app: Hono,
  origin: string,
  path: string,
  card: { number: string; expiry?: string; cvc?: string },
): Promise<Response> {
  const started = await app.request(
    `${origin}${path.replace("/?key=", "/titres-restaurant/?key=")}`,
    { method: "POST", headers: FORM, body: "" },
  );
  const entryUrl = started.headers.get("Location") ?? "";
  if (started.status !== 303 || !entryUrl.includes("/titres-restaurant/")) return started;
  const typed = await app.request(local(entryUrl), {
    method: "POST",
    headers: FORM,
    body: new URLSearchParams({
      number: card.number,
      expiry: card.expiry ?? "12/30",
      cvc: card.cvc ?? "123",
    }).toString(),
  });
  if (typed.status !== 303) return typed;
  return app.request(local(typed.headers.get("Location") ?? ""));
}

/** The session id of a hosted page's URL. */
export const sessionIdOf = (sessionUrl: string) =>
  new URL(sessionUrl).pathname.split("/").filter(Boolean).at(-1) ?? "";

/**
 * A cart placed as the checkout places it, for tests that need an order: held, paid with the
 * approved card on the test provider's page, settled. The answer is `beginPayment`'s, with the
 * order once paid.
 */
export async function placeTestOrder(
  db: Db,
  request: BeginPaymentRequest,
): Promise<BeginPaymentResult> {
  const origin = "http://pay.test";
  const { payments, sandbox } = testPayments(db, origin, () => request.now);
  payments.register(
    GROCERY_PURPOSE,
    groceryPaymentHandler({ slots: request.slots, storefrontOrigin: request.storefrontOrigin }),
  );
  const held = await beginPayment(db, request);
  if (held.kind !== "pay") return held;
  const started = await startCheckoutSession(payments, held.attempt, {
    lines: held.lines,
    successUrl: `${origin}/retour?session_id={CHECKOUT_SESSION_ID}`,
    cancelUrl: `${origin}/`,
    customerEmail: request.input.email,
  });
  if (!started.ok) throw new Error(started.message);
  const paid = await payOnHostedPage(sandbox, started.url, VISA);
  if (paid.status !== 303) throw new Error(`the test card was refused (${paid.status})`);
  const settled = await settlePaymentAttempt(payments, held.attempt.id);
  if (settled.kind !== "placed") throw new Error(`the payment did not place: ${settled.kind}`);
  const [order] = await db
    .select()
    .from(commerceOrder)
    .where(eq(commerceOrder.cartId, heldCheckoutOf(held.attempt).cartId));
  if (!order) throw new Error("the placed order is missing");
  return { kind: "ordered", order, created: true };
}
