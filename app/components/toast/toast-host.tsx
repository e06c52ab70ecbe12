import { useEffect, useSyncExternalStore } from "react";
import { currentToasts, subscribeToasts, TOAST_DURATION, type Toast, toast } from "./toast.ts";
import "./toast.css";

const EMPTY: readonly Toast[] = [];

/**
 * Renders the toasts raised with `toast.*` (./toast.ts), top centre. Mounted once in the root
 * layout. Messages are announced politely (errors assertively) by screen readers.
 */
export function ToastHost() {
  const toasts = useSyncExternalStore(subscribeToasts, currentToasts, () => EMPTY);
  return (
    <div className="toast-host">
      <ol className="toast-host__list" aria-live="polite" aria-relevant="additions">
        {toasts.map((item) => (
          <ToastItem key={item.id} item={item} />
        ))}
      </ol>
    </div>
  );
}

function ToastItem({ item }: { item: Toast }) {
  useEffect(() => {
    const timer = window.setTimeout(() => toast.dismiss(item.id), TOAST_DURATION[item.kind]);
    return () => window.clearTimeout(timer);
  }, [item.id, item.kind]);
  return (
    <li
      className={`toast toast--${item.kind}`}
      role={item.kind === "error" ? "alert" : "status"}
      data-toast-kind={item.kind}
    >
      <span className="toast__message">{item.message}</span>
      <button type="button" className="toast__close" onClick={() => toast.dismiss(item.id)}>
        <span aria-hidden="true">×</span>
        <span className="visually-hidden">Fermer le message</span>
      </button>
    </li>
  );
}
