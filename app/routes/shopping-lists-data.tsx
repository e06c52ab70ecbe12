import { customerShoppingLists } from "#app/lib/shopping-lists/shopping-lists.server.ts";
import type { ShoppingListsData } from "#app/lib/shopping-lists/shopping-lists.ts";
import type { Route } from "./+types/shopping-lists-data";

/**
 * GET /listes.json: the signed-in customer's shopping lists with their products, for the
 * account's lists tab, the shopping_list side panel and the 'Ajouter à une liste' chooser.
 * Per customer, so never cached.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const lists = await customerShoppingLists(context, request);
  return Response.json(
    { signedIn: lists !== null, lists: lists ?? [] } satisfies ShoppingListsData,
    { headers: { "Cache-Control": "private, no-store" } },
  );
}
