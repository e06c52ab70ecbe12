import type { ProductCardData } from "#app/lib/catalogue/product.ts";
import { safeRedirectPath } from "#app/lib/safe-redirect.ts";
/**
 * The customer's favourites (bookmarks, storefront.md §4): a list of product ids kept in the saved
 * document `user/{id}-bookmarks` of the own API (docs/own-api.md), which carries a revision. A
 * change is applied locally first, then written with the revision it was read at; when another
 * tab or device wrote in between (409), the document is read again, the change reapplied to the
 * fresh list and written again — so concurrent toggles never lose one another.
 *
 * This module is shared by the browser (the heart, with the own API over HTTP) and the server
 * (the form fallback without JavaScript, with the own API in-process): only the I/O differs.
 */

/** One wanted change: the product is to be (or no longer be) a favourite. */
export type BookmarkChange = { productId: string; bookmarked: boolean };

/** The document as last read: its product ids (GIDs) and revision (null: never written). */
export type BookmarkSnapshot = { ids: string[]; rev: string | null };

/** The favourites of `/favoris.json` and of the account's favourites tab. */
export type FavouritesData = {
  signedIn: boolean;
  /** The favourite products as cards, in the order they were added. */
  products: ProductCardData[];
};

export type BookmarkWrite = { ok: true; rev: string } | { ok: false; conflict: true };

/** How the document is read and written; the browser and the server each give theirs. */
export type BookmarkIo = {
  read(): Promise<BookmarkSnapshot>;
  write(ids: string[], rev: string | null): Promise<BookmarkWrite>;
};

/** Bounded retries: a conflict storm ends with an error rather than an endless loop. */
export const MAX_BOOKMARK_ATTEMPTS = 8;

/** At most this many favourites (the own API's document limit). */
export const MAX_BOOKMARKS = 1000;

export class BookmarkSaveError extends Error {}

const PRODUCT_GID = /^gid:\/\/shopify\/Product\/([1-9]\d{0,9})$/;

/**
 * A product id in any form the document may hold (GID, number, numeric string) as a GID;
 * undefined when it is none of these.
 */
export function productGidOf(value: unknown): string | undefined {
  if (typeof value === "number") {
    return Number.isSafeInteger(value) && value > 0 ? `gid://shopify/Product/${value}` : undefined;
  }
  if (typeof value !== "string") return undefined;
  if (PRODUCT_GID.test(value)) return value;
  return /^[1-9]\d{0,9}$/.test(value) ? `gid://shopify/Product/${value}` : undefined;
}

/** The numeric part of a customer GID (`gid://shopify/Customer/12` → `12`), the documents' `{id}`. */
export function customerNumber(customerId: string): string | undefined {
  return /^(?:gid:\/\/shopify\/Customer\/)?([1-9]\d{0,9})$/.exec(customerId)?.[1];
}

/** Where a customer's bookmarks document lives in the own API. */
export function bookmarksPath(customerId: string): string {
  const id = customerNumber(customerId);
  if (!id) throw new BookmarkSaveError(`not a customer id: ${customerId}`);
  return `/api/db/user/${id}-bookmarks`;
}

/** The stored list as GIDs, once each, in order; entries that are no product id are dropped. */
export function normaliseBookmarks(values: readonly unknown[]): string[] {
  const ids: string[] = [];
  for (const value of values) {
    const gid = productGidOf(value);
    if (gid && !ids.includes(gid)) ids.push(gid);
  }
  return ids;
}

/**
 * The list after the changes, in order: an added product goes last (unless already there), a
 * removed one goes wherever it is. Changes are absolute (add / remove), never "toggle", so that
 * reapplying them to a list another device changed gives what the customer meant.
 */
export function applyBookmarkChanges(
  ids: readonly string[],
  changes: readonly BookmarkChange[],
): string[] {
  let next = [...ids];
  for (const change of changes) {
    const gid = productGidOf(change.productId);
    if (!gid) continue;
    if (change.bookmarked) {
      if (!next.includes(gid)) next.push(gid);
    } else {
      next = next.filter((id) => id !== gid);
    }
  }
  return next.slice(-MAX_BOOKMARKS);
}

function sameList(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((id, index) => id === b[index]);
}

/**
 * Saves changes: applies them to `known` (the snapshot the page holds, if any, else a fresh read),
 * writes with its revision, and on a conflict reads again and reapplies, up to
 * MAX_BOOKMARK_ATTEMPTS times. Answers the stored snapshot. Nothing is written when the changes
 * change nothing.
 */
export async function saveBookmarkChanges(
  io: BookmarkIo,
  changes: readonly BookmarkChange[],
  known?: BookmarkSnapshot,
): Promise<BookmarkSnapshot> {
  let current = known;
  for (let attempt = 0; attempt < MAX_BOOKMARK_ATTEMPTS; attempt++) {
    current ??= await io.read();
    const base = normaliseBookmarks(current.ids);
    const next = applyBookmarkChanges(base, changes);
    if (sameList(next, base)) return { ids: next, rev: current.rev };
    const written = await io.write(next, current.rev);
    if (written.ok) return { ids: next, rev: written.rev };
    current = undefined;
  }
  throw new BookmarkSaveError("Vos favoris n'ont pas pu être enregistrés, veuillez réessayer.");
}

/** What the customer sees of a pending toggle: the list with the unsaved changes applied. */
export function withPending(
  ids: readonly string[],
  pending: readonly BookmarkChange[],
): Set<string> {
  return new Set(applyBookmarkChanges(normaliseBookmarks(ids), pending));
}

/** The revision's write counter (`3-…` → 3); 0 for none. */
export function revisionNumber(rev: string | null | undefined): number {
  return Number(/^(\d+)-/.exec(rev ?? "")?.[1] ?? 0);
}

/**
 * The own API over HTTP, from the browser: the httpOnly session cookie authenticates the calls.
 * A document never written reads as an empty list without revision.
 */
export function httpBookmarkIo(
  customerId: string,
  fetchImpl: typeof fetch = (...args) => fetch(...args),
): BookmarkIo {
  const path = bookmarksPath(customerId);
  return {
    async read() {
      const response = await fetchImpl(path, {
        headers: { accept: "application/json" },
        credentials: "same-origin",
        cache: "no-store",
      });
      if (response.status === 404) return { ids: [], rev: null };
      if (!response.ok) throw new BookmarkSaveError(`bookmarks read failed (${response.status})`);
      const body = (await response.json()) as { _rev?: string; bookmarks?: unknown[] };
      return { ids: normaliseBookmarks(body.bookmarks ?? []), rev: body._rev ?? null };
    },
    async write(ids, rev) {
      const response = await fetchImpl(path, {
        method: "PUT",
        headers: { "content-type": "application/json", accept: "application/json" },
        credentials: "same-origin",
        body: JSON.stringify({ userData: { bookmarks: ids }, ...(rev ? { _rev: rev } : {}) }),
      });
      if (response.status === 409) return { ok: false, conflict: true };
      if (!response.ok) throw new BookmarkSaveError(`bookmarks write failed (${response.status})`);
      const body = (await response.json()) as { rev: string };
      return { ok: true, rev: body.rev };
    },
  };
}

/** The query parameter that carries a visitor's favourite through sign-in (`?bookmark=42`). */
export const BOOKMARK_INTENT_PARAM = "bookmark";

/** The sign-in page, coming back to `returnTo` afterwards (storefront.md §6). */
export function signInPath(returnTo: string): string {
  return `/compte/?redirect=${encodeURIComponent(safeRedirectPath(returnTo))}`;
}

/** `path` with the favourite to set once signed in (`?bookmark=42`), replacing any earlier one. */
export function withBookmarkIntent(path: string, productId: string): string {
  const url = new URL(safeRedirectPath(path), "http://shop.invalid");
  const id = /(\d+)$/.exec(productGidOf(productId) ?? "")?.[1];
  if (id) url.searchParams.set(BOOKMARK_INTENT_PARAM, id);
  return `${url.pathname}${url.search}${url.hash}`;
}

/** The favourite a URL asks to set (`?bookmark=42` → its GID), if any. */
export function bookmarkIntentOf(search: string): string | undefined {
  return productGidOf(new URLSearchParams(search).get(BOOKMARK_INTENT_PARAM) ?? undefined);
}
