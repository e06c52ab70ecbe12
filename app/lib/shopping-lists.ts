/**
 * Shopping lists in the storefront (storefront.md §3–§4, issue 8): named lists of products of the
 * signed-in customer, kept by the own API (`/api/shopify/…`, docs/own-api.md). This module holds
 * what the browser and the server share: the shapes, the commands of the `/listes/` action and
 * their validation, and the French messages.
 */

/** A product of a list, as `get-shopping-list` answers it. */
export type ShoppingListProduct = {
  id: string;
  handle: string;
  title: string;
  vendor: string;
  availableForSale: boolean;
  price: { amount: string; currencyCode: string };
};

export type ShoppingListView = {
  id: number;
  title: string;
  items: string[];
  products: ShoppingListProduct[];
};

/** What `/listes.json` answers. */
export type ShoppingListsData = { signedIn: boolean; lists: ShoppingListView[] };

/** What the `/listes/` action answers to a fetcher. */
export type ShoppingListResult =
  | { ok: true; intent: ListIntent; message: string; listId?: number; cartQuantity?: number }
  | { ok: false; intent?: ListIntent; error: string; signIn?: boolean };

export const LIST_INTENTS = ["create", "rename", "delete", "add", "remove", "add-to-cart"] as const;
export type ListIntent = (typeof LIST_INTENTS)[number];

export type ListCommand =
  | { intent: "create"; title: string; productIds: string[] }
  | { intent: "rename"; listId: number; title: string }
  | { intent: "delete"; listId: number }
  | { intent: "add" | "remove"; listId: number; productIds: string[] }
  | { intent: "add-to-cart"; listId: number };

export const LIST_TITLE_MAX = 100;

export const LIST_MESSAGES = {
  titleMissing: "Donnez un nom à votre liste.",
  titleTooLong: `Le nom de la liste ne peut pas dépasser ${LIST_TITLE_MAX} caractères.`,
  invalid: "La demande n'est pas valide.",
  notFound: "Cette liste n'existe plus.",
  signIn: "Connectez-vous pour gérer vos listes de courses.",
  failed: "La liste n'a pas pu être enregistrée, veuillez réessayer.",
  created: "La liste a été créée.",
  renamed: "La liste a été renommée.",
  deleted: "La liste a été supprimée.",
  added: "Le produit a été ajouté à la liste.",
  removed: "Le produit a été retiré de la liste.",
  emptyList: "La liste est vide.",
  addedToCart: "La liste a été ajoutée au panier.",
  cartFailed: "Le produit n'a pas pu être ajouté au panier.",
} as const;

const PRODUCT_GID = /^gid:\/\/shopify\/Product\/[1-9]\d{0,9}$/;

function listIdOf(value: FormDataEntryValue | null): number | undefined {
  if (typeof value !== "string" || !/^[1-9]\d{0,9}$/.test(value)) return undefined;
  const id = Number(value);
  return id <= 2_147_483_647 ? id : undefined;
}

function productIdsOf(values: FormDataEntryValue[]): string[] | undefined {
  const ids = values.filter((value): value is string => typeof value === "string");
  if (ids.length !== values.length || !ids.every((id) => PRODUCT_GID.test(id))) return undefined;
  return [...new Set(ids)];
}

/** A list title trimmed and checked; the French message when it cannot be used. */
export function checkListTitle(
  value: unknown,
): { ok: true; title: string } | { ok: false; error: string } {
  const title = typeof value === "string" ? value.trim() : "";
  if (!title) return { ok: false, error: LIST_MESSAGES.titleMissing };
  if (title.length > LIST_TITLE_MAX) return { ok: false, error: LIST_MESSAGES.titleTooLong };
  return { ok: true, title };
}

/** Reads a command of the `/listes/` form; the French message when the form is not valid. */
export function parseListCommand(
  form: FormData,
): { ok: true; command: ListCommand } | { ok: false; error: string; intent?: ListIntent } {
  const intent = form.get("intent");
  if (!LIST_INTENTS.includes(intent as ListIntent))
    return { ok: false, error: LIST_MESSAGES.invalid };
  const listIntent = intent as ListIntent;
  const invalid = { ok: false as const, error: LIST_MESSAGES.invalid, intent: listIntent };
  if (listIntent === "create") {
    const title = checkListTitle(form.get("title"));
    if (!title.ok) return { ...title, intent: listIntent };
    const productIds = productIdsOf(form.getAll("productId"));
    if (!productIds) return invalid;
    return { ok: true, command: { intent: listIntent, title: title.title, productIds } };
  }
  const listId = listIdOf(form.get("listId"));
  if (listId === undefined) return invalid;
  switch (listIntent) {
    case "rename": {
      const title = checkListTitle(form.get("title"));
      if (!title.ok) return { ...title, intent: listIntent };
      return { ok: true, command: { intent: listIntent, listId, title: title.title } };
    }
    case "delete":
    case "add-to-cart":
      return { ok: true, command: { intent: listIntent, listId } };
    default: {
      const productIds = productIdsOf(form.getAll("productId"));
      if (!productIds || productIds.length === 0) return invalid;
      return { ok: true, command: { intent: listIntent, listId, productIds } };
    }
  }
}

/** "3 produits" / "1 produit" / "Aucun produit". */
export function productCountLabel(count: number): string {
  if (count === 0) return "Aucun produit";
  return `${count} ${count > 1 ? "produits" : "produit"}`;
}
