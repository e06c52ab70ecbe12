import { lazy, Suspense, useEffect, useState } from "react";
import { TrackListing } from "#app/components/privacy/tracking.tsx";
import type { ProductCardData } from "#app/lib/catalogue/product.ts";
import { recentlyViewedHref, viewedProducts } from "#app/lib/catalogue/viewed-products.ts";
import type { RecentlyViewed as RecentlyViewedAnswer } from "#app/routes/catalogue/recently-viewed-data.ts";

/** The cards' code comes with the cards, when the visitor has viewed other products. */
const ProductCardRow = lazy(() =>
  import("#app/components/product/product-card-row.tsx").then((m) => ({
    default: m.ProductCardRow,
  })),
);

/**
 * The product page's "recently viewed" block: the (up to five) other products the visitor opened
 * last, from the `viewedProducts` cookie. The page is shared through the page cache, so nothing
 * renders on the server: in the browser the cookie is read and the cards loaded from
 * /produits-vus.json.
 */
export function RecentlyViewed({ handle }: { handle: string }) {
  const [products, setProducts] = useState<ProductCardData[]>([]);

  useEffect(() => {
    // The product page records its own view (recordViewedProduct) as soon as it is shown.
    const others = viewedProducts().filter((other) => other !== handle);
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
