/**
 * Stripe's error shape: `{"error":{"type":…,"code":…,"message":…,"param":…}}` with Stripe's
 * statuses (400 a bad request, 401 a bad key, 402 a declined card, 404 an unknown object).
 * Stripe's SDKs read the type to raise their own errors (`StripeInvalidRequestError`…).
 */

export type StripeErrorType =
  | "invalid_request_error"
  | "card_error"
  | "idempotency_error"
  | "api_error";

export type StripeErrorBody = {
  type: StripeErrorType;
  code?: string;
  decline_code?: string;
  message: string;
  param?: string;
  doc_url?: string;
  charge?: string;
  payment_intent?: Record<string, unknown>;
  payment_method?: Record<string, unknown>;
};

export class StripeApiError extends Error {
  readonly status: 400 | 401 | 402 | 404 | 409 | 500;
  readonly body: StripeErrorBody;

  constructor(status: StripeApiError["status"], body: StripeErrorBody) {
    super(body.message);
    this.status = status;
    this.body = body;
  }

  toJSON(): { error: StripeErrorBody } {
    return { error: this.body };
  }
}

/** `resource_missing`: no object of that kind with that id. */
export function noSuchObject(kind: string, id: string, param = "id"): StripeApiError {
  return new StripeApiError(404, {
    type: "invalid_request_error",
    code: "resource_missing",
    message: `No such ${kind}: '${id}'`,
    param,
  });
}

/** A request Stripe refuses for its state (capturing a canceled payment…). */
export function unexpectedState(message: string, code = "payment_intent_unexpected_state") {
  return new StripeApiError(400, { type: "invalid_request_error", code, message });
}

/** A parameter Stripe refuses. */
export function badParam(param: string, message: string, code?: string): StripeApiError {
  return new StripeApiError(400, {
    type: "invalid_request_error",
    ...(code ? { code } : {}),
    message,
    param,
  });
}

/**
 * A refusal whose request was carried out and is kept, as Stripe keeps a declined card: the
 * PaymentIntent, its failed charge and events are written, the answer is stored for the request's
 * `Idempotency-Key`, and the error is raised once the transaction has committed.
 */
export class KeptFailure {
  readonly error: StripeApiError;

  constructor(error: StripeApiError) {
    this.error = error;
  }
}
