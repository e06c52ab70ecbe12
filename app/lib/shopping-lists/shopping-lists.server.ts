import type { RouterContextProvider } from "react-router";
import { customerTokenOf } from "#app/lib/account/customer-session.server.ts";
import { addLinesToCart } from "#app/lib/cart/cart.server.ts";
import { ownApiFetch } from "#app/lib/favourites/bookmarks.server.ts";
import {
  LIST_MESSAGES,
  type ListCommand,
  type ShoppingListResult,
  type ShoppingListView,
} from "#app/lib/shopping-lists/shopping-lists.ts";
import type { ShoppingListVariantsQuery } from "#app/lib/storefront.generated.ts";
import { type StorefrontDocument, storefrontQuery } from "#app/lib/storefront.server.ts";

/**
 * The storefront's server side of shopping lists: the own API's `/api/shopify/…` routes called
 * in-process as the signed-in customer (docs/own-api.md), and adding a whole list to the cart.
 */

const LIST_IDS_QUERY = `#graphql
  query CustomerShoppingListIds($token: String!) {
    customer(customerAccessToken: $token) {
      id
      shoppingLists: metafield(namespace: "custom", key: "shopping_lists") {
        value
      }
    }
  }
` as StorefrontDocument<"CustomerShoppingListIds">;

/** The customer's list ids (the `custom.shopping_lists` metafield); null without a session. */
async function listIdsOf(request: Request): Promise<number[] | null> {
  const token = customerTokenOf(request);
  if (!token) return null;
  const data = await storefrontQuery(LIST_IDS_QUERY, { token });
  if (!data.customer) return null;
  try {
    const ids = JSON.parse(data.customer.shoppingLists?.value ?? "[]") as unknown;
    return Array.isArray(ids) ? ids.filter((id): id is number => Number.isInteger(id)) : [];
  } catch {
    return [];
  }
}

type OwnAnswer<T> = { status: number; body: { success?: boolean; response?: T; error?: string } };

async function callShopify<T>(
  context: Readonly<RouterContextProvider>,
  request: Request,
  route: string,
  body: unknown,
): Promise<OwnAnswer<T>> {
  const response = await ownApiFetch(context, request, `/api/shopify/${route}`, {
    method: "POST",
    body,
  });
  return { status: response.status, body: (await response.json()) as OwnAnswer<T>["body"] };
}

/** The signed-in customer's lists with their products, oldest first; null for a visitor. */
export async function customerShoppingLists(
  context: Readonly<RouterContextProvider>,
  request: Request,
): Promise<ShoppingListView[] | null> {
  const ids = await listIdsOf(request);
  if (ids === null) return null;
  if (ids.length === 0) return [];
  const answer = await callShopify<{ shoppingLists: ShoppingListView[] }>(
    context,
    request,
    "get-shopping-list",
    { ids },
  );
  if (answer.status === 401) return null;
  if (!answer.body.success || !answer.body.response) {
    throw new Error(`get-shopping-list answered ${answer.status}`);
  }
  return answer.body.response.shoppingLists;
}

function failure(intent: ListCommand["intent"], status: number): ShoppingListResult {
  if (status === 401) return { ok: false, intent, error: LIST_MESSAGES.signIn, signIn: true };
  if (status === 403) return { ok: false, intent, error: LIST_MESSAGES.notFound };
  if (status === 400) return { ok: false, intent, error: LIST_MESSAGES.invalid };
  return { ok: false, intent, error: LIST_MESSAGES.failed };
}

/**
 * Runs one command of the `/listes/` action for the signed-in customer. Answers the outcome and,
 * for `add-to-cart`, the cart's headers (the `Set-Cookie` of a cart created on the way).
 */
export async function runListCommand(
  context: Readonly<RouterContextProvider>,
  request: Request,
  command: ListCommand,
): Promise<{ result: ShoppingListResult; headers?: Headers }> {
  const { intent } = command;
  switch (intent) {
    case "create": {
      const answer = await callShopify<{ shoppingList: ShoppingListView }>(
        context,
        request,
        "create-shopping-list",
        { title: command.title, productID: command.productIds },
      );
      const listId = answer.body.response?.shoppingList.id;
      if (!answer.body.success || listId === undefined)
        return { result: failure(intent, answer.status) };
      return {
        result: {
          ok: true,
          intent,
          listId,
          message: command.productIds.length > 0 ? LIST_MESSAGES.added : LIST_MESSAGES.created,
        },
      };
    }
    case "rename": {
      const answer = await callShopify(context, request, "rename-shopping-list", {
        listId: command.listId,
        title: command.title,
      });
      return answer.body.success
        ? { result: { ok: true, intent, listId: command.listId, message: LIST_MESSAGES.renamed } }
        : { result: failure(intent, answer.status) };
    }
    case "delete": {
      const answer = await callShopify(context, request, "delete-shopping-list", {
        id: command.listId,
      });
      return answer.body.success
        ? { result: { ok: true, intent, listId: command.listId, message: LIST_MESSAGES.deleted } }
        : { result: failure(intent, answer.status) };
    }
    case "add":
    case "remove": {
      const answer = await callShopify(context, request, "add-product-to-shopping-list", {
        listId: command.listId,
        productsId: command.productIds,
        remove: intent === "remove",
      });
      if (!answer.body.success) return { result: failure(intent, answer.status) };
      const message = intent === "add" ? LIST_MESSAGES.added : LIST_MESSAGES.removed;
      return { result: { ok: true, intent, listId: command.listId, message } };
    }
    case "add-to-cart":
      return addListToCart(context, request, command.listId);
  }
}

// ---------------------------------------------------------------------------------------------
// A whole list into the cart

const LIST_VARIANTS_QUERY = `#graphql
  query ShoppingListVariants($ids: [ID!]!) {
    nodes(ids: $ids) {
      __typename
      ... on Product {
        id
        tags
        variants(first: 1) {
          nodes {
            id
            availableForSale
          }
        }
      }
    }
  }
` as StorefrontDocument<"ShoppingListVariants">;

type VariantNode = ShoppingListVariantsQuery["nodes"][number];

/** The first variant of each product that can be bought now (not archived, not unavailable). */
export function buyableVariants(nodes: readonly VariantNode[]): string[] {
  return nodes.flatMap((node) => {
    if (node?.__typename !== "Product") return [];
    if (node.tags.includes("Archive") || node.tags.includes("unavailable")) return [];
    const variant = node.variants.nodes[0];
    return variant?.availableForSale ? [variant.id] : [];
  });
}

async function addListToCart(
  context: Readonly<RouterContextProvider>,
  request: Request,
  listId: number,
): Promise<{ result: ShoppingListResult; headers?: Headers }> {
  const intent = "add-to-cart" as const;
  const answer = await callShopify<{ shoppingLists: ShoppingListView[] }>(
    context,
    request,
    "get-shopping-list",
    { ids: [listId] },
  );
  const list = answer.body.response?.shoppingLists[0];
  if (!answer.body.success || !list) return { result: failure(intent, answer.status) };
  if (list.items.length === 0)
    return { result: { ok: false, intent, error: LIST_MESSAGES.emptyList } };
  const data = await storefrontQuery(LIST_VARIANTS_QUERY, {
    ids: list.items.slice(0, 100),
  });
  const lines = buyableVariants(data.nodes).map((merchandiseId) => ({
    merchandiseId,
    quantity: 1,
  }));
  if (lines.length === 0) {
    return { result: { ok: false, intent, error: "Les produits de la liste sont indisponibles." } };
  }

  const added = await addLinesToCart(request, lines);
  if (!added.result.ok) {
    return { result: { ok: false, intent, error: added.result.error }, headers: added.headers };
  }
  const skipped = list.items.length - lines.length;
  const message =
    skipped > 0
      ? `${LIST_MESSAGES.addedToCart} ${skipped > 1 ? `${skipped} produits indisponibles n'ont pas été ajoutés.` : "Un produit indisponible n'a pas été ajouté."}`
      : LIST_MESSAGES.addedToCart;
  return {
    result: {
      ok: true,
      intent,
      listId,
      message,
      cartQuantity: added.result.cart?.totalQuantity ?? undefined,
    },
    headers: added.headers,
  };
}
