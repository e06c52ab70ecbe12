import { lazy, Suspense, useEffect, useState } from "react";
import { TrackListing } from "#app/components/privacy/tracking.tsx";
import { cookieFrom } from "#app/lib/consent.ts";
import type { ProductCardData } from "#app/lib/product.ts";
import {
  parseViewedProducts,
  recentlyViewedHref,
  VIEWED_PRODUCTS_COOKIE,
  viewedProductsCookie,
  withViewedProduct,
} from "#app/lib/viewed-products.ts";
import type { RecentlyViewed as RecentlyViewedAnswer } from "#app/routes/recently-viewed-data.ts";

/** Rendered only in the browser, once the cards are fetched: its code comes with them. */
const ProductCardRow = lazy(() =>
  import("#app/components/product/product-card-row.tsx").then((m) => ({
    default: m.ProductCardRow,
  })),
);

/**
 * The product page's "recently viewed" block: the (up to five) other products the visitor opened
 * last, from the `viewedProducts` cookie. The page is shared through the page cache, so nothing
 * renders on the server: after hydration the cookie is read, the current product recorded, and
 * the cards loaded from /produits-vus.json.
 */
export function RecentlyViewed({ handle }: { handle: string }) {
  const [products, setProducts] = useState<ProductCardData[]>([]);

  useEffect(() => {
    const previous = parseViewedProducts(cookieFrom(document.cookie, VIEWED_PRODUCTS_COOKIE));
    // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing from Safari and Firefox.
    document.cookie = viewedProductsCookie(
      withViewedProduct(previous, handle),
      window.location.protocol === "https:",
    );
    const others = previous.filter((other) => other !== handle);
    setProducts([]);
    if (others.length === 0) return;
    const controller = new AbortController();
    fetch(recentlyViewedHref(others), {
      signal: controller.signal,
      headers: { accept: "application/json" },
    })
      .then((response) => (response.ok ? (response.json() as Promise<RecentlyViewedAnswer>) : null))
      .then((body) => {
        if (body) setProducts(body.products);
      })
      .catch(() => {
        // Left the page, or offline: the block is a convenience, it simply stays hidden.
      });
    return () => controller.abort();
  }, [handle]);

  if (products.length === 0) return null;
  return (
    <section id="produits-vus" className="related-products" aria-labelledby="recently-viewed-title">
      <h2 id="recently-viewed-title">Vos derniers produits consultés</h2>
      <Suspense fallback={null}>
        <ProductCardRow products={products} />
      </Suspense>
      <TrackListing
        list="produits-vus"
        title="Vos derniers produits consultés"
        products={products}
        within="#produits-vus"
      />
    </section>
  );
}
