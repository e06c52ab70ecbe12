import { lazy, Suspense, useRef, useState } from "react";
import { useLocation, useNavigate } from "react-router";
import { signInPath } from "#app/lib/bookmarks.ts";
import { useVisitor } from "#app/lib/visitor.tsx";

const ListPopover = lazy(() => import("./list-popover.tsx"));

/** The desktop breakpoint of storefront.md §9: a tooltip from there, a modal below. */
const DESKTOP_QUERY = "(min-width: 992px)";

/**
 * 'Ajouter à une liste' on a product card or page (storefront.md §4): a visitor is asked to sign
 * in; a signed-in customer chooses among their lists (or creates one) in a tooltip on desktop
 * and a modal on mobile, both loaded on demand.
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

  function onClick() {
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
      <button
        ref={button}
        type="button"
        className={
          compact ? "add-to-list__button add-to-list__button--compact" : "add-to-list__button"
        }
        aria-haspopup="dialog"
        aria-expanded={mode !== null}
        onClick={onClick}
        title={compact ? "Ajouter à une liste" : undefined}
      >
        <span aria-hidden="true" className="icon add-to-list__icon" />
        <span className={compact ? "visually-hidden" : undefined}>
          Ajouter à une liste
          {compact && <> : {title}</>}
        </span>
      </button>
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
