import { lazy, type MouseEvent, Suspense, useState } from "react";
import { Link } from "react-router";
import { useVisitor } from "#app/lib/visitor.tsx";
import { usePendingBookmark } from "./use-bookmarks.ts";
import "./favourites.css";

const BookmarkPanel = lazy(() => import("./bookmark-panel.tsx"));

/**
 * The header's favourites heart: for a signed-in customer it opens the bookmark side panel; for
 * a visitor (or without JavaScript) it leads to the favourites tab, i.e. to sign-in. It also
 * completes the favourite a visitor asked for before signing in, on whatever page they land.
 */
export function FavouritesLink({ className }: { className: string }) {
  const { state } = useVisitor();
  const [open, setOpen] = useState(false);
  usePendingBookmark();

  function onClick(event: MouseEvent<HTMLAnchorElement>) {
    if (!state?.customer || event.metaKey || event.ctrlKey || event.shiftKey) return;
    event.preventDefault();
    setOpen(true);
  }

  return (
    <>
      <Link
        to="/compte/?s=4"
        className={className}
        aria-label="Mes favoris"
        aria-haspopup={state?.customer ? "dialog" : undefined}
        onClick={onClick}
      >
        <span aria-hidden="true" className="icon icon--heart" />
      </Link>
      {open && (
        <Suspense fallback={null}>
          <BookmarkPanel onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
