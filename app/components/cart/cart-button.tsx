import { lazy, Suspense, useEffect, useRef, useState } from "react";
import { ORDER_MODE_CHANGED_EVENT } from "#app/lib/order-mode/order-mode.ts";
import { useVisitor } from "#app/lib/visitor.tsx";
import { cartSnapshot, ensureCartLoaded, reloadCart, useCartSnapshot } from "./cart-store.ts";

const CartPanel = lazy(() => import("./cart-panel.tsx"));

/**
 * The header's cart button and its badge (storefront.md §2). The page's HTML is the same for
 * everyone (decision 002): the count comes after hydration — from the visitor state first, then
 * from the cart store, which moves at once with every click. The panel's code loads on the
 * first opening.
 */
export function CartButton() {
  const visitor = useVisitor();
  const snapshot = useCartSnapshot();
  const [open, setOpen] = useState(false);
  const [mounted, setMounted] = useState(false);
  const visitorCart = visitor.state?.cart;

  // The cart's lines are needed at once by the cards (in-cart quantities) and the badge. Read
  // from /cart.json, never cached, rather than from the visitor state alone.
  useEffect(() => {
    void ensureCartLoaded();
  }, []);

  // Another module changed the cart (a reorder, a list added): read it again, once per answer.
  const seenVisitorCart = useRef(visitorCart);
  useEffect(() => {
    if (seenVisitorCart.current === visitorCart) return;
    seenVisitorCart.current = visitorCart;
    const { loaded, pending, confirmed } = cartSnapshot();
    if (!loaded || pending > 0 || !visitorCart) return;
    if (visitorCart.totalQuantity !== (confirmed?.totalQuantity ?? 0)) void reloadCart();
  }, [visitorCart]);

  // A new order mode or store changes the delivery fee line.
  useEffect(() => {
    const onModeChange = () => void reloadCart();
    window.addEventListener(ORDER_MODE_CHANGED_EVENT, onModeChange);
    return () => window.removeEventListener(ORDER_MODE_CHANGED_EVENT, onModeChange);
  }, []);

  // Once the store's changes are all confirmed, the shared visitor state follows.
  const settled = useRef(snapshot.settled);
  useEffect(() => {
    if (snapshot.settled !== settled.current) {
      settled.current = snapshot.settled;
      visitor.reload();
    }
  }, [snapshot.settled, visitor]);

  const count = snapshot.loaded
    ? (snapshot.cart?.totalQuantity ?? 0)
    : (visitorCart?.totalQuantity ?? 0);

  return (
    <>
      <button
        type="button"
        className="site-header__cart"
        aria-label={`Panier, ${count} ${count > 1 ? "articles" : "article"}`}
        aria-haspopup="dialog"
        // Busy while changes wait for the server: the count shown is not confirmed yet.
        aria-busy={snapshot.pending > 0 || undefined}
        onClick={() => {
          setMounted(true);
          setOpen(true);
        }}
      >
        <span aria-hidden="true" className="icon icon--bag" />
        <span aria-hidden="true" className="site-header__badge" data-testid="cart-badge">
          {count}
        </span>
      </button>
      {mounted && (
        <Suspense fallback={null}>
          <CartPanel open={open} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
