import { DEFAULT_MAX_QUANTITY, maxQuantityMessage } from "#app/lib/catalogue/product.ts";
import {
  belowDeliveryMinimum,
  type DeliveryTerms,
  deliveryFeeCents,
  leftToFreeDelivery,
} from "#platform/delivery-terms.ts";
import { DEFAULT_VAT_RATE, orderVat, SERVICE_FEE_VAT_RATE, type VatLine } from "#platform/vat.ts";

/**
 * The storefront cart's shapes and its pure rules (storefront.md §4, §5; ordering-and-server.md
 * §4, §9), shared by the server (app/lib/cart/cart.server.ts, the cart routes) and the browser (the
 * cart store, the panel, the product cards): caps, the restauration kind of a cart, the
 * optimistic view of a cart while changes are on their way, and the totals with the fixed fee
 * and the delivery fee. Money in cents.
 */

/** The cookie (and local-storage key) holding the cart's GID (ordering-and-server.md §3). */
export const CART_ID_KEY = "cartId";
/** About five years, as the spec's cart cookie (15768e4 s, ordering-and-server.md §9). */
export const CART_COOKIE_MAX_AGE_SECONDS = 157_680_000;
/** The fixed 0.50 € added to every cart total (ordering-and-server.md §4, §9). */
export const SERVICE_FEE_CENTS = 50;
/** The product tag and cart attribute that mark restauration dishes (DESIGN.md §5). */
export const RESTAURATION_TAG = "restauration";
export const RESTAURATION_ATTRIBUTE = "restauration";

export const CART_MESSAGES = {
  /** Top-level errors of a cart call (storefront.md §8). */
  shopifyError: "Erreur Shopify lors de la mise à jour du panier",
  unavailable: "Le produit est indisponible",
  addFailed: "Le produit n'a pas pu être ajouté au panier.",
  added: "Produit ajouté au panier",
  removed: "Produit retiré du panier",
  updated: "Panier mis à jour",
  noteSaved: "Note enregistrée",
  codesSaved: "Codes promo mis à jour",
  /** A code entered that does not apply, without a reason from the service. */
  codeRefused: (code: string) => `Le code promo « ${code} » ne s'applique pas à ce panier.`,
  emptied: "Panier vidé",
  substituteAccepted: "Remplacement accepté pour ce produit",
  substituteRefused: "Pas de remplacement pour ce produit",
  /** A product of the other kind than the cart's, without JavaScript (no order-mode modal). */
  otherKind:
    "Ce produit ne peut pas être commandé avec les articles de votre panier : videz d'abord votre panier.",
} as const;

export type CartLineView = {
  id: string;
  quantity: number;
  variantId: string;
  variantTitle: string;
  productId: string;
  handle: string;
  title: string;
  vendor: string;
  image: { url: string; alt: string } | null;
  /** The quantity and unit the product is sold by (`250 g`, `6 pièces`). */
  unitLabel: string | null;
  maxQuantity: number;
  restauration: boolean;
  /** Alcohol (tag `ageLimit`): the cart then shows the health message, and no discount takes from it. */
  alcohol: boolean;
  /** The product's VAT rate in basis points (its `vat_rate` field, platform/vat.ts). */
  vatRate: number;
  /** The line's attributes (kept when one of them changes: the API replaces them all). */
  attributes: { key: string; value: string }[];
  /**
   * Whether the shopper accepts a close substitute if the product is missing at preparation
   * (the `substitution` attribute, platform/substitution.ts); accepted by default.
   */
  substitute: boolean;
  /** Price of one unit, and the previous one when it is shown (above and non-zero). */
  unitPrice: number;
  compareAtUnitPrice: number | null;
  /** Before and after the line's discounts. */
  subtotal: number;
  total: number;
};

export type CartView = {
  id: string;
  checkoutUrl: string;
  totalQuantity: number;
  note: string;
  attributes: { key: string; value: string }[];
  /**
   * The codes entered; `reason` says in French why one does not apply (unknown, expired, minimum
   * not reached…), as the last change's answer told it (a mere read does not).
   */
  discountCodes: { code: string; applicable: boolean; reason?: string }[];
  /**
   * The title of the automatic discount applied (« 10 % offerts dès 80 € »), null when none
   * applies: it applies only when no code does, so the cart's discount is then all its own.
   */
  automaticDiscount: string | null;
  /** Lines before discounts, and the cart's total after them (without the fees). */
  subtotal: number;
  total: number;
  lines: CartLineView[];
};

/** What the cart routes answer to the browser's cart store. */
export type CartActionResult =
  | { ok: true; cart: CartView | null; message?: string }
  | {
      ok: false;
      error: string;
      cart: CartView | null;
      /** The product is of the other kind than the cart: the order-mode modal should open. */
      changeRestauration?: { productIsRestauration: boolean };
    };

/**
 * What GET /cart.json answers: the cart and, in delivery mode, the delivery store's terms (its
 * zone's fee, minimum order and free-delivery threshold), from which `cartTotals` prices the
 * fee line as the cart changes.
 */
export type CartPayload = { cart: CartView | null; delivery: DeliveryTerms | null };

// ---------------------------------------------------------------------------------------------
// Caps (storefront.md §5)

/** Units of a product the cart holds, over its variants. */
export function quantityInCart(cart: CartView | null | undefined, productId: string): number {
  if (!cart) return 0;
  let total = 0;
  for (const line of cart.lines) if (line.productId === productId) total += line.quantity;
  return total;
}

/** How many more units of a product may go in: the cap minus what is in, never below 0. */
export function addableUnits(maxQuantity: number | null | undefined, inCart: number): number {
  const cap = maxQuantity && maxQuantity > 0 ? maxQuantity : DEFAULT_MAX_QUANTITY;
  return Math.max(0, cap - Math.max(0, inCart));
}

/** Whether `quantity` more units fit under the cap; the spec's refusal message otherwise. */
export function checkCap(
  cart: CartView | null | undefined,
  product: { productId: string; maxQuantity?: number | null },
  quantity: number,
): { ok: true } | { ok: false; message: string } {
  const cap =
    product.maxQuantity && product.maxQuantity > 0 ? product.maxQuantity : DEFAULT_MAX_QUANTITY;
  if (quantity <= addableUnits(cap, quantityInCart(cart, product.productId))) return { ok: true };
  return { ok: false, message: maxQuantityMessage(cap) };
}

// ---------------------------------------------------------------------------------------------
// Restauration kind (storefront.md §4, ordering-and-server.md §2 "Order-mode modal")

/**
 * The cart's kind: null while it is empty, else whether its lines are restauration dishes.
 * The lines decide (they cannot lie); the `restauration` attribute only mirrors them for the
 * checkout.
 */
export function cartRestauration(cart: CartView | null | undefined): boolean | null {
  if (!cart || cart.lines.length === 0) return null;
  return cart.lines.some((line) => line.restauration);
}

/** True when adding a product of this kind must first go through the order-mode modal. */
export function needsModeChange(
  cart: CartView | null | undefined,
  productIsRestauration: boolean,
): boolean {
  return kindsDiffer(cartRestauration(cart), productIsRestauration);
}

/** True when a cart of this kind (null: empty) cannot take a product of the other kind. */
export function kindsDiffer(cartKind: boolean | null, productIsRestauration: boolean): boolean {
  return cartKind !== null && cartKind !== productIsRestauration;
}

// ---------------------------------------------------------------------------------------------
// Optimistic changes

/** What a new line shows before the server has answered. */
export type LineSeed = Omit<
  CartLineView,
  "id" | "quantity" | "subtotal" | "total" | "attributes" | "substitute" | "vatRate"
>;

/** One change the shopper asked for; queued, merged and sent one at a time. */
export type CartChange =
  | { kind: "add"; variantId: string; quantity: number; seed?: LineSeed }
  | { kind: "remove"; variantId: string; quantity: number }
  | { kind: "set"; variantId: string; quantity: number }
  | { kind: "substitute"; variantId: string; accepted: boolean }
  | { kind: "clear" }
  | { kind: "note"; note: string }
  | { kind: "codes"; codes: string[] };

/**
 * Appends a change to the pending ones, merging it into the last one when both touch the same
 * line the same way (three quick clicks on "+" become one add of 3). The change already on its
 * way (`inFlight`) is never merged into: its request has left.
 */
export function enqueueChange(
  pending: readonly CartChange[],
  change: CartChange,
  inFlight: number,
): CartChange[] {
  const last = pending.at(-1);
  if (!last || pending.length <= inFlight || last.kind !== change.kind) return [...pending, change];
  // The latest note, the latest codes win.
  if (change.kind === "note" || change.kind === "codes") return [...pending.slice(0, -1), change];
  if ("variantId" in last && "variantId" in change) {
    const prev = last;
    const next = change;
    if (prev.variantId === next.variantId) {
      let merged: CartChange = next;
      if (prev.kind === "add" && next.kind === "add") {
        merged = { ...prev, quantity: prev.quantity + next.quantity, seed: prev.seed ?? next.seed };
      } else if (prev.kind === "remove" && next.kind === "remove") {
        merged = { ...prev, quantity: prev.quantity + next.quantity };
      }
      return [...pending.slice(0, -1), merged];
    }
  }
  return [...pending, change];
}

function lineWithQuantity(line: CartLineView, quantity: number): CartLineView {
  if (quantity === line.quantity) return line;
  const ratio = line.quantity > 0 ? line.total / (line.unitPrice * line.quantity || 1) : 1;
  const subtotal = line.unitPrice * quantity;
  return { ...line, quantity, subtotal, total: Math.round(subtotal * ratio) };
}

/**
 * The cart as the shopper should see it: the last cart the server confirmed with the pending
 * changes applied. Amounts of changed lines are the unit price times the quantity (with the
 * line's discount ratio); the server's answer replaces them a moment later.
 */
export function applyChanges(
  cart: CartView | null,
  changes: readonly CartChange[],
): CartView | null {
  if (changes.length === 0) return cart;
  let lines = cart ? [...cart.lines] : [];
  let note = cart?.note ?? "";
  for (const change of changes) {
    if (change.kind === "clear") {
      lines = [];
      note = "";
      continue;
    }
    if (change.kind === "note") {
      note = change.note;
      continue;
    }
    if (change.kind === "codes") continue;
    const index = lines.findIndex((line) => line.variantId === change.variantId);
    const line = index >= 0 ? lines[index] : undefined;
    if (change.kind === "add") {
      if (line) {
        lines[index] = lineWithQuantity(line, line.quantity + change.quantity);
      } else if (change.seed) {
        const subtotal = change.seed.unitPrice * change.quantity;
        lines.push({
          ...change.seed,
          attributes: [],
          substitute: true,
          // Until the server answers with the product's own rate.
          vatRate: DEFAULT_VAT_RATE,
          id: `pending:${change.variantId}`,
          quantity: change.quantity,
          subtotal,
          total: subtotal,
        });
      }
      continue;
    }
    if (!line) continue;
    if (change.kind === "substitute") {
      lines[index] = { ...line, substitute: change.accepted };
      continue;
    }
    const quantity =
      change.kind === "set" ? change.quantity : Math.max(0, line.quantity - change.quantity);
    if (quantity <= 0) lines.splice(index, 1);
    else lines[index] = lineWithQuantity(line, quantity);
  }
  const before = cart?.lines ?? [];
  const delta = (pick: (line: CartLineView) => number) =>
    lines.reduce((sum, line) => sum + pick(line), 0) - before.reduce((sum, l) => sum + pick(l), 0);
  const totalQuantity = lines.reduce((sum, line) => sum + line.quantity, 0);
  return {
    id: cart?.id ?? "",
    checkoutUrl: cart?.checkoutUrl ?? "",
    attributes: cart?.attributes ?? [],
    discountCodes: cart?.discountCodes ?? [],
    automaticDiscount: cart?.automaticDiscount ?? null,
    note,
    lines,
    totalQuantity,
    subtotal: Math.max(0, (cart?.subtotal ?? 0) + delta((line) => line.subtotal)),
    total: lines.length === 0 ? 0 : Math.max(0, (cart?.total ?? 0) + delta((line) => line.total)),
  };
}

// ---------------------------------------------------------------------------------------------
// Totals (ordering-and-server.md §4, §9)

export type CartTotals = {
  /** Lines before discounts. */
  subtotal: number;
  /** What the discount codes take off. */
  discount: number;
  serviceFee: number;
  /** The delivery fee in delivery mode (0 once delivery is offered), else null (no line shown). */
  deliveryFee: number | null;
  /** Delivery is offered: the cart reached the zone's free-delivery threshold. */
  freeDelivery: boolean;
  /** What is left to add before delivery is offered; null when never or already offered. */
  leftToFreeDelivery: number | null;
  /** The zone's minimum order when the cart does not reach it (the checkout refuses it); else null. */
  deliveryMinimum: number | null;
  total: number;
  /** The VAT per rate the total includes: the products', the fee's, the delivery's (shared). */
  vat: VatLine[];
};

/**
 * The cart's totals as the panel shows them: the cart's own total (after codes), plus the fixed
 * 0.50 €, plus in delivery mode (1) the delivery fee of the store's zone, computed from the
 * cart's total after codes by the function the hosted checkout charges with
 * (platform/delivery-terms.ts). An empty cart has no fees.
 */
export function cartTotals(cart: CartView | null, delivery: DeliveryTerms | null): CartTotals {
  const none = { freeDelivery: false, leftToFreeDelivery: null, deliveryMinimum: null };
  if (!cart || cart.lines.length === 0) {
    return {
      subtotal: 0,
      discount: 0,
      serviceFee: 0,
      deliveryFee: null,
      ...none,
      total: 0,
      vat: [],
    };
  }
  const fee = delivery === null ? null : deliveryFeeCents(delivery, cart.total);
  return {
    subtotal: cart.subtotal,
    discount: Math.max(0, cart.subtotal - cart.total),
    serviceFee: SERVICE_FEE_CENTS,
    deliveryFee: fee,
    ...(delivery === null
      ? none
      : {
          freeDelivery: fee === 0 && delivery.feeCents > 0,
          leftToFreeDelivery: leftToFreeDelivery(delivery, cart.total),
          deliveryMinimum: belowDeliveryMinimum(delivery, cart.total)
            ? delivery.minimumOrderCents
            : null,
        }),
    total: cart.total + SERVICE_FEE_CENTS + (fee ?? 0),
    vat: orderVat(
      cart.lines.map((line) => ({ rateBasisPoints: line.vatRate, amountCents: line.total })),
      [{ rateBasisPoints: SERVICE_FEE_VAT_RATE, amountCents: SERVICE_FEE_CENTS }],
      fee ?? 0,
    ),
  };
}

/** The order mode cookie's value meaning delivery (ordering-and-server.md §3). */
export const DELIVERY_MODE = "1";
