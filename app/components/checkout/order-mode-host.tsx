import { lazy, Suspense, useEffect, useState } from "react";
import { OPEN_ORDER_MODE_EVENT, type OrderModeOptions } from "#app/lib/order-mode/order-mode.ts";

// Loaded only when opened (the slot picker after a slot filled up).
const OrderModeModal = lazy(() => import("#app/components/order-mode/order-mode-modal.tsx"));

/**
 * The order-mode modal's host for the payment page: the header (whose mode button hosts the modal
 * elsewhere) is hidden on /order/paiement/, so this page listens to the same
 * `comptoir:order-mode` event itself. Mount it only where the header is absent, or the modal
 * would open twice.
 */
export function OrderModeHost() {
  const [options, setOptions] = useState<OrderModeOptions | null>(null);
  const [openings, setOpenings] = useState(0);

  useEffect(() => {
    const open = (event: Event) => {
      setOptions((event as CustomEvent<OrderModeOptions | undefined>).detail ?? {});
      setOpenings((n) => n + 1);
    };
    window.addEventListener(OPEN_ORDER_MODE_EVENT, open);
    return () => window.removeEventListener(OPEN_ORDER_MODE_EVENT, open);
  }, []);

  if (!options) return null;
  return (
    <Suspense fallback={null}>
      <OrderModeModal key={openings} options={options} onClose={() => setOptions(null)} />
    </Suspense>
  );
}
