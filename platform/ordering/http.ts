import { type Context, Hono } from "hono";
import { HTTPException } from "hono/http-exception";
import { type ZodType, z } from "zod";
import type { Db } from "#db/client.ts";
import type { SmsRules } from "#platform/notify/index.ts";
import { orderingAdminRoutes } from "#platform/ordering/admin-api.ts";
import { orderView, storeView, zoneView } from "#platform/ordering/admin-views.ts";
import {
  type Customer,
  customerForToken,
  customerView,
  revokeCustomerToken,
  updateCustomer,
} from "#platform/ordering/customers/customers.ts";
import {
  deletePaymentAccount,
  listPaymentAccounts,
  paymentAccountView,
  saveMealVoucherEntry,
  saveSetupCard,
  startCardSetup,
  startMealVoucherEntry,
} from "#platform/ordering/customers/payment-accounts.ts";
import {
  loginWithPhoneCode,
  type PhoneLoginLimits,
  phoneLoginLimits,
  requestPhoneLoginCode,
} from "#platform/ordering/customers/phone-login.ts";
import { MESSAGES, OrderingError } from "#platform/ordering/errors.ts";
import type { OrderActions } from "#platform/ordering/orders/action-port.ts";
import { type BasketInput, basketView, priceBasket } from "#platform/ordering/orders/orders.ts";
import {
  RESTAURATION_PURPOSE,
  restaurationPaymentHandler,
} from "#platform/ordering/orders/payment-handler.ts";
import { placedOrThrow, type Submission, submitOrder } from "#platform/ordering/orders/submit.ts";
import {
  firstEnabledZone,
  storeById,
  storeByRestaurantId,
} from "#platform/ordering/restaurants.ts";
import { listSlots } from "#platform/ordering/slots.ts";
import {
  attemptBySession,
  type PaymentHandler,
  type PaymentProvider,
  type Payments,
  settleCheckoutSession,
} from "#platform/payments/index.ts";
import type { LimiterStore } from "#platform/rate-limit.ts";

export type OrderingApiOptions = {
  db: Db;
  /** The bearer credential of the administrative API (`ORDERING_API_TOKEN`). */
  apiToken: string;
  /** The shop's white label (`ORDERING_WHITE_LABEL`): vouchers are looked up in it. */
  whiteLabel: string;
  /** The shop's public origin (`PUBLIC_URL`): the absolute links of the order confirmations. */
  publicOrigin: string;
  /** The clock of slots, codes, vouchers and orders; injectable for tests. */
  now?: () => Date;
  /**
   * The back office's order flow, for the administrative API's order actions (accept, reject,
   * dispatch, refund); wired by the server (server/platform.ts).
   */
  orderActions?: OrderActions;
  /**
   * The client's network address, for the phone-login rate limits (behind the shop's trusted
   * proxies); undefined for an in-process call, which then names the shopper in `SHOPPER_IP_HEADER`.
   */
  clientIp?: (c: Context) => string | undefined;
  /** Phone-login rate limits; the defaults of `phoneLoginLimits()` otherwise. */
  phoneLoginLimits?: PhoneLoginLimits;
  /** Where the default phone-login limits count: process memory unless instances share a store. */
  limiterStore?: LimiterStore;
  /** Makes phone login codes; random unless a test fixes it. */
  generatePhoneCode?: () => string;
  /**
   * The payment provider (issue 48, wired by server/platform.ts): bank cards are saved on it
   * through setup sessions and charged through it. Without one, card setup answers 503.
   */
  provider?: PaymentProvider;
  /**
   * The payments core (issue 48): `SubmitOrder` holds with a payment attempt and settles it; the
   * API registers its `restauration` handler on it. Its provider is the one above by default.
   */
  payments?: Payments;
  /**
   * Records `charge.refunded` of a restauration payment (a refund made in the provider's
   * dashboard): the back office's, wired by server/platform.ts (the back office imports ordering,
   * so ordering cannot import it).
   */
  recordRefunds?: PaymentHandler["refunded"];
  /** Where login codes may be sent (`SMS_COUNTRIES`, server/platform.ts); France by default. */
  smsRules?: SmsRules;
  /** Called with every unexpected error (the answer is a generic 500). */
  onError?: (error: unknown) => void;
};

/** The header of customer calls: the token `LoginUsingPhoneNumber` answered. */
export const CUSTOMER_TOKEN_HEADER = "X-Customer-Token";
/**
 * The shopper's address, sent by the storefront server on its in-process calls: read only when
 * `clientIp` finds no network peer (a request from the network always has one), so a shopper
 * cannot choose the address their rate limits count by.
 */
export const SHOPPER_IP_HEADER = "X-Comptoir-Shopper-Ip";
/** The header that makes `SubmitOrder` safe to retry. */
export const IDEMPOTENCY_KEY_HEADER = "Idempotency-Key";

type CustomerEnv = { Variables: { customer: Customer; customerToken: string } };

/**
 * The ordering service (Flipdish-shaped) under `/ordering`: the administrative API
 * (`/ordering/api/v1.0/…`, bearer credential, `admin-api.ts`) and the customer API (stores,
 * slots, phone login, account, cards, orders; customer token in `X-Customer-Token`). Answers are
 * `{ Success: true, Data }`, refusals `{ Success: false, UserMessage, Code }` (docs/ordering-api.md).
 */
export function createOrderingApi(options: OrderingApiOptions) {
  const api = new Hono().basePath("/ordering");
  api.onError((error, c) => errorAnswer(c, error, options.onError));
  api.route(
    "/",
    orderingAdminRoutes({
      db: options.db,
      apiToken: options.apiToken,
      whiteLabel: options.whiteLabel,
      orderActions: options.orderActions,
      now: options.now,
    }),
  );
  // Issue 48: the restauration flow's orders are placed when their payment settles.
  options.payments?.register(RESTAURATION_PURPOSE, {
    ...restaurationPaymentHandler({ origin: options.publicOrigin, secret: options.apiToken }),
    ...(options.recordRefunds ? { refunded: options.recordRefunds } : {}),
  });
  api.route("/", customerRoutes(options));
  // Anything else under /ordering belongs to this service, and does not exist.
  api.all("/*", (c) => errorAnswer(c, new OrderingError("not_found", MESSAGES.notFound)));
  return api;
}

/** The customer API (DESIGN.md §5: the restauration checkout). */
function customerRoutes(options: OrderingApiOptions) {
  const { db, whiteLabel } = options;
  const now = options.now ?? (() => new Date());
  const limits = options.phoneLoginLimits ?? phoneLoginLimits({ store: options.limiterStore });
  const api = new Hono<CustomerEnv>();
  api.onError((error, c) => errorAnswer(c, error, options.onError));

  const loginContext = (c: Context) => ({
    db,
    limits,
    now: now(),
    clientIp: options.clientIp?.(c) ?? c.req.header(SHOPPER_IP_HEADER) ?? "unknown",
    generateCode: options.generatePhoneCode,
    smsRules: options.smsRules,
  });
  // The confirmations' links are keyed by the service's own secret (order-confirmation.ts).
  const links = { origin: options.publicOrigin, secret: options.apiToken };
  const orderingContext = () => ({ db, whiteLabel, now: now(), links });

  const signedIn = async (c: Context<CustomerEnv>, next: () => Promise<void>) => {
    const token = c.req.header(CUSTOMER_TOKEN_HEADER)?.trim();
    const customer = token ? await customerForToken(db, token, now()) : null;
    if (!token || !customer) throw new OrderingError("unauthorized", MESSAGES.unauthorized);
    c.set("customer", customer);
    c.set("customerToken", token);
    await next();
  };

  api.get("/Restaurant/DeliveryRestaurantDetails/:restaurantId", async (c) => {
    const store = await requireStore(db, idParam(c.req.param("restaurantId")));
    const zone = await firstEnabledZone(db, store.id);
    return success(c, {
      ...storeView(store),
      DeliveryZone: zone ? zoneView(zone, store) : null,
      DeliveryLocationId: c.req.query("deliveryLocationId") ?? null,
    });
  });

  api.get("/Restaurant/DeliverySlots/:restaurantId", async (c) => {
    const store = await requireStore(db, idParam(c.req.param("restaurantId")));
    const { deliveryType } = parse(slotsQuery, c.req.query());
    const slots = await listSlots(db, store, deliveryType, now());
    return success(
      c,
      slots.map((slot) => ({
        Key: slot.key,
        IsFull: slot.isFull,
        StartTime: slot.start.toISOString(),
        EndTime: slot.end.toISOString(),
      })),
    );
  });

  api.post("/Account/RequestPhoneLoginCodeSms", async (c) => {
    const body = parse(phoneCodeRequestBody, await jsonBody(c));
    const sent = await requestPhoneLoginCode(loginContext(c), body.PhoneNumber);
    return success(c, {
      RequestId: sent.requestId,
      PhoneNumber: sent.phone,
      ExpiresAt: sent.expiresAt.toISOString(),
    });
  });

  api.post("/Account/LoginUsingPhoneNumber", async (c) => {
    const body = parse(phoneLoginBody, await jsonBody(c));
    const { token, customer } = await loginWithPhoneCode(loginContext(c), {
      phone: body.PhoneNumber,
      requestId: body.RequestId,
      code: body.Code,
    });
    return success(c, { Token: token, Customer: customerView(customer) });
  });

  api.get("/Account/Details", signedIn, (c) => success(c, customerView(c.var.customer)));

  api.post("/Account/Logout", signedIn, async (c) => {
    await revokeCustomerToken(db, c.var.customerToken);
    return success(c, null);
  });

  api.put("/Account/CustomerName", signedIn, async (c) => {
    const { customerName } = parse(customerNameBody, await jsonBody(c));
    const customer = await updateCustomer(db, c.var.customer.id, { name: customerName }, now());
    return success(c, customerView(customer));
  });

  api.post("/Account/SetEmailAddress", signedIn, async (c) => {
    const { Email } = parse(emailBody, await jsonBody(c));
    const customer = await updateCustomer(db, c.var.customer.id, { email: Email }, now());
    return success(c, customerView(customer));
  });

  api.put("/Account/SmsPromotionsEnabledFlag", signedIn, async (c) => {
    const { enabled } = parse(smsFlagBody, await jsonBody(c));
    const customer = await updateCustomer(
      db,
      c.var.customer.id,
      { smsPromotionsEnabled: enabled },
      now(),
    );
    return success(c, customerView(customer));
  });

  api.get("/Payment/PaymentAccounts", signedIn, async (c) => {
    const accounts = await listPaymentAccounts(db, c.var.customer.id);
    return success(c, accounts.map(paymentAccountView));
  });

  const cardSetupContext = () => {
    const provider = options.provider ?? options.payments?.provider;
    if (!provider) throw new OrderingError("payment_unavailable", MESSAGES.paymentUnavailable);
    return { db, provider, publicOrigin: options.publicOrigin, now: now() };
  };

  // A bank card is typed on the provider's hosted page (a setup session), never sent here.
  api.post("/Payment/CardPaymentAccount/Setup", signedIn, async (c) => {
    const { ReturnPath } = parse(cardSetupBody, await jsonBody(c));
    const setup = await startCardSetup(cardSetupContext(), c.var.customer, ReturnPath);
    return success(c, { SetupUrl: setup.url, SetupSessionId: setup.sessionId });
  });

  api.post("/Payment/CardPaymentAccount", signedIn, async (c) => {
    const body = await jsonBody(c);
    if (carriesCard(body)) {
      throw new OrderingError("card_number_refused", MESSAGES.cardNumberRefused, {
        Field: "CardNumber",
      });
    }
    const saved = parse(savedCardBody, body);
    const account =
      "CardEntryId" in saved
        ? await saveMealVoucherEntry(db, c.var.customer, saved.CardEntryId, now())
        : await saveSetupCard(cardSetupContext(), c.var.customer, saved.SetupSessionId);
    return success(c, paymentAccountView(account));
  });

  // A titres-restaurant card is typed on the test processor's own card-entry page.
  api.post("/Payment/MealVoucherPaymentAccount/Setup", signedIn, async (c) => {
    const { ReturnPath } = parse(cardSetupBody, await jsonBody(c));
    const entry = await startMealVoucherEntry(
      { db, publicOrigin: options.publicOrigin, now: now() },
      c.var.customer,
      ReturnPath,
    );
    return success(c, { CardEntryUrl: entry.url, CardEntryId: entry.entryId });
  });

  api.delete("/Payment/PaymentAccount", signedIn, async (c) => {
    const { PaymentAccountId } = parse(paymentAccountBody, await jsonBody(c));
    await deletePaymentAccount(db, c.var.customer.id, PaymentAccountId);
    return success(c, null);
  });

  api.post("/Order/Order", async (c) => {
    const basket = basketInput(parse(basketBody, await jsonBody(c)));
    return success(c, basketView(await priceBasket(orderingContext(), basket)));
  });

  api.post("/Order/ApplyVoucherCodeToOrder", async (c) => {
    const body = parse(voucherBasketBody, await jsonBody(c));
    const basket = basketInput(body);
    return success(c, basketView(await priceBasket(orderingContext(), basket)));
  });

  api.post("/order/SubmitOrder", signedIn, async (c) => {
    const idempotencyKey = c.req.header(IDEMPOTENCY_KEY_HEADER)?.trim();
    if (!idempotencyKey || idempotencyKey.length > 200) {
      throw new OrderingError("idempotency_key_required", MESSAGES.idempotencyKeyRequired);
    }
    const body = parse(submitBody, await jsonBody(c));
    const customer = c.var.customer;
    const submitted = await submitOrder(
      { ...orderingContext(), payments: requirePayments() },
      {
        customer,
        basket: basketInput(body),
        paymentAccountId: body.PaymentAccountId,
        mealVoucherPaymentAccountId: body.MealVoucherPaymentAccountId,
        idempotencyKey,
        giftWrap: body.IsWrap ?? false,
      },
    );
    return submissionAnswer(c, submitted, customer);
  });

  // The shopper's return from the hosted payment page: settles the session (as the webhook does).
  api.get("/order/PaymentResult", signedIn, async (c) => {
    const sessionId = c.req.query("sessionId")?.trim() ?? "";
    const payments = requirePayments();
    const attempt = sessionId ? await attemptBySession(db, sessionId) : null;
    if (!attempt?.reference.startsWith(`${c.var.customer.id}:`)) {
      throw new OrderingError("not_found", MESSAGES.notFound);
    }
    const outcome = await settleCheckoutSession(payments, sessionId);
    if (outcome.kind === "open") {
      return success(c, { OrderState: "AwaitingPayment", PaymentAttemptId: attempt.id });
    }
    return submissionAnswer(c, await placedOrThrow(orderingContext(), outcome), c.var.customer);
  });

  const requirePayments = () => {
    if (!options.payments) {
      throw new OrderingError("payment_unavailable", MESSAGES.paymentUnavailable);
    }
    return options.payments;
  };

  const submissionAnswer = async (c: Context, submitted: Submission, customer: Customer) => {
    if (submitted.kind === "awaiting_payment") {
      return success(c, {
        OrderState: "AwaitingPayment",
        PaymentAttemptId: submitted.attemptId,
        PaymentUrl: submitted.paymentUrl,
      });
    }
    const store = await storeById(db, submitted.order.storeId);
    if (!store) throw new Error("The order's store vanished");
    return success(c, orderView(submitted.order, store, customer));
  };

  return api;
}

// --- Bodies and queries ----------------------------------------------------------------------

const id = z.number().int().positive().max(2_147_483_647);
const mode = z.union([z.literal(1), z.literal(2)]);

const slotsQuery = z
  .object({ deliveryType: z.coerce.number().pipe(mode), deviceId: z.string().optional() })
  .strict();

const phoneCodeRequestBody = z.object({ PhoneNumber: z.string().min(1).max(40) }).strict();

const phoneLoginBody = z
  .object({
    PhoneNumber: z.string().min(1).max(40),
    RequestId: z.string().min(1).max(100),
    Code: z.string().regex(/^\s*\d{6}\s*$/, "doit compter 6 chiffres"),
  })
  .strict();

const customerNameBody = z.object({ customerName: z.string().trim().min(1).max(100) }).strict();
const emailBody = z.object({ Email: z.email().max(254) }).strict();
const smsFlagBody = z.object({ enabled: z.boolean() }).strict();

const cardSetupBody = z.object({ ReturnPath: z.string().max(300).optional() }).strict();
const savedCardBody = z.union([
  z.object({ SetupSessionId: z.string().min(1).max(255) }).strict(),
  z.object({ CardEntryId: z.string().min(1).max(255) }).strict(),
]);

/** A body that carries a card's number, expiry or code (the API's former card fields). */
function carriesCard(body: unknown): boolean {
  if (!body || typeof body !== "object") return false;
  return ["CardNumber", "Cvc", "ExpiryMonth", "ExpiryYear"].some((field) => field in body);
}

const paymentAccountBody = z.object({ PaymentAccountId: id }).strict();

const basketFields = {
  PhysicalRestaurantId: id,
  DeliveryType: mode,
  DeliverySlotKey: z.string().min(1).max(64).optional(),
  OrderItems: z
    .array(
      z
        .object({
          MenuItemId: id,
          Quantity: z.number().int().min(1).max(99).default(1),
          MenuItemOptionSetItemIds: z.array(id).max(50).default([]),
        })
        .strict(),
    )
    .max(100),
  VoucherCode: z.string().max(64).optional(),
  DeliveryLocation: z
    .object({
      Address: z.string().trim().min(1).max(200),
      Postcode: z
        .string()
        .trim()
        .regex(/^\d{5}$/, "doit compter 5 chiffres"),
      City: z.string().trim().min(1).max(100),
      Latitude: z.number().min(-90).max(90).optional(),
      Longitude: z.number().min(-180).max(180).optional(),
      Instructions: z.string().max(500).optional(),
    })
    .strict()
    .optional(),
};

const basketBody = z.object(basketFields).strict();
const voucherBasketBody = z
  .object({ ...basketFields, VoucherCode: z.string().trim().min(1).max(64) })
  .strict();
const submitBody = z
  .object({
    ...basketFields,
    PaymentAccountId: id.optional(),
    MealVoucherPaymentAccountId: id.optional(),
    AppType: z.string().max(20).optional(),
    IsWrap: z.boolean().optional(),
  })
  .strict();

function basketInput(body: z.infer<typeof basketBody>): BasketInput {
  const location = body.DeliveryLocation;
  return {
    physicalRestaurantId: body.PhysicalRestaurantId,
    mode: body.DeliveryType,
    slotKey: body.DeliverySlotKey,
    items: body.OrderItems.map((item) => ({
      menuItemId: item.MenuItemId,
      quantity: item.Quantity,
      optionSetItemIds: item.MenuItemOptionSetItemIds,
    })),
    voucherCode: body.VoucherCode,
    deliveryLocation: location && {
      address: location.Address,
      postcode: location.Postcode,
      city: location.City,
      latitude: location.Latitude,
      longitude: location.Longitude,
      instructions: location.Instructions,
    },
  };
}

// --- Answers ---------------------------------------------------------------------------------

function success(c: Context, data: unknown) {
  return c.json({ Success: true, Data: data });
}

function errorAnswer(c: Context, error: unknown, onError?: (error: unknown) => void) {
  if (error instanceof OrderingError) {
    if (typeof error.details.RetryAfterSeconds === "number") {
      c.header("Retry-After", String(error.details.RetryAfterSeconds));
    }
    return c.json(
      { Success: false, UserMessage: error.message, Code: error.code, ...error.details },
      error.status,
    );
  }
  if (error instanceof HTTPException && error.status < 500) {
    return c.json(
      { Success: false, UserMessage: MESSAGES.badRequest, Code: "bad_request" },
      error.status,
    );
  }
  onError?.(error);
  return c.json(
    { Success: false, UserMessage: MESSAGES.internalError, Code: "internal_error" },
    500,
  );
}

/** Validates input with a zod schema; a failure is a 400 naming the field and the reason. */
function parse<T>(schema: ZodType<T>, input: unknown): T {
  const parsed = schema.safeParse(input);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  const field = issue?.path.join(".") || "body";
  throw new OrderingError("bad_request", MESSAGES.badRequest, {
    Field: field,
    Reason: issue?.message ?? "invalide",
  });
}

async function jsonBody(c: Context): Promise<unknown> {
  try {
    return await c.req.json();
  } catch {
    throw new OrderingError("bad_request", MESSAGES.badRequest, { Reason: "JSON invalide" });
  }
}

function idParam(value: string | undefined): number {
  const parsed = id.safeParse(Number(value));
  if (!parsed.success || !/^\d+$/.test(value ?? "")) {
    throw new OrderingError("not_found", MESSAGES.storeNotFound);
  }
  return parsed.data;
}

async function requireStore(db: Db, physicalRestaurantId: number) {
  const store = await storeByRestaurantId(db, physicalRestaurantId);
  if (!store) throw new OrderingError("not_found", MESSAGES.storeNotFound);
  return store;
}
