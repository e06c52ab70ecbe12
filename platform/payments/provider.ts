/**
 * The payment provider port: what the shop asks of a card payment provider with a hosted
 * payment page. No card number ever reaches the shop: the shopper types it on the provider's
 * page (a Checkout Session), the shop captures, cancels and refunds what was authorised, and
 * hears of payments through signed webhooks.
 *
 * Two adapters: `stripe.ts` (Stripe, through its official SDK) and `test-provider.ts` (the
 * embedded test provider, the offline default). Another provider (Mollie, Adyen…) is one more
 * file implementing this interface. Amounts are integer cents; currencies ISO codes in lower
 * case (`eur`).
 */

export type CheckoutLine = {
  name: string;
  /** Price of one unit, in cents. */
  unitAmount: number;
  quantity: number;
};

export type CreateCheckoutSession = {
  /** `payment`: pay now; `setup`: save a card on a customer for later. */
  mode: "payment" | "setup";
  /** Where the provider sends the shopper back; `{CHECKOUT_SESSION_ID}` is replaced by the id. */
  successUrl: string;
  cancelUrl?: string;
  currency: string;
  /** Payment mode: what is bought (the total is their sum). */
  lines?: CheckoutLine[];
  /** Payment mode: `manual` only authorises, the shop captures later (at most the amount). */
  captureMethod?: "automatic" | "manual";
  customerId?: string;
  customerEmail?: string;
  /** The shop's reference (the cart or order), given back with the session. */
  clientReference?: string;
  metadata?: Record<string, string>;
  /** When the session expires (30 minutes to 24 hours ahead; the provider's default: 24 h). */
  expiresAt?: Date;
  locale?: string;
};

export type CheckoutSession = {
  id: string;
  mode: "payment" | "setup";
  status: "open" | "complete" | "expired";
  paymentStatus: "paid" | "unpaid" | "no_payment_required";
  /** The provider's hosted page; null once the session is complete or expired. */
  url: string | null;
  amountTotal: number | null;
  currency: string | null;
  customerId: string | null;
  clientReference: string | null;
  metadata: Record<string, string>;
  paymentIntentId: string | null;
  setupIntentId: string | null;
  /** Present when asked for (`retrieveCheckoutSession(id, { withPayment: true })`). */
  payment?: Payment | null;
  /**
   * A setup session's saved card (its SetupIntent's payment method), when asked for
   * (`retrieveCheckoutSession(id, { withSetup: true })`); null while nothing is saved.
   */
  setupPaymentMethodId?: string | null;
  createdAt: Date;
  expiresAt: Date;
};

/**
 * A payment with a card saved on a customer, made and confirmed at once without the shopper
 * (`off_session`): the ordering flow's saved cards. A refusal is a `PaymentProviderError` of kind
 * `card_declined` (`card_declined`, or `authentication_required` for a card whose bank wants
 * 3-D Secure, which cannot be done off-session); nothing is then taken.
 */
export type CreatePayment = {
  amount: number;
  currency: string;
  customerId: string;
  /** A payment method saved on that customer (`listSavedCards`). */
  paymentMethodId: string;
  captureMethod?: "automatic" | "manual";
  offSession: true;
  confirm: true;
  metadata?: Record<string, string>;
  description?: string;
};

export type PaymentStatus =
  | "requires_payment_method"
  | "requires_confirmation"
  | "requires_action"
  | "processing"
  | "requires_capture"
  | "canceled"
  | "succeeded";

/** A payment (Stripe's PaymentIntent). */
export type Payment = {
  id: string;
  status: PaymentStatus;
  amount: number;
  /** What may still be captured (an authorisation awaiting capture). */
  amountCapturable: number;
  /** What was taken. */
  amountReceived: number;
  currency: string;
  captureMethod: "automatic" | "automatic_async" | "manual";
  customerId: string | null;
  latestChargeId: string | null;
  metadata: Record<string, string>;
  /** The reason of the last refusal (`card_declined`…), null when none. */
  lastErrorCode: string | null;
  /**
   * The card that paid, as an invoice names it (« carte Visa •••• 4242 »): its payment method's
   * brand and last four digits, read when the adapter has the payment method (`retrievePayment`,
   * a session retrieved `withPayment`); null otherwise or for another kind of payment method.
   */
  card: { brand: string; last4: string } | null;
};

export type Refund = {
  id: string;
  paymentIntentId: string | null;
  amount: number;
  currency: string;
  status: "pending" | "requires_action" | "succeeded" | "failed" | "canceled";
  reason: string | null;
  metadata: Record<string, string>;
  createdAt: Date;
};

export type Customer = {
  id: string;
  email: string | null;
  name: string | null;
  metadata: Record<string, string>;
};

/** A saved card: what may be shown of it, never its number. */
export type SavedCard = {
  id: string;
  brand: string;
  last4: string;
  expMonth: number;
  expYear: number;
};

/** A webhook event, verified. `object` is the provider's object as the event carries it. */
export type WebhookEvent = {
  id: string;
  type: string;
  createdAt: Date;
  object: Record<string, unknown> & { id: string; object: string };
};

/** Every call that changes something takes an idempotency key: a retry never does it twice. */
export type Idempotent = { idempotencyKey?: string };

export type PaymentProviderErrorKind =
  /** No such object (an unknown session, payment, customer). */
  | "not_found"
  /** The request was refused (a bad parameter, a capture of more than authorised…). */
  | "invalid_request"
  /** The card was refused. */
  | "card_declined"
  /** The provider refused our credentials. */
  | "authentication"
  /** The provider could not be reached, or failed. */
  | "unavailable";

/** A refusal or failure of the provider, with its own code (`resource_missing`…). */
export class PaymentProviderError extends Error {
  readonly kind: PaymentProviderErrorKind;
  readonly code: string | null;
  readonly param: string | null;

  constructor(
    kind: PaymentProviderErrorKind,
    message: string,
    code?: string | null,
    param?: string | null,
  ) {
    super(message);
    this.name = "PaymentProviderError";
    this.kind = kind;
    this.code = code ?? null;
    this.param = param ?? null;
  }
}

/** A webhook whose signature does not hold (forged, altered, or too old). */
export class WebhookSignatureError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "WebhookSignatureError";
  }
}

export interface PaymentProvider {
  /** `stripe` or `test`: for logs and metrics only; nothing branches on it. */
  readonly name: string;

  createCheckoutSession(
    input: CreateCheckoutSession,
    options?: Idempotent,
  ): Promise<CheckoutSession>;
  retrieveCheckoutSession(
    id: string,
    options?: { withPayment?: boolean; withSetup?: boolean },
  ): Promise<CheckoutSession>;
  /** Ends an open session: it can no longer be paid. */
  expireCheckoutSession(id: string, options?: Idempotent): Promise<CheckoutSession>;
  /** Open sessions, newest first, made at or after `createdAfter` (for a reconciliation job). */
  listOpenCheckoutSessions(options?: {
    createdAfter?: Date;
    limit?: number;
  }): Promise<CheckoutSession[]>;

  /** Charges a saved card without the shopper (Stripe: a PaymentIntent made with `confirm`). */
  createPayment(input: CreatePayment, options?: Idempotent): Promise<Payment>;
  retrievePayment(id: string): Promise<Payment>;
  /** Captures an authorisation, whole or `amount` of it (at most what was authorised). */
  capturePayment(id: string, options?: Idempotent & { amount?: number }): Promise<Payment>;
  /** Releases an authorisation that is not captured. */
  cancelPayment(
    id: string,
    options?: Idempotent & {
      reason?: "duplicate" | "fraudulent" | "requested_by_customer" | "abandoned";
    },
  ): Promise<Payment>;
  /** Refunds a captured payment, whole or `amount` of it. */
  refundPayment(
    paymentIntentId: string,
    options?: Idempotent & {
      amount?: number;
      reason?: "duplicate" | "fraudulent" | "requested_by_customer";
      metadata?: Record<string, string>;
    },
  ): Promise<Refund>;
  listRefunds(paymentIntentId: string): Promise<Refund[]>;

  createCustomer(
    input: { email?: string; name?: string; metadata?: Record<string, string> },
    options?: Idempotent,
  ): Promise<Customer>;
  /** The cards saved on a customer (by a setup session), newest first. */
  listSavedCards(customerId: string): Promise<SavedCard[]>;

  /**
   * Verifies a webhook delivery on its raw body (the bytes as received, before any JSON parse)
   * and its signature header; throws `WebhookSignatureError` when it does not hold.
   */
  verifyWebhook(rawBody: string | Uint8Array, signature: string): Promise<WebhookEvent>;
}
