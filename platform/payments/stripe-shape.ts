import type {
  CheckoutSession,
  CreateCheckoutSession,
  CreatePayment,
  Customer,
  Payment,
  PaymentStatus,
  Refund,
  SavedCard,
} from "./provider.ts";

/**
 * Stripe's objects read into the port's types, and the port's requests written as Stripe's
 * parameters: shared by the Stripe adapter (objects from its SDK) and the test provider's
 * adapter (the same objects, from the embedded provider).
 */

type Shape = { [key: string]: unknown };

const text = (value: unknown): string | null => (typeof value === "string" ? value : null);
const count = (value: unknown): number | null => (typeof value === "number" ? value : null);
/** An id, or the id of an expanded object. */
const idOf = (value: unknown): string | null =>
  typeof value === "string"
    ? value
    : value && typeof value === "object" && typeof (value as Shape).id === "string"
      ? ((value as Shape).id as string)
      : null;
const expanded = (value: unknown): Shape | null =>
  value && typeof value === "object" ? (value as Shape) : null;
const metadataOf = (value: unknown): Record<string, string> =>
  value && typeof value === "object" ? { ...(value as Record<string, string>) } : {};
const dateOf = (seconds: unknown): Date => new Date((count(seconds) ?? 0) * 1000);

/** Stripe's Checkout Session parameters for the port's request. */
export function sessionParams(input: CreateCheckoutSession) {
  const payment = input.mode === "payment";
  return {
    mode: input.mode,
    success_url: input.successUrl,
    cancel_url: input.cancelUrl,
    currency: payment ? undefined : input.currency,
    customer: input.customerId,
    customer_email: input.customerId ? undefined : input.customerEmail,
    client_reference_id: input.clientReference,
    metadata: input.metadata,
    locale: input.locale as "fr" | undefined,
    expires_at: input.expiresAt ? Math.floor(input.expiresAt.getTime() / 1000) : undefined,
    payment_method_types: ["card" as const],
    line_items: payment
      ? (input.lines ?? []).map((line) => ({
          quantity: line.quantity,
          price_data: {
            currency: input.currency,
            unit_amount: line.unitAmount,
            product_data: { name: line.name },
          },
        }))
      : undefined,
    payment_intent_data:
      payment && input.captureMethod ? { capture_method: input.captureMethod } : undefined,
  };
}

/** Stripe's PaymentIntent parameters for a saved card charged off-session. */
export function paymentParams(input: CreatePayment) {
  return {
    amount: input.amount,
    currency: input.currency,
    customer: input.customerId,
    payment_method: input.paymentMethodId,
    // No redirecting payment method, so no `return_url` is needed off-session (any API version).
    automatic_payment_methods: { enabled: true, allow_redirects: "never" as const },
    capture_method: input.captureMethod,
    confirm: input.confirm,
    off_session: input.offSession,
    description: input.description,
    metadata: input.metadata,
  };
}

/** The `expand[]` of a session retrieved with its payment or its setup. */
export function sessionExpansions(options?: { withPayment?: boolean; withSetup?: boolean }) {
  return [
    // The payment with its card, so the invoice can say which card paid.
    ...(options?.withPayment ? ["payment_intent.payment_method"] : []),
    ...(options?.withSetup ? ["setup_intent"] : []),
  ];
}

export function toSession(session: Shape): CheckoutSession {
  const payment = expanded(session.payment_intent);
  return {
    id: session.id as string,
    mode: session.mode as CheckoutSession["mode"],
    status: session.status as CheckoutSession["status"],
    paymentStatus: session.payment_status as CheckoutSession["paymentStatus"],
    url: text(session.url),
    amountTotal: count(session.amount_total),
    currency: text(session.currency),
    customerId: idOf(session.customer),
    clientReference: text(session.client_reference_id),
    metadata: metadataOf(session.metadata),
    paymentIntentId: idOf(session.payment_intent),
    setupIntentId: idOf(session.setup_intent),
    ...(payment ? { payment: toPayment(payment) } : {}),
    ...(expanded(session.setup_intent)
      ? { setupPaymentMethodId: idOf(expanded(session.setup_intent)?.payment_method) }
      : {}),
    createdAt: dateOf(session.created),
    expiresAt: dateOf(session.expires_at),
  };
}

export function toPayment(intent: Shape): Payment {
  const error = expanded(intent.last_payment_error);
  return {
    id: intent.id as string,
    status: intent.status as PaymentStatus,
    amount: count(intent.amount) ?? 0,
    amountCapturable: count(intent.amount_capturable) ?? 0,
    amountReceived: count(intent.amount_received) ?? 0,
    currency: text(intent.currency) ?? "",
    captureMethod: intent.capture_method as Payment["captureMethod"],
    customerId: idOf(intent.customer),
    latestChargeId: idOf(intent.latest_charge),
    metadata: metadataOf(intent.metadata),
    lastErrorCode: error ? text(error.code) : null,
    card: cardOf(expanded(intent.payment_method)),
  };
}

/** The brand and last four digits of an expanded card payment method. */
function cardOf(paymentMethod: Shape | null): Payment["card"] {
  const card = paymentMethod ? expanded(paymentMethod.card) : null;
  const last4 = card ? text(card.last4) : null;
  return card && last4 ? { brand: text(card.brand) ?? "unknown", last4 } : null;
}

export function toRefund(refund: Shape): Refund {
  return {
    id: refund.id as string,
    paymentIntentId: idOf(refund.payment_intent),
    amount: count(refund.amount) ?? 0,
    currency: text(refund.currency) ?? "",
    status: (text(refund.status) ?? "pending") as Refund["status"],
    reason: text(refund.reason),
    metadata: metadataOf(refund.metadata),
    createdAt: dateOf(refund.created),
  };
}

export function toCustomer(customer: Shape): Customer {
  return {
    id: customer.id as string,
    email: text(customer.email),
    name: text(customer.name),
    metadata: metadataOf(customer.metadata),
  };
}

/** A card payment method's displayable facts; null for another kind of payment method. */
export function toSavedCard(paymentMethod: Shape): SavedCard | null {
  const card = expanded(paymentMethod.card);
  if (!card) return null;
  return {
    id: paymentMethod.id as string,
    brand: text(card.brand) ?? "unknown",
    last4: text(card.last4) ?? "",
    expMonth: count(card.exp_month) ?? 0,
    expYear: count(card.exp_year) ?? 0,
  };
}
