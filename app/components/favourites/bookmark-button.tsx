import type { FormEvent } from "react";
import { useLocation, useNavigate } from "react-router";
import { productGidOf, signInPath, withBookmarkIntent } from "#app/lib/favourites/bookmarks.ts";
import "./favourites.css";
import { bookmarkStore, rememberPendingBookmark, useBookmarks } from "./use-bookmarks.ts";

/**
 * The heart of a product card or page (storefront.md §4, Bookmark). Its state is known only after
 * hydration, from `/visitor.json` (cached pages show every heart empty). Without JavaScript it is
 * a form: the server toggles the favourite and comes back (or asks a visitor to sign in).
 * With it: a visitor goes to sign-in and the favourite is set on return; a signed-in customer
 * sees the change at once while it is saved, and clicks wait until the save is done.
 */
export function BookmarkButton({
  productId,
  title,
  className = "",
}: {
  productId: string;
  title: string;
  className?: string;
}) {
  const { view, visitor } = useBookmarks();
  const location = useLocation();
  const navigate = useNavigate();
  const gid = productGidOf(productId) ?? productId;
  const bookmarked = view.ids.has(gid);
  const busy = view.busy.has(gid);
  const returnTo = `${location.pathname}${location.search}`;

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    // Until /visitor.json answers the form posts as without JavaScript: the server decides.
    if (!visitor) return;
    event.preventDefault();
    if (!visitor.customer) {
      rememberPendingBookmark(gid);
      navigate(signInPath(withBookmarkIntent(returnTo, gid)));
      return;
    }
    if (busy) return;
    void bookmarkStore.set(gid, !bookmarked);
  }

  return (
    <form
      method="post"
      action="/favoris/"
      className={`bookmark-button ${className}`.trim()}
      onSubmit={onSubmit}
    >
      <input type="hidden" name="productId" value={gid} />
      <input type="hidden" name="redirectTo" value={returnTo} />
      <button
        type="submit"
        className="bookmark-button__heart"
        aria-pressed={bookmarked}
        aria-busy={busy || undefined}
        data-bookmarked={bookmarked ? "true" : "false"}
        title={bookmarked ? "Retirer des favoris" : "Ajouter aux favoris"}
      >
        <span aria-hidden="true" className="icon bookmark-button__icon" />
        <span className="visually-hidden">{`Ajouter « ${title} » aux favoris`}</span>
      </button>
    </form>
  );
}
