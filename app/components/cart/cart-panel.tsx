import { useEffect, useRef } from "react";
import { useLocation } from "react-router";
import { SidePanel } from "#app/components/panel/side-panel.tsx";
import { CartContents } from "./cart-contents.tsx";
import { reloadCart, useCartSnapshot } from "./cart-store.ts";

/**
 * The cart side panel (storefront.md §2), loaded on its first opening (React.lazy in
 * cart-button.tsx): the cart is read again as it opens (the mode, hence the delivery fee, may
 * have changed), and a navigation from a link inside closes it.
 */
export default function CartPanel({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { cart, delivery, loaded } = useCartSnapshot();
  const location = useLocation();

  useEffect(() => {
    if (open) void reloadCart();
  }, [open]);

  const path = useRef(location.pathname);
  useEffect(() => {
    if (location.pathname === path.current) return;
    path.current = location.pathname;
    onClose();
  }, [location.pathname, onClose]);

  return (
    <SidePanel type="cart" title="Mon panier" open={open} onClose={onClose}>
      {loaded ? (
        <CartContents cart={cart} delivery={delivery} headingLevel={3} />
      ) : (
        <p role="status">Chargement du panier…</p>
      )}
    </SidePanel>
  );
}
