import { type RefObject, useEffect, useId, useRef } from "react";
import { useLocation } from "react-router";
import ListChooser from "./list-chooser.tsx";
import "./shopping-lists.css";

/**
 * Where the list chooser opens (storefront.md §4, "tooltip desktop, modal mobile"): from 992 px
 * a tooltip under the button (Escape or a click elsewhere closes it), below as a modal dialog.
 * Focus moves inside on opening and back to the button on closing.
 */
export default function ListPopover({
  mode,
  productId,
  productTitle,
  anchor,
  onClose,
}: {
  mode: "tooltip" | "modal";
  productId: string;
  productTitle: string;
  anchor: RefObject<HTMLElement | null>;
  onClose: () => void;
}) {
  const headingId = useId();
  const location = useLocation();
  const box = useRef<HTMLDivElement>(null);
  const dialog = useRef<HTMLDialogElement>(null);
  const close = useRef(onClose);
  close.current = onClose;

  useEffect(() => {
    const opener = anchor.current;
    if (mode === "modal") {
      dialog.current?.showModal();
    } else {
      box.current?.focus();
    }
    return () => opener?.focus();
  }, [mode, anchor]);

  useEffect(() => {
    if (mode !== "tooltip") return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === "Escape") close.current();
    };
    const onPointer = (event: PointerEvent) => {
      const target = event.target as Node;
      if (!box.current?.contains(target) && !anchor.current?.contains(target)) close.current();
    };
    document.addEventListener("keydown", onKey);
    document.addEventListener("pointerdown", onPointer);
    return () => {
      document.removeEventListener("keydown", onKey);
      document.removeEventListener("pointerdown", onPointer);
    };
  }, [mode, anchor]);

  const chooser = (
    <ListChooser
      productId={productId}
      productTitle={productTitle}
      headingId={headingId}
      redirectTo={`${location.pathname}${location.search}`}
    />
  );

  if (mode === "modal") {
    return (
      // biome-ignore lint/a11y/useKeyWithClickEvents: a backdrop click closes; Escape (native) too.
      <dialog
        ref={dialog}
        className="list-modal"
        aria-labelledby={headingId}
        onClose={() => close.current()}
        onClick={(event) => {
          if (event.target === event.currentTarget) event.currentTarget.close();
        }}
      >
        <div className="list-modal__box">
          <button
            type="button"
            className="list-modal__close"
            onClick={() => dialog.current?.close()}
          >
            <span aria-hidden="true">×</span>
            <span className="visually-hidden">Fermer</span>
          </button>
          {chooser}
        </div>
      </dialog>
    );
  }
  return (
    <div ref={box} className="list-tooltip" role="dialog" aria-labelledby={headingId} tabIndex={-1}>
      {chooser}
    </div>
  );
}
