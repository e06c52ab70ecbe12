import { eq } from "drizzle-orm";
import type { Db, Tx } from "#db/client.ts";
import { isPurchasable } from "#platform/commerce/cart-lines.ts";
import { type CartRow, findCartByToken } from "#platform/commerce/cart-records.ts";
import { commerceCart } from "#platform/commerce/cart-schema.ts";
import { type CartView, loadCartView } from "#platform/commerce/cart-view.ts";
import {
  type CheckoutInput,
  DELIVERY_METHODS,
  type FieldErrors,
  parseExpiry,
} from "#platform/commerce/checkout/form.ts";
import { customerById } from "#platform/commerce/customer-tokens.ts";
import type { OrderAddress } from "#platform/commerce/order-schema.ts";
import {
  createOrderFromCart,
  type OrderRow,
  orderForCart,
  orderGid,
  orderTotals,
  SERVICE_FEE_TITLE,
} from "#platform/commerce/orders.ts";
import { orderConfirmationEmail, queueEmail } from "#platform/notify/index.ts";
import { orderNumberLabel } from "#platform/order-status.ts";
import { chargeCard, type PaymentFailure, tokenizeCard } from "#platform/payments/index.ts";

/** What a checkout submission led to. */
export type PlaceOrderResult =
  | { kind: "not-found" }
  | { kind: "empty" }
  /** The order of this cart, created now or by an earlier (or concurrent) submission. */
  | { kind: "ordered"; order: OrderRow; created: boolean }
  | { kind: "refused"; errors: FieldErrors; general: string | null };

export const CHECKOUT_MESSAGES = {
  unavailable: (title: string) =>
    `« ${title} » n'est plus disponible : retirez-le de votre panier pour continuer.`,
  maxQuantity: (title: string, max: number) =>
    `Quantité maximale atteinte pour ce produit (${max}) : « ${title} ».`,
};

/** Where the shopper goes once the order exists: the storefront's confirmation page. */
export function confirmationUrl(storefrontOrigin: string, order: OrderRow): string {
  return `${storefrontOrigin}/order/confirmation/?order=${encodeURIComponent(orderGid(order))}`;
}

/** The processor's failures, on the field the shopper must fix (a decline concerns the card). */
function paymentErrors(failure: PaymentFailure): { errors: FieldErrors; general: string | null } {
  switch (failure.code) {
    case "invalid_number":
    case "unknown_card":
    case "card_declined":
      return { errors: { cardNumber: failure.message }, general: null };
    case "invalid_expiry":
      return { errors: { cardExpiry: failure.message }, general: null };
    case "invalid_cvc":
      return { errors: { cardCvc: failure.message }, general: null };
    default:
      return { errors: {}, general: failure.message };
  }
}

/** A line that can no longer be bought as it is: the reason, in French; null when all is well. */
function cartProblem(view: CartView): string | null {
  for (const line of view.lines) {
    if (!isPurchasable(line.product, line.variant)) {
      return CHECKOUT_MESSAGES.unavailable(line.product.title);
    }
  }
  const byProduct = new Map<number, { title: string; max: number; quantity: number }>();
  for (const line of view.lines) {
    const entry = byProduct.get(line.product.id) ?? {
      title: line.product.title,
      max: line.maxQuantity,
      quantity: 0,
    };
    entry.quantity += line.quantity;
    byProduct.set(line.product.id, entry);
  }
  for (const entry of byProduct.values()) {
    if (entry.quantity > entry.max) return CHECKOUT_MESSAGES.maxQuantity(entry.title, entry.max);
  }
  return null;
}

function addressOf(input: CheckoutInput): OrderAddress {
  const orNull = (value: string) => (value === "" ? null : value);
  return {
    firstName: input.firstName,
    lastName: input.lastName,
    company: null,
    address1: orNull(input.address1),
    address2: orNull(input.address2),
    city: orNull(input.city),
    zip: orNull(input.zip),
    province: null,
    countryCode: input.country,
    phone: input.phone,
  };
}

/**
 * The payment idempotency key of a cart's next attempt: derived from the cart, so a retried or
 * double-submitted request never charges twice, and renewed after a decline, so another card can
 * be tried.
 */
export function paymentKey(cart: Pick<CartRow, "token" | "paymentAttempts">): string {
  return `checkout:${cart.token}:${cart.paymentAttempts}`;
}

async function queueConfirmation(
  tx: Tx,
  order: OrderRow,
  view: CartView,
  input: CheckoutInput,
  storefrontOrigin: string,
) {
  const delivery = DELIVERY_METHODS[input.deliveryMethod];
  const totals = orderTotals(view, delivery);
  const customer = view.cart.customerId ? await customerById(tx, view.cart.customerId) : undefined;
  const address = addressOf(input);
  const email = orderConfirmationEmail({
    firstName: customer?.firstName ?? input.firstName,
    orderName: orderNumberLabel(order.orderNumber),
    // The products only: the service fee is a fee, shown with the delivery's as the cart does.
    lines: view.lines.map((line) => ({
      title: line.product.title,
      quantity: line.quantity,
      totalCents: line.subtotalCents,
    })),
    discount: { label: "Remise", cents: totals.discountCents },
    fees: [
      { title: SERVICE_FEE_TITLE, cents: totals.serviceFeeCents },
      { title: delivery.title, cents: totals.shippingCents },
    ],
    totalCents: totals.totalCents,
    taxCents: totals.taxCents,
    arrival: [
      input.deliveryMethod === "domicile"
        ? `Livraison à : ${[
            `${address.firstName} ${address.lastName}`,
            address.address1 ?? "",
            ...(address.address2 ? [address.address2] : []),
            `${address.zip} ${address.city}`,
          ].join(", ")}`
        : "Vous pourrez retirer votre commande au comptoir.",
    ],
    action: { label: "Voir ma commande", url: confirmationUrl(storefrontOrigin, order) },
  });
  await queueEmail(tx, { kind: "order-confirmation", to: input.email, ...email });
}

/**
 * Pays for a cart and turns it into an order, exactly once. Everything happens in one
 * transaction that first locks the cart row: a concurrent or retried submission waits, then
 * finds the order and answers it instead of charging again. A declined card creates no order.
 */
export async function placeOrder(
  db: Db,
  request: {
    token: string;
    key: string;
    input: CheckoutInput;
    now: Date;
    storefrontOrigin: string;
  },
): Promise<PlaceOrderResult> {
  const { input, now } = request;
  return db.transaction(async (tx): Promise<PlaceOrderResult> => {
    const cart = await findCartByToken(tx, request.token, request.key, { forUpdate: true });
    if (!cart) return { kind: "not-found" };
    const existing = await orderForCart(tx, cart.id);
    if (existing) return { kind: "ordered", order: existing, created: false };
    if (cart.completedAt) return { kind: "not-found" };

    const view = await loadCartView(tx, cart, now);
    if (view.lines.length === 0) return { kind: "empty" };
    const problem = cartProblem(view);
    if (problem) return { kind: "refused", errors: {}, general: problem };

    const delivery = DELIVERY_METHODS[input.deliveryMethod];
    const totals = orderTotals(view, delivery);
    const expiry = parseExpiry(input.cardExpiry);
    const card = await tokenizeCard(
      tx,
      {
        number: input.cardNumber,
        expMonth: expiry.month,
        expYear: expiry.year,
        cvc: input.cardCvc,
        ...(input.cardHolder ? { holderName: input.cardHolder } : {}),
      },
      now,
    );
    if (!card.ok) return { kind: "refused", ...paymentErrors(card) };
    const charge = await chargeCard(
      tx,
      {
        token: card.card.token,
        amountCents: totals.totalCents,
        idempotencyKey: paymentKey(cart),
        description: `Commande Comptoir (panier ${cart.token})`,
      },
      now,
    );
    if (!charge.ok) {
      await tx
        .update(commerceCart)
        .set({ paymentAttempts: cart.paymentAttempts + 1 })
        .where(eq(commerceCart.id, cart.id));
      return { kind: "refused", ...paymentErrors(charge) };
    }

    const address = addressOf(input);
    const order = await createOrderFromCart(tx, {
      view,
      email: input.email.toLowerCase(),
      phone: input.phone,
      shippingAddress: input.deliveryMethod === "domicile" ? address : null,
      billingAddress: address,
      delivery,
      chargeId: charge.chargeId,
      now,
    });
    await queueConfirmation(tx, order, view, input, request.storefrontOrigin);
    return { kind: "ordered", order, created: true };
  });
}
