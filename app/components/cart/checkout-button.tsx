import { useRef } from "react";
import { type CartView, cartRestauration } from "#app/lib/cart/cart.ts";
import { openOrderMode, readOrderModeFromDocument } from "#app/lib/order-mode/order-mode.ts";
import { useCartSnapshot } from "./cart-store.ts";

/**
 * The cart's checkout button: none for an empty cart (storefront.md §5). A form posting to
 * POST /order/checkout/ (app/routes/order/order-checkout.tsx), which prepares the grocery cart
 * (storefront.md §7: attributes, note, codes, address) and sends the shopper to the hosted
 * checkout, or a restauration cart to the ordering flow (`/order/`). Works without JavaScript;
 * with it, a shopper who has not chosen a mode and a slot yet chooses them first (order-mode
 * modal), and the button waits for the cart's pending changes.
 */
export function CheckoutButton({ cart }: { cart: CartView | null }) {
  const form = useRef<HTMLFormElement>(null);
  const { pending } = useCartSnapshot();
  if (!cart || cart.lines.length === 0) return null;
  const restauration = cartRestauration(cart) === true;
  return (
    <form
      ref={form}
      method="post"
      action="/order/checkout/"
      className="cart__checkout-form"
      onSubmit={(event) => {
        const state = readOrderModeFromDocument();
        const chosen = state.mode !== 0 && (state.deliverySlot !== null || state.isProvince);
        if (chosen) return;
        event.preventDefault();
        openOrderMode({
          fromPanel: true,
          productIsRestauration: restauration,
          onComplete: () => form.current?.requestSubmit(),
        });
      }}
    >
      <button
        type="submit"
        className="button button--primary cart__checkout"
        disabled={pending > 0}
        aria-describedby={pending > 0 ? "cart-checkout-pending" : undefined}
      >
        Passer commande
      </button>
      {pending > 0 && (
        <span id="cart-checkout-pending" className="visually-hidden" aria-live="polite">
          Mise à jour du panier…
        </span>
      )}
    </form>
  );
}
