import { type KeyboardEvent, lazy, Suspense, useRef } from "react";
import { Form } from "react-router";

// Loaded on the first keystroke: the product page's first load does not carry the overlay.
const SearchOverlay = lazy(() => import("#app/components/layout/search-overlay.tsx"));

type Props = {
  /** The query typed; owned by the header so a route change can clear it. */
  query: string;
  onQueryChange: (query: string) => void;
};

/**
 * The header's search: a GET form to `/search/` (works before hydration) and, with JavaScript,
 * the predictive overlay under it while a query is typed. Escape or the close button clears the
 * query and its results (storefront.md §4) and keeps the focus in the field.
 */
export function SearchBar({ query, onQueryChange }: Props) {
  // A ref, not state: state set as React attaches the field would render the bar again, at once.
  const input = useRef<HTMLInputElement | null>(null);
  const close = () => {
    onQueryChange("");
    input.current?.focus();
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === "Escape" && query !== "") {
      event.preventDefault();
      close();
    }
  };
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: Escape from the field or a suggestion.
    <div className="search-bar" onKeyDown={onKeyDown}>
      <Form method="get" action="/search/" role="search" className="search-bar__form">
        <label htmlFor="recherche-site" className="visually-hidden">
          Rechercher sur le Comptoir
        </label>
        <input
          ref={input}
          id="recherche-site"
          type="search"
          name="q"
          value={query}
          onChange={(event) => onQueryChange(event.target.value)}
          placeholder="Un produit, une marque, un artisan…"
          autoComplete="off"
          enterKeyHint="search"
          aria-controls={query !== "" ? "suggestions-recherche" : undefined}
          className="search-bar__input"
        />
        <button type="submit" className="search-bar__submit" aria-label="Lancer la recherche">
          <span aria-hidden="true" className="icon icon--search" />
        </button>
      </Form>
      {query !== "" && (
        <Suspense fallback={null}>
          <SearchOverlay query={query} onClose={close} />
        </Suspense>
      )}
    </div>
  );
}
