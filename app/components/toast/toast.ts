/**
 * The shop's toasts (storefront.md §2): short messages shown at the top centre of the page.
 * A tiny store outside React so any code — a fetcher callback, an event handler, a plain module —
 * can raise one with `toast.success(message)` or `toast.error(message?)`; the one `<ToastHost />`
 * mounted in the root layout renders them.
 */

export type ToastKind = "success" | "error" | "info";

export type Toast = { id: number; kind: ToastKind; message: string };

/** The spec's default error text (storefront.md §2). */
export const DEFAULT_ERROR_MESSAGE = "Oops...Something went wrong";

/** How long a toast stays, in milliseconds; errors stay a little longer. */
export const TOAST_DURATION = { success: 4000, info: 4000, error: 6000 } as const;

/** At most this many toasts at once: the oldest goes first. */
const MAX_TOASTS = 3;

type Listener = (toasts: readonly Toast[]) => void;

let toasts: readonly Toast[] = [];
let nextId = 1;
const listeners = new Set<Listener>();

function emit() {
  for (const listener of listeners) listener(toasts);
}

/** Shows a toast and returns its id (for `toast.dismiss`). */
function show(kind: ToastKind, message: string): number {
  const id = nextId++;
  // The same message twice in a row (a double click) is shown once.
  toasts = [
    ...toasts.filter((t) => !(t.kind === kind && t.message === message)),
    { id, kind, message },
  ];
  if (toasts.length > MAX_TOASTS) toasts = toasts.slice(-MAX_TOASTS);
  emit();
  return id;
}

function dismiss(id: number) {
  const before = toasts.length;
  toasts = toasts.filter((t) => t.id !== id);
  if (toasts.length !== before) emit();
}

export const toast = {
  success: (message: string) => show("success", message),
  info: (message: string) => show("info", message),
  /** An error; without a message, the spec's default text. */
  error: (message?: string | null) => show("error", message || DEFAULT_ERROR_MESSAGE),
  dismiss,
  /** Removes every toast (tests, page changes that make them stale). */
  clear() {
    toasts = [];
    emit();
  },
};

/** Subscribes to the toast list; returns the unsubscribe function. */
export function subscribeToasts(listener: Listener): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

export function currentToasts(): readonly Toast[] {
  return toasts;
}
