import type { RouterContextProvider } from "react-router";
import {
  type CardView,
  CHECKOUT_ERRORS,
  type CheckoutLineView,
  type CheckoutView,
  lineKeyOf,
  orderItemsOf,
  unitChoices,
} from "#app/lib/checkout/checkout.ts";
import { entriesOf } from "#app/lib/content/content.server.ts";
import { isHttps, readCookie, serializeCookie } from "#app/lib/cookies.ts";
import { toCents as cents } from "#app/lib/format.ts";
import { CART_USER_ERRORS_FRAGMENT } from "#app/lib/fragments.ts";
import {
  DELIVERY,
  isOrderModeComplete,
  type OrderModeState,
  PICKUP,
  readOrderMode,
} from "#app/lib/order-mode/order-mode.ts";
import {
  accountDetails,
  type Basket,
  menuItems,
  type OrderingCustomer,
  type OrderingFailure,
  type OrderingResult,
  orderingTokenOf,
  type PricedBasket,
  paymentAccounts,
  priceBasket,
  type Shopper,
  type StoreDetails,
  storeDetails,
} from "#app/lib/ordering/customer.server.ts";
import { serverContext } from "#app/lib/server-context.ts";
import { type StorefrontDocument, storefrontQuery } from "#app/lib/storefront.server.ts";

/**
 * The restauration checkout's server side (DESIGN.md §5): the commerce cart's lines mapped to the
 * ordering service's menu items (through the content-side product's `fd_content.MenuItemId`),
 * the options chosen for each dish, the order mode from its cookies, and the basket priced by the
 * ordering service (prices are never computed here: the service adds the 0,50 € and the
 * delivery fee, and applies the vouchers).
 */

/** The cart id cookie the cart keeps (storefront.md §4). */
export const CART_ID_COOKIE = "cartId";
/** The voucher code the shopper applied (spec §3 "Persisted browser values"; one day). */
export const VOUCHER_COOKIE = "voucher";
/** The options chosen per cart line and unit: `{"12":[[17],[18]]}`; one day. */
export const OPTIONS_COOKIE = "orderOptions";
/** The idempotency key of the current payment attempt (one per attempt, see docs/checkout.md). */
export const ATTEMPT_COOKIE = "orderAttempt";
/** `{key}:{orderId}` of the last order placed: a repeated submission lands on its confirmation. */
export const LAST_ORDER_COOKIE = "lastOrder";
const ONE_DAY = 86_400;

/** The shopper a request speaks for: their address (rate limits) and ordering token. */
export function shopperOf(request: Request, context: Readonly<RouterContextProvider>): Shopper {
  return { ip: context.get(serverContext).clientIp, token: orderingTokenOf(request) };
}

/** A private cookie of the checkout: httpOnly, SameSite=Lax, one day; null deletes it. */
export function checkoutCookie(request: Request, name: string, value: string | null): string {
  return serializeCookie(name, value ?? "", {
    maxAgeSeconds: value === null ? 0 : ONE_DAY,
    httpOnly: true,
    sameSite: "Lax",
    secure: isHttps(request),
  });
}

// --- The commerce cart -----------------------------------------------------------------------

export type CartLine = {
  id: string;
  quantity: number;
  title: string;
  vendor: string;
  handle: string;
  productId: string;
  variantId: string;
  priceCents: number;
  compareAtCents: number | null;
  isRestauration: boolean;
};

export type CheckoutCart = { id: string; lines: CartLine[] };

/** The visitor's cart (its `cartId` cookie), or null when there is none or it is unknown. */
export async function readCart(request: Request): Promise<CheckoutCart | null> {
  const id = readCookie(request, CART_ID_COOKIE);
  if (!id?.startsWith("gid://shopify/Cart/")) return null;
  const data = await storefrontQuery(CHECKOUT_CART_QUERY, { id });
  if (!data.cart) return null;
  return {
    id: data.cart.id,
    lines: data.cart.lines.nodes.map((line) => ({
      id: line.id,
      quantity: line.quantity,
      title: line.merchandise.product.title,
      vendor: line.merchandise.product.vendor,
      handle: line.merchandise.product.handle,
      productId: line.merchandise.product.id,
      variantId: line.merchandise.id,
      priceCents: cents(line.cost.amountPerQuantity.amount),
      compareAtCents: line.cost.compareAtAmountPerQuantity
        ? cents(line.cost.compareAtAmountPerQuantity.amount)
        : null,
      isRestauration: line.merchandise.product.tags.includes("restauration"),
    })),
  };
}

/** Takes every line out of the cart once the order is placed; failures are logged by the caller. */
export async function emptyCart(cart: CheckoutCart): Promise<void> {
  if (cart.lines.length === 0) return;
  const data = await storefrontQuery(CHECKOUT_CART_EMPTY, {
    cartId: cart.id,
    lineIds: cart.lines.map((line) => line.id),
  });
  const error = data.cartLinesRemove?.userErrors[0];
  if (error) throw new Error(error.message);
}

// --- Menu items and options ------------------------------------------------------------------

/** The menu item id of each product handle, from the content-side products' `fd_content`. */
export async function menuItemIdsOf(handles: readonly string[]): Promise<Map<string, number>> {
  const unique = [...new Set(handles)];
  const result = new Map<string, number>();
  if (unique.length === 0) return result;
  const entries = await entriesOf<{ slug?: string; fd_content?: { MenuItemId?: number } }>(
    "product",
    { "fields.slug[in]": unique.join(","), include: "0", limit: "1000" },
  );
  for (const entry of entries ?? []) {
    const id = entry.fields.fd_content?.MenuItemId;
    if (entry.fields.slug && typeof id === "number") result.set(entry.fields.slug, id);
  }
  return result;
}

/** At most this many units of a line keep their own choices (a line is capped far below). */
const MAX_UNITS = 100;

export type ChosenOptions = Map<string, number[][]>;

/** The options chosen per line and unit (`{"12":[[17],[18]]}`), from their cookie; malformed parts are ignored. */
export function readOptions(request: Request): ChosenOptions {
  const map: ChosenOptions = new Map();
  const raw = readCookie(request, OPTIONS_COOKIE);
  if (!raw) return map;
  try {
    const parsed = JSON.parse(raw) as Record<string, unknown>;
    for (const [key, units] of Object.entries(parsed)) {
      if (!/^\d{1,12}$/.test(key) || !Array.isArray(units)) continue;
      map.set(
        key,
        units
          .slice(0, MAX_UNITS)
          .map((unit) =>
            Array.isArray(unit)
              ? unit.filter((choice): choice is number => Number.isSafeInteger(choice)).slice(0, 50)
              : [],
          ),
      );
    }
  } catch {
    // A malformed cookie counts as no choice: the defaults apply.
  }
  return map;
}

/**
 * The choices a checkout form sends (`options:{line}:{unit}`, one field per chosen option and an
 * empty one per unit, so that a unit with nothing ticked is told too) over `options`.
 */
export function withFormOptions(options: ChosenOptions, form: FormData): ChosenOptions {
  const next: ChosenOptions = new Map([...options].map(([key, units]) => [key, [...units]]));
  const told = new Set<string>();
  for (const [name, value] of form.entries()) {
    const match = /^options:(\d{1,12}):(\d{1,3})$/.exec(name);
    const unit = Number(match?.[2]);
    if (!match?.[1] || unit >= MAX_UNITS) continue;
    const units = next.get(match[1]) ?? [];
    next.set(match[1], units);
    // The first field of a unit replaces what was kept for it.
    if (!told.has(name)) {
      told.add(name);
      while (units.length <= unit) units.push([]);
      units[unit] = [];
    }
    const choices = units[unit] as number[];
    const id = Number(value);
    if (Number.isSafeInteger(id) && id > 0 && choices.length < 50) choices.push(id);
  }
  return next;
}

export function serializeOptions(options: ChosenOptions): string {
  return JSON.stringify(Object.fromEntries(options));
}

// --- The whole checkout ----------------------------------------------------------------------

export type CheckoutState = {
  view: CheckoutView;
  cart: CheckoutCart | null;
  orderMode: OrderModeState;
  /** What to submit, when nothing blocks the order. */
  basket: Basket | null;
  priced: PricedBasket | null;
  /** The service's refusal of the basket (slot full, item unavailable…), if any. */
  pricingFailure: OrderingFailure | null;
};

/**
 * Everything the checkout pages show: the cart's dishes with their options, the mode, store and
 * slot, and the basket priced by the ordering service with the voucher code (`voucherCode`
 * overrides the cookie; null means none).
 */
export async function loadCheckout(
  request: Request,
  shopper: Shopper,
  options: { voucherCode?: string | null } = {},
): Promise<CheckoutState> {
  const orderMode = readOrderMode(request);
  const cart = await readCart(request);
  const problems: string[] = [];
  const lines = cart?.lines ?? [];
  const locationId =
    orderMode.mode === DELIVERY
      ? orderMode.deliveryLocationId
      : orderMode.mode === PICKUP
        ? orderMode.pickupLocationId
        : null;

  const [store, ids] = await Promise.all([
    locationId === null ? Promise.resolve(null) : storeDetails(shopper, locationId),
    menuItemIdsOf(lines.filter((line) => line.isRestauration).map((line) => line.handle)),
  ]);
  const storeData: StoreDetails | null = store?.ok ? store.data : null;
  const menu = storeData ? await menuItems(storeData.MenuId) : null;
  const chosen = readOptions(request);

  const viewLines: CheckoutLineView[] = lines.map((line) => {
    const menuItemId = line.isRestauration ? (ids.get(line.handle) ?? null) : null;
    const item = menuItemId === null ? undefined : menu?.get(menuItemId);
    const optionSets = (item?.MenuItemOptionSets ?? []).map((set) => ({
      id: set.MenuItemOptionSetId,
      name: set.Name,
      min: set.MinSelectCount,
      max: set.MaxSelectCount,
      choices: set.OptionSetItems.filter((choice) => choice.IsAvailable).map((choice) => ({
        id: choice.MenuItemOptionSetItemId,
        name: choice.Name,
        priceCents: Math.round(choice.Price * 100),
      })),
    }));
    return {
      id: line.id,
      title: line.title,
      vendor: line.vendor,
      handle: line.handle,
      productId: line.productId,
      quantity: line.quantity,
      priceCents: line.priceCents,
      compareAtCents: line.compareAtCents,
      menuItemId,
      optionSets,
      units: unitChoices(optionSets, chosen.get(lineKeyOf(line.id)), line.quantity),
    };
  });

  if (lines.length === 0) problems.push(CHECKOUT_ERRORS.emptyCart);
  else if (viewLines.some((line) => line.menuItemId === null)) {
    problems.push(CHECKOUT_ERRORS.notRestauration);
  }
  if (!isOrderModeComplete(orderMode)) problems.push(CHECKOUT_ERRORS.modeMissing);
  else if (!storeData)
    problems.push(store && !store.ok ? store.message : CHECKOUT_ERRORS.modeMissing);

  const voucherCode =
    options.voucherCode === undefined
      ? readCookie(request, VOUCHER_COOKIE)?.trim() || null
      : options.voucherCode;
  let basket: Basket | null = null;
  let priced: PricedBasket | null = null;
  let pricingFailure: OrderingFailure | null = null;
  let voucherError: string | null = null;
  if (problems.length === 0 && storeData && (orderMode.mode === 1 || orderMode.mode === 2)) {
    basket = {
      PhysicalRestaurantId: storeData.PhysicalRestaurantId,
      DeliveryType: orderMode.mode,
      DeliverySlotKey: orderMode.deliverySlot?.slot,
      OrderItems: orderItemsOf(viewLines),
      ...(orderMode.mode === DELIVERY && orderMode.deliveryAddress
        ? {
            DeliveryLocation: {
              Address: orderMode.deliveryAddress.address,
              Postcode: orderMode.deliveryAddress.postcode,
              City: orderMode.deliveryAddress.city,
              ...(orderMode.deliveryAddress.latitude !== undefined &&
              orderMode.deliveryAddress.longitude !== undefined
                ? {
                    Latitude: orderMode.deliveryAddress.latitude,
                    Longitude: orderMode.deliveryAddress.longitude,
                  }
                : {}),
              ...(orderMode.deliveryAddress.instructions
                ? { Instructions: orderMode.deliveryAddress.instructions }
                : {}),
            },
          }
        : {}),
    };
    let result: OrderingResult<PricedBasket> = await priceBasket(shopper, {
      ...basket,
      ...(voucherCode ? { VoucherCode: voucherCode } : {}),
    });
    if (!result.ok && result.code === "voucher_invalid" && voucherCode) {
      // The code no longer applies (expired, below its minimum…): say so, price without it.
      voucherError = result.message;
      result = await priceBasket(shopper, basket);
    } else if (result.ok && voucherCode) {
      basket.VoucherCode = voucherCode;
    }
    if (result.ok) priced = result.data;
    else pricingFailure = result;
  }

  return {
    cart,
    orderMode,
    basket: priced ? basket : null,
    priced,
    pricingFailure,
    view: {
      lines: viewLines,
      problems: pricingFailure ? [...problems, pricingFailure.message] : problems,
      mode: orderMode.mode,
      store: storeData
        ? {
            name: storeData.Name,
            address: `${storeData.Address.Line1}, ${storeData.Address.Postcode} ${storeData.Address.City}`,
          }
        : null,
      slotKey: orderMode.deliverySlot?.slot ?? null,
      deliveryAddress: orderMode.deliveryAddress
        ? `${orderMode.deliveryAddress.address}, ${orderMode.deliveryAddress.postcode} ${orderMode.deliveryAddress.city}`
        : null,
      isWrap: orderMode.isWrap,
      voucherCode: priced?.Voucher && !priced.Voucher.IsAutomatic ? voucherCode : null,
      voucherError,
      totals: priced ? totalsOf(priced) : null,
    },
  };
}

function totalsOf(priced: PricedBasket): NonNullable<CheckoutView["totals"]> {
  return {
    subtotalCents: cents(priced.OrderItemsAmount),
    discountCents: priced.Voucher ? cents(priced.Voucher.Amount) : 0,
    voucher: priced.Voucher
      ? {
          code: priced.Voucher.Code,
          description: priced.Voucher.Description,
          automatic: priced.Voucher.IsAutomatic,
        }
      : null,
    serviceFeeCents: cents(priced.ServiceChargeAmount),
    deliveryFeeCents: cents(priced.DeliveryAmount),
    totalCents: cents(priced.Amount),
    mealVoucherEligibleCents: cents(priced.MealVoucherEligibleAmount ?? 0),
    lines: priced.OrderItems.map((line, index) => ({
      key: `${index}`,
      menuItemId: line.MenuItemId,
      name: line.Name,
      quantity: line.Quantity,
      options: line.OrderItemOptions.map((option) => option.Name),
      totalCents: cents(line.LineTotal),
    })),
  };
}

/** Whether a refusal means the slot must be chosen again. */
export function isSlotRefusal(failure: OrderingFailure): boolean {
  return failure.code === "slot_full" || failure.code === "slot_unavailable";
}

const CHECKOUT_CART_QUERY = `#graphql
  query CheckoutCart($id: ID!) {
    cart(id: $id) {
      id
      lines(first: 100) {
        nodes {
          id
          quantity
          cost {
            amountPerQuantity { amount }
            compareAtAmountPerQuantity { amount }
          }
          merchandise {
            ... on ProductVariant {
              id
              price { amount }
              product { id title handle vendor tags }
            }
          }
        }
      }
    }
  }
` as StorefrontDocument<"CheckoutCart">;

const CHECKOUT_CART_EMPTY = `#graphql
  mutation CheckoutCartEmpty($cartId: ID!, $lineIds: [ID!]!) {
    cartLinesRemove(cartId: $cartId, lineIds: $lineIds) {
      userErrors { ...CartUserErrorFields }
    }
  }
  ${CART_USER_ERRORS_FRAGMENT}
` as StorefrontDocument<"CheckoutCartEmpty">;

/** Every checkout answer is private: no shared cache, no browser cache (decision 002). */
export const PRIVATE_HEADERS = { "Cache-Control": "private, no-store" } as const;

/** The signed-in ordering customer, or null (no token, or a token the service no longer knows). */
export async function signedInCustomer(shopper: Shopper): Promise<OrderingCustomer | null> {
  if (!shopper.token) return null;
  const details = await accountDetails(shopper);
  return details.ok ? details.data : null;
}

/** The customer's saved cards, as the payment step lists them. */
export async function savedCards(shopper: Shopper): Promise<CardView[]> {
  if (!shopper.token) return [];
  const cards = await paymentAccounts(shopper);
  if (!cards.ok) return [];
  return cards.data.map((card) => ({
    id: card.PaymentAccountId,
    description: card.Description,
    expiry: `${String(card.ExpiryMonth).padStart(2, "0")}/${card.ExpiryYear}`,
    isMealVoucher: card.IsMealVoucher === true,
  }));
}
