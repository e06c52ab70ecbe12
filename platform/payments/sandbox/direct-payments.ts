import { eq } from "drizzle-orm";
import type { CardOutcome } from "./cards.ts";
import type { SandboxContext } from "./context.ts";
import { badParam, KeptFailure, StripeApiError } from "./errors.ts";
import {
  type ConfirmOutcome,
  confirmPaymentIntent,
  createPaymentIntent,
  type Db,
} from "./intents.ts";
import type { CreatePaymentIntentParams } from "./params.ts";
import { paymentSandboxObject } from "./schema.ts";
import { getObject, type StripeObject } from "./store.ts";

/**
 * `POST /v1/payment_intents`: a PaymentIntent made by the shop, confirmed at once with a card
 * saved on a customer, without the shopper (`off_session`), as the ordering flow charges saved
 * cards. A declined card is Stripe's 402 `card_error`, the PaymentIntent left
 * `requires_payment_method` with its failed charge, and kept for the idempotency key; a card
 * whose bank asks 3-D Secure is declined `authentication_required`, as Stripe does off-session.
 * Only that: an unconfirmed or on-session PaymentIntent (the shopper present) is the hosted
 * page's, and refused here.
 */

/** What a saved card's test outcome does when it is charged off-session. */
const OFF_SESSION: Record<CardOutcome, ConfirmOutcome> = {
  approve: "approve",
  decline: "decline",
  attach_decline: "decline",
  challenge_approve: "authentication_required",
  challenge_decline: "authentication_required",
};

export async function createDirectPayment(
  context: SandboxContext,
  tx: Db,
  params: CreatePaymentIntentParams,
): Promise<StripeObject | KeptFailure> {
  if (params.off_session && !params.confirm) {
    throw badParam("off_session", "You can only pass `off_session` when `confirm=true`.");
  }
  if (!params.confirm || !params.off_session) {
    throw badParam(
      params.confirm ? "off_session" : "confirm",
      "The test provider makes PaymentIntents confirmed at once off-session only (`confirm=true`, `off_session=true`); a shopper pays on a Checkout Session's hosted page.",
    );
  }
  if (!params.payment_method) {
    throw badParam(
      "payment_method",
      "You cannot confirm this PaymentIntent because it's missing a payment method.",
      "parameter_missing",
    );
  }
  if (params.customer) await getObject(tx, "customer", params.customer, { param: "customer" });
  const paymentMethod = await getObject(tx, "payment_method", params.payment_method, {
    param: "payment_method",
  });
  if ((paymentMethod.customer ?? null) !== (params.customer ?? null)) {
    throw badParam(
      "payment_method",
      paymentMethod.customer
        ? `The provided PaymentMethod belongs to a different Customer than the one provided (${params.customer ?? "none"}).`
        : "The provided PaymentMethod is not attached to a Customer: a card is charged off-session once saved on the customer.",
    );
  }
  const intent = await createPaymentIntent(context, tx, {
    amount: params.amount,
    currency: params.currency,
    customer: params.customer ?? null,
    captureMethod: params.capture_method ?? "automatic",
    description: params.description ?? null,
    metadata: params.metadata ?? {},
    setupFutureUsage: null,
  });
  const [row] = await tx
    .select({ status: paymentSandboxObject.status })
    .from(paymentSandboxObject)
    .where(eq(paymentSandboxObject.id, paymentMethod.id));
  const outcome = OFF_SESSION[(row?.status ?? "approve") as CardOutcome] ?? "approve";
  const confirmed = await confirmPaymentIntent(context, tx, intent, paymentMethod, outcome, "");
  if (confirmed.status !== "requires_payment_method") return confirmed;
  const error = confirmed.last_payment_error as Record<string, unknown>;
  return new KeptFailure(
    new StripeApiError(402, {
      type: "card_error",
      code: error.code as string,
      decline_code: error.decline_code as string,
      message: error.message as string,
      doc_url: error.doc_url as string,
      charge: error.charge as string,
      payment_intent: confirmed,
      payment_method: paymentMethod,
    }),
  );
}
