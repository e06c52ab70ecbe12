import { useSyncExternalStore } from "react";
import {
  applyChanges,
  CART_ID_KEY,
  CART_MESSAGES,
  type CartActionResult,
  type CartChange,
  type CartPayload,
  type CartView,
  enqueueChange,
} from "#app/lib/cart/cart.ts";
import type { DeliveryTerms } from "#platform/delivery-terms.ts";

/**
 * The cart in the browser: the last cart the server confirmed, plus the changes the shopper made
 * since, sent one at a time in order. Quick clicks are merged while they wait (three "+" become
 * one add of 3) and never sent twice; each answer carries the whole cart, which replaces the
 * confirmed one, and the changes still waiting are applied on top of it — so what the shopper
 * sees moves at once and ends exactly as the server has it.
 *
 * The requests are the same POSTs the no-JavaScript forms send (`/cart/add`, …), with
 * `_fetcher=1` so that the routes answer JSON instead of redirecting.
 */

/** GET: the visitor's cart and the delivery fee (app/routes/cart/cart.json.ts). */
export const CART_JSON_URL = "/cart.json";

export type CartSnapshot = {
  /** False until the first answer of /cart.json (or a page's loader data) arrived. */
  loaded: boolean;
  /** The cart as the shopper should see it (the confirmed one with the pending changes). */
  cart: CartView | null;
  /** The cart the server last confirmed. */
  confirmed: CartView | null;
  /** The delivery store's terms in delivery mode (the fee follows the cart's total). */
  delivery: DeliveryTerms | null;
  /** Changes waiting or on their way. */
  pending: number;
  /** Bumped each time the queue empties after changes: listeners reload what depends on it. */
  settled: number;
};

type Entry = { change: CartChange; resolvers: ((result: CartActionResult) => void)[] };

const EMPTY: CartSnapshot = {
  loaded: false,
  cart: null,
  confirmed: null,
  delivery: null,
  pending: 0,
  settled: 0,
};

let snapshot: CartSnapshot = EMPTY;
let confirmed: CartView | null = null;
let delivery: DeliveryTerms | null = null;
let loaded = false;
let settled = 0;
let entries: Entry[] = [];
let inFlight = false;
let loading: Promise<void> | null = null;
const listeners = new Set<() => void>();

function emit() {
  const changes = entries.map((entry) => entry.change);
  snapshot = {
    loaded,
    cart: applyChanges(confirmed, changes),
    confirmed,
    delivery,
    pending: entries.length,
    settled,
  };
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** Mirrors the cart id to local storage, and restores the cookie from it when it was lost. */
function syncCartId(cart: CartView | null) {
  try {
    if (cart) window.localStorage.setItem(CART_ID_KEY, cart.id);
  } catch {
    // Storage refused (private mode): the cookie alone keeps the cart.
  }
}

function restoreCookieFromStorage() {
  try {
    if (document.cookie.split(";").some((part) => part.trim().startsWith(`${CART_ID_KEY}=`))) {
      return;
    }
    const stored = window.localStorage.getItem(CART_ID_KEY);
    if (stored?.startsWith("gid://shopify/Cart/")) {
      const secure = window.location.protocol === "https:" ? "; Secure" : "";
      // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is not in every browser the shop supports.
      document.cookie = `${CART_ID_KEY}=${encodeURIComponent(stored)}; Path=/; Max-Age=157680000; SameSite=Lax${secure}`;
    }
  } catch {
    // No storage: nothing to restore.
  }
}

function accept(payload: CartPayload) {
  confirmed = payload.cart;
  delivery = payload.delivery;
  loaded = true;
  syncCartId(confirmed);
  if (!confirmed) {
    try {
      window.localStorage.removeItem(CART_ID_KEY);
    } catch {
      // Nothing stored.
    }
  }
}

async function fetchCart(): Promise<void> {
  restoreCookieFromStorage();
  const response = await fetch(CART_JSON_URL, { headers: { Accept: "application/json" } });
  if (!response.ok) throw new Error(`GET ${CART_JSON_URL} answered ${response.status}`);
  const payload = (await response.json()) as CartPayload;
  // A change sent meanwhile answers with a fresher cart: keep that one.
  if (entries.length === 0) accept(payload);
  else delivery = payload.delivery;
  loaded = true;
  emit();
}

/** Loads the cart once (after hydration); later calls share the first load. */
export function ensureCartLoaded(): Promise<void> {
  loading ??= fetchCart().catch(() => {
    // Unknown for now: the next call tries again.
    loading = null;
  });
  return loading;
}

/** Reads the cart again (the panel opening, another module's action); not while changes wait. */
export function reloadCart(): Promise<void> {
  if (entries.length > 0) return Promise.resolve();
  loading = fetchCart().catch(() => {
    loading = null;
  });
  return loading;
}

/** Seeds the store with a page's loader data (the /panier/ page), so it does not fetch again. */
export function seedCart(payload: CartPayload) {
  if (entries.length > 0) return;
  accept(payload);
  loading ??= Promise.resolve();
  emit();
}

function requestOf(change: CartChange): { url: string; body: FormData } {
  const body = new FormData();
  body.set("_fetcher", "1");
  switch (change.kind) {
    case "add":
      body.set("merchandiseId", change.variantId);
      body.set("quantity", String(change.quantity));
      return { url: "/cart/add", body };
    case "remove":
      body.set("merchandiseId", change.variantId);
      body.set("quantity", String(change.quantity));
      return { url: "/cart/remove", body };
    case "set":
      body.set("merchandiseId", change.variantId);
      body.set("quantity", String(change.quantity));
      return { url: "/cart/update", body };
    case "substitute":
      body.set("merchandiseId", change.variantId);
      body.set("substitute", change.accepted ? "1" : "0");
      return { url: "/cart/substitution", body };
    case "clear":
      return { url: "/cart/clear", body };
    case "note":
      body.set("note", change.note);
      return { url: "/cart/note", body };
    case "codes":
      body.set("codes", change.codes.join(","));
      return { url: "/cart/discount", body };
  }
}

async function send(change: CartChange): Promise<CartActionResult> {
  const { url, body } = requestOf(change);
  const failure = change.kind === "add" ? CART_MESSAGES.addFailed : CART_MESSAGES.shopifyError;
  try {
    const response = await fetch(url, {
      method: "POST",
      body,
      headers: { Accept: "application/json" },
    });
    const result = (await response.json()) as CartActionResult;
    return typeof result === "object" && result && "ok" in result
      ? result
      : { ok: false, error: failure, cart: null };
  } catch {
    return { ok: false, error: failure, cart: null };
  }
}

async function pump() {
  if (inFlight) return;
  const entry = entries[0];
  if (!entry) return;
  inFlight = true;
  const result = await send(entry.change);
  inFlight = false;
  entries = entries.slice(1);
  if (result.cart) confirmed = result.cart;
  else if (result.ok) confirmed = null;
  loaded = true;
  syncCartId(confirmed);
  if (entries.length === 0) settled += 1;
  emit();
  for (const resolve of entry.resolvers) resolve(result);
  void pump();
}

/**
 * Queues a change; the promise gives the server's answer to it (or to the merged change it
 * became part of).
 */
export function queueCartChange(change: CartChange): Promise<CartActionResult> {
  return new Promise((resolve) => {
    const before = entries.map((entry) => entry.change);
    const after = enqueueChange(before, change, inFlight ? 1 : 0);
    if (after.length === before.length) {
      const last = entries.at(-1) as Entry;
      entries = [
        ...entries.slice(0, -1),
        { change: after.at(-1) as CartChange, resolvers: [...last.resolvers, resolve] },
      ];
    } else {
      entries = [...entries, { change, resolvers: [resolve] }];
    }
    emit();
    void pump();
  });
}

/** The store's state outside React (event handlers). */
export function cartSnapshot(): CartSnapshot {
  return snapshot;
}

/** The cart store's state, re-rendering on every change. */
export function useCartSnapshot(): CartSnapshot {
  return useSyncExternalStore(
    subscribe,
    () => snapshot,
    () => EMPTY,
  );
}

/** For tests: back to an empty, unloaded store. */
export function resetCartStore() {
  confirmed = null;
  delivery = null;
  loaded = false;
  settled = 0;
  entries = [];
  inFlight = false;
  loading = null;
  snapshot = EMPTY;
  for (const listener of listeners) listener();
}
