import { useEffect, useRef, useSyncExternalStore } from "react";
import { useFetchers, useNavigation } from "react-router";
import type { VisitorState } from "#app/routes/visitor-data.ts";

export type { VisitorState };

/** The URL of the per-visitor state (app/routes/visitor-data.ts). */
export const VISITOR_URL = "/visitor.json";

// One state for the whole page, outside React: every component reads the same answer.
let current: VisitorState | undefined;
let inflight: Promise<void> | null = null;
let again = false;
const listeners = new Set<() => void>();

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * Fetches the visitor's state with a plain request — not a React Router fetcher, whose `.data`
 * request would lose the route's `Cache-Control: private` (decision 002). Calls made while one is
 * under way are folded into a single follow-up, so the last answer reflects the last change.
 */
function load(): Promise<void> {
  if (inflight) {
    again = true;
    return inflight;
  }
  inflight = (async () => {
    try {
      const response = await fetch(VISITOR_URL, {
        credentials: "same-origin",
        cache: "no-store",
        headers: { accept: "application/json" },
      });
      if (response.ok) {
        current = (await response.json()) as VisitorState;
        for (const listener of listeners) listener();
      }
    } catch {
      // Offline or interrupted: the page keeps its visitor-less rendering until the next load.
    } finally {
      inflight = null;
      if (again) {
        again = false;
        void load();
      }
    }
  })();
  return inflight;
}

/**
 * The visitor's own state — signed-in customer, cart size, favourites. Pages are rendered the same
 * for everyone (they may come from the shared page cache), so this is undefined on the server and
 * until the first load answers. It is reloaded after every form submission; `reload()` asks for it
 * explicitly.
 */
export function useVisitor(): { state: VisitorState | undefined; reload: () => void } {
  const state = useSyncExternalStore(
    subscribe,
    () => current,
    () => undefined,
  );
  return { state, reload: () => void load() };
}

const isSubmission = (method: string | undefined) =>
  method !== undefined && method.toUpperCase() !== "GET";

/**
 * Mounted once in the root layout: loads the visitor's state after hydration, and again when a
 * submission (a navigation's or a fetcher's: add to cart, sign-in, sign-out…) has finished.
 */
export function VisitorLoader() {
  const navigation = useNavigation();
  const fetchers = useFetchers();
  const submitting =
    (navigation.state !== "idle" && isSubmission(navigation.formMethod)) ||
    fetchers.some((fetcher) => fetcher.state !== "idle" && isSubmission(fetcher.formMethod));
  const wasSubmitting = useRef(false);

  useEffect(() => {
    void load();
  }, []);

  useEffect(() => {
    if (wasSubmitting.current && !submitting) void load();
    wasSubmitting.current = submitting;
  }, [submitting]);

  return null;
}
