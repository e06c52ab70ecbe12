import { lazy, Suspense, useEffect, useRef, useState } from "react";
import { restoreSlotOnStart } from "#app/components/order-mode/restore.ts";
import { modeLabel, NO_MODE_LABEL } from "#app/lib/layout/site-layout.ts";
import {
  OPEN_ORDER_MODE_EVENT,
  ORDER_MODE_CHANGED_EVENT,
  type OrderModeOptions,
  readOrderModeFromDocument,
} from "#app/lib/order-mode/order-mode.ts";

/** The query parameter that opens the modal on load (platform/commerce/checkout/http.ts). */
const CHANGE_MODE_PARAM = "modifier-mode";

// The modal is not needed for the first paint: it loads when first opened.
const OrderModeModal = lazy(() => import("#app/components/order-mode/order-mode-modal.tsx"));

/**
 * The header's delivery-mode button (storefront.md §2) and the host of the order-mode modal
 * (ordering-and-server.md §2): opens it on click and on the `comptoir:order-mode` window event
 * (whose `detail` carries the modal's options), shows the visitor's mode once hydrated (the
 * server renders the same label for everyone), and runs the slot restore once per page load.
 */
export function OrderModeButton() {
  const [label, setLabel] = useState(NO_MODE_LABEL);
  const [options, setOptions] = useState<OrderModeOptions | null>(null);
  // Each opening mounts a fresh modal, even with the same options.
  const [openings, setOpenings] = useState(0);
  const button = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    const refresh = () => setLabel(modeLabel(String(readOrderModeFromDocument().mode)));
    const open = (event: Event) => {
      setOptions((event as CustomEvent<OrderModeOptions | undefined>).detail ?? {});
      setOpenings((n) => n + 1);
    };
    refresh();
    window.addEventListener(ORDER_MODE_CHANGED_EVENT, refresh);
    window.addEventListener(OPEN_ORDER_MODE_EVENT, open);
    // Errors are swallowed: a failed restore leaves the stored slot as it was (spec §8).
    restoreSlotOnStart().catch(() => undefined);
    // The hosted checkout's « Modifier » link (`?modifier-mode=1`) opens the modal to change the
    // mode, store or slot; the parameter is dropped so a reload does not open it again.
    const url = new URL(window.location.href);
    if (url.searchParams.get(CHANGE_MODE_PARAM) === "1") {
      url.searchParams.delete(CHANGE_MODE_PARAM);
      window.history.replaceState(window.history.state, "", url.pathname + url.search + url.hash);
      const { mode } = readOrderModeFromDocument();
      setOptions(mode === 0 ? {} : { modeChange: true });
      setOpenings((n) => n + 1);
    }
    return () => {
      window.removeEventListener(ORDER_MODE_CHANGED_EVENT, refresh);
      window.removeEventListener(OPEN_ORDER_MODE_EVENT, open);
    };
  }, []);

  return (
    <>
      <button
        ref={button}
        type="button"
        className="site-header__mode"
        aria-haspopup="dialog"
        onClick={() => {
          const { mode } = readOrderModeFromDocument();
          setOptions(mode === 0 ? {} : { modeChange: true });
          setOpenings((n) => n + 1);
        }}
      >
        <span className="site-header__mode-caption">Mode :</span> {label}
      </button>
      {options && (
        <Suspense fallback={null}>
          <OrderModeModal key={openings} options={options} onClose={() => setOptions(null)} />
        </Suspense>
      )}
    </>
  );
}
