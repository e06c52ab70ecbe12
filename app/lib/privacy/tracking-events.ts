import type { ProductCardData } from "#app/lib/catalogue/product.ts";

/**
 * The shop's data layer (ordering-and-server.md §7 "Tracking", storefront.md §7 "Analytics
 * events"): every event is an object pushed onto `window.dataLayer`, where the tag manager picks
 * it up once the visitor has consented (app/lib/privacy/consent.ts). Pushing stays local to the page: no
 * request leaves the browser until the tag manager is loaded.
 *
 * Product events carry a category, an action (the product's name), a label saying what happened
 * and the product as an `item`; every page view carries the page-type label of the route
 * (app/lib/page-type.ts).
 */

/** The labels of the specification's product events. */
export const PRODUCT_EVENT_LABELS = {
  /** A product added to the cart from a button (card or product page). */
  add: "ajout-rapide-produit",
  /** A product taken out of the cart (one unit, or its line). */
  remove: "retrait-panier-produit",
  /** A click on a product card, towards its page. */
  click: "produit-clic-CTA",
} as const;

export type ProductEventLabel = (typeof PRODUCT_EVENT_LABELS)[keyof typeof PRODUCT_EVENT_LABELS];

/** The category of every product event. */
export const PRODUCT_EVENT_CATEGORY = "ecommerce";

/** A product as the data layer describes it. Money in euros, two decimals. */
export type TrackedItem = {
  /** Position in the list it was shown in, from 0; 0 outside a list. */
  index: number;
  item_id: string;
  item_name: string;
  item_brand: string;
  price: number;
  /** The previous price minus the current one, 0 without a previous price. */
  discount: number;
  quantity: number;
};

export type ProductEvent = {
  event: ProductEventLabel;
  category: typeof PRODUCT_EVENT_CATEGORY;
  /** The product's name. */
  action: string;
  label: ProductEventLabel;
  item: TrackedItem;
  /** Where it happened: the page-type label, or the list's name. */
  list?: string;
};

export type PageViewEvent = {
  event: "page_view";
  page_type: string;
  page_path: string;
};

/** The product page was shown. */
export type ProductViewEvent = {
  event: "view_item";
  category: typeof PRODUCT_EVENT_CATEGORY;
  action: string;
  label: "fiche-produit";
  item: TrackedItem;
};

/** A list of product cards was shown (a listing page, related or recently viewed products). */
export type ItemListEvent = {
  event: "view_item_list";
  category: typeof PRODUCT_EVENT_CATEGORY;
  action: string;
  label: string;
  items: TrackedItem[];
};

/** A search: predictive suggestions received, or the results page. */
export type SearchEvent = {
  event: "search";
  category: "recherche";
  action: string;
  label: "suggestions" | "resultats";
  search_term: string;
  results: number;
};

/** The visitor's consent as the tag manager reads it (Google's consent mode names). */
export type ConsentEvent = {
  event: "consent_update";
  analytics_storage: "granted" | "denied";
  ad_storage: "granted" | "denied";
};

export type TrackingEvent =
  | ProductEvent
  | PageViewEvent
  | ProductViewEvent
  | ItemListEvent
  | SearchEvent
  | ConsentEvent;

/** What a product event needs from a product: a card, or any object with these fields. */
export type TrackableProduct = Pick<ProductCardData, "id" | "title" | "brand"> & {
  state: Pick<ProductCardData["state"], "price" | "previousPrice">;
};

declare global {
  interface Window {
    dataLayer?: unknown[];
  }
}

/** Cents to euros with two decimals, as a number (`1250` → `12.5`). */
function euros(cents: number): number {
  return Math.round(cents) / 100;
}

/** The product as an `item` of the data layer. */
export function toTrackedItem(
  product: TrackableProduct,
  { index = 0, quantity = 1 }: { index?: number; quantity?: number } = {},
): TrackedItem {
  const { price, previousPrice } = product.state;
  const discount = previousPrice !== null && previousPrice > price ? previousPrice - price : 0;
  return {
    index,
    item_id: product.id,
    item_name: product.title,
    item_brand: product.brand,
    price: euros(price),
    discount: euros(discount),
    quantity,
  };
}

/** A product event of the specification: added, removed or clicked. */
export function productEvent(
  label: ProductEventLabel,
  product: TrackableProduct,
  options: { index?: number; quantity?: number; list?: string } = {},
): ProductEvent {
  const event: ProductEvent = {
    event: label,
    category: PRODUCT_EVENT_CATEGORY,
    action: product.title,
    label,
    item: toTrackedItem(product, options),
  };
  if (options.list !== undefined) event.list = options.list;
  return event;
}

export function pageViewEvent(pageType: string | undefined, path: string): PageViewEvent {
  return { event: "page_view", page_type: pageType ?? "autre", page_path: path };
}

export function productViewEvent(product: TrackableProduct): ProductViewEvent {
  return {
    event: "view_item",
    category: PRODUCT_EVENT_CATEGORY,
    action: product.title,
    label: "fiche-produit",
    item: toTrackedItem(product),
  };
}

/** A list shown: `list` names it (the page type, 'produits-associes', 'produits-vus'…). */
export function itemListEvent(
  list: string,
  products: readonly TrackableProduct[],
  title = list,
): ItemListEvent {
  return {
    event: "view_item_list",
    category: PRODUCT_EVENT_CATEGORY,
    action: title,
    label: list,
    items: products.map((product, index) => toTrackedItem(product, { index })),
  };
}

export function searchEvent(
  term: string,
  results: number,
  label: SearchEvent["label"] = "suggestions",
): SearchEvent {
  const clean = term.trim();
  return {
    event: "search",
    category: "recherche",
    action: clean,
    label,
    search_term: clean,
    results,
  };
}

export function consentEvent(consent: { analytics: boolean; marketing: boolean }): ConsentEvent {
  return {
    event: "consent_update",
    analytics_storage: consent.analytics ? "granted" : "denied",
    ad_storage: consent.marketing ? "granted" : "denied",
  };
}

/**
 * Pushes an event onto the data layer (created when missing). Does nothing on the server. The
 * tag manager, once consented to and loaded, replays what was pushed before it.
 */
export function track(event: TrackingEvent): void {
  if (typeof window === "undefined") return;
  window.dataLayer ??= [];
  window.dataLayer.push(event);
}

// ---------------------------------------------------------------------------------------------
// For the cart: call these where a product is added or removed.

/** A product added to the cart with a button ('ajout-rapide-produit'). */
export function trackAddToCart(
  product: TrackableProduct,
  options: { quantity?: number; index?: number; list?: string } = {},
): void {
  track(productEvent(PRODUCT_EVENT_LABELS.add, product, options));
}

/** A product taken out of the cart ('retrait-panier-produit'). */
export function trackRemoveFromCart(
  product: TrackableProduct,
  options: { quantity?: number; index?: number; list?: string } = {},
): void {
  track(productEvent(PRODUCT_EVENT_LABELS.remove, product, options));
}

/** A product card clicked towards its page ('produit-clic-CTA'). */
export function trackProductClick(
  product: TrackableProduct,
  options: { index?: number; list?: string } = {},
): void {
  track(productEvent(PRODUCT_EVENT_LABELS.click, product, options));
}

/** The handle of a product page link (`/p/{handle}/`), or null. */
export function productHandleOf(href: string): string | null {
  const match = /^\/p\/([^/?#]+)\/?(?:[?#].*)?$/.exec(href);
  if (!match?.[1]) return null;
  try {
    return decodeURIComponent(match[1]);
  } catch {
    return null;
  }
}
