import { type FormEvent, lazy, Suspense, useRef, useState } from "react";
import { useLocation, useNavigate } from "react-router";
import { productGidOf, signInPath } from "#app/lib/favourites/bookmarks.ts";
import { LIST_PARAMS } from "#app/lib/shopping-lists/shopping-lists.ts";
import { useVisitor } from "#app/lib/visitor.tsx";

const ListPopover = lazy(() => import("./list-popover.tsx"));

/** The desktop breakpoint of storefront.md §9: a tooltip from there, a modal below. */
const DESKTOP_QUERY = "(min-width: 992px)";

/**
 * 'Ajouter à une liste' on a product card or page (storefront.md §4): a visitor is asked to sign
 * in; a signed-in customer chooses among their lists (or creates one) in a tooltip on desktop
 * and a modal on mobile, both loaded on demand. Without JavaScript (or before the page knows the
 * visitor) it is a form to the account's lists tab with the product to add
 * (`/compte/?s=5&produit=42`), which asks a visitor to sign in first.
 */
export function AddToListButton({
  productId,
  title,
  className = "",
  compact = false,
}: {
  productId: string;
  title: string;
  className?: string;
  /** Only the icon shows (cards); the name stays for assistive technologies. */
  compact?: boolean;
}) {
  const { state } = useVisitor();
  const navigate = useNavigate();
  const location = useLocation();
  const button = useRef<HTMLButtonElement>(null);
  const [mode, setMode] = useState<"tooltip" | "modal" | null>(null);

  const productNumber = /(\d+)$/.exec(productGidOf(productId) ?? "")?.[1] ?? "";

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    // Until /visitor.json answers the form goes to the lists tab as without JavaScript.
    if (!state && !mode) return;
    event.preventDefault();
    if (mode) {
      setMode(null);
      return;
    }
    if (!state?.customer) {
      navigate(signInPath(`${location.pathname}${location.search}`));
      return;
    }
    setMode(window.matchMedia(DESKTOP_QUERY).matches ? "tooltip" : "modal");
  }

  return (
    <div className={`add-to-list ${className}`.trim()}>
      <form method="get" action="/compte/" className="add-to-list__form" onSubmit={onSubmit}>
        <input type="hidden" name="s" value="5" />
        <input type="hidden" name={LIST_PARAMS.product} value={productNumber} />
        <button
          ref={button}
          type="submit"
          className={
            compact ? "add-to-list__button add-to-list__button--compact" : "add-to-list__button"
          }
          aria-haspopup="dialog"
          aria-expanded={mode !== null}
          title={compact ? "Ajouter à une liste" : undefined}
        >
          <span aria-hidden="true" className="icon add-to-list__icon" />
          <span className={compact ? "visually-hidden" : undefined}>
            {compact ? `Ajouter à une liste : ${title}` : "Ajouter à une liste"}
          </span>
        </button>
      </form>
      {mode && (
        <Suspense fallback={null}>
          <ListPopover
            mode={mode}
            productId={productId}
            productTitle={title}
            anchor={button}
            onClose={() => setMode(null)}
          />
        </Suspense>
      )}
    </div>
  );
}
