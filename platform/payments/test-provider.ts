import { eq, gte } from "drizzle-orm";
import type { Tx } from "#db/client.ts";
import {
  type PaymentProvider,
  PaymentProviderError,
  type WebhookEvent,
  WebhookSignatureError,
} from "./provider.ts";
import type { SandboxContext } from "./sandbox/context.ts";
import { createDirectPayment } from "./sandbox/direct-payments.ts";
import { StripeApiError } from "./sandbox/errors.ts";
import { signatureProblem } from "./sandbox/events.ts";
import { encodeForm, parseForm } from "./sandbox/form.ts";
import { idempotently } from "./sandbox/idempotency.ts";
import {
  cancelPaymentIntent,
  capturePaymentIntent,
  createCustomer,
  createRefund,
} from "./sandbox/intents.ts";
import {
  cancelParams,
  captureParams,
  createCustomerParams,
  createPaymentIntentParams,
  createRefundParams,
  createSessionParams,
  parseParams,
} from "./sandbox/params.ts";
import { paymentSandboxObject } from "./sandbox/schema.ts";
import { createSession, expireSession, listSessions } from "./sandbox/sessions.ts";
import { expand, getObject, listObjects, type StripeObject, unixTime } from "./sandbox/store.ts";
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
 * The test provider's adapter of the payment provider port: the embedded, Stripe-shaped test
 * provider (sandbox/) called in-process, with the same parameter checks, idempotency and
 * errors as its HTTP API. Its hosted page, webhook deliveries and expiries are the sandbox's.
 */

export type TestProviderOptions = SandboxContext & {
  /** The secret webhooks are signed with: the sandbox's endpoint secret. */
  webhookSecret: string;
  webhookTolerance?: number;
};

/** The in-process adapter's idempotency keys are kept apart from HTTP callers' API keys. */
const IN_PROCESS_KEY = "in-process";

function providerError(error: unknown): unknown {
  if (!(error instanceof StripeApiError)) return error;
  const { status, body } = error;
  const kind =
    status === 404
      ? "not_found"
      : status === 401
        ? "authentication"
        : body.type === "card_error"
          ? "card_declined"
          : status >= 500
            ? "unavailable"
            : "invalid_request";
  return new PaymentProviderError(kind, body.message, body.code, body.param);
}

export function createTestProvider(options: TestProviderOptions): PaymentProvider {
  const context: SandboxContext = options;

  /** A read in a transaction of its own. */
  const read = async <T>(work: (tx: Tx) => Promise<T>): Promise<T> => {
    try {
      return await context.db.transaction(work);
    } catch (error) {
      throw providerError(error);
    }
  };

  /**
   * A write, with its parameters checked as the HTTP API checks them (encoded as a form and
   * parsed back), once per idempotency key.
   */
  const write = async <T>(
    path: string,
    params: Record<string, unknown>,
    key: string | undefined,
    work: (tx: Tx, form: ReturnType<typeof parseForm>) => Promise<unknown>,
    map: (object: StripeObject) => T,
  ): Promise<T> => {
    const body = encodeForm(params).toString();
    try {
      const { response } = await idempotently(
        context,
        { apiKey: IN_PROCESS_KEY, key, method: "POST", path, body },
        (tx) => work(tx, parseForm(new URLSearchParams(body))),
      );
      return map(response as StripeObject);
    } catch (error) {
      throw providerError(error);
    }
  };

  return {
    name: "test",

    createCheckoutSession: (input, request) =>
      write(
        "/v1/checkout/sessions",
        sessionParams(input),
        request?.idempotencyKey,
        (tx, form) => createSession(context, tx, parseParams(createSessionParams, form)),
        toSession,
      ),

    retrieveCheckoutSession: (id, request) =>
      read(async (tx) => {
        const session = await getObject(tx, "checkout.session", id, { kind: "checkout.session" });
        return toSession(await expand(tx, session, sessionExpansions(request)));
      }),

    expireCheckoutSession: (id, request) =>
      write(
        `/v1/checkout/sessions/${id}/expire`,
        {},
        request?.idempotencyKey,
        (tx) => expireSession(context, tx, id),
        toSession,
      ),

    listOpenCheckoutSessions: (request) =>
      read(async (tx) => {
        const limit = request?.limit ?? 100;
        const created = request?.createdAfter ? [gteCreated(unixTime(request.createdAfter))] : [];
        const sessions = [];
        let startingAfter: string | undefined;
        while (sessions.length < limit) {
          const page = await listSessions(
            tx,
            { status: "open" },
            { limit: Math.min(100, limit - sessions.length), startingAfter },
            created,
          );
          sessions.push(...page.data.map(toSession));
          if (!page.has_more) break;
          startingAfter = page.data.at(-1)?.id;
        }
        return sessions;
      }),

    createPayment: (input, request) =>
      write(
        "/v1/payment_intents",
        paymentParams(input),
        request?.idempotencyKey,
        (tx, form) =>
          createDirectPayment(context, tx, parseParams(createPaymentIntentParams, form)),
        toPayment,
      ),

    retrievePayment: (id) =>
      read(async (tx) =>
        toPayment(await expand(tx, await getObject(tx, "payment_intent", id), ["payment_method"])),
      ),

    capturePayment: (id, request) => {
      const params = request?.amount !== undefined ? { amount_to_capture: request.amount } : {};
      return write(
        `/v1/payment_intents/${id}/capture`,
        params,
        request?.idempotencyKey,
        (tx, form) => capturePaymentIntent(context, tx, id, parseParams(captureParams, form)),
        toPayment,
      );
    },

    cancelPayment: (id, request) => {
      const params = request?.reason ? { cancellation_reason: request.reason } : {};
      return write(
        `/v1/payment_intents/${id}/cancel`,
        params,
        request?.idempotencyKey,
        (tx, form) => cancelPaymentIntent(context, tx, id, parseParams(cancelParams, form)),
        toPayment,
      );
    },

    refundPayment: (paymentIntentId, request) =>
      write(
        "/v1/refunds",
        {
          payment_intent: paymentIntentId,
          amount: request?.amount,
          reason: request?.reason,
          metadata: request?.metadata,
        },
        request?.idempotencyKey,
        (tx, form) => createRefund(context, tx, parseParams(createRefundParams, form)),
        toRefund,
      ),

    listRefunds: (paymentIntentId) =>
      read(async (tx) => {
        await getObject(tx, "payment_intent", paymentIntentId, { param: "payment_intent" });
        const refunds = await listObjects(
          tx,
          "refund",
          [eq(paymentSandboxObject.parent, paymentIntentId)],
          { limit: 100 },
          "/v1/refunds",
        );
        return refunds.data.map(toRefund);
      }),

    createCustomer: (input, request) =>
      write(
        "/v1/customers",
        { email: input.email, name: input.name, metadata: input.metadata },
        request?.idempotencyKey,
        (tx, form) => createCustomer(context, tx, parseParams(createCustomerParams, form)),
        toCustomer,
      ),

    listSavedCards: (customerId) =>
      read(async (tx) => {
        await getObject(tx, "customer", customerId, { param: "customer" });
        const methods = await listObjects(
          tx,
          "payment_method",
          [eq(paymentSandboxObject.customer, customerId)],
          { limit: 100 },
          `/v1/customers/${customerId}/payment_methods`,
        );
        return methods.data.flatMap((method) => toSavedCard(method) ?? []);
      }),

    async verifyWebhook(rawBody, signature): Promise<WebhookEvent> {
      const payload = typeof rawBody === "string" ? rawBody : new TextDecoder().decode(rawBody);
      const problem = signatureProblem(
        payload,
        signature,
        options.webhookSecret,
        context.now(),
        options.webhookTolerance,
      );
      if (problem) throw new WebhookSignatureError(problem);
      const event = JSON.parse(payload) as StripeObject & {
        type: string;
        created: number;
        data: { object: WebhookEvent["object"] };
      };
      return {
        id: event.id,
        type: event.type,
        createdAt: new Date(event.created * 1000),
        object: event.data.object,
      };
    },
  };
}

function gteCreated(seconds: number) {
  return gte(paymentSandboxObject.created, seconds);
}
