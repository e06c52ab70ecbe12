import { useEffect, useMemo, useState } from "react";
import { Link } from "react-router";
import { formatCents } from "#app/lib/format.ts";
import {
  debounce,
  predictiveTerm,
  SEARCH_DEBOUNCE_MS,
  searchPageHref,
} from "#app/lib/layout/site-layout.ts";
import { linkTo } from "#app/lib/links.ts";
import { searchEvent, track } from "#app/lib/privacy/tracking-events.ts";
import type { ProductSuggestion, Suggestions } from "#app/lib/search/suggestions.ts";
import type { CategoryPaths } from "#app/routes/catalogue/category-paths.ts";

type Results = Suggestions;

const SECTIONS = [
  { key: "products", title: "Produits", type: "product" },
  { key: "collections", title: "Catégories", type: "category" },
  { key: "marques", title: "Marques", type: "brand" },
  { key: "artisans", title: "Artisans", type: "artisan" },
] as const;

/**
 * The predictive search overlay (storefront.md §2, §9): asks `/search/suggestions.json` 300 ms
 * after the last keystroke and nothing under 3 characters, then lists products (thumbnail, price,
 * price per unit), categories, brands and artisans with 'Voir tous les produits', or 'Aucun
 * résultat'. Answers to an older term are dropped so a slow reply never replaces a newer one.
 */
export default function SearchOverlay({ query, onClose }: { query: string; onClose: () => void }) {
  const [answer, setAnswer] = useState<{ term: string; results: Results } | null>(null);
  const categoryPaths = useCategoryPaths();
  const term = predictiveTerm(query);

  const search = useMemo(
    () =>
      debounce((wanted: string, signal: AbortSignal) => {
        fetch(`/search/suggestions.json?${new URLSearchParams({ q: wanted })}`, {
          signal,
          headers: { accept: "application/json" },
        })
          .then((response) => (response.ok ? (response.json() as Promise<Results>) : null))
          .then((results) => {
            if (!results) return;
            setAnswer({ term: wanted, results });
            track(
              searchEvent(
                wanted,
                SECTIONS.reduce((n, { key }) => n + results[key].length, 0),
              ),
            );
          })
          .catch(() => {
            // Aborted by a newer term, or offline: the form still leads to the results page.
          });
      }, SEARCH_DEBOUNCE_MS),
    [],
  );

  useEffect(() => {
    if (term === null) return;
    const controller = new AbortController();
    search.call(term, controller.signal);
    return () => {
      search.cancel();
      controller.abort();
    };
  }, [term, search]);

  const results = answer !== null && answer.term === term ? answer.results : null;
  const empty = results !== null && SECTIONS.every(({ key }) => results[key].length === 0);

  return (
    <section
      id="suggestions-recherche"
      className="search-overlay"
      aria-label="Suggestions de recherche"
      aria-busy={term !== null && results === null}
    >
      <button type="button" className="search-overlay__close" onClick={onClose}>
        Fermer la recherche
      </button>
      <div aria-live="polite">
        {empty && <p className="search-overlay__empty">Aucun résultat</p>}
        {results !== null && !empty && (
          <div className="search-overlay__sections">
            {SECTIONS.map(({ key, title, type }) =>
              results[key].length === 0 ? null : (
                <div key={key} className="search-overlay__section">
                  <h2 className="search-overlay__title">{title}</h2>
                  {key === "products" ? (
                    <ul className="search-overlay__products">
                      {results.products.map((product) => (
                        <li key={product.id}>
                          <ProductSuggestionLink product={product} />
                        </li>
                      ))}
                    </ul>
                  ) : (
                    <ul>
                      {results[key].map((hit) => (
                        <li key={hit.id}>
                          <Link to={hrefOf(type, hit.handle, categoryPaths)}>{hit.title}</Link>
                        </li>
                      ))}
                    </ul>
                  )}
                </div>
              ),
            )}
          </div>
        )}
        {results !== null && !empty && (
          <Link to={searchPageHref(query)} className="search-overlay__all">
            Voir tous les produits
          </Link>
        )}
      </div>
    </section>
  );
}

/** A product suggestion: its thumbnail (lazy, 48 px wide), title, price and price per unit. */
function ProductSuggestionLink({ product }: { product: ProductSuggestion }) {
  const { image } = product;
  return (
    <Link to={hrefOf("product", product.handle, null)} className="search-suggestion">
      {image ? (
        <img
          className="search-suggestion__image"
          src={image.src}
          srcSet={image.srcSet}
          sizes={`${image.width}px`}
          width={image.width}
          height={image.height}
          alt=""
          loading="lazy"
          decoding="async"
        />
      ) : (
        <span className="search-suggestion__image" aria-hidden="true" />
      )}
      <span className="search-suggestion__title">{product.title}</span>
      <span className="search-suggestion__price">
        <span className="visually-hidden">Prix : </span>
        {formatCents(product.price)}
      </span>
      {product.unitLabel && <span className="search-suggestion__unit">{product.unitLabel}</span>}
    </Link>
  );
}

/**
 * A suggestion's link. Categories come from the index as bare handles: a sub-category's page is
 * /c/{parent}/{sub}/, so its path comes from the category tree (GET /categories.json).
 */
export function hrefOf(
  type: (typeof SECTIONS)[number]["type"],
  handle: string,
  categoryPaths: Readonly<Record<string, string>> | null,
): string {
  if (type === "category" && categoryPaths && Object.hasOwn(categoryPaths, handle)) {
    return categoryPaths[handle] ?? linkTo({ type, slug: handle });
  }
  return linkTo({ type, slug: handle });
}

/** The category paths, loaded once per page when the overlay first opens. */
let categoryPathsRequest: Promise<Record<string, string> | null> | null = null;

function useCategoryPaths(): Record<string, string> | null {
  const [paths, setPaths] = useState<Record<string, string> | null>(null);
  useEffect(() => {
    let current = true;
    categoryPathsRequest ??= fetch("/categories.json", { headers: { accept: "application/json" } })
      .then((response) => (response.ok ? (response.json() as Promise<CategoryPaths>) : null))
      .then((body) => body?.paths ?? null)
      .catch(() => null);
    const request = categoryPathsRequest;
    void request.then((loaded) => {
      if (loaded === null && categoryPathsRequest === request) categoryPathsRequest = null;
      if (current) setPaths(loaded);
    });
    return () => {
      current = false;
    };
  }, []);
  return paths;
}
