import { type ReactNode, useEffect, useRef, useState } from "react";
import { Link, useFetcher } from "react-router";
import { ProductCard } from "#app/components/product/product-card.tsx";
import { PUSH_BLOCK_SLOTS } from "#app/lib/catalogue/listing.ts";
import type { ProductCardData } from "#app/lib/catalogue/product.ts";
import { useDeferredItems } from "../layout/use-deferred-items.ts";

/** Cards laid out and hydrated on a first load: three rows of four, six rows on a phone. */
const FIRST_SCREEN_CARDS = 12;

/** One page of a listing as every listing loader returns it, under `listing`. */
export type ListingData = {
  products: ProductCardData[];
  /** The same listing from the next cursor on, or null on the last page. */
  nextHref: string | null;
};

/**
 * A listing's grid with 'Voir plus': a plain link to the next page without JavaScript; with it,
 * the next page is fetched and appended (storefront.md §4, "Load more appends"). Give the grid a
 * `key` per listing (path and filters) so a new listing starts afresh. On a page's first load,
 * the cards past the first screen follow as the shopper scrolls towards them (useDeferredItems).
 */
export function ProductGrid({
  listing,
  label,
  push,
}: {
  listing: ListingData;
  /** Accessible name of the list, e.g. the category's title. */
  label: string;
  /** A merchandising block shown first, over two cells. */
  push?: ReactNode;
}) {
  const fetcher = useFetcher<{ listing: ListingData }>();
  const [extra, setExtra] = useState<ProductCardData[]>([]);
  const [nextHref, setNextHref] = useState(listing.nextHref);
  const [firstNewIndex, setFirstNewIndex] = useState(-1);
  const appended = useRef<unknown>(null);
  const firstNew = useRef<HTMLLIElement>(null);

  useEffect(() => {
    const data = fetcher.data;
    if (fetcher.state !== "idle" || !data || appended.current === data) return;
    appended.current = data;
    setFirstNewIndex(listing.products.length + extra.length);
    setExtra([...extra, ...data.listing.products]);
    setNextHref(data.listing.nextHref);
  }, [fetcher.state, fetcher.data, listing.products.length, extra]);

  // Keyboard and screen-reader users land on the first appended product.
  useEffect(() => {
    if (firstNewIndex >= 0) firstNew.current?.querySelector("a")?.focus({ preventScroll: true });
  }, [firstNewIndex]);

  const products = [...listing.products, ...extra];
  const loading = fetcher.state !== "idle";
  const shown = useDeferredItems(
    listing.products.length,
    push ? FIRST_SCREEN_CARDS - PUSH_BLOCK_SLOTS : FIRST_SCREEN_CARDS,
  );
  const visible = shown.deferred ? products.slice(0, shown.count) : products;
  return (
    <div className="product-grid">
      <ul className="product-grid__list" aria-label={label}>
        {push && <li className="product-grid__push">{push}</li>}
        {visible.map((product, index) => (
          <li
            key={product.id}
            className="product-grid__item"
            ref={
              // The first screen's last card: the rest comes in as it nears the viewport.
              shown.deferred && index === visible.length - 1
                ? shown.watchRef
                : index === firstNewIndex
                  ? firstNew
                  : undefined
            }
          >
            <ProductCard product={product} priority={index < 2} />
          </li>
        ))}
      </ul>
      {shown.deferred && (
        <noscript>
          <ul className="product-grid__list product-grid__list--rest" aria-label={label}>
            {products.slice(shown.count).map((product) => (
              <li key={product.id} className="product-grid__item">
                <ProductCard product={product} />
              </li>
            ))}
          </ul>
        </noscript>
      )}
      <p className="visually-hidden" aria-live="polite">
        {extra.length > 0 ? `${products.length} produits affichés` : ""}
      </p>
      {nextHref && (
        <p className="product-grid__more">
          <Link
            to={nextHref}
            className="button button--outline"
            aria-busy={loading}
            preventScrollReset
            onClick={(event) => {
              event.preventDefault();
              if (!loading) fetcher.load(nextHref);
            }}
          >
            {loading ? "Chargement…" : "Voir plus"}
          </Link>
        </p>
      )}
    </div>
  );
}
