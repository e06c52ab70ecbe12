import { z } from "zod";
import { badParam, type StripeApiError } from "./errors.ts";
import type { FormObject } from "./form.ts";

/**
 * The parameters of each request the test provider takes, as Stripe documents them (only those
 * the shop sends): form values are strings, read into numbers where Stripe wants integers. A
 * parameter Stripe does not take, or one the test provider does not, is refused as Stripe
 * refuses an unknown one.
 */

const integer = z
  .string()
  .regex(/^-?\d+$/, "Invalid integer")
  .transform(Number);
const positive = integer.refine((value) => value > 0, "must be greater than 0");
const text = z.string().min(1, "Invalid string: empty");
const metadata = z.record(z.string(), z.string()).optional();
const expand = z.array(z.string()).optional();
const currency = z
  .string()
  .regex(/^[a-zA-Z]{3}$/, "Invalid currency")
  .transform((value) => value.toLowerCase());

export const retrieveParams = z.strictObject({ expand });

export const listParams = z.strictObject({
  limit: integer
    .refine((value) => value >= 1 && value <= 100, "must be between 1 and 100")
    .optional(),
  starting_after: text.optional(),
  ending_before: text.optional(),
  created: z
    .union([
      integer,
      z.strictObject({
        gt: integer.optional(),
        gte: integer.optional(),
        lt: integer.optional(),
        lte: integer.optional(),
      }),
    ])
    .optional(),
  expand,
});

export const createSessionParams = z.strictObject({
  mode: z.enum(["payment", "setup"], "Invalid mode: must be one of payment or setup"),
  success_url: text,
  cancel_url: text.optional(),
  currency: currency.optional(),
  customer: text.optional(),
  customer_email: text.optional(),
  client_reference_id: text.max(200).optional(),
  locale: text.optional(),
  expires_at: integer.optional(),
  metadata,
  payment_method_types: z.array(z.literal("card", "Only card is supported")).optional(),
  line_items: z
    .array(
      z.strictObject({
        quantity: positive,
        price_data: z.strictObject({
          currency,
          unit_amount: integer.refine((value) => value >= 0, "must be at least 0"),
          product_data: z.strictObject({
            name: text,
            description: text.optional(),
            metadata,
          }),
        }),
      }),
    )
    .optional(),
  payment_intent_data: z
    .strictObject({
      capture_method: z.enum(["automatic", "automatic_async", "manual"]).optional(),
      description: text.optional(),
      metadata,
      setup_future_usage: z.enum(["off_session", "on_session"]).optional(),
    })
    .optional(),
  setup_intent_data: z.strictObject({ description: text.optional(), metadata }).optional(),
  expand,
});
export type CreateSessionParams = z.infer<typeof createSessionParams>;

export const listSessionsParams = listParams.extend({
  status: z.enum(["open", "complete", "expired"]).optional(),
  customer: text.optional(),
  payment_intent: text.optional(),
});

const boolean = z.enum(["true", "false"], "Invalid boolean").transform((value) => value === "true");

/** A PaymentIntent made by the shop itself: a saved card charged off-session (`confirm`). */
export const createPaymentIntentParams = z.strictObject({
  amount: positive,
  currency,
  customer: text.optional(),
  payment_method: text.optional(),
  payment_method_types: z.array(z.literal("card", "Only card is supported")).optional(),
  automatic_payment_methods: z
    .strictObject({ enabled: boolean, allow_redirects: z.enum(["always", "never"]).optional() })
    .optional(),
  capture_method: z.enum(["automatic", "automatic_async", "manual"]).optional(),
  confirm: boolean.optional(),
  off_session: boolean.optional(),
  description: text.optional(),
  metadata,
  expand,
});
export type CreatePaymentIntentParams = z.infer<typeof createPaymentIntentParams>;

export const captureParams = z.strictObject({
  amount_to_capture: positive.optional(),
  metadata,
  expand,
});

export const cancelParams = z.strictObject({
  cancellation_reason: z
    .enum(["duplicate", "fraudulent", "requested_by_customer", "abandoned"])
    .optional(),
  expand,
});

export const createRefundParams = z.strictObject({
  payment_intent: text.optional(),
  charge: text.optional(),
  amount: positive.optional(),
  reason: z.enum(["duplicate", "fraudulent", "requested_by_customer"]).optional(),
  metadata,
  expand,
});
export type CreateRefundParams = z.infer<typeof createRefundParams>;

export const listRefundsParams = listParams.extend({
  payment_intent: text.optional(),
  charge: text.optional(),
});

export const createCustomerParams = z.strictObject({
  email: text.optional(),
  name: text.optional(),
  phone: text.optional(),
  description: text.optional(),
  preferred_locales: z.array(text).optional(),
  metadata,
  expand,
});
export type CreateCustomerParams = z.infer<typeof createCustomerParams>;

export const listPaymentMethodsParams = listParams.extend({
  customer: text.optional(),
  type: z.literal("card", "Only card is supported").optional(),
  allow_redisplay: z.enum(["always", "limited", "unspecified"]).optional(),
});

export const listEventsParams = listParams.extend({
  type: text.optional(),
  types: z.array(text).optional(),
});

/** The bracket name of a parameter's path: `line_items[0][price_data][unit_amount]`. */
export function paramName(path: readonly PropertyKey[]): string {
  const [head, ...rest] = path.map(String);
  return `${head ?? ""}${rest.map((part) => `[${part}]`).join("")}`;
}

/** Parses a request's parameters, or throws the error Stripe answers for the first bad one. */
export function parseParams<T extends z.ZodType>(schema: T, form: FormObject): z.infer<T> {
  const result = schema.safeParse(form, { reportInput: true });
  if (result.success) return result.data;
  throw stripeParamError(result.error.issues[0]);
}

function stripeParamError(issue: z.core.$ZodIssue | undefined): StripeApiError {
  if (!issue) return badParam("", "Invalid request");
  if (issue.code === "unrecognized_keys") {
    const name = paramName([...issue.path, issue.keys[0] ?? ""]);
    return badParam(name, `Received unknown parameter: ${name}`, "parameter_unknown");
  }
  const name = paramName(issue.path);
  if (issue.code === "invalid_type" && issue.input === undefined) {
    return badParam(name, `Missing required param: ${name}.`, "parameter_missing");
  }
  if (issue.message === "Invalid integer") {
    return badParam(
      name,
      `Invalid integer: ${String(issue.input ?? "")}`,
      "parameter_invalid_integer",
    );
  }
  return badParam(name, `Invalid ${name}: ${issue.message}`);
}
