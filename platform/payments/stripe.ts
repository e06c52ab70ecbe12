import Stripe from "stripe";
import {
  type CheckoutSession,
  type PaymentProvider,
  PaymentProviderError,
  type PaymentProviderErrorKind,
  type WebhookEvent,
  WebhookSignatureError,
} from "./provider.ts";
import {
  paymentParams,
  sessionExpansions,
  sessionParams,
  toCustomer,
  toPayment,
  toRefund,
  toSavedCard,
  toSession,
} from "./stripe-shape.ts";

/**
 * The Stripe adapter of the payment provider port, through Stripe's official SDK: Checkout
 * Sessions on Stripe's hosted page, PaymentIntents captured, canceled and refunded, Customers
 * and their saved cards, webhooks verified on their raw body.
 */

export type StripeProviderOptions = {
  secretKey: string;
  webhookSecret: string;
  /** Another endpoint than api.stripe.com (tests point it at the test provider's server). */
  host?: string;
  port?: number;
  protocol?: "http" | "https";
  /** Seconds a webhook's signature stays valid (Stripe's default: 300). */
  webhookTolerance?: number;
  maxNetworkRetries?: number;
  /** The clock webhook signatures are dated against (tests pass a fixed one). */
  now?: () => Date;
};

type Shape = { [key: string]: unknown };
const shape = (value: object) => value as unknown as Shape;

const KINDS: Record<string, PaymentProviderErrorKind> = {
  StripeCardError: "card_declined",
  StripeInvalidRequestError: "invalid_request",
  StripeIdempotencyError: "invalid_request",
  StripeAuthenticationError: "authentication",
  StripePermissionError: "authentication",
  StripeConnectionError: "unavailable",
  StripeAPIError: "unavailable",
  StripeRateLimitError: "unavailable",
};

/** Stripe's errors as the port's, with Stripe's own code. */
function providerError(error: unknown): unknown {
  if (!(error instanceof Stripe.errors.StripeError)) return error;
  const kind =
    error.statusCode === 404 || error.code === "resource_missing"
      ? "not_found"
      : (KINDS[error.type] ?? "unavailable");
  return new PaymentProviderError(kind, error.message, error.code, error.param);
}

async function call<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    throw providerError(error);
  }
}

export function createStripeProvider(options: StripeProviderOptions): PaymentProvider {
  const stripe = new Stripe(options.secretKey, {
    ...(options.host ? { host: options.host } : {}),
    ...(options.port ? { port: options.port } : {}),
    ...(options.protocol ? { protocol: options.protocol } : {}),
    maxNetworkRetries: options.maxNetworkRetries ?? 2,
    appInfo: { name: "Comptoir" },
  });
  const idempotent = (key: string | undefined) => (key ? { idempotencyKey: key } : undefined);

  return {
    name: "stripe",

    createCheckoutSession: (input, request) =>
      call(async () =>
        toSession(
          shape(
            await stripe.checkout.sessions.create(
              sessionParams(input),
              idempotent(request?.idempotencyKey),
            ),
          ),
        ),
      ),

    retrieveCheckoutSession: (id, request) =>
      call(async () =>
        toSession(
          shape(
            await stripe.checkout.sessions.retrieve(
              id,
              sessionExpansions(request).length > 0 ? { expand: sessionExpansions(request) } : {},
            ),
          ),
        ),
      ),

    expireCheckoutSession: (id, request) =>
      call(async () =>
        toSession(
          shape(await stripe.checkout.sessions.expire(id, {}, idempotent(request?.idempotencyKey))),
        ),
      ),

    listOpenCheckoutSessions: (request) =>
      call(async () => {
        const limit = request?.limit ?? 100;
        const sessions: CheckoutSession[] = [];
        const created = request?.createdAfter
          ? { gte: Math.floor(request.createdAfter.getTime() / 1000) }
          : undefined;
        const pages = stripe.checkout.sessions.list({
          status: "open",
          limit: Math.min(limit, 100),
          ...(created ? { created } : {}),
        });
        for await (const session of pages) {
          sessions.push(toSession(shape(session)));
          if (sessions.length >= limit) break;
        }
        return sessions;
      }),

    createPayment: (input, request) =>
      call(async () =>
        toPayment(
          shape(
            await stripe.paymentIntents.create(
              paymentParams(input),
              idempotent(request?.idempotencyKey),
            ),
          ),
        ),
      ),

    retrievePayment: (id) =>
      call(async () =>
        toPayment(shape(await stripe.paymentIntents.retrieve(id, { expand: ["payment_method"] }))),
      ),

    capturePayment: (id, request) =>
      call(async () =>
        toPayment(
          shape(
            await stripe.paymentIntents.capture(
              id,
              request?.amount !== undefined ? { amount_to_capture: request.amount } : {},
              idempotent(request?.idempotencyKey),
            ),
          ),
        ),
      ),

    cancelPayment: (id, request) =>
      call(async () =>
        toPayment(
          shape(
            await stripe.paymentIntents.cancel(
              id,
              request?.reason ? { cancellation_reason: request.reason } : {},
              idempotent(request?.idempotencyKey),
            ),
          ),
        ),
      ),

    refundPayment: (paymentIntentId, request) =>
      call(async () =>
        toRefund(
          shape(
            await stripe.refunds.create(
              {
                payment_intent: paymentIntentId,
                ...(request?.amount !== undefined ? { amount: request.amount } : {}),
                ...(request?.reason ? { reason: request.reason } : {}),
                ...(request?.metadata ? { metadata: request.metadata } : {}),
              },
              idempotent(request?.idempotencyKey),
            ),
          ),
        ),
      ),

    listRefunds: (paymentIntentId) =>
      call(async () => {
        const refunds = [];
        for await (const refund of stripe.refunds.list({
          payment_intent: paymentIntentId,
          limit: 100,
        })) {
          refunds.push(toRefund(shape(refund)));
        }
        return refunds;
      }),

    createCustomer: (input, request) =>
      call(async () =>
        toCustomer(
          shape(
            await stripe.customers.create(
              {
                ...(input.email ? { email: input.email } : {}),
                ...(input.name ? { name: input.name } : {}),
                ...(input.metadata ? { metadata: input.metadata } : {}),
              },
              idempotent(request?.idempotencyKey),
            ),
          ),
        ),
      ),

    listSavedCards: (customerId) =>
      call(async () => {
        const cards = [];
        for await (const method of stripe.customers.listPaymentMethods(customerId, {
          type: "card",
          limit: 100,
        })) {
          const card = toSavedCard(shape(method));
          if (card) cards.push(card);
        }
        return cards;
      }),

    async verifyWebhook(rawBody, signature): Promise<WebhookEvent> {
      let event: Stripe.Event;
      try {
        event = stripe.webhooks.constructEvent(
          typeof rawBody === "string" ? rawBody : Buffer.from(rawBody),
          signature,
          options.webhookSecret,
          options.webhookTolerance,
          undefined,
          (options.now?.() ?? new Date()).getTime(),
        );
      } catch (error) {
        throw new WebhookSignatureError(
          error instanceof Error ? error.message : "Invalid webhook signature",
        );
      }
      return {
        id: event.id,
        type: event.type,
        createdAt: new Date(event.created * 1000),
        object: shape(event.data.object) as WebhookEvent["object"],
      };
    },
  };
}
