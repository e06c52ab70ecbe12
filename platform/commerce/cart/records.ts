import { timingSafeEqual } from "node:crypto";
import { eq } from "drizzle-orm";
import type { Db, Tx } from "#db/client.ts";
import { commerceCart, type commerceCartAddress } from "#platform/commerce/cart/schema.ts";
import type { commerceProduct, commerceVariant } from "#platform/commerce/catalogue/schema.ts";

/**
 * The cart's records: row types, limits, user-error messages, the cart and line GIDs, finding a
 * cart by GID or token, and running one change on a locked cart.
 */

export type CartRow = typeof commerceCart.$inferSelect;
export type CartAddressRow = typeof commerceCartAddress.$inferSelect;
export type VariantRow = typeof commerceVariant.$inferSelect;
export type ProductRow = typeof commerceProduct.$inferSelect;

/** The cap on one product's quantity in a cart when its `max_quantity` metafield is absent. */
export const DEFAULT_MAX_QUANTITY = 10;
/** Shopify's cap on a cart's lines; the storefront reads the first 100. */
export const MAX_CART_LINES = 250;
export const MAX_DELIVERY_ADDRESSES = 20;
export const MAX_ATTRIBUTES = 50;
export const MAX_NOTE_LENGTH = 5000;

/** The French messages of the specification (storefront.md §5, §8), and the API's own. */
export const CART_MESSAGES = {
  notFound: "Panier introuvable",
  unavailable: "Le produit est indisponible",
  maxQuantity: (max: number) => `Quantité maximale atteinte pour ce produit (${max})`,
  completed: "Ce panier a déjà été commandé",
  invalidQuantity: "La quantité doit être un nombre entier positif",
  lineNotFound: "Cette ligne n'existe pas dans le panier",
  tooManyLines: `Le panier ne peut pas contenir plus de ${MAX_CART_LINES} lignes`,
  invalidEmail: "Adresse e-mail invalide",
  invalidPhone: "Numéro de téléphone invalide",
  invalidCustomerToken: "Jeton client invalide ou expiré",
  noteTooLong: `La note ne peut pas dépasser ${MAX_NOTE_LENGTH} caractères`,
  tooManyAttributes: `Le panier ne peut pas porter plus de ${MAX_ATTRIBUTES} attributs`,
  addressNotFound: "Adresse de livraison introuvable",
  tooManyAddresses: `Le panier ne peut pas contenir plus de ${MAX_DELIVERY_ADDRESSES} adresses`,
  oneSelectedAddress: "Une seule adresse de livraison peut être sélectionnée",
  addressRequired: "Indiquez une adresse de livraison",
  countryNotDelivered: "Nous ne livrons pas dans ce pays.",
} as const;

/** Shopify's `CartErrorCode` values we answer with. */
export type CartErrorCode =
  | "INVALID"
  | "INVALID_MERCHANDISE_LINE"
  | "MAXIMUM_EXCEEDED"
  | "NOTE_TOO_LONG"
  | "INVALID_DELIVERY_ADDRESS_ID"
  | "TOO_MANY_DELIVERY_ADDRESSES"
  | "ONLY_ONE_DELIVERY_ADDRESS_CAN_BE_SELECTED"
  | "ADDRESS_FIELD_IS_REQUIRED"
  | "CART_TOO_LARGE"
  | "INVALID_DELIVERY_GROUP"
  | "INVALID_DELIVERY_OPTION";

/** A `CartUserError`: what was wrong, where, in French. */
export type CartUserError = { code: CartErrorCode; field: string[] | null; message: string };

export const cartError = (code: CartErrorCode, field: string[] | null, message: string) => ({
  code,
  field,
  message,
});

// ---------------------------------------------------------------------------------------------
// Ids

/** The cart's GID: a random token (also in the checkout URL) and a secret key. */
export function cartGid(cart: Pick<CartRow, "token" | "secretKey">): string {
  return `gid://shopify/Cart/${cart.token}?key=${cart.secretKey}`;
}

/** Reads a cart GID, URL-encoded or not; undefined when it is not one of ours. */
export function parseCartGid(gid: string): { token: string; key: string } | undefined {
  let decoded = gid;
  try {
    decoded = decodeURIComponent(gid);
  } catch {
    return undefined;
  }
  const match = /^gid:\/\/shopify\/Cart\/(c1-[0-9a-f]{32})\?key=([0-9a-f]{32})$/.exec(decoded);
  return match ? { token: match[1] as string, key: match[2] as string } : undefined;
}

export function cartLineGid(cart: Pick<CartRow, "token">, lineId: number): string {
  return `gid://shopify/CartLine/${lineId}?cart=${cart.token}`;
}

export function parseCartLineGid(gid: string, cart: Pick<CartRow, "token">): number | undefined {
  const match = /^gid:\/\/shopify\/CartLine\/(\d+)\?cart=(.+)$/.exec(gid);
  if (!match || match[2] !== cart.token) return undefined;
  const id = Number(match[1]);
  return Number.isSafeInteger(id) && id > 0 && id <= 2_147_483_647 ? id : undefined;
}

export function cartAddressGid(address: Pick<CartAddressRow, "id">): string {
  return `gid://shopify/CartSelectableAddress/${address.id}`;
}

function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * The cart a GID names, when its key matches, or undefined. With `forUpdate` (inside a
 * transaction) the cart row is locked until the transaction ends: every change to a cart is
 * serialised on that lock, so concurrent mutations never lose or duplicate lines.
 */
export async function findCart(
  db: Db | Tx,
  gid: string,
  options: { forUpdate?: boolean } = {},
): Promise<CartRow | undefined> {
  const parsed = parseCartGid(gid);
  if (!parsed) return undefined;
  const query = db.select().from(commerceCart).where(eq(commerceCart.token, parsed.token));
  const [row] = options.forUpdate ? await query.for("update") : await query;
  return row && sameSecret(parsed.key, row.secretKey) ? row : undefined;
}

/** The cart of a checkout URL (its token and key), locked when asked (see `findCart`). */
export async function findCartByToken(
  db: Db | Tx,
  token: string,
  key: string,
  options: { forUpdate?: boolean } = {},
): Promise<CartRow | undefined> {
  const query = db.select().from(commerceCart).where(eq(commerceCart.token, token));
  const [row] = options.forUpdate ? await query.for("update") : await query;
  return row && sameSecret(key, row.secretKey) ? row : undefined;
}

/** The result of a cart mutation: the cart afterwards (null if unknown) and what went wrong. */
export type CartChange = { cart: CartRow | null; userErrors: CartUserError[] };

/**
 * Runs one change of a cart in a transaction that locks the cart row first: unknown cart →
 * 'Panier introuvable'; completed cart → 'Ce panier a déjà été commandé'. When `change` reports
 * errors it must not have written anything; the cart is returned unchanged.
 */
export async function withLockedCart(
  db: Db,
  gid: string,
  now: Date,
  change: (tx: Tx, cart: CartRow) => Promise<CartUserError[]>,
): Promise<CartChange> {
  return db.transaction(async (tx) => {
    const cart = await findCart(tx, gid, { forUpdate: true });
    if (!cart) {
      return { cart: null, userErrors: [cartError("INVALID", ["cartId"], CART_MESSAGES.notFound)] };
    }
    if (cart.completedAt) {
      return { cart, userErrors: [cartError("INVALID", ["cartId"], CART_MESSAGES.completed)] };
    }
    const userErrors = await change(tx, cart);
    if (userErrors.length > 0) return { cart, userErrors };
    const [updated] = await tx
      .update(commerceCart)
      .set({ updatedAt: now })
      .where(eq(commerceCart.id, cart.id))
      .returning();
    return { cart: updated ?? cart, userErrors };
  });
}

/** `cartLinesAdd`: adds quantities, merging lines of the same variant and attributes. */
