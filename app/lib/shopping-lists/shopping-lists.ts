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

// --- Without JavaScript ----------------------------------------------------------------------
// The lists tab (`/compte/?s=5`) is driven by its address when scripts do not run: which list
// is shown, renamed or about to be deleted, which product is being added, and how the last
// command went. With JavaScript the same links and forms open panels and answer in toasts.

/** The lists tab's address parameters. */
export const LIST_PARAMS = {
  /** A product to add to a list (`?produit=42`): the choice of lists and a new list with it. */
  product: "produit",
  /** A list whose products are shown. */
  view: "voir",
  /** A list being renamed. */
  rename: "renommer",
  /** A list whose deletion waits for confirmation. */
  delete: "supprimer",
} as const;

/** The lists tab's address, with these parameters (a null or missing one is left out). */
export function listsTabPath(
  params: Partial<Record<keyof typeof LIST_PARAMS, string | number | null>> = {},
): string {
  const search = new URLSearchParams({ s: "5" });
  for (const [name, value] of Object.entries(params)) {
    if (value !== null && value !== undefined) {
      search.set(LIST_PARAMS[name as keyof typeof LIST_PARAMS], String(value));
    }
  }
  return `/compte/?${search}`;
}

/** A list id from the address, if it is one. */
export function listIdParam(value: string | null): number | null {
  return listIdOf(value) ?? null;
}

type ListMessage = keyof typeof LIST_MESSAGES;

/** How a command's outcome is named in the address a plain form comes back to. */
const OUTCOME_SLUGS: Record<ListMessage, string> = {
  titleMissing: "liste-sans-nom",
  titleTooLong: "nom-de-liste-trop-long",
  invalid: "demande-invalide",
  notFound: "liste-introuvable",
  signIn: "connexion-requise",
  failed: "liste-non-enregistree",
  created: "liste-creee",
  renamed: "liste-renommee",
  deleted: "liste-supprimee",
  added: "produit-ajoute",
  removed: "produit-retire",
  emptyList: "liste-vide",
  addedToCart: "liste-ajoutee-au-panier",
  cartFailed: "panier-non-modifie",
};

/** The outcome parameter: `ok` for a success, `erreur` for a refusal. */
const OUTCOME_PARAM = { ok: "ok", error: "erreur" } as const;

/**
 * `path` with the command's outcome (`?ok=liste-creee`, `?erreur=liste-sans-nom`), for a form
 * sent without JavaScript: the page it comes back to says what happened.
 */
export function withListOutcome(path: string, result: ShoppingListResult): string {
  const url = new URL(path, "http://shop.invalid");
  const text = result.ok ? result.message : result.error;
  const key = (Object.keys(LIST_MESSAGES) as ListMessage[]).find(
    (name) => LIST_MESSAGES[name] === text,
  );
  url.searchParams.delete(OUTCOME_PARAM.ok);
  url.searchParams.delete(OUTCOME_PARAM.error);
  if (key)
    url.searchParams.set(result.ok ? OUTCOME_PARAM.ok : OUTCOME_PARAM.error, OUTCOME_SLUGS[key]);
  return `${url.pathname}${url.search}${url.hash}`;
}

/** The outcome an address tells (`withListOutcome`), in French; null when it tells none. */
export function listOutcomeOf(params: URLSearchParams): { ok: boolean; text: string } | null {
  for (const ok of [true, false]) {
    const slug = params.get(ok ? OUTCOME_PARAM.ok : OUTCOME_PARAM.error);
    const key = (Object.keys(OUTCOME_SLUGS) as ListMessage[]).find(
      (name) => OUTCOME_SLUGS[name] === slug,
    );
    if (key) return { ok, text: LIST_MESSAGES[key] };
  }
  return null;
}
