import type { RouterContextProvider } from "react-router";
import { redirect } from "react-router";
import {
  ATTEMPT_COOKIE,
  type CheckoutCart,
  checkoutCookie,
  emptyCart,
  LAST_ORDER_COOKIE,
  OPTIONS_COOKIE,
  PRIVATE_HEADERS,
  VOUCHER_COOKIE,
} from "#app/lib/checkout/checkout.server.ts";
import { readCookie } from "#app/lib/cookies.ts";
import type { PlacedOrder } from "#app/lib/ordering/customer.server.ts";
import { serverContext } from "#app/lib/server-context.ts";

/**
 * What the restauration payment step (/order/paiement/) and its return from the hosted payment
 * page (/order/paiement/retour) share: the end of a placed order, and the French message of a
 * refused payment carried across the redirect back to the payment page.
 */

export const PAYMENT_PATH = "/order/paiement/";

/** The French message of a payment refused on the hosted page, shown once on the payment page. */
export const PAYMENT_MESSAGE_COOKIE = "orderPaymentMessage";

/** `Set-Cookie` for the message to show once on the payment page (null clears it). */
export function paymentMessageCookie(request: Request, message: string | null): string {
  return checkoutCookie(request, PAYMENT_MESSAGE_COOKIE, message?.slice(0, 300) ?? null);
}

export function paymentMessageOf(request: Request): string | null {
  return readCookie(request, PAYMENT_MESSAGE_COOKIE) || null;
}

/** The order is placed: empty the cart, end the attempt, show the confirmation. */
export async function placedAnswer(
  request: Request,
  context: Readonly<RouterContextProvider>,
  cart: CheckoutCart | null,
  order: PlacedOrder,
  idempotencyKey: string | null,
) {
  const headers = new Headers(PRIVATE_HEADERS);
  if (cart && cart.lines.length > 0) {
    try {
      await emptyCart(cart);
    } catch (error) {
      // The order is placed: a cart that could not be emptied must not hide the confirmation.
      context
        .get(serverContext)
        .logger.warn({ err: error, orderId: order.OrderId }, "cart not emptied");
    }
  }
  headers.append("Set-Cookie", checkoutCookie(request, ATTEMPT_COOKIE, null));
  headers.append("Set-Cookie", checkoutCookie(request, VOUCHER_COOKIE, null));
  headers.append("Set-Cookie", checkoutCookie(request, OPTIONS_COOKIE, null));
  headers.append("Set-Cookie", paymentMessageCookie(request, null));
  if (idempotencyKey) {
    headers.append(
      "Set-Cookie",
      checkoutCookie(request, LAST_ORDER_COOKIE, `${idempotencyKey}:${order.OrderId}`),
    );
  }
  return redirect(`/order/confirmation/?orderId=${order.OrderId}`, { headers });
}
