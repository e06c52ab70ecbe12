import { and, eq, type SQL } from "drizzle-orm";
import type { Tx } from "#db/client.ts";
import { randomId } from "#platform/payments/processor.ts";
import { type CardProblem, readCard } from "./cards.ts";
import type { SandboxContext } from "./context.ts";
import { badParam, StripeApiError } from "./errors.ts";
import { recordEvent } from "./events.ts";
import { confirmPaymentIntent, createCardPaymentMethod, createPaymentIntent } from "./intents.ts";
import type { CreateSessionParams } from "./params.ts";
import { paymentSandboxObject } from "./schema.ts";
import { confirmSetupIntent, createSetupIntent } from "./setup-intents.ts";
import {
  getObject,
  insertObject,
  type ListPage,
  listObjects,
  type StripeList,
  type StripeObject,
  saveObject,
  unixTime,
} from "./store.ts";

/**
 * Checkout Sessions: made by the shop, paid by the shopper on the provider's hosted page
 * (page.ts), completed or expired. A payment session makes its PaymentIntent when the shopper
 * submits a card, as Stripe's do since API version 2022-08-01; a setup session its SetupIntent.
 */

type Db = SandboxContext["db"] | Tx;

/** Stripe's bounds for `expires_at`: 30 minutes to 24 hours after the session is made. */
const MIN_EXPIRY_SECONDS = 30 * 60;
const MAX_EXPIRY_SECONDS = 24 * 3600;

export async function createSession(
  context: SandboxContext,
  tx: Db,
  params: CreateSessionParams,
): Promise<StripeObject> {
  const now = context.now();
  const created = unixTime(now);
  const expiresAt = params.expires_at ?? created + MAX_EXPIRY_SECONDS;
  if (expiresAt < created + MIN_EXPIRY_SECONDS || expiresAt > created + MAX_EXPIRY_SECONDS) {
    throw badParam(
      "expires_at",
      "The `expires_at` timestamp must be between 30 minutes and 24 hours from Checkout Session creation.",
    );
  }
  if (params.customer) await getObject(tx, "customer", params.customer, { param: "customer" });
  const lines = params.line_items ?? [];
  const payment = params.mode === "payment";
  if (payment && lines.length === 0) {
    throw badParam(
      "line_items",
      "`line_items` is required in `payment` mode.",
      "parameter_missing",
    );
  }
  if (!payment && lines.length > 0) {
    throw badParam("line_items", "You can not pass `line_items` in `setup` mode.");
  }
  if (!payment && params.payment_intent_data) {
    throw badParam(
      "payment_intent_data",
      "You can not pass `payment_intent_data` in `setup` mode.",
    );
  }
  const currencies = new Set(lines.map((line) => line.price_data.currency));
  if (currencies.size > 1) {
    throw badParam("line_items", "All line items must use the same currency.");
  }
  const currency = payment ? ([...currencies][0] ?? null) : (params.currency ?? null);
  const total = lines.reduce((sum, line) => sum + line.price_data.unit_amount * line.quantity, 0);
  const id = randomId("cs_test_");
  const session: StripeObject = {
    id,
    object: "checkout.session",
    after_expiration: null,
    allow_promotion_codes: null,
    amount_subtotal: payment ? total : null,
    amount_total: payment ? total : null,
    automatic_tax: { enabled: false, liability: null, status: null },
    billing_address_collection: null,
    cancel_url: params.cancel_url ?? null,
    client_reference_id: params.client_reference_id ?? null,
    client_secret: null,
    consent: null,
    consent_collection: null,
    created,
    currency,
    currency_conversion: null,
    custom_fields: [],
    custom_text: {
      after_submit: null,
      shipping_address: null,
      submit: null,
      terms_of_service_acceptance: null,
    },
    customer: params.customer ?? null,
    customer_creation: params.customer || !payment ? null : "if_required",
    customer_details: params.customer_email
      ? {
          address: null,
          email: params.customer_email,
          name: null,
          phone: null,
          tax_exempt: "none",
          tax_ids: null,
        }
      : null,
    customer_email: params.customer_email ?? null,
    expires_at: expiresAt,
    invoice: null,
    invoice_creation: payment
      ? {
          enabled: false,
          invoice_data: {
            account_tax_ids: null,
            custom_fields: null,
            description: null,
            footer: null,
            metadata: {},
            rendering_options: null,
          },
        }
      : null,
    livemode: false,
    locale: params.locale ?? null,
    metadata: params.metadata ?? {},
    mode: params.mode,
    payment_intent: null,
    payment_link: null,
    payment_method_collection: null,
    payment_method_configuration_details: null,
    payment_method_options: {},
    payment_method_types: ["card"],
    payment_status: payment ? "unpaid" : "no_payment_required",
    phone_number_collection: { enabled: false },
    recovered_from: null,
    setup_intent: null,
    shipping_address_collection: null,
    shipping_cost: null,
    shipping_details: null,
    shipping_options: [],
    status: "open",
    submit_type: null,
    subscription: null,
    success_url: params.success_url,
    total_details: payment ? { amount_discount: 0, amount_shipping: 0, amount_tax: 0 } : null,
    ui_mode: "hosted",
    url: `${context.pageBase}/pay/${id}`,
  };
  // Private to the provider, out of Stripe's shape: what the session's intent is made with.
  const intentData = {
    capture_method: params.payment_intent_data?.capture_method ?? "automatic_async",
    description:
      params.payment_intent_data?.description ?? params.setup_intent_data?.description ?? null,
    metadata: params.payment_intent_data?.metadata ?? params.setup_intent_data?.metadata ?? {},
    setup_future_usage: params.payment_intent_data?.setup_future_usage ?? null,
  };
  await insertObject(tx, session, { customer: session.customer as string | null, status: "open" });
  await tx.insert(paymentSandboxObject).values({
    id: `${id}:intent_data`,
    object: "session_intent_data",
    parent: id,
    created,
    data: { id: `${id}:intent_data`, object: "session_intent_data", ...intentData },
  });
  for (const [index, line] of lines.entries()) {
    const amount = line.price_data.unit_amount * line.quantity;
    const item: StripeObject = {
      id: randomId("li_"),
      object: "item",
      amount_discount: 0,
      amount_subtotal: amount,
      amount_tax: 0,
      amount_total: amount,
      currency: line.price_data.currency,
      description: line.price_data.product_data.name,
      price: {
        id: randomId("price_"),
        object: "price",
        active: false,
        billing_scheme: "per_unit",
        created,
        currency: line.price_data.currency,
        custom_unit_amount: null,
        livemode: false,
        lookup_key: null,
        metadata: {},
        nickname: null,
        product: randomId("prod_"),
        recurring: null,
        tax_behavior: "unspecified",
        tiers_mode: null,
        transform_quantity: null,
        type: "one_time",
        unit_amount: line.price_data.unit_amount,
        unit_amount_decimal: String(line.price_data.unit_amount),
      },
      quantity: line.quantity,
    };
    // Line items list in the order given: created with the session, ordered by `status`.
    await insertObject(tx, item, { parent: id, status: String(index).padStart(4, "0") });
  }
  return session;
}

/** A session's line items, in the order the shop gave them. */
export async function sessionLineItems(tx: Db, id: string): Promise<StripeList> {
  await getObject(tx, "checkout.session", id);
  const rows = await tx
    .select({ data: paymentSandboxObject.data })
    .from(paymentSandboxObject)
    .where(and(eq(paymentSandboxObject.object, "item"), eq(paymentSandboxObject.parent, id)))
    .orderBy(paymentSandboxObject.status);
  return {
    object: "list",
    data: rows.map((row) => row.data as StripeObject),
    has_more: false,
    url: `/v1/checkout/sessions/${id}/line_items`,
  };
}

export async function listSessions(
  tx: Db,
  filters: { status?: string; customer?: string; payment_intent?: string },
  page: ListPage,
  extra: SQL[] = [],
): Promise<StripeList> {
  const conditions: SQL[] = [...extra];
  if (filters.status) conditions.push(eq(paymentSandboxObject.status, filters.status));
  if (filters.customer) conditions.push(eq(paymentSandboxObject.customer, filters.customer));
  if (filters.payment_intent) {
    conditions.push(eq(paymentSandboxObject.parent, filters.payment_intent));
  }
  return listObjects(tx, "checkout.session", conditions, page, "/v1/checkout/sessions");
}

/** Expires an open session (the shop's call, or its time running out). */
export async function expireSession(
  context: SandboxContext,
  tx: Db,
  id: string,
): Promise<StripeObject> {
  const session = await getObject(tx, "checkout.session", id, { lock: true });
  if (session.status !== "open") {
    throw new StripeApiError(400, {
      type: "invalid_request_error",
      message: `Only Checkout Sessions with a status in ["open"] can be expired. This Checkout Session has a status of "${session.status}".`,
    });
  }
  const expired: StripeObject = { ...session, status: "expired", url: null };
  await saveObject(tx, expired, { status: "expired" });
  await recordEvent(tx, "checkout.session.expired", expired, context.now(), context.webhook, {
    status: "open",
  });
  return expired;
}

/** Expires the open sessions whose `expires_at` has passed; a job calls it now and then. */
export async function expireDueSessions(context: SandboxContext): Promise<string[]> {
  const due = await context.db
    .select({ id: paymentSandboxObject.id, data: paymentSandboxObject.data })
    .from(paymentSandboxObject)
    .where(
      and(
        eq(paymentSandboxObject.object, "checkout.session"),
        eq(paymentSandboxObject.status, "open"),
      ),
    );
  const now = unixTime(context.now());
  const expired: string[] = [];
  for (const row of due) {
    if ((row.data.expires_at as number) > now) continue;
    await context.db.transaction(async (tx) => {
      const session = await getObject(tx, "checkout.session", row.id, { lock: true });
      if (session.status === "open") {
        await expireSession(context, tx, row.id);
        expired.push(row.id);
      }
    });
  }
  return expired;
}

/** What the hosted page shows next after a submission. */
export type PageStep =
  | { kind: "redirect"; url: string }
  | { kind: "challenge" }
  | { kind: "form"; problem: CardProblem | "card_declined" | "authentication_failed" }
  | { kind: "closed"; status: string };

/** The session a shopper is paying, locked; a session past its time is expired first. */
async function openSession(context: SandboxContext, tx: Db, id: string) {
  const session = await getObject(tx, "checkout.session", id, { lock: true });
  if (session.status === "open" && (session.expires_at as number) <= unixTime(context.now())) {
    await expireSession(context, tx, id);
    return { session, step: { kind: "closed", status: "expired" } as PageStep };
  }
  if (session.status !== "open") {
    return { session, step: { kind: "closed", status: session.status as string } as PageStep };
  }
  return { session, step: null };
}

async function intentData(tx: Db, id: string) {
  return getObject(tx, "session_intent_data", `${id}:intent_data`);
}

/** The card typed on the hosted page: authorised, declined, or asking for 3-D Secure. */
export async function submitCard(
  context: SandboxContext,
  tx: Db,
  id: string,
  input: { number: string; expiry: string; cvc: string },
): Promise<PageStep> {
  const { session, step } = await openSession(context, tx, id);
  if (step) return step;
  const read = readCard(input, context.now());
  if (!read.ok) return { kind: "form", problem: read.problem };
  const paymentMethod = await createCardPaymentMethod(context, tx, read.card);
  const challenge = read.card.outcome.startsWith("challenge");
  const declined =
    read.card.outcome === "decline" ||
    (read.card.outcome === "attach_decline" && session.mode === "payment");
  const outcome = challenge ? "challenge" : declined ? "decline" : "approve";
  return advance(context, tx, session, paymentMethod, outcome);
}

/** The shopper's answer on the 3-D Secure page: « Valider » (passed) or « Échouer ». */
export async function authenticate(
  context: SandboxContext,
  tx: Db,
  id: string,
  passed: boolean,
): Promise<PageStep> {
  const { session, step } = await openSession(context, tx, id);
  if (step) return step;
  const intentId = (session.payment_intent ?? session.setup_intent) as string | null;
  const kind = session.mode === "payment" ? "payment_intent" : "setup_intent";
  const intent = intentId ? await getObject(tx, kind, intentId, { lock: true }) : null;
  if (intent?.status !== "requires_action")
    return { kind: "form", problem: "authentication_failed" };
  const paymentMethod = await getObject(tx, "payment_method", intent.payment_method as string);
  const [row] = await tx
    .select({ status: paymentSandboxObject.status })
    .from(paymentSandboxObject)
    .where(eq(paymentSandboxObject.id, paymentMethod.id));
  const outcome = !passed
    ? "authentication_failed"
    : row?.status === "challenge_decline"
      ? "decline"
      : "approve";
  return advance(context, tx, session, paymentMethod, outcome);
}

async function advance(
  context: SandboxContext,
  tx: Db,
  session: StripeObject,
  paymentMethod: StripeObject,
  outcome: "approve" | "decline" | "challenge" | "authentication_failed",
): Promise<PageStep> {
  const data = await intentData(tx, session.id);
  const challengeUrl = `${context.pageBase}/pay/${session.id}/3ds`;
  let next: StripeObject = { ...session };
  let intent: StripeObject;
  if (session.mode === "payment") {
    const existing = session.payment_intent
      ? await getObject(tx, "payment_intent", session.payment_intent as string, { lock: true })
      : null;
    const base =
      existing ??
      (await createPaymentIntent(context, tx, {
        amount: session.amount_total as number,
        currency: session.currency as string,
        customer: (session.customer as string | null) ?? null,
        captureMethod: data.capture_method as string,
        description: (data.description as string | null) ?? null,
        metadata: data.metadata as Record<string, string>,
        setupFutureUsage: (data.setup_future_usage as string | null) ?? null,
      }));
    intent = await confirmPaymentIntent(context, tx, base, paymentMethod, outcome, challengeUrl);
    next.payment_intent = intent.id;
  } else {
    const existing = session.setup_intent
      ? await getObject(tx, "setup_intent", session.setup_intent as string, { lock: true })
      : null;
    const base =
      existing ??
      (await createSetupIntent(context, tx, {
        customer: (session.customer as string | null) ?? null,
        description: (data.description as string | null) ?? null,
        metadata: data.metadata as object,
      }));
    intent = await confirmSetupIntent(context, tx, base, paymentMethod, outcome, challengeUrl);
    next.setup_intent = intent.id;
  }
  const done = intent.status === "succeeded" || intent.status === "requires_capture";
  if (done) {
    next = {
      ...next,
      status: "complete",
      url: null,
      payment_status:
        session.mode === "setup"
          ? "no_payment_required"
          : intent.status === "succeeded"
            ? "paid"
            : "unpaid",
    };
  }
  await saveObject(tx, next, {
    status: next.status as string,
    parent: (next.payment_intent as string | null) ?? null,
  });
  if (done) {
    await recordEvent(tx, "checkout.session.completed", next, context.now(), context.webhook);
    const url = (session.success_url as string).replaceAll("{CHECKOUT_SESSION_ID}", session.id);
    return { kind: "redirect", url };
  }
  if (intent.status === "requires_action") return { kind: "challenge" };
  return {
    kind: "form",
    problem: outcome === "authentication_failed" ? "authentication_failed" : "card_declined",
  };
}

/** What the hosted page shows of a session: its lines and total, or that it is over. */
export async function sessionForPage(context: SandboxContext, id: string) {
  return context.db.transaction(async (tx) => {
    const { session, step } = await openSession(context, tx, id);
    const lines = await sessionLineItems(tx, id);
    return { session, lines: lines.data, closed: step?.kind === "closed" ? step.status : null };
  });
}
