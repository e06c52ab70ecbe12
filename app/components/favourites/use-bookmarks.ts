import { useEffect, useSyncExternalStore } from "react";
import { useLocation, useNavigate } from "react-router";
import { toast } from "#app/components/toast/toast.ts";
import {
  BOOKMARK_INTENT_PARAM,
  bookmarkIntentOf,
  productGidOf,
} from "#app/lib/favourites/bookmarks.ts";
import { useVisitor, type VisitorState } from "#app/lib/visitor.tsx";
import { BookmarkStore, type BookmarkView } from "./bookmark-store.ts";

/** The page's one favourites store (browser only: on the server it stays empty). */
export const bookmarkStore = new BookmarkStore({
  onError: () => toast.error("Vos favoris n'ont pas pu être enregistrés, veuillez réessayer."),
});

/** Where a visitor's favourite waits while they sign in, besides the return URL. */
export const PENDING_BOOKMARK_KEY = "comptoir.pendingBookmark";

/**
 * The signed-in customer's favourites, known after hydration only (pages may come from the shared
 * cache): `visitor` is undefined until `/visitor.json` answered, `visitor.customer` null for a
 * visitor.
 */
export function useBookmarks(): { view: BookmarkView; visitor: VisitorState | undefined } {
  const { state } = useVisitor();
  useEffect(() => {
    if (state) bookmarkStore.sync(state.customer?.id ?? null, state.bookmarks ?? null);
  }, [state]);
  const view = useSyncExternalStore(
    bookmarkStore.subscribe,
    bookmarkStore.getView,
    bookmarkStore.getView,
  );
  return { view, visitor: state };
}

/** Remembers, for after sign-in, the favourite a visitor asked for. */
export function rememberPendingBookmark(productId: string) {
  try {
    window.sessionStorage.setItem(PENDING_BOOKMARK_KEY, productId);
  } catch {
    // Private browsing without storage: the return URL still carries it.
  }
}

function takeStoredPendingBookmark(): string | undefined {
  try {
    const value = window.sessionStorage.getItem(PENDING_BOOKMARK_KEY);
    window.sessionStorage.removeItem(PENDING_BOOKMARK_KEY);
    return productGidOf(value ?? undefined);
  } catch {
    return undefined;
  }
}

const applied = new Set<string>();

/**
 * Completes, once the customer is signed in, the favourite they asked for as a visitor (the
 * `?bookmark=` of the return URL, or the one kept in session storage): mounted once per page, by
 * the header's favourites link.
 */
export function usePendingBookmark() {
  const { state } = useVisitor();
  const location = useLocation();
  const navigate = useNavigate();
  useEffect(() => {
    if (!state?.customer) return;
    const fromUrl = bookmarkIntentOf(location.search);
    const stored = takeStoredPendingBookmark();
    if (fromUrl) {
      const params = new URLSearchParams(location.search);
      params.delete(BOOKMARK_INTENT_PARAM);
      const search = params.toString();
      navigate(`${location.pathname}${search ? `?${search}` : ""}${location.hash}`, {
        replace: true,
        preventScrollReset: true,
      });
    }
    const intent = fromUrl ?? stored;
    if (!intent || applied.has(intent)) return;
    applied.add(intent);
    bookmarkStore.sync(state.customer.id, state.bookmarks ?? null);
    void bookmarkStore.set(intent, true).then(() => {
      if (bookmarkStore.isBookmarked(intent))
        toast.success("Le produit a été ajouté à vos favoris.");
    });
  }, [state, location.search, location.pathname, location.hash, navigate]);
}
