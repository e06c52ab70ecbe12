import { eq, gt, gte, inArray, like, lt, lte, type SQL, sql } from "drizzle-orm";
import { type Context, Hono } from "hono";
import type { Db, Tx } from "#db/client.ts";
import { randomId } from "#platform/payments/processor.ts";
import type { SandboxContext } from "./context.ts";
import { createDirectPayment } from "./direct-payments.ts";
import { KeptFailure, StripeApiError } from "./errors.ts";
import { SANDBOX_API_VERSION } from "./events.ts";
import { type FormObject, FormSyntaxError, parseForm } from "./form.ts";
import { idempotently } from "./idempotency.ts";
import {
  cancelPaymentIntent,
  capturePaymentIntent,
  createCustomer,
  createRefund,
} from "./intents.ts";
import { challengePage, closedPage, missingPage, type PageMessage, paymentPage } from "./page.ts";
import {
  cancelParams,
  captureParams,
  createCustomerParams,
  createPaymentIntentParams,
  createRefundParams,
  createSessionParams,
  listEventsParams,
  listParams,
  listPaymentMethodsParams,
  listRefundsParams,
  listSessionsParams,
  parseParams,
  retrieveParams,
} from "./params.ts";
import { paymentSandboxObject } from "./schema.ts";
import {
  authenticate,
  createSession,
  expireSession,
  listSessions,
  type PageStep,
  sessionForPage,
  sessionLineItems,
  submitCard,
} from "./sessions.ts";
import { expand, getObject, listObjects, type StripeObject } from "./store.ts";

/**
 * The embedded test provider as an HTTP service: Stripe's REST API under `/v1/` (the routes the
 * shop uses, form-encoded with Stripe's brackets, `Authorization: Bearer sk_test_…`,
 * `Idempotency-Key`, Stripe's errors and lists), so that Stripe's own SDK drives it unchanged;
 * and the provider's hosted payment page under `/test-payments/pay/<session id>`.
 */

export type SandboxApiOptions = SandboxContext & {
  /** The one secret key the API takes; unset: any `sk_test_…` key. */
  apiKey?: string;
};

type Handler = (tx: Tx, form: FormObject, c: Context) => Promise<unknown>;

export function createSandboxApi(options: SandboxApiOptions) {
  const context: SandboxContext = options;
  const db: Db = options.db;
  const app = new Hono<{ Variables: { apiKey: string } }>();

  app.onError((error, c) => {
    if (error instanceof StripeApiError) return c.json(error.toJSON(), error.status);
    if (error instanceof FormSyntaxError) {
      const body = { type: "invalid_request_error", message: error.message, param: error.param };
      return c.json({ error: body }, 400);
    }
    throw error;
  });

  app.use("/v1/*", async (c, next) => {
    c.header("Request-Id", randomId("req_").slice(0, 18));
    c.header("Stripe-Version", SANDBOX_API_VERSION);
    c.header("Cache-Control", "no-cache, no-store");
    const header = c.req.header("Authorization") ?? "";
    const key = /^Bearer\s+(\S+)$/i.exec(header)?.[1];
    if (!key) {
      throw new StripeApiError(401, {
        type: "invalid_request_error",
        message:
          "You did not provide an API key. You need to provide your API key in the Authorization header, using Bearer auth (e.g. 'Authorization: Bearer YOUR_SECRET_KEY').",
      });
    }
    if (options.apiKey ? key !== options.apiKey : !key.startsWith("sk_test_")) {
      throw new StripeApiError(401, {
        type: "invalid_request_error",
        code: "api_key_invalid",
        message: `Invalid API Key provided: ${key.slice(0, 8)}${"*".repeat(Math.max(0, key.length - 12))}${key.slice(-4)}`,
      });
    }
    c.set("apiKey", key);
    await next();
  });

  /** A read: the query string's parameters, in a transaction of its own. */
  const read = (handler: Handler) => async (c: Context) => {
    const form = parseForm(new URL(c.req.url).searchParams);
    return c.json(await db.transaction((tx) => handler(tx, form, c)));
  };

  /**
   * A write: the form body's parameters, in one transaction, answered once per
   * `Idempotency-Key`: the key is claimed first, so a concurrent retry waits for the first
   * answer and gets it.
   */
  const write = (handler: Handler) => async (c: Context) => {
    const body = await c.req.text();
    const form = parseForm(new URLSearchParams(body));
    const { response, replayed } = await idempotently(
      context,
      {
        apiKey: c.get("apiKey") as string,
        key: c.req.header("Idempotency-Key"),
        method: c.req.method,
        path: new URL(c.req.url).pathname,
        body,
      },
      (tx) => handler(tx, form, c),
    );
    if (replayed) c.header("Idempotent-Replayed", "true");
    return c.json(response as object);
  };

  const retrieve = (object: string) =>
    read(async (tx, form, c) => {
      const params = parseParams(retrieveParams, form);
      return expand(tx, await getObject(tx, object, c.req.param("id") ?? ""), params.expand ?? []);
    });

  // Checkout Sessions.
  app.post(
    "/v1/checkout/sessions",
    write(async (tx, form) => {
      const params = parseParams(createSessionParams, form);
      return withLineItems(tx, await createSession(context, tx, params), params.expand ?? []);
    }),
  );
  app.get(
    "/v1/checkout/sessions",
    read(async (tx, form) => {
      const params = parseParams(listSessionsParams, form);
      const list = await listSessions(tx, params, pageOf(params), createdFilters(params.created));
      return expand(tx, list, params.expand ?? []);
    }),
  );
  app.get(
    "/v1/checkout/sessions/:id",
    read(async (tx, form, c) => {
      const params = parseParams(retrieveParams, form);
      const session = await getObject(tx, "checkout.session", c.req.param("id") ?? "", {
        kind: "checkout.session",
      });
      return withLineItems(tx, session, params.expand ?? []);
    }),
  );
  app.post(
    "/v1/checkout/sessions/:id/expire",
    write(async (tx, form, c) => {
      const params = parseParams(retrieveParams, form);
      const session = await expireSession(context, tx, c.req.param("id") ?? "");
      return withLineItems(tx, session, params.expand ?? []);
    }),
  );
  app.get(
    "/v1/checkout/sessions/:id/line_items",
    read(async (tx, form, c) => {
      parseParams(listParams, form);
      return sessionLineItems(tx, c.req.param("id") ?? "");
    }),
  );

  // PaymentIntents, charges, refunds.
  app.post(
    "/v1/payment_intents",
    write(async (tx, form) => {
      const params = parseParams(createPaymentIntentParams, form);
      const intent = await createDirectPayment(context, tx, params);
      return intent instanceof KeptFailure ? intent : expand(tx, intent, params.expand ?? []);
    }),
  );
  app.get("/v1/payment_intents/:id", retrieve("payment_intent"));
  app.post(
    "/v1/payment_intents/:id/capture",
    write(async (tx, form, c) => {
      const params = parseParams(captureParams, form);
      const intent = await capturePaymentIntent(context, tx, c.req.param("id") ?? "", params);
      return expand(tx, intent, params.expand ?? []);
    }),
  );
  app.post(
    "/v1/payment_intents/:id/cancel",
    write(async (tx, form, c) => {
      const params = parseParams(cancelParams, form);
      const intent = await cancelPaymentIntent(context, tx, c.req.param("id") ?? "", params);
      return expand(tx, intent, params.expand ?? []);
    }),
  );
  app.get("/v1/charges/:id", retrieve("charge"));
  app.post(
    "/v1/refunds",
    write(async (tx, form) => {
      const params = parseParams(createRefundParams, form);
      return expand(tx, await createRefund(context, tx, params), params.expand ?? []);
    }),
  );
  app.get(
    "/v1/refunds",
    read(async (tx, form) => {
      const params = parseParams(listRefundsParams, form);
      const filters: SQL[] = [...createdFilters(params.created)];
      if (params.payment_intent) {
        filters.push(eq(paymentSandboxObject.parent, params.payment_intent));
      }
      if (params.charge) filters.push(jsonField("charge", params.charge));
      const list = await listObjects(tx, "refund", filters, pageOf(params), "/v1/refunds");
      return expand(tx, list, params.expand ?? []);
    }),
  );
  app.get("/v1/refunds/:id", retrieve("refund"));

  // Customers, payment methods, setup intents.
  app.post(
    "/v1/customers",
    write(async (tx, form) => {
      const params = parseParams(createCustomerParams, form);
      return expand(tx, await createCustomer(context, tx, params), params.expand ?? []);
    }),
  );
  app.get("/v1/customers/:id", retrieve("customer"));
  const paymentMethods = async (tx: Tx, form: FormObject, customer: string | undefined) => {
    const params = parseParams(listPaymentMethodsParams, form);
    const owner = customer ?? params.customer;
    if (owner) await getObject(tx, "customer", owner, { param: "customer" });
    const filters = owner ? [eq(paymentSandboxObject.customer, owner)] : [];
    const url = customer ? `/v1/customers/${customer}/payment_methods` : "/v1/payment_methods";
    const list = await listObjects(tx, "payment_method", filters, pageOf(params), url);
    return expand(tx, list, params.expand ?? []);
  };
  app.get(
    "/v1/customers/:id/payment_methods",
    read((tx, form, c) => paymentMethods(tx, form, c.req.param("id") ?? "")),
  );
  app.get(
    "/v1/payment_methods",
    read((tx, form) => paymentMethods(tx, form, undefined)),
  );
  app.get("/v1/payment_methods/:id", retrieve("payment_method"));
  app.get("/v1/setup_intents/:id", retrieve("setup_intent"));

  // Events.
  app.get(
    "/v1/events",
    read(async (tx, form) => {
      const params = parseParams(listEventsParams, form);
      const filters: SQL[] = [...createdFilters(params.created)];
      const types = params.types ?? (params.type ? [params.type] : []);
      const exact = types.filter((type) => !type.endsWith("*"));
      const prefixed = types.filter((type) => type.endsWith("*"));
      if (prefixed.length > 0) {
        const prefix = prefixed[0]?.slice(0, -1) ?? "";
        filters.push(like(paymentSandboxObject.status, `${prefix.replace(/[%_\\]/g, "\\$&")}%`));
      } else if (exact.length > 0) {
        filters.push(inArray(paymentSandboxObject.status, exact));
      }
      const list = await listObjects(tx, "event", filters, pageOf(params), "/v1/events");
      return expand(tx, list, params.expand ?? []);
    }),
  );
  app.get("/v1/events/:id", retrieve("event"));

  app.all("/v1/*", (c) => {
    throw new StripeApiError(404, {
      type: "invalid_request_error",
      message: `Unrecognized request URL (${c.req.method}: ${new URL(c.req.url).pathname}). Please see https://stripe.com/docs or we can help at https://support.stripe.com/.`,
    });
  });

  // The hosted payment page.
  const pagePath = (id: string) => `${new URL(context.pageBase).pathname}/pay/${id}`;
  const pageAnswer = async (c: Context, id: string, step: PageStep) => {
    c.header("Cache-Control", "no-store");
    if (step.kind === "redirect") return c.redirect(step.url, 303);
    if (step.kind === "challenge") return c.redirect(`${pagePath(id)}/3ds`, 303);
    if (step.kind === "closed") return c.html(closedPage(step.status), 410);
    return showForm(c, id, step.problem);
  };
  const showForm = async (c: Context, id: string, message: PageMessage | null) => {
    c.header("Cache-Control", "no-store");
    const found = await findSession(context, id);
    if (!found) return c.html(missingPage(), 404);
    if (found.closed) return c.html(closedPage(found.closed), 410);
    return c.html(
      paymentPage(found.session, found.lines, pagePath(id), message),
      message ? 402 : 200,
    );
  };

  app.get("/test-payments/pay/:id", (c) => showForm(c, c.req.param("id"), null));
  app.post("/test-payments/pay/:id", async (c) => {
    const id = c.req.param("id");
    if (!(await findSession(context, id))) return c.html(missingPage(), 404);
    const form = await c.req.parseBody();
    const field = (name: string) => (typeof form[name] === "string" ? (form[name] as string) : "");
    const step = await db.transaction((tx) =>
      submitCard(context, tx, id, {
        number: field("number"),
        expiry: field("expiry"),
        cvc: field("cvc"),
      }),
    );
    return pageAnswer(c, id, step);
  });
  app.get("/test-payments/pay/:id/3ds", async (c) => {
    c.header("Cache-Control", "no-store");
    const id = c.req.param("id");
    if (!(await findSession(context, id))) return c.html(missingPage(), 404);
    return c.html(challengePage(`${pagePath(id)}/3ds`));
  });
  app.post("/test-payments/pay/:id/3ds", async (c) => {
    const id = c.req.param("id");
    if (!(await findSession(context, id))) return c.html(missingPage(), 404);
    const form = await c.req.parseBody();
    const step = await db.transaction((tx) =>
      authenticate(context, tx, id, form.result === "pass"),
    );
    return pageAnswer(c, id, step);
  });

  return app;
}

async function findSession(context: SandboxContext, id: string) {
  try {
    return await sessionForPage(context, id);
  } catch (error) {
    if (error instanceof StripeApiError && error.status === 404) return null;
    throw error;
  }
}

/** A session as Stripe answers it: `line_items` only when expanded. */
async function withLineItems(tx: Tx, session: StripeObject, paths: readonly string[]) {
  const rest = paths.filter((path) => path !== "line_items");
  const expanded = await expand(tx, session, rest);
  if (rest.length === paths.length) return expanded;
  return { ...expanded, line_items: await sessionLineItems(tx, session.id) };
}

function pageOf(params: { limit?: number; starting_after?: string; ending_before?: string }) {
  return {
    limit: params.limit,
    startingAfter: params.starting_after,
    endingBefore: params.ending_before,
  };
}

type CreatedFilter = number | { gt?: number; gte?: number; lt?: number; lte?: number } | undefined;

function createdFilters(created: CreatedFilter): SQL[] {
  if (created === undefined) return [];
  const column = paymentSandboxObject.created;
  if (typeof created === "number") return [eq(column, created)];
  const filters: SQL[] = [];
  if (created.gt !== undefined) filters.push(gt(column, created.gt));
  if (created.gte !== undefined) filters.push(gte(column, created.gte));
  if (created.lt !== undefined) filters.push(lt(column, created.lt));
  if (created.lte !== undefined) filters.push(lte(column, created.lte));
  return filters;
}

function jsonField(name: string, value: string): SQL {
  return sql`${paymentSandboxObject.data} ->> ${name} = ${value}`;
}
