import { useEffect } from "react";
import { useRevalidator } from "react-router";
import {
  type CHECKOUT_STEPS,
  type CheckoutLineView,
  checkoutItems,
  checkoutStepEvent,
  trackCheckout,
} from "#app/lib/checkout/checkout.ts";
import { ORDER_MODE_CHANGED_EVENT } from "#app/lib/order-mode/order-mode.ts";

/**
 * What both checkout steps (/order/, /order/paiement/) do in the browser: reprice when the
 * order-mode modal writes a new store or slot in its cookies, and send the step's tracking event
 * once per cart content, not on every revalidation.
 */
export function useCheckoutStep(step: keyof typeof CHECKOUT_STEPS, lines: CheckoutLineView[]) {
  const revalidator = useRevalidator();
  const itemsKey = checkoutItems(lines)
    .map((item) => `${item.item_id}x${item.quantity}`)
    .join(",");

  useEffect(() => {
    const refresh = () => revalidator.revalidate();
    window.addEventListener(ORDER_MODE_CHANGED_EVENT, refresh);
    return () => window.removeEventListener(ORDER_MODE_CHANGED_EVENT, refresh);
  }, [revalidator]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: keyed on the cart's content only.
  useEffect(() => {
    if (itemsKey) trackCheckout(checkoutStepEvent(step, checkoutItems(lines)));
  }, [itemsKey]);
}
