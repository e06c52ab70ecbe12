import { productByHandle } from "#app/lib/catalogue/catalogue.server.ts";
import { ARCHIVE_TAG, type ProductCardData, toCardData } from "#app/lib/catalogue/product.ts";
import { parseViewedProducts } from "#app/lib/catalogue/viewed-products.ts";
import type { Route } from "./+types/recently-viewed-data";

/**
 * GET /produits-vus.json?handles=a,b,c: the product cards of up to five products, in the order
 * asked, for the product page's "recently viewed" block. The handles come from the visitor's
 * cookie, read in the browser; unknown and archived products are left out.
 */
export type RecentlyViewed = { products: ProductCardData[] };

export async function loader({ request }: Route.LoaderArgs) {
  const handles = parseViewedProducts(new URL(request.url).searchParams.get("handles"));
  const found = await Promise.all(handles.map((handle) => productByHandle(handle)));
  const products = found.flatMap((item) =>
    item && !item.product.tags.includes(ARCHIVE_TAG) ? [toCardData(item.product)] : [],
  );
  return Response.json({ products } satisfies RecentlyViewed, {
    // One visitor's list: kept out of the shared page cache, briefly in the browser.
    headers: { "Cache-Control": "private, max-age=60" },
  });
}
