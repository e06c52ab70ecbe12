import { type Context, Hono } from "hono";
import type { Db } from "#db/client.ts";
import { giftOptionsOf } from "#platform/commerce/cart/gift-options.ts";
import {
  type CartRow,
  cartGid,
  findCartByToken,
  withLockedCart,
} from "#platform/commerce/cart/records.ts";
import { type CartView, cartAddresses, loadCartView } from "#platform/commerce/cart/view.ts";
import { checkoutDelivery } from "#platform/commerce/checkout/delivery.ts";
import {
  type CheckoutValues,
  type FieldErrors,
  readValues,
  usesMealVoucher,
  validate,
  withoutCard,
} from "#platform/commerce/checkout/form.ts";
import {
  type CheckoutChoice,
  type CheckoutGiftCards,
  cartNotFoundPage,
  checkoutPage,
  emptyCartPage,
  noOrderModePage,
} from "#platform/commerce/checkout/page.ts";
import {
  cartDeliveryAddress,
  confirmationUrl,
  placeOrder,
  slotRefusal,
} from "#platform/commerce/checkout/place-order.ts";
import { customerById } from "#platform/commerce/customers/tokens.ts";
import {
  addGiftCardCodes,
  allocateGiftCards,
  cartGiftCards,
  removeGiftCards,
} from "#platform/commerce/gift-cards/gift-cards.ts";
import { orderForCart, orderTotals } from "#platform/commerce/orders/orders.ts";
import { cartOrderMode } from "#platform/commerce/orders/slot.ts";
import type { SlotBookings } from "#platform/commerce/slot-port.ts";
import { mealVoucherEligibleCents } from "#platform/meal-vouchers.ts";

export type CheckoutOptions = {
  db: Db;
  /** The storefront's origin (confirmation page, links back): never the request's Host. */
  storefrontOrigin: string;
  /** The ordering service's slots: a grocery order books its slot there (slot-port.ts). */
  slots: SlotBookings;
  /** The clock (tests fix it). */
  now?: () => Date;
};

/**
 * Where the shopper changes the mode, store or slot: the storefront's cart page, which opens the
 * order-mode modal (app/components/order-mode/order-mode-button.tsx reads the parameter).
 */
export function changeOrderModeUrl(storefrontOrigin: string): string {
  return `${storefrontOrigin}/panier/?modifier-mode=1`;
}

/**
 * The form's first values: the buyer identity or signed-in customer, the selected address, the
 * cart's gift options.
 */
async function prefilledValues(db: Db, view: CartView): Promise<CheckoutValues> {
  const values = readValues({});
  const { cart } = view;
  const customer = cart.customerId ? await customerById(db, cart.customerId) : undefined;
  const addresses = await cartAddresses(db, cart.id);
  const address = addresses.find((a) => a.selected) ?? addresses[0];
  values.email = cart.buyerEmail ?? customer?.email ?? "";
  values.phone = cart.buyerPhone ?? customer?.phone ?? address?.phone ?? "";
  values.firstName = address?.firstName ?? customer?.firstName ?? "";
  values.lastName = address?.lastName ?? customer?.lastName ?? "";
  // Gift options a client set on the cart (`cartAttributesUpdate`) are where the form starts.
  const gift = giftOptionsOf(cart.attributes);
  values.giftWrap = gift.wrap ? "1" : "";
  values.giftMessage = gift.message ?? "";
  return values;
}

/**
 * The mode, store or address, and slot the shopper chose on the storefront, as the page shows
 * them; null when the cart lacks one (or a delivery lacks its address). `refusal`: why the slot
 * can no longer be booked, if so.
 */
async function checkoutChoice(
  options: CheckoutOptions,
  view: CartView,
  now: Date,
): Promise<CheckoutChoice | null> {
  const chosen = cartOrderMode(view.cart.attributes);
  if (!chosen) return null;
  const address = chosen.mode === 1 ? await cartDeliveryAddress(options.db, view.cart.id) : null;
  if (chosen.mode === 1 && !address) return null;
  const checked = await options.slots.check(options.db, { ...chosen, now });
  const delivery = checkoutDelivery(chosen.mode, checked.store, view);
  return {
    mode: chosen.mode,
    slotKey: chosen.slotKey,
    store: checked.store,
    delivery: delivery.method,
    minimum: delivery.refusal,
    leftToFree: delivery.leftToFree,
    address: address
      ? [address.address1, address.address2, [address.zip, address.city].join(" ")]
          .filter(Boolean)
          .join(", ")
      : null,
    refusal: checked.ok ? null : slotRefusal(checked, chosen.slotKey),
    changeUrl: changeOrderModeUrl(options.storefrontOrigin),
    cartUrl: `${options.storefrontOrigin}/panier/`,
  };
}

/**
 * The hosted checkout, mounted at `/checkout`: `GET /checkout/{token}/?key=…` shows the form,
 * `POST` the same URL pays and places the order, then redirects (303) to the storefront's
 * `/order/confirmation/`. Pages are private and never cached.
 */
export function checkoutRoutes(options: CheckoutOptions) {
  const app = new Hono();
  const now = options.now ?? (() => new Date());
  const shop = options.storefrontOrigin;
  // The composed server's secure-headers middleware makes one per page (server/rules/security-headers.ts).
  const nonceOf = (c: Context) => c.get("secureHeadersNonce");

  app.use("*", async (c, next) => {
    await next();
    c.header("Cache-Control", "no-store");
    c.header("Referrer-Policy", "no-referrer");
    c.header("X-Frame-Options", "DENY");
  });

  /** The checkout's own URL (path and key), from a request to it or to one of its forms. */
  const checkoutPath = (c: Context) => {
    const url = new URL(c.req.url);
    const page = url.pathname.replace(/\/(carte-cadeau\/?(retirer\/?)?)?$/, "");
    return `${page}/?key=${encodeURIComponent(url.searchParams.get("key") ?? "")}`;
  };

  const render = async (
    c: Context,
    cart: CartRow,
    values: CheckoutValues | null,
    refusal: { errors: FieldErrors; general: string | null } = { errors: {}, general: null },
    giftCardEntry: { code: string; error: string } | null = null,
  ) => {
    const view = await loadCartView(options.db, cart, now());
    if (view.lines.length === 0) return c.html(emptyCartPage(shop, nonceOf(c)));
    const choice = await checkoutChoice(options, view, now());
    if (!choice) return c.html(noOrderModePage(changeOrderModeUrl(shop), `${shop}/`, nonceOf(c)));
    const action = checkoutPath(c);
    const totalCents = orderTotals(view, choice.delivery).totalCents;
    const gift = allocateGiftCards(await cartGiftCards(options.db, cart.id), totalCents, now());
    const giftCards: CheckoutGiftCards = {
      ...gift,
      cardCents: totalCents - gift.totalCents,
      code: giftCardEntry?.code ?? "",
      error: giftCardEntry?.error ?? null,
      addAction: action.replace("/?key=", "/carte-cadeau/?key="),
      removeAction: action.replace("/?key=", "/carte-cadeau/retirer/?key="),
    };
    const status =
      refusal.general || Object.keys(refusal.errors).length > 0 || giftCardEntry ? 422 : 200;
    return c.html(
      checkoutPage({
        view,
        choice,
        giftCards,
        mealVoucherCents: mealVoucherEligibleCents(view.lines, giftCards.cardCents),
        values: values ?? (await prefilledValues(options.db, view)),
        errors: refusal.errors,
        general: refusal.general,
        action,
        shopUrl: `${shop}/`,
        nonce: nonceOf(c),
      }),
      status,
    );
  };

  /** The cart of the URL, or the reason to stop: a 404 page or the redirect to its order. */
  const cartOf = async (c: Context) => {
    const cart = await findCartByToken(
      options.db,
      c.req.param("token") ?? "",
      c.req.query("key") ?? "",
    );
    if (!cart) return { stop: c.html(cartNotFoundPage(`${shop}/`, nonceOf(c)), 404) };
    const order = await orderForCart(options.db, cart.id);
    if (order) return { stop: c.redirect(confirmationUrl(shop, order), 303) };
    if (cart.completedAt) return { stop: c.html(cartNotFoundPage(`${shop}/`, nonceOf(c)), 404) };
    return { cart };
  };

  const show = async (c: Context) => {
    const found = await cartOf(c);
    return found.stop ?? render(c, found.cart, null);
  };

  const pay = async (c: Context) => {
    const found = await cartOf(c);
    if (found.stop) return found.stop;
    const body = await c.req.parseBody();
    const values = readValues(body);
    // What the page showed: the gift cards' share, whether a card had anything left to pay (not
    // when titres-restaurant may pay it all), and whether it asked for the age confirmation (the
    // order is checked again on the cart itself).
    const cents = (name: string) => Number.parseInt(String(body[name] ?? "0"), 10) || 0;
    const expectedGiftCardCents = cents("giftCardCents");
    const voucherPaysAll =
      usesMealVoucher(values) &&
      cents("mealVoucherCents") >= cents("cardCents") &&
      values.cardNumber.trim() === "";
    const checked = validate(values, {
      card: body.cardCents !== "0" && !voucherPaysAll,
      alcohol: body.alcohol === "1",
    });
    if (!checked.ok) {
      return render(c, found.cart, withoutCard(values), { errors: checked.errors, general: null });
    }
    const result = await placeOrder(options.db, {
      token: found.cart.token,
      key: found.cart.secretKey,
      input: checked.input,
      now: now(),
      storefrontOrigin: shop,
      slots: options.slots,
      expectedGiftCardCents,
    });
    switch (result.kind) {
      case "ordered":
        return c.redirect(confirmationUrl(shop, result.order), 303);
      case "not-found":
        return c.html(cartNotFoundPage(`${shop}/`, nonceOf(c)), 404);
      case "empty":
        return c.html(emptyCartPage(`${shop}/`, nonceOf(c)));
      case "refused":
        return render(c, found.cart, withoutCard(values), result);
      case "slot-refused":
        return render(c, found.cart, withoutCard(values), { errors: {}, general: result.general });
      case "no-order-mode":
        return c.html(noOrderModePage(changeOrderModeUrl(shop), `${shop}/`, nonceOf(c)), 409);
    }
  };

  /**
   * A gift card code typed on the page: applied to the cart as `cartGiftCardCodesAdd` applies
   * it, then back to the page (303); a refused code shows the page again with its message.
   */
  const addGiftCard = async (c: Context) => {
    const found = await cartOf(c);
    if (found.stop) return found.stop;
    const body = await c.req.parseBody();
    const code = typeof body.code === "string" ? body.code.slice(0, 100) : "";
    const change = await withLockedCart(options.db, cartGid(found.cart), now(), (tx, cart) =>
      addGiftCardCodes(tx, cart, [code], now()),
    );
    const [error] = change.userErrors;
    if (error)
      return render(c, change.cart ?? found.cart, null, undefined, { code, error: error.message });
    return c.redirect(`${checkoutPath(c)}#carte-cadeau`, 303);
  };

  /** An applied card taken off the cart, as `cartGiftCardCodesRemove` does. */
  const removeGiftCard = async (c: Context) => {
    const found = await cartOf(c);
    if (found.stop) return found.stop;
    const body = await c.req.parseBody();
    const id = typeof body.card === "string" ? body.card : "";
    await withLockedCart(options.db, cartGid(found.cart), now(), (tx, cart) =>
      removeGiftCards(tx, cart, [id]),
    );
    return c.redirect(`${checkoutPath(c)}#carte-cadeau`, 303);
  };

  // `checkoutUrl` ends with a slash, as the shop's pages do; the bare form answers too.
  for (const path of ["/:token/", "/:token"]) {
    app.get(path, show);
    app.post(path, pay);
  }
  for (const path of ["/:token/carte-cadeau/", "/:token/carte-cadeau"]) app.post(path, addGiftCard);
  for (const path of ["/:token/carte-cadeau/retirer/", "/:token/carte-cadeau/retirer"]) {
    app.post(path, removeGiftCard);
  }
  return app;
}
