import { favouritesOf } from "#app/lib/favourites/bookmarks.server.ts";
import type { FavouritesData } from "#app/lib/favourites/bookmarks.ts";
import type { Route } from "./+types/favourites-data";

/**
 * GET /favoris.json: the signed-in customer's favourite products, for the account's favourites
 * tab and the bookmark side panel. Per customer, so never cached.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  return Response.json((await favouritesOf(context, request)) satisfies FavouritesData, {
    headers: { "Cache-Control": "private, no-store" },
  });
}
