import { productCardsByIds, serverBookmarkIo } from "#app/lib/bookmarks.server.ts";
import { currentCustomer } from "#app/lib/customer-session.server.ts";
import type { ProductCardData } from "#app/lib/product.ts";
import type { Route } from "./+types/favourites-data";

export type FavouritesData = {
  signedIn: boolean;
  /** The favourite products as cards, in the order they were added. */
  products: ProductCardData[];
};

/**
 * GET /favoris.json: the signed-in customer's favourite products, for the account's favourites
 * tab and the bookmark side panel. Per customer, so never cached.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const headers = { "Cache-Control": "private, no-store" };
  const customer = await currentCustomer(request);
  if (!customer) {
    return Response.json({ signedIn: false, products: [] } satisfies FavouritesData, { headers });
  }
  const { ids } = await serverBookmarkIo(context, request, customer.id).read();
  const products = await productCardsByIds(ids);
  return Response.json({ signedIn: true, products } satisfies FavouritesData, { headers });
}
