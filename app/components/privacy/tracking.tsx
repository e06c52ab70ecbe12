import { useEffect, useRef } from "react";
import { useLocation } from "react-router";
import {
  itemListEvent,
  pageViewEvent,
  productHandleOf,
  productViewEvent,
  type TrackableProduct,
  track,
  trackProductClick,
} from "#app/lib/privacy/tracking-events.ts";

/**
 * Pushes a `page_view` with the page-type label (ordering-and-server.md §2) after hydration and
 * on every navigation. Mounted once in the layout.
 */
export function PageViews({ pageType }: { pageType: string | undefined }) {
  const location = useLocation();
  const latestType = useRef(pageType);
  latestType.current = pageType;
  // biome-ignore lint/correctness/useExhaustiveDependencies: once per navigation (location key).
  useEffect(() => {
    track(pageViewEvent(latestType.current, location.pathname));
  }, [location.key]);
  return null;
}

type ListedProduct = TrackableProduct & { handle: string };

/**
 * A list of product cards shown on a page: pushes `view_item_list` once per list, and a
 * 'produit-clic-CTA' event when one of its products' links is clicked (inside `within`, a CSS
 * selector of the list's container, or anywhere on the page).
 */
export function TrackListing({
  list,
  title,
  products,
  within,
}: {
  /** The list's name in the data layer: the page type, 'produits-associes'… */
  list: string;
  /** The list's human title (the category's name…), the event's action. */
  title?: string;
  products: readonly ListedProduct[];
  within?: string;
}) {
  const latest = useRef(products);
  latest.current = products;
  const key = products.map((product) => product.id).join(",");

  // biome-ignore lint/correctness/useExhaustiveDependencies: once per list of products (key).
  useEffect(() => {
    if (latest.current.length > 0) track(itemListEvent(list, latest.current, title));
  }, [key, list, title]);

  useEffect(() => {
    const onClick = (event: MouseEvent) => {
      const target = event.target instanceof Element ? event.target : null;
      const anchor = target?.closest<HTMLAnchorElement>("a[href]");
      if (!anchor) return;
      if (within && !anchor.closest(within)) return;
      const handle = productHandleOf(anchor.getAttribute("href") ?? "");
      if (handle === null) return;
      const index = latest.current.findIndex((product) => product.handle === handle);
      const product = latest.current[index];
      if (product) trackProductClick(product, { index, list });
    };
    document.addEventListener("click", onClick, true);
    return () => document.removeEventListener("click", onClick, true);
  }, [list, within]);

  return null;
}

/** The product page was shown: `view_item`, once per product. */
export function TrackProductView({ product }: { product: TrackableProduct }) {
  const latest = useRef(product);
  latest.current = product;
  // biome-ignore lint/correctness/useExhaustiveDependencies: once per product (id).
  useEffect(() => {
    track(productViewEvent(latest.current));
  }, [product.id]);
  return null;
}
