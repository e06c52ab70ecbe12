import { startTransition, useCallback, useEffect, useState } from "react";
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
  const [watched, setWatched] = useState<HTMLElement | null>(null);
  const watchRef = useCallback((element: HTMLElement | null) => setWatched(element), []);

  useEffect(() => {
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
  }, [all, watched, margin]);

  return { count: all ? total : Math.min(first, total), deferred: !all, watchRef };
}
