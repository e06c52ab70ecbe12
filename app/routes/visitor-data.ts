import {
  type CustomerSummary,
  currentCustomer,
  customerTokenCookie,
  customerTokenOf,
} from "#app/lib/account/customer-session.server.ts";
import { readCookie } from "#app/lib/cookies.ts";
import { visitorBookmarks } from "#app/lib/favourites/bookmarks.server.ts";
import type { BookmarkSnapshot } from "#app/lib/favourites/bookmarks.ts";
import { type StorefrontDocument, storefrontQuery } from "#app/lib/storefront.server.ts";
import type { Route } from "./+types/visitor-data";

/**
 * GET /visitor.json: the per-visitor parts of every page — who is signed in and how many items
 * the cart holds — loaded by the browser after the (shared, cacheable) page itself (decision 002).
 * Never cached; a signed-in visitor's session cookie is renewed on each call (storefront.md §4).
 */
export type VisitorState = {
  customer: CustomerSummary | null;
  cart: { id: string; totalQuantity: number } | null;
  /** The signed-in customer's favourites (product GIDs) and their document's revision. */
  bookmarks: BookmarkSnapshot | null;
};

export const CART_ID_COOKIE = "cartId";

const VISITOR_CART_QUERY = `#graphql
  query VisitorCart($id: ID!) {
    cart(id: $id) {
      id
      totalQuantity
    }
  }
` as StorefrontDocument<"VisitorCart">;

async function visitorCart(request: Request): Promise<VisitorState["cart"]> {
  const id = readCookie(request, CART_ID_COOKIE);
  if (!id?.startsWith("gid://shopify/Cart/")) return null;
  const data = await storefrontQuery(VISITOR_CART_QUERY, { id });
  return data.cart;
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const [customer, cart] = await Promise.all([currentCustomer(request), visitorCart(request)]);
  const bookmarks = await visitorBookmarks(context, request, customer?.id);
  const headers = new Headers({ "Cache-Control": "private, no-store" });
  const token = customerTokenOf(request);
  if (customer && token) headers.append("Set-Cookie", customerTokenCookie(request, token));
  return Response.json({ customer, cart, bookmarks } satisfies VisitorState, { headers });
}
