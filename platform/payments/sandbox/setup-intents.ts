import { randomId } from "#platform/payments/processor.ts";
import type { SandboxContext } from "./context.ts";
import { recordEvent } from "./events.ts";
import { attachPaymentMethod, type Db, DECLINES } from "./intents.ts";
import { insertObject, newId, type StripeObject, saveObject, unixTime } from "./store.ts";

/**
 * SetupIntents: what a setup-mode Checkout Session leads to, a card saved on a customer, in
 * Stripe's shape.
 */

/** A SetupIntent of a setup-mode session, confirmed with the card typed on the hosted page. */
export async function createSetupIntent(
  context: SandboxContext,
  tx: Db,
  values: { customer: string | null; description: string | null; metadata: object },
): Promise<StripeObject> {
  const now = context.now();
  const id = newId("setup_intent");
  const intent: StripeObject = {
    id,
    object: "setup_intent",
    application: null,
    automatic_payment_methods: null,
    cancellation_reason: null,
    client_secret: `${id}_secret_${randomId("").slice(0, 24)}`,
    created: unixTime(now),
    customer: values.customer,
    description: values.description,
    flow_directions: null,
    last_setup_error: null,
    latest_attempt: null,
    livemode: false,
    mandate: null,
    metadata: values.metadata,
    next_action: null,
    on_behalf_of: null,
    payment_method: null,
    payment_method_configuration_details: null,
    payment_method_options: {
      card: { mandate_options: null, network: null, request_three_d_secure: "automatic" },
    },
    payment_method_types: ["card"],
    single_use_mandate: null,
    status: "requires_payment_method",
    usage: "off_session",
  };
  await insertObject(tx, intent, { customer: values.customer, status: intent.status as string });
  await recordEvent(tx, "setup_intent.created", intent, now, context.webhook);
  return intent;
}

/** Confirms a SetupIntent: the card is saved on the customer, or the setup fails. */
export async function confirmSetupIntent(
  context: SandboxContext,
  tx: Db,
  intent: StripeObject,
  paymentMethod: StripeObject,
  outcome: "approve" | "decline" | "challenge" | "authentication_failed",
  returnUrl: string,
): Promise<StripeObject> {
  const now = context.now();
  const next: StripeObject = { ...intent, payment_method: paymentMethod.id, next_action: null };
  if (outcome === "challenge") {
    next.status = "requires_action";
    next.next_action = {
      redirect_to_url: { return_url: returnUrl, url: returnUrl },
      type: "redirect_to_url",
    };
  } else if (outcome === "approve") {
    next.status = "succeeded";
    next.last_setup_error = null;
    if (intent.customer) {
      await attachPaymentMethod(context, tx, paymentMethod, intent.customer as string);
    }
  } else {
    const code = outcome === "decline" ? "card_declined" : "setup_intent_authentication_failure";
    next.status = "requires_payment_method";
    next.payment_method = null;
    next.last_setup_error = {
      code,
      ...(outcome === "decline" ? { decline_code: "generic_decline" } : {}),
      message:
        outcome === "decline"
          ? DECLINES.card_declined.message
          : DECLINES.authentication_failed.message,
      payment_method: { ...paymentMethod },
      type: outcome === "decline" ? "card_error" : "invalid_request_error",
    };
  }
  await saveObject(tx, next, {
    customer: (intent.customer as string | null) ?? null,
    status: next.status as string,
  });
  const type =
    next.status === "succeeded"
      ? "setup_intent.succeeded"
      : next.status === "requires_action"
        ? "setup_intent.requires_action"
        : "setup_intent.setup_failed";
  await recordEvent(tx, type, next, now, context.webhook, { status: intent.status });
  return next;
}
