import { type ReactNode, useEffect, useId, useRef } from "react";
import "./side-panel.css";

/** The side panels of storefront.md §2: the cart, and the reorder, bookmark and shopping_list ones. */
export type SidePanelType = "cart" | "reorder" | "bookmark" | "shopping_list";

/**
 * A panel sliding in from the right, as a native modal dialog: the page behind is inert (focus
 * stays inside), Escape and the close button close it, and focus returns to what opened it.
 * `onClose` runs however it closes; the parent then stops rendering it (or sets `open` false).
 */
export function SidePanel({
  type,
  title,
  open,
  onClose,
  children,
  footer,
}: {
  type: SidePanelType;
  title: string;
  open: boolean;
  onClose: () => void;
  children: ReactNode;
  footer?: ReactNode;
}) {
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (open && !element.open) {
      const opener = document.activeElement as HTMLElement | null;
      element.showModal();
      return () => opener?.focus?.();
    }
    if (!open && element.open) element.close();
  }, [open]);

  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: the backdrop click mirrors Escape, which the native dialog handles.
    <dialog
      ref={dialog}
      className={`side-panel side-panel--${type}`}
      aria-labelledby={titleId}
      data-panel-type={type}
      onClose={onClose}
      onClick={(event) => {
        // A click on the backdrop (the dialog element itself, outside its box) closes the panel.
        if (event.target === event.currentTarget) event.currentTarget.close();
      }}
    >
      <div className="side-panel__box">
        <header className="side-panel__header">
          <h2 id={titleId} className="side-panel__title">
            {title}
          </h2>
          <button
            type="button"
            className="side-panel__close"
            onClick={() => dialog.current?.close()}
          >
            <span aria-hidden="true">×</span>
            <span className="visually-hidden">Fermer</span>
          </button>
        </header>
        <div className="side-panel__body">{children}</div>
        {footer && <footer className="side-panel__footer">{footer}</footer>}
      </div>
    </dialog>
  );
}
