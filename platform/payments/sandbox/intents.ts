import type { Tx } from "#db/client.ts";
import { randomId } from "#platform/payments/processor.ts";
import type { ReadCard } from "./cards.ts";
import type { SandboxContext } from "./context.ts";
import { StripeApiError, unexpectedState } from "./errors.ts";
import { recordEvent } from "./events.ts";
import type { CreateCustomerParams, CreateRefundParams } from "./params.ts";
import {
  getObject,
  insertObject,
  newId,
  type StripeObject,
  saveObject,
  unixTime,
} from "./store.ts";

/**
 * PaymentIntents, their charges and refunds, Customers and their PaymentMethods: the objects a
 * payment-mode Checkout Session leads to (SetupIntents are in setup-intents.ts), in Stripe's shape (API version 2023-08-16 and later).
 */

export type Db = SandboxContext["db"] | Tx;

const emptyAddress = {
  city: null,
  country: null,
  line1: null,
  line2: null,
  postal_code: null,
  state: null,
};

const billingDetails = { address: emptyAddress, email: null, name: null, phone: null };

/** Stripe's own `decline_code`s and messages for what the test cards do. */
export const DECLINES = {
  card_declined: { decline_code: "generic_decline", message: "Your card was declined." },
  authentication_failed: {
    message:
      "We are unable to authenticate your payment method. Please choose a different payment method and try again.",
  },
} as const;

export async function createCustomer(
  context: SandboxContext,
  tx: Db,
  params: CreateCustomerParams,
): Promise<StripeObject> {
  const now = context.now();
  const customer: StripeObject = {
    id: newId("customer"),
    object: "customer",
    address: null,
    balance: 0,
    created: unixTime(now),
    currency: null,
    default_source: null,
    delinquent: false,
    description: params.description ?? null,
    discount: null,
    email: params.email ?? null,
    invoice_prefix: randomId("").slice(0, 8).toUpperCase(),
    invoice_settings: {
      custom_fields: null,
      default_payment_method: null,
      footer: null,
      rendering_options: null,
    },
    livemode: false,
    metadata: params.metadata ?? {},
    name: params.name ?? null,
    next_invoice_sequence: 1,
    phone: params.phone ?? null,
    preferred_locales: params.preferred_locales ?? [],
    shipping: null,
    tax_exempt: "none",
    test_clock: null,
  };
  await insertObject(tx, customer);
  await recordEvent(tx, "customer.created", customer, now, context.webhook);
  return customer;
}

/**
 * A card PaymentMethod: brand, last four digits and expiry, never the number. Its test outcome
 * (what a 3-D Secure challenge then does) is kept beside it, out of Stripe's shape.
 */
export async function createCardPaymentMethod(
  context: SandboxContext,
  tx: Db,
  card: ReadCard,
): Promise<StripeObject> {
  const paymentMethod: StripeObject = {
    id: newId("payment_method"),
    object: "payment_method",
    billing_details: billingDetails,
    card: {
      brand: card.brand === "other" ? "unknown" : card.brand,
      checks: { address_line1_check: null, address_postal_code_check: null, cvc_check: "pass" },
      country: "FR",
      display_brand: card.brand === "other" ? "unknown" : card.brand,
      exp_month: card.expMonth,
      exp_year: card.expYear,
      fingerprint: null,
      funding: "credit",
      generated_from: null,
      last4: card.last4,
      networks: { available: [card.brand], preferred: null },
      three_d_secure_usage: { supported: true },
      wallet: null,
    },
    created: unixTime(context.now()),
    customer: null,
    livemode: false,
    metadata: {},
    type: "card",
  };
  await insertObject(tx, paymentMethod, { status: card.outcome });
  return paymentMethod;
}

/** Attaches a payment method to a customer, as a successful setup (or a saved payment) does. */
export async function attachPaymentMethod(
  context: SandboxContext,
  tx: Db,
  paymentMethod: StripeObject,
  customer: string,
): Promise<StripeObject> {
  const attached = { ...paymentMethod, customer };
  await saveObject(tx, attached, { customer });
  await recordEvent(tx, "payment_method.attached", attached, context.now(), context.webhook);
  return attached;
}

export async function createPaymentIntent(
  context: SandboxContext,
  tx: Db,
  values: {
    amount: number;
    currency: string;
    customer: string | null;
    captureMethod: string;
    description: string | null;
    metadata: Record<string, string>;
    setupFutureUsage: string | null;
  },
): Promise<StripeObject> {
  const now = context.now();
  const id = newId("payment_intent");
  const intent: StripeObject = {
    id,
    object: "payment_intent",
    amount: values.amount,
    amount_capturable: 0,
    amount_details: { tip: {} },
    amount_received: 0,
    application: null,
    application_fee_amount: null,
    automatic_payment_methods: null,
    canceled_at: null,
    cancellation_reason: null,
    capture_method: values.captureMethod,
    client_secret: `${id}_secret_${randomId("").slice(0, 24)}`,
    confirmation_method: "automatic",
    created: unixTime(now),
    currency: values.currency,
    customer: values.customer,
    description: values.description,
    invoice: null,
    last_payment_error: null,
    latest_charge: null,
    livemode: false,
    metadata: values.metadata,
    next_action: null,
    on_behalf_of: null,
    payment_method: null,
    payment_method_configuration_details: null,
    payment_method_options: {
      card: {
        installments: null,
        mandate_options: null,
        network: null,
        request_three_d_secure: "automatic",
      },
    },
    payment_method_types: ["card"],
    processing: null,
    receipt_email: null,
    review: null,
    setup_future_usage: values.setupFutureUsage,
    shipping: null,
    source: null,
    statement_descriptor: null,
    statement_descriptor_suffix: null,
    status: "requires_payment_method",
    transfer_data: null,
    transfer_group: null,
  };
  await insertObject(tx, intent, { customer: values.customer, status: "requires_payment_method" });
  await recordEvent(tx, "payment_intent.created", intent, now, context.webhook);
  return intent;
}

async function savePaymentIntent(tx: Db, intent: StripeObject) {
  await saveObject(tx, intent, {
    customer: (intent.customer as string | null) ?? null,
    status: intent.status as string,
  });
}

function cardDetails(paymentMethod: StripeObject) {
  const card = paymentMethod.card as Record<string, unknown>;
  return {
    card: {
      brand: card.brand,
      checks: card.checks,
      country: card.country,
      exp_month: card.exp_month,
      exp_year: card.exp_year,
      fingerprint: card.fingerprint,
      funding: card.funding,
      installments: null,
      last4: card.last4,
      mandate: null,
      network: card.brand,
      three_d_secure: null,
      wallet: null,
    },
    type: "card",
  };
}

async function createCharge(
  context: SandboxContext,
  tx: Db,
  intent: StripeObject,
  paymentMethod: StripeObject,
  outcome: "succeeded" | "failed",
  failure: { code: string; message: string; decline_code?: string } | null,
): Promise<StripeObject> {
  const now = context.now();
  const automatic = intent.capture_method !== "manual";
  const paid = outcome === "succeeded";
  const charge: StripeObject = {
    id: newId("charge"),
    object: "charge",
    amount: intent.amount,
    amount_captured: paid && automatic ? intent.amount : 0,
    amount_refunded: 0,
    application: null,
    application_fee: null,
    application_fee_amount: null,
    balance_transaction: null,
    billing_details: billingDetails,
    calculated_statement_descriptor: "COMPTOIR",
    captured: paid && automatic,
    created: unixTime(now),
    currency: intent.currency,
    customer: intent.customer,
    description: intent.description,
    disputed: false,
    failure_balance_transaction: null,
    failure_code: failure?.code ?? null,
    failure_message: failure?.message ?? null,
    fraud_details: {},
    invoice: null,
    livemode: false,
    metadata: {},
    on_behalf_of: null,
    outcome: paid
      ? {
          network_status: "approved_by_network",
          reason: null,
          risk_level: "normal",
          seller_message: "Payment complete.",
          type: "authorized",
        }
      : {
          network_status: "declined_by_network",
          reason: failure?.decline_code ?? "generic_decline",
          risk_level: "normal",
          seller_message: "The bank did not return any further details with this decline.",
          type: "issuer_declined",
        },
    paid,
    payment_intent: intent.id,
    payment_method: paymentMethod.id,
    payment_method_details: cardDetails(paymentMethod),
    receipt_email: null,
    receipt_number: null,
    receipt_url: null,
    refunded: false,
    review: null,
    shipping: null,
    source_transfer: null,
    statement_descriptor: null,
    statement_descriptor_suffix: null,
    status: outcome,
    transfer_data: null,
    transfer_group: null,
  };
  await insertObject(tx, charge, { parent: intent.id as string, status: outcome });
  await recordEvent(tx, `charge.${outcome}`, charge, now, context.webhook);
  return charge;
}

export type ConfirmOutcome =
  | "approve"
  | "decline"
  | "challenge"
  | "authentication_failed"
  // Off-session, a card whose bank wants 3-D Secure is declined: nobody is there to pass it.
  | "authentication_required";

/** How each refusal shows on the PaymentIntent (`last_payment_error`) and its charge. */
const FAILURES = {
  decline: {
    code: "card_declined",
    ...DECLINES.card_declined,
    charge: true,
    type: "card_error",
  },
  authentication_required: {
    code: "authentication_required",
    decline_code: "authentication_required",
    message: "Your card was declined. This transaction requires authentication.",
    charge: true,
    type: "card_error",
  },
  authentication_failed: {
    code: "payment_intent_authentication_failure",
    decline_code: undefined,
    ...DECLINES.authentication_failed,
    charge: false,
    type: "invalid_request_error",
  },
} as const;

/**
 * A payment with a card, as Stripe confirms it: authorised (`requires_capture` for a manual
 * capture, `succeeded` otherwise), declined (back to `requires_payment_method`, with
 * `last_payment_error`), or waiting on 3-D Secure (`requires_action`).
 */
export async function confirmPaymentIntent(
  context: SandboxContext,
  tx: Db,
  intent: StripeObject,
  paymentMethod: StripeObject,
  outcome: ConfirmOutcome,
  returnUrl: string,
): Promise<StripeObject> {
  const now = context.now();
  const previous = { status: intent.status };
  const next: StripeObject = { ...intent, payment_method: paymentMethod.id, next_action: null };
  if (outcome === "challenge") {
    next.status = "requires_action";
    next.next_action = {
      redirect_to_url: { return_url: returnUrl, url: returnUrl },
      type: "redirect_to_url",
    };
    await savePaymentIntent(tx, next);
    await recordEvent(tx, "payment_intent.requires_action", next, now, context.webhook, previous);
    return next;
  }
  if (outcome !== "approve") {
    const failure = FAILURES[outcome];
    const charge = failure.charge
      ? await createCharge(context, tx, intent, paymentMethod, "failed", failure)
      : null;
    next.status = "requires_payment_method";
    next.payment_method = null;
    next.latest_charge = charge?.id ?? intent.latest_charge;
    next.last_payment_error = {
      ...(charge ? { charge: charge.id } : {}),
      code: failure.code,
      ...(failure.decline_code ? { decline_code: failure.decline_code } : {}),
      doc_url: `https://stripe.com/docs/error-codes/${failure.code.replace(/_/g, "-")}`,
      message: failure.message,
      payment_method: { ...paymentMethod },
      type: failure.type,
    };
    await savePaymentIntent(tx, next);
    await recordEvent(tx, "payment_intent.payment_failed", next, now, context.webhook, previous);
    return next;
  }
  const charge = await createCharge(context, tx, intent, paymentMethod, "succeeded", null);
  const manual = intent.capture_method === "manual";
  next.latest_charge = charge.id;
  next.last_payment_error = null;
  next.status = manual ? "requires_capture" : "succeeded";
  next.amount_capturable = manual ? intent.amount : 0;
  next.amount_received = manual ? 0 : intent.amount;
  await savePaymentIntent(tx, next);
  await recordEvent(
    tx,
    manual ? "payment_intent.amount_capturable_updated" : "payment_intent.succeeded",
    next,
    now,
    context.webhook,
    previous,
  );
  return next;
}

/** Captures an authorised payment, whole or in part: the rest is released. */
export async function capturePaymentIntent(
  context: SandboxContext,
  tx: Db,
  id: string,
  params: { amount_to_capture?: number; metadata?: Record<string, string> },
): Promise<StripeObject> {
  const intent = await getObject(tx, "payment_intent", id, { lock: true });
  if (intent.status !== "requires_capture") {
    throw unexpectedState(
      `This PaymentIntent could not be captured because it has a status of ${intent.status}. Only a PaymentIntent with one of the following statuses may be captured: requires_capture.`,
    );
  }
  const capturable = intent.amount_capturable as number;
  const amount = params.amount_to_capture ?? capturable;
  if (amount > capturable) {
    throw new StripeApiError(400, {
      type: "invalid_request_error",
      code: "amount_too_large",
      message: `The amount to capture (${amount}) is greater than the amount capturable (${capturable}).`,
      param: "amount_to_capture",
    });
  }
  const now = context.now();
  const charge = await getObject(tx, "charge", intent.latest_charge as string, { lock: true });
  const captured = { ...charge, amount_captured: amount, captured: true };
  await saveObject(tx, captured);
  await recordEvent(tx, "charge.captured", captured, now, context.webhook);
  const next: StripeObject = {
    ...intent,
    amount_capturable: 0,
    amount_received: amount,
    metadata: { ...(intent.metadata as object), ...params.metadata },
    status: "succeeded",
  };
  await savePaymentIntent(tx, next);
  await recordEvent(tx, "payment_intent.succeeded", next, now, context.webhook, {
    status: "requires_capture",
    amount_capturable: capturable,
    amount_received: 0,
  });
  return next;
}

const CANCELABLE = new Set([
  "requires_payment_method",
  "requires_capture",
  "requires_confirmation",
  "requires_action",
]);

/** Cancels a payment that has not been captured: an authorisation is released. */
export async function cancelPaymentIntent(
  context: SandboxContext,
  tx: Db,
  id: string,
  params: { cancellation_reason?: string },
): Promise<StripeObject> {
  const intent = await getObject(tx, "payment_intent", id, { lock: true });
  if (!CANCELABLE.has(intent.status as string)) {
    throw unexpectedState(
      `You cannot cancel this PaymentIntent because it has a status of ${intent.status}. Only a PaymentIntent with one of the following statuses may be canceled: requires_payment_method, requires_capture, requires_confirmation, requires_action, processing.`,
    );
  }
  const now = context.now();
  const next: StripeObject = {
    ...intent,
    amount_capturable: 0,
    canceled_at: unixTime(now),
    cancellation_reason: params.cancellation_reason ?? null,
    next_action: null,
    status: "canceled",
  };
  await savePaymentIntent(tx, next);
  await recordEvent(tx, "payment_intent.canceled", next, now, context.webhook, {
    status: intent.status,
  });
  return next;
}

/** Refunds a captured payment, whole or in part, never past what was captured. */
export async function createRefund(
  context: SandboxContext,
  tx: Db,
  params: CreateRefundParams,
): Promise<StripeObject> {
  if (!params.payment_intent && !params.charge) {
    throw new StripeApiError(400, {
      type: "invalid_request_error",
      code: "parameter_missing",
      message:
        "One of the following params should be provided for this request: payment_intent or charge.",
    });
  }
  let chargeId = params.charge;
  if (params.payment_intent) {
    const intent = await getObject(tx, "payment_intent", params.payment_intent, {
      param: "payment_intent",
    });
    if (!intent.latest_charge || intent.status !== "succeeded") {
      throw new StripeApiError(400, {
        type: "invalid_request_error",
        code: "charge_not_captured",
        message: `This PaymentIntent (${intent.id}) does not have a successful charge to refund.`,
        param: "payment_intent",
      });
    }
    chargeId = intent.latest_charge as string;
  }
  const charge = await getObject(tx, "charge", chargeId ?? "", { lock: true, param: "charge" });
  const left = (charge.amount_captured as number) - (charge.amount_refunded as number);
  if (left <= 0) {
    throw new StripeApiError(400, {
      type: "invalid_request_error",
      code: "charge_already_refunded",
      message: `Charge ${charge.id} has already been refunded.`,
    });
  }
  const amount = params.amount ?? left;
  if (amount > left) {
    throw new StripeApiError(400, {
      type: "invalid_request_error",
      code: "amount_too_large",
      message: `Refund amount (${amount}) is greater than unrefunded amount on charge (${left})`,
      param: "amount",
    });
  }
  const now = context.now();
  const refund: StripeObject = {
    id: newId("refund"),
    object: "refund",
    amount,
    balance_transaction: null,
    charge: charge.id,
    created: unixTime(now),
    currency: charge.currency,
    destination_details: { card: { type: "refund" }, type: "card" },
    metadata: params.metadata ?? {},
    payment_intent: charge.payment_intent,
    reason: params.reason ?? null,
    receipt_number: null,
    source_transfer_reversal: null,
    status: "succeeded",
    transfer_reversal: null,
  };
  await insertObject(tx, refund, { parent: charge.payment_intent as string, status: "succeeded" });
  const refunded = (charge.amount_refunded as number) + amount;
  const nextCharge = {
    ...charge,
    amount_refunded: refunded,
    refunded: refunded === charge.amount_captured,
  };
  await saveObject(tx, nextCharge);
  await recordEvent(tx, "refund.created", refund, now, context.webhook);
  await recordEvent(tx, "charge.refunded", nextCharge, now, context.webhook, {
    amount_refunded: charge.amount_refunded,
  });
  return refund;
}
