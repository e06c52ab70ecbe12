import { eq } from "drizzle-orm";
import { type Context, Hono } from "hono";
import type { Db } from "#db/client.ts";
import { giftOptionsOf } from "#platform/commerce/cart/gift-options.ts";
import {
  type CartRow,
  cartGid,
  findCartByToken,
  withLockedCart,
} from "#platform/commerce/cart/records.ts";
import { commerceCart } from "#platform/commerce/cart/schema.ts";
import { type CartView, cartAddresses, loadCartView } from "#platform/commerce/cart/view.ts";
import { checkoutDelivery } from "#platform/commerce/checkout/delivery.ts";
import {
  type CheckoutValues,
  type FieldErrors,
  readValues,
  validate,
} from "#platform/commerce/checkout/form.ts";
import { groceryPaymentHandler } from "#platform/commerce/checkout/grocery-payment.ts";
import { beginPayment, GROCERY_PURPOSE } from "#platform/commerce/checkout/hold.ts";
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
import {
  CARD_ENTRY_PARAM,
  createCardEntry,
  latestAttempt,
  type PaymentAttempt,
  PaymentProviderError,
  type Payments,
  releaseAttempt,
  settleCheckoutSession,
  settlePaymentAttempt,
  startCheckoutSession,
  takeCardEntry,
} from "#platform/payments/index.ts";

export type CheckoutOptions = {
  db: Db;
  /** The storefront's origin (confirmation page, links back): never the request's Host. */
  storefrontOrigin: string;
  /** The ordering service's slots: a grocery order books its slot there (slot-port.ts). */
  slots: SlotBookings;
  /**
   * Payments on the provider's hosted page (platform/payments): the checkout registers its
   * handler (purpose `grocery`) on it.
   */
  payments: Payments;
  /** Where the checkout itself is served (the provider's return URLs); the storefront's by default. */
  checkoutOrigin?: string;
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

/** Messages of the return from the provider's page. */
export const RETURN_MESSAGES = {
  notPaid:
    "Votre paiement n'a pas abouti : rien n'a été débité. Reprenez le paiement ou essayez une autre carte.",
  pending:
    "Un paiement est déjà en cours pour ce panier : reprenez-le, ou attendez quelques instants avant de payer à nouveau.",
};

/** The storefront's confirmation page of an order, by its gid (a settled attempt's result). */
const confirmationOf = (shop: string, orderGid: string) =>
  `${shop}/order/confirmation/?order=${encodeURIComponent(orderGid)}`;

/**
 * The hosted checkout, mounted at `/checkout`: `GET /checkout/{token}/?key=…` shows the form,
 * `POST` the same URL holds the cart and its slot and sends the shopper to the provider's hosted
 * page (303), or places the order at once when gift cards pay it all; the provider sends the
 * shopper back to `/checkout/{token}/paiement/retour/`, which settles the payment and redirects
 * to the storefront's `/order/confirmation/`. Pages are private and never cached.
 */
export function checkoutRoutes(options: CheckoutOptions) {
  const app = new Hono();
  const now = options.now ?? (() => new Date());
  const shop = options.storefrontOrigin;
  const checkoutOrigin = options.checkoutOrigin ?? shop;
  const { payments } = options;
  payments.register(
    GROCERY_PURPOSE,
    groceryPaymentHandler({ slots: options.slots, storefrontOrigin: shop }),
  );
  // The composed server's secure-headers middleware makes one per page (server/rules/security-headers.ts).
  const nonceOf = (c: Context) => c.get("secureHeadersNonce");

  app.use("*", async (c, next) => {
    await next();
    c.header("Cache-Control", "no-store");
    c.header("Referrer-Policy", "no-referrer");
    c.header("X-Frame-Options", "DENY");
  });

  /** The checkout page's path (with its key) of a cart. */
  const pagePath = (cart: CartRow) =>
    `/checkout/${cart.token}/?key=${encodeURIComponent(cart.secretKey)}`;
  /** The checkout's own URL (path and key), from a request to it or to one of its forms. */
  const checkoutPath = (c: Context) => {
    const url = new URL(c.req.url);
    const page = url.pathname.replace(
      /\/((carte-cadeau|titres-restaurant)\/?((retirer|retour)\/?)?|paiement\/retour\/?)?$/,
      "",
    );
    return `${page}/?key=${encodeURIComponent(url.searchParams.get("key") ?? "")}`;
  };

  /** The open payment of a cart, with its hosted page's URL when the provider still has it open. */
  const pendingOf = async (cart: CartRow) => {
    const attempt = await latestAttempt(options.db, GROCERY_PURPOSE, cart.token);
    if (attempt?.status !== "open") return null;
    // A hold past its time is settled now (released, or placed if paid meanwhile).
    if (attempt.expiresAt <= now()) {
      const settled = await settlePaymentAttempt(payments, attempt.id);
      if (settled.kind !== "open") return null;
    }
    if (!attempt.sessionId) return { url: null };
    try {
      const session = await payments.provider.retrieveCheckoutSession(attempt.sessionId);
      return session.status === "open" ? { url: session.url } : { url: null };
    } catch (error) {
      if (error instanceof PaymentProviderError) return { url: null };
      throw error;
    }
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
        mealVoucher: {
          eligibleCents: mealVoucherEligibleCents(view.lines, giftCards.cardCents),
          card: cart.mealVoucherLast4 ? { last4: cart.mealVoucherLast4 } : null,
          addAction: action.replace("/?key=", "/titres-restaurant/?key="),
          removeAction: action.replace("/?key=", "/titres-restaurant/retirer/?key="),
        },
        pending: await pendingOf(cart),
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

  /**
   * Ends a cart's open payment before another starts: its session is expired at the provider,
   * then settled, which gives its hold back (or places the order, if it was paid meanwhile).
   */
  const endOpenPayment = async (attempt: PaymentAttempt) => {
    if (attempt.sessionId) {
      try {
        await payments.provider.expireCheckoutSession(attempt.sessionId, {
          idempotencyKey: `${attempt.id}:expire`,
        });
      } catch (error) {
        // Already complete or expired: settling says which.
        if (!(error instanceof PaymentProviderError)) throw error;
      }
      const settled = await settlePaymentAttempt(payments, attempt.id);
      if (settled.kind !== "open") return settled;
    }
    return releaseAttempt(payments, attempt.id, null);
  };

  const pay = async (c: Context) => {
    const found = await cartOf(c);
    if (found.stop) return found.stop;
    const cart = found.cart;
    const body = await c.req.parseBody();
    const values = readValues(body);
    // What the page showed: the gift cards' share, and whether it asked for the age
    // confirmation (the order is checked again on the cart itself).
    const expectedGiftCardCents = Number.parseInt(String(body.giftCardCents ?? "0"), 10) || 0;
    const checked = validate(values, { alcohol: body.alcohol === "1" });
    if (!checked.ok) return render(c, cart, values, { errors: checked.errors, general: null });

    const open = await latestAttempt(options.db, GROCERY_PURPOSE, cart.token);
    if (open?.status === "open") {
      const ended = await endOpenPayment(open);
      if (ended.kind === "placed") return c.redirect(confirmationOf(shop, ended.resultRef), 303);
    }
    const result = await beginPayment(options.db, {
      token: cart.token,
      key: cart.secretKey,
      input: checked.input,
      now: now(),
      storefrontOrigin: shop,
      slots: options.slots,
      expectedGiftCardCents,
      mealVoucher:
        cart.mealVoucherToken && cart.mealVoucherLast4
          ? { token: cart.mealVoucherToken, last4: cart.mealVoucherLast4 }
          : null,
    });
    switch (result.kind) {
      case "pay": {
        const page = `${checkoutOrigin}${pagePath(cart)}`;
        const started = await startCheckoutSession(payments, result.attempt, {
          lines: result.lines,
          successUrl: `${checkoutOrigin}/checkout/${cart.token}/paiement/retour/?key=${encodeURIComponent(cart.secretKey)}&session_id={CHECKOUT_SESSION_ID}`,
          cancelUrl: page,
          customerEmail: checked.input.email,
          locale: "fr",
        });
        if (!started.ok) return render(c, cart, values, { errors: {}, general: started.message });
        return c.redirect(started.url, 303);
      }
      case "ordered":
        return c.redirect(confirmationUrl(shop, result.order), 303);
      case "pending":
        return render(c, cart, values, { errors: {}, general: RETURN_MESSAGES.pending });
      case "not-found":
        return c.html(cartNotFoundPage(`${shop}/`, nonceOf(c)), 404);
      case "empty":
        return c.html(emptyCartPage(`${shop}/`, nonceOf(c)));
      case "refused":
        return render(c, cart, values, result);
      case "slot-refused":
        return render(c, cart, values, { errors: {}, general: result.general });
      case "no-order-mode":
        return c.html(noOrderModePage(changeOrderModeUrl(shop), `${shop}/`, nonceOf(c)), 409);
    }
  };

  /**
   * The shopper back from the provider's page: the payment is settled now (the webhook may
   * have done it already, or do it at the same moment: the order is made once either way).
   */
  const paymentReturn = async (c: Context) => {
    const cart = await findCartByToken(
      options.db,
      c.req.param("token") ?? "",
      c.req.query("key") ?? "",
    );
    if (!cart) return c.html(cartNotFoundPage(`${shop}/`, nonceOf(c)), 404);
    const settled = await settleCheckoutSession(payments, c.req.query("session_id") ?? "");
    const own = settled.kind !== "unknown" && settled.attempt.reference === cart.token;
    if (own && settled.kind === "placed") {
      return c.redirect(confirmationOf(shop, settled.resultRef), 303);
    }
    const order = await orderForCart(options.db, cart.id);
    if (order) return c.redirect(confirmationUrl(shop, order), 303);
    if (cart.completedAt) return c.html(cartNotFoundPage(`${shop}/`, nonceOf(c)), 404);
    const general = !own
      ? null
      : settled.kind === "open"
        ? RETURN_MESSAGES.notPaid
        : settled.kind === "refunded" || settled.kind === "released"
          ? settled.message
          : null;
    return render(c, cart, null, { errors: {}, general });
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

  /**
   * « Ajouter une carte titres-restaurant »: the processor's card-entry page, which sends the
   * shopper back to `/titres-restaurant/retour/` with the entry's id.
   */
  const addMealVoucher = async (c: Context) => {
    const found = await cartOf(c);
    if (found.stop) return found.stop;
    const { cart } = found;
    const entry = await createCardEntry(options.db, {
      kind: "meal_voucher",
      returnUrl: `${checkoutOrigin}/checkout/${cart.token}/titres-restaurant/retour/?key=${encodeURIComponent(cart.secretKey)}`,
      reference: cart.token,
      pageBase: checkoutOrigin,
      now: now(),
    });
    return c.redirect(entry.url, 303);
  };

  /** Back from the card-entry page: its card's token kept on the cart (none when cancelled). */
  const mealVoucherEntered = async (c: Context) => {
    const found = await cartOf(c);
    if (found.stop) return found.stop;
    const { cart } = found;
    const entryId = c.req.query(CARD_ENTRY_PARAM) ?? "";
    const card = entryId
      ? await takeCardEntry(options.db, entryId, { reference: cart.token, now: now() })
      : null;
    if (card) {
      await options.db
        .update(commerceCart)
        .set({ mealVoucherToken: card.token, mealVoucherLast4: card.last4, updatedAt: now() })
        .where(eq(commerceCart.id, cart.id));
    }
    return c.redirect(`${checkoutPath(c)}#titres-restaurant`, 303);
  };

  /** « Retirer »: the titres-restaurant card taken off the cart. */
  const removeMealVoucher = async (c: Context) => {
    const found = await cartOf(c);
    if (found.stop) return found.stop;
    await options.db
      .update(commerceCart)
      .set({ mealVoucherToken: null, mealVoucherLast4: null, updatedAt: now() })
      .where(eq(commerceCart.id, found.cart.id));
    return c.redirect(`${checkoutPath(c)}#titres-restaurant`, 303);
  };

  // `checkoutUrl` ends with a slash, as the shop's pages do; the bare form answers too.
  for (const path of ["/:token/", "/:token"]) {
    app.get(path, show);
    app.post(path, pay);
  }
  for (const path of ["/:token/paiement/retour/", "/:token/paiement/retour"]) {
    app.get(path, paymentReturn);
  }
  for (const path of ["/:token/titres-restaurant/", "/:token/titres-restaurant"]) {
    app.post(path, addMealVoucher);
  }
  for (const path of ["/:token/titres-restaurant/retour/", "/:token/titres-restaurant/retour"]) {
    app.get(path, mealVoucherEntered);
  }
  for (const path of ["/:token/titres-restaurant/retirer/", "/:token/titres-restaurant/retirer"]) {
    app.post(path, removeMealVoucher);
  }
  for (const path of ["/:token/carte-cadeau/", "/:token/carte-cadeau"]) app.post(path, addGiftCard);
  for (const path of ["/:token/carte-cadeau/retirer/", "/:token/carte-cadeau/retirer"]) {
    app.post(path, removeGiftCard);
  }
  return app;
}
