import { isHttps, readCookie, serializeCookie } from "#app/lib/cookies.ts";
import { serviceFetch } from "#app/lib/services.server.ts";

/**
 * The storefront's client of the ordering service's customer API (docs/ordering-api.md): phone
 * login, account, saved cards, basket pricing, vouchers and order submission, for the
 * restauration checkout (DESIGN.md §5). Every call goes through `serviceFetch("ordering", …)`,
 * carries the shopper's address in `X-Comptoir-Shopper-Ip` (the service's rate limits count by
 * it on in-process calls) and, once signed in, the customer token in `X-Customer-Token`.
 *
 * The token lives in the `tokenId` cookie (spec §3 "Persisted browser values"): httpOnly,
 * SameSite=Lax, one day (spec §9). The receipts route reads the same cookie.
 */
export const ORDERING_TOKEN_COOKIE = "tokenId";
export const ORDERING_TOKEN_MAX_AGE_SECONDS = 86_400;

const CUSTOMER_TOKEN_HEADER = "X-Customer-Token";
const SHOPPER_IP_HEADER = "X-Comptoir-Shopper-Ip";
const IDEMPOTENCY_KEY_HEADER = "Idempotency-Key";

/** Who a call speaks for: the shopper's address and, once signed in, their token. */
export type Shopper = { ip?: string; token?: string };

/** A refusal of the ordering service, in its own shape (`UserMessage` is French). */
export type OrderingFailure = {
  ok: false;
  status: number;
  code: string;
  message: string;
  /** The voucher's or the processor's reason (`expired`, `card_declined`…), when given. */
  reason?: string;
  field?: string;
};
export type OrderingResult<T> = { ok: true; data: T } | OrderingFailure;

const UNREACHABLE = "Le service de commande est indisponible. Réessayez dans un instant.";

/** One call; never throws for a refusal or an outage: both are an `OrderingFailure`. */
export async function orderingCall<T>(
  shopper: Shopper,
  method: "GET" | "POST" | "PUT" | "DELETE",
  path: string,
  options: { body?: unknown; idempotencyKey?: string } = {},
): Promise<OrderingResult<T>> {
  const headers = new Headers({ accept: "application/json" });
  if (options.body !== undefined) headers.set("content-type", "application/json");
  if (shopper.ip) headers.set(SHOPPER_IP_HEADER, shopper.ip);
  if (shopper.token) headers.set(CUSTOMER_TOKEN_HEADER, shopper.token);
  if (options.idempotencyKey) headers.set(IDEMPOTENCY_KEY_HEADER, options.idempotencyKey);
  let response: Response;
  try {
    response = await serviceFetch("ordering", `/ordering${path}`, {
      method,
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
    });
  } catch {
    return { ok: false, status: 503, code: "unavailable", message: UNREACHABLE };
  }
  let body: Record<string, unknown>;
  try {
    body = (await response.json()) as Record<string, unknown>;
  } catch {
    return { ok: false, status: response.status, code: "unavailable", message: UNREACHABLE };
  }
  if (response.ok && body.Success !== false && !("error" in body && body.error)) {
    return { ok: true, data: body.Data as T };
  }
  return {
    ok: false,
    status: response.status,
    code: typeof body.Code === "string" ? body.Code : "unknown",
    message: typeof body.UserMessage === "string" ? body.UserMessage : UNREACHABLE,
    reason: typeof body.Reason === "string" ? body.Reason : undefined,
    field: typeof body.Field === "string" ? body.Field : undefined,
  };
}

// --- Types of the answers (docs/ordering-api.md) ---------------------------------------------

export type OrderingCustomer = {
  CustomerId: number;
  PhoneNumber: string;
  Name: string | null;
  EmailAddress: string | null;
  SmsPromotionsEnabled: boolean;
};

export type PaymentAccount = {
  PaymentAccountId: number;
  PaymentAccountType: "Card";
  Description: string;
  CardBrand: string;
  Last4: string;
  ExpiryMonth: number;
  ExpiryYear: number;
  /** A titres-restaurant card (this service's own field). */
  IsMealVoucher?: boolean;
};

export type StoreDetails = {
  StoreId: number;
  PhysicalRestaurantId: number;
  Name: string;
  MenuId: number;
  DeliveryFee: number;
  Address: { Line1: string; Postcode: string; City: string };
  DeliveryZone: { Name: string; IsEnabled: boolean } | null;
};

export type Slot = { Key: string; IsFull: boolean; StartTime: string; EndTime: string };

export type BasketItem = {
  MenuItemId: number;
  Quantity: number;
  MenuItemOptionSetItemIds: number[];
};

export type Basket = {
  PhysicalRestaurantId: number;
  DeliveryType: 1 | 2;
  DeliverySlotKey?: string;
  OrderItems: BasketItem[];
  VoucherCode?: string;
  DeliveryLocation?: {
    Address: string;
    Postcode: string;
    City: string;
    Latitude?: number;
    Longitude?: number;
    Instructions?: string;
  };
};

export type PricedLine = {
  MenuItemId: number;
  Name: string;
  Quantity: number;
  Price: number;
  PriceIncludingOptionSetItems: number;
  OrderItemOptions: { MenuItemOptionSetItemId: number; Name: string; Price: number }[];
  LineTotal: number;
};

export type PricedBasket = {
  StoreId: number;
  PhysicalRestaurantId: number;
  Mode: 1 | 2;
  DeliverySlotKey: string | null;
  OrderItems: PricedLine[];
  Voucher: {
    VoucherId: number;
    Code: string | null;
    Description: string;
    IsAutomatic: boolean;
    Amount: number;
  } | null;
  OrderItemsAmount: number;
  ServiceChargeAmount: number;
  DeliveryAmount: number;
  Amount: number;
  /** What titres-restaurant may pay of it (this service's own field). */
  MealVoucherEligibleAmount?: number;
  Currency: "EUR";
};

export type PlacedOrder = {
  OrderId: number;
  /** The shop's number of the order, shared with grocery orders (« n° 1001 »). */
  OrderNumber: number;
  OrderState: string;
  Mode: 1 | 2;
  DeliveryType: "Delivery" | "Pickup";
  Store: {
    StoreId: number;
    PhysicalRestaurantId: number;
    Name: string;
    Address: { Line1: string; Postcode: string; City: string };
  };
  Slot: { Key: string; Start: string };
  DeliveryLocation: { Line1: string; Postcode: string; City: string } | null;
  Customer: { CustomerId: number; Name: string | null; PhoneNumber: string };
  OrderItems: PricedLine[];
  Voucher: { VoucherId: number | null; Code: string | null; Amount: number } | null;
  OrderItemsAmount: number;
  ServiceChargeAmount: number;
  DeliveryAmount: number;
  Amount: number;
  Currency: "EUR";
  IsWrap: boolean;
  PlacedTime: string;
  /** The key of the order's confirmation links (administrative read only). */
  LinkKey?: string;
};

export type MenuOptionSet = {
  MenuItemOptionSetId: number;
  Name: string;
  MinSelectCount: number;
  MaxSelectCount: number;
  OptionSetItems: {
    MenuItemOptionSetItemId: number;
    Name: string;
    Price: number;
    IsAvailable: boolean;
  }[];
};

export type MenuItem = {
  MenuItemId: number;
  Name: string;
  Price: number;
  IsAvailable: boolean;
  MenuItemOptionSets: MenuOptionSet[];
};

// --- Calls -----------------------------------------------------------------------------------

export function requestPhoneCode(shopper: Shopper, phone: string) {
  return orderingCall<{ RequestId: string; PhoneNumber: string; ExpiresAt: string }>(
    shopper,
    "POST",
    "/Account/RequestPhoneLoginCodeSms",
    { body: { PhoneNumber: phone } },
  );
}

export function loginWithPhoneCode(
  shopper: Shopper,
  input: { phone: string; requestId: string; code: string },
) {
  return orderingCall<{ Token: string; Customer: OrderingCustomer }>(
    shopper,
    "POST",
    "/Account/LoginUsingPhoneNumber",
    { body: { PhoneNumber: input.phone, RequestId: input.requestId, Code: input.code } },
  );
}

export function accountDetails(shopper: Shopper) {
  return orderingCall<OrderingCustomer>(shopper, "GET", "/Account/Details");
}

export function setCustomerName(shopper: Shopper, customerName: string) {
  return orderingCall<OrderingCustomer>(shopper, "PUT", "/Account/CustomerName", {
    body: { customerName },
  });
}

export function setEmailAddress(shopper: Shopper, email: string) {
  return orderingCall<OrderingCustomer>(shopper, "POST", "/Account/SetEmailAddress", {
    body: { Email: email },
  });
}

export function logout(shopper: Shopper) {
  return orderingCall<null>(shopper, "POST", "/Account/Logout");
}

export function paymentAccounts(shopper: Shopper) {
  return orderingCall<PaymentAccount[]>(shopper, "GET", "/Payment/PaymentAccounts");
}

/**
 * Starts saving a bank card (issue 48): the provider's hosted setup page takes it and sends the
 * shopper back to `returnPath` with `setup_session_id=<id>`. No card number ever comes here.
 */
export function startCardSetup(shopper: Shopper, returnPath: string) {
  return orderingCall<{ SetupUrl: string; SetupSessionId: string }>(
    shopper,
    "POST",
    "/Payment/CardPaymentAccount/Setup",
    { body: { ReturnPath: returnPath } },
  );
}

/** Starts saving a titres-restaurant card: the processor's card-entry page, back with `card_entry=<id>`. */
export function startMealVoucherEntry(shopper: Shopper, returnPath: string) {
  return orderingCall<{ CardEntryUrl: string; CardEntryId: string }>(
    shopper,
    "POST",
    "/Payment/MealVoucherPaymentAccount/Setup",
    { body: { ReturnPath: returnPath } },
  );
}

/** Saves the card a hosted page took (a retry of the same session or entry answers the same account). */
export function saveHostedCard(
  shopper: Shopper,
  from: { setupSessionId: string } | { cardEntryId: string },
) {
  return orderingCall<PaymentAccount>(shopper, "POST", "/Payment/CardPaymentAccount", {
    body:
      "setupSessionId" in from
        ? { SetupSessionId: from.setupSessionId }
        : { CardEntryId: from.cardEntryId },
  });
}

export function deletePaymentAccount(shopper: Shopper, paymentAccountId: number) {
  return orderingCall<null>(shopper, "DELETE", "/Payment/PaymentAccount", {
    body: { PaymentAccountId: paymentAccountId },
  });
}

export function storeDetails(shopper: Shopper, physicalRestaurantId: number) {
  return orderingCall<StoreDetails>(
    shopper,
    "GET",
    `/Restaurant/DeliveryRestaurantDetails/${physicalRestaurantId}`,
  );
}

export function deliverySlots(shopper: Shopper, physicalRestaurantId: number, mode: 1 | 2) {
  return orderingCall<Slot[]>(
    shopper,
    "GET",
    `/Restaurant/DeliverySlots/${physicalRestaurantId}?deliveryType=${mode}`,
  );
}

/** The basket priced by the service (`POST /Order/Order`, or the voucher call with a code). */
export function priceBasket(shopper: Shopper, basket: Basket) {
  const path = basket.VoucherCode ? "/Order/ApplyVoucherCodeToOrder" : "/Order/Order";
  return orderingCall<PricedBasket>(shopper, "POST", path, { body: basket });
}

/** A submission without a saved card: the shopper pays on the provider's hosted page. */
export type AwaitingPayment = {
  OrderState: "AwaitingPayment";
  PaymentAttemptId: string;
  PaymentUrl?: string;
};

/**
 * `POST /order/SubmitOrder`: the same key always answers the first order (never two). With a
 * saved card it is charged now; without one the answer is the hosted payment page's address.
 */
export function submitOrder(
  shopper: Shopper,
  basket: Basket & {
    PaymentAccountId?: number;
    MealVoucherPaymentAccountId?: number;
    IsWrap: boolean;
  },
  idempotencyKey: string,
) {
  return orderingCall<PlacedOrder | AwaitingPayment>(shopper, "POST", "/order/SubmitOrder", {
    body: { ...basket, AppType: "Web" },
    idempotencyKey,
  });
}

/** The shopper's return from the hosted payment page: settles it (as the webhook does). */
export function paymentResult(shopper: Shopper, sessionId: string) {
  return orderingCall<PlacedOrder | AwaitingPayment>(
    shopper,
    "GET",
    `/order/PaymentResult?sessionId=${encodeURIComponent(sessionId)}`,
  );
}

/** Whether a submission's answer is an order placed (not a payment still to make). */
export function isPlaced(answer: PlacedOrder | AwaitingPayment): answer is PlacedOrder {
  return answer.OrderState !== "AwaitingPayment";
}

/** A menu's items with their option sets (administrative API, the registry's bearer). */
export async function menuItems(menuId: number): Promise<Map<number, MenuItem> | null> {
  const response = await serviceFetch("ordering", `/ordering/api/v1.0/menus/${menuId}`, {
    headers: { accept: "application/json" },
  }).catch(() => null);
  if (!response?.ok) return null;
  const body = (await response.json().catch(() => null)) as {
    Data?: { MenuSections: { MenuItems: MenuItem[] }[] };
  } | null;
  if (!body?.Data) return null;
  const items = new Map<number, MenuItem>();
  for (const section of body.Data.MenuSections) {
    for (const item of section.MenuItems) items.set(item.MenuItemId, item);
  }
  return items;
}

/** An order by id (administrative API); the caller checks whose it is. */
export async function orderById(orderId: number): Promise<PlacedOrder | null> {
  const response = await serviceFetch("ordering", `/ordering/api/v1.0/orders/${orderId}`, {
    headers: { accept: "application/json" },
  }).catch(() => null);
  if (!response?.ok) return null;
  const body = (await response.json().catch(() => null)) as { Data?: PlacedOrder } | null;
  return body?.Data ?? null;
}

// --- Shop accounts (administrative API, the registry's bearer) -------------------------------

/** A restauration order of a linked shop account, with its link key and each item's product. */
export type ShopAccountOrder = Omit<PlacedOrder, "OrderItems" | "LinkKey"> & {
  LinkKey: string;
  OrderItems: (PricedLine & { ProductHandle: string | null })[];
};

/**
 * Links the phone customer to the shop account (`shopCustomerId`, the commerce customer GID):
 * only once the caller has checked that the shopper holds both sessions.
 */
export function linkShopCustomer(orderingCustomerId: number, shopCustomerId: string) {
  return orderingCall<OrderingCustomer>(
    {},
    "PUT",
    `/api/v1.0/customers/${orderingCustomerId}/shopcustomer`,
    { body: { ShopCustomerId: shopCustomerId } },
  );
}

/** The phone customer linked to a shop account (`not_found` when there is none). */
export function linkedOrderingCustomer(shopCustomerId: string) {
  return orderingCall<OrderingCustomer>(
    {},
    "GET",
    `/api/v1.0/shopcustomer?ShopCustomerId=${encodeURIComponent(shopCustomerId)}`,
  );
}

/** A customer token of the phone linked to a shop account: its checkout needs no SMS code. */
export function tokenForShopCustomer(shopCustomerId: string) {
  return orderingCall<{ Token: string; Customer: OrderingCustomer }>(
    {},
    "POST",
    "/api/v1.0/shopcustomer/token",
    { body: { ShopCustomerId: shopCustomerId } },
  );
}

/** The restauration orders of the phone linked to a shop account, newest first (none unlinked). */
export function shopCustomerOrders(shopCustomerId: string) {
  return orderingCall<ShopAccountOrder[]>(
    {},
    "GET",
    `/api/v1.0/shopcustomer/orders?ShopCustomerId=${encodeURIComponent(shopCustomerId)}`,
  );
}

// --- The token cookie ------------------------------------------------------------------------

export function orderingTokenOf(request: Request): string | undefined {
  return readCookie(request, ORDERING_TOKEN_COOKIE) || undefined;
}

export function orderingTokenCookie(request: Request, token: string): string {
  return serializeCookie(ORDERING_TOKEN_COOKIE, token, {
    maxAgeSeconds: ORDERING_TOKEN_MAX_AGE_SECONDS,
    httpOnly: true,
    sameSite: "Lax",
    secure: isHttps(request),
  });
}

export function clearedOrderingTokenCookie(request: Request): string {
  return serializeCookie(ORDERING_TOKEN_COOKIE, "", {
    maxAgeSeconds: 0,
    httpOnly: true,
    sameSite: "Lax",
    secure: isHttps(request),
  });
}
