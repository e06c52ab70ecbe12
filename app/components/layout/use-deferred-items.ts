import { startTransition, useCallback, useEffect, useRef, useState } from "react";
import { isHydrated } from "./hydration.ts";

/**
 * Long rows of items (a category's 100 cards, a carousel's slides) on a page's first load:
 * the server sends only what the first screen needs plus a buffer as markup to lay out and
 * hydrate, and the rest inside `<noscript>` (the same page without JavaScript; a browser running
 * scripts does not parse it into elements). Once hydrated, the rest is rendered when the
 * element given to `watchRef` comes within `margin` of the viewport, or when the shopper reaches
 * into it (focus, pointer, scroll, touch), in a transition so that React renders it in slices
 * that do not block the main thread. A row mounted by a client-side navigation renders
 * everything at once: there is nothing to hydrate then.
 *
 * Nothing is rendered while the page is left alone: client rendering costs a phone more than
 * hydrating the same markup would have (decision 019).
 */
export function useDeferredItems(
  total: number,
  first: number,
  margin = "600px",
): { count: number; deferred: boolean; watchRef: (element: HTMLElement | null) => void } {
  const [all, setAll] = useState(() => isHydrated() || total <= first);
  // The watched element is kept in a ref: state set while React attaches refs renders the row
  // again at once, synchronously, which right after hydration blocks the main thread. A later
  // element (the row's items changed) sets state so that the effect watches it instead.
  const watchedRef = useRef<HTMLElement | null>(null);
  const committed = useRef(false);
  const [watchedElements, setWatchedElements] = useState(0);
  const watchRef = useCallback((element: HTMLElement | null) => {
    if (element === watchedRef.current) return;
    watchedRef.current = element;
    if (element && committed.current) setWatchedElements((count) => count + 1);
  }, []);
  useEffect(() => {
    committed.current = true;
  }, []);

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new watched element counts in `watchedElements`
  useEffect(() => {
    const watched = watchedRef.current;
    if (all || !watched) return;
    let revealed = false;
    const reveal = () => {
      if (revealed) return;
      revealed = true;
      startTransition(() => setAll(true));
    };
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) reveal();
      },
      { rootMargin: `${margin} ${margin}` },
    );
    observer.observe(watched);
    const events = ["focusin", "pointerenter", "scroll", "touchstart"] as const;
    for (const name of events) watched.addEventListener(name, reveal, { passive: true });
    return () => {
      observer.disconnect();
      for (const name of events) watched.removeEventListener(name, reveal);
    };
  }, [all, margin, watchedElements]);

  return { count: all ? total : Math.min(first, total), deferred: !all, watchRef };
}
