import type { RouterContextProvider } from "react-router";
import { currentCustomer, customerTokenOf } from "#app/lib/account/customer-session.server.ts";
import { normaliseProduct, type ProductCardData, toCardData } from "#app/lib/catalogue/product.ts";
import {
  type BookmarkIo,
  type BookmarkSnapshot,
  bookmarksPath,
  type FavouritesData,
  normaliseBookmarks,
} from "#app/lib/favourites/bookmarks.ts";
import { CATALOGUE_PRODUCT_CARD_FRAGMENT } from "#app/lib/fragments.ts";
import { serverContext } from "#app/lib/server-context.ts";
import { serviceFetch } from "#app/lib/services.server.ts";
import { type StorefrontDocument, storefrontQuery } from "#app/lib/storefront.server.ts";

/**
 * The storefront's server side of favourites: the own API (docs/own-api.md) called in-process
 * for the signed-in customer of a request, the bookmarks of `/visitor.json`, and the favourite
 * products as cards.
 */

/**
 * Calls one of the own API's routes (`/api/shopify/…`, `/api/db/…`) in-process, as the signed-in
 * customer of `request` (their access token as a bearer token): the same checks and answers as
 * the browser gets. Without a session token the answer is the API's own 401.
 */
export async function ownApiFetch(
  _context: Readonly<RouterContextProvider>,
  request: Request,
  path: string,
  init: { method?: string; body?: unknown } = {},
): Promise<Response> {
  const token = customerTokenOf(request);
  const headers = new Headers({ accept: "application/json" });
  if (token) headers.set("authorization", `Bearer ${token}`);
  if (init.body !== undefined) headers.set("content-type", "application/json");
  return serviceFetch("api", path, {
    method: init.method ?? "GET",
    headers,
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
}

/** The bookmarks document of the request's customer, read and written through the own API. */
export function serverBookmarkIo(
  context: Readonly<RouterContextProvider>,
  request: Request,
  customerId: string,
): BookmarkIo {
  const path = bookmarksPath(customerId);
  return {
    async read() {
      const response = await ownApiFetch(context, request, path);
      if (response.status === 404) return { ids: [], rev: null };
      if (!response.ok) throw new Error(`bookmarks read failed (${response.status})`);
      const body = (await response.json()) as { _rev?: string; bookmarks?: unknown[] };
      return { ids: normaliseBookmarks(body.bookmarks ?? []), rev: body._rev ?? null };
    },
    async write(ids, rev) {
      const response = await ownApiFetch(context, request, path, {
        method: "PUT",
        body: { userData: { bookmarks: ids }, ...(rev ? { _rev: rev } : {}) },
      });
      if (response.status === 409) return { ok: false, conflict: true };
      if (!response.ok) throw new Error(`bookmarks write failed (${response.status})`);
      return { ok: true, rev: ((await response.json()) as { rev: string }).rev };
    },
  };
}

/**
 * The signed-in customer's bookmarks for `/visitor.json`: null for a visitor (no customer) or when
 * they cannot be read now (the heart then reads them itself before its first save); an empty list
 * without revision when the document was never written.
 */
export async function visitorBookmarks(
  context: Readonly<RouterContextProvider>,
  request: Request,
  customerId: string | null | undefined,
): Promise<BookmarkSnapshot | null> {
  if (!customerId) return null;
  try {
    return await serverBookmarkIo(context, request, customerId).read();
  } catch (error) {
    context.get(serverContext).logger.warn({ err: error }, "bookmarks could not be read");
    return null;
  }
}

const PRODUCT_CARDS_QUERY = `#graphql
  query FavouriteProducts($ids: [ID!]!) {
    nodes(ids: $ids) {
      __typename
      ... on Product {
        ...CatalogueProductCard
      }
    }
  }
  ${CATALOGUE_PRODUCT_CARD_FRAGMENT}
` as StorefrontDocument<"FavouriteProducts">;

/** The API's page size for `nodes`: longer lists are asked for in slices. */
const NODES_PAGE = 100;

/**
 * The products of these ids as cards, in the same order; products that no longer exist are left
 * out (archived ones stay, shown as archived, so the customer can remove them).
 */
export async function productCardsByIds(ids: readonly string[]): Promise<ProductCardData[]> {
  const slices: string[][] = [];
  for (let start = 0; start < ids.length; start += NODES_PAGE) {
    slices.push(ids.slice(start, start + NODES_PAGE));
  }
  const answers = await Promise.all(
    slices.map((slice) => storefrontQuery(PRODUCT_CARDS_QUERY, { ids: slice })),
  );
  return answers
    .flatMap((answer) => answer.nodes)
    .filter((node) => node?.__typename === "Product")
    .map((node) => toCardData(normaliseProduct(node)));
}

/** The signed-in customer's favourite products as cards; none for a visitor. */
export async function favouritesOf(
  context: Readonly<RouterContextProvider>,
  request: Request,
): Promise<FavouritesData> {
  const customer = await currentCustomer(request);
  if (!customer) return { signedIn: false, products: [] };
  const { ids } = await serverBookmarkIo(context, request, customer.id).read();
  return { signedIn: true, products: await productCardsByIds(ids) };
}
