import { startTransition, useCallback, useEffect, useRef, useState } from "react";
import { isHydrated } from "./hydration.ts";

/**
 * Long rows of items (a category's 100 cards, a carousel's slides) on a page's first load:
 * the server sends only what the first screen needs plus a buffer as markup to lay out and
 * hydrate, and the rest inside `<noscript>` (the same page without JavaScript; a browser running
 * scripts does not parse it into elements). Once hydrated, the rest is rendered when the row
 * comes within `margin` of the viewport, when the shopper reaches into it (focus, pointer,
 * scroll), or when the browser is next idle, whichever comes first, in a transition so that
 * React renders it in slices that do not block the main thread. A row mounted by a client-side
 * navigation renders everything at once: there is nothing to hydrate then.
 *
 * Decision record 019 weighs this against hydration islands.
 */

type IdleWindow = Window & {
  requestIdleCallback?: (callback: () => void, options?: { timeout: number }) => number;
  cancelIdleCallback?: (handle: number) => void;
};

/**
 * How many of `total` items to render now: `first` on the server and while hydrating, then all.
 * Attach `rowRef` to the element holding the row: its approach, focus, pointer or scroll brings
 * in the rest.
 */
export function useDeferredItems(
  total: number,
  first: number,
  margin = "600px",
): { count: number; deferred: boolean; rowRef: (element: HTMLElement | null) => void } {
  const [all, setAll] = useState(() => isHydrated() || total <= first);
  const row = useRef<HTMLElement | null>(null);
  const rowRef = useCallback((element: HTMLElement | null) => {
    row.current = element;
  }, []);

  useEffect(() => {
    if (all) return;
    const element = row.current;
    const idleWindow = window as IdleWindow;
    let done = false;
    const reveal = () => {
      if (done) return;
      done = true;
      startTransition(() => setAll(true));
    };
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) reveal();
      },
      { rootMargin: `${margin} ${margin}` },
    );
    if (element) observer.observe(element);
    const events = ["focusin", "pointerenter", "scroll", "touchstart"] as const;
    for (const name of events) element?.addEventListener(name, reveal, { passive: true });
    // Idle: after the page's own load work, so the rest never competes with the first screen.
    const idle = idleWindow.requestIdleCallback
      ? idleWindow.requestIdleCallback(reveal, { timeout: 4000 })
      : window.setTimeout(reveal, 1500);
    return () => {
      observer.disconnect();
      for (const name of events) element?.removeEventListener(name, reveal);
      if (idleWindow.cancelIdleCallback) idleWindow.cancelIdleCallback(idle);
      else window.clearTimeout(idle);
    };
  }, [all, margin]);

  return { count: all ? total : Math.min(first, total), deferred: !all, rowRef };
}
