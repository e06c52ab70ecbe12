import { toast } from "#app/components/toast/toast.ts";
import {
  addableUnits,
  CART_MESSAGES,
  type CartLineView,
  checkCap,
  type LineSeed,
  needsModeChange,
  quantityInCart,
} from "#app/lib/cart/cart.ts";
import { maxQuantityMessage, type ProductCardData } from "#app/lib/catalogue/product.ts";
import {
  type TrackableProduct,
  trackAddToCart,
  trackRemoveFromCart,
} from "#app/lib/privacy/tracking-events.ts";
import { cartSnapshot, ensureCartLoaded, queueCartChange, useCartSnapshot } from "./cart-store.ts";

/**
 * What the storefront's buttons call (storefront.md §4): add with the cap and the restauration
 * rules, remove one unit, set a quantity, empty, note and codes — each optimistic, with the
 * spec's toasts and the data layer's add and remove events.
 */

/** The event the order-mode modal listens to (ordering-and-server.md §2 "Order-mode modal"). */
export const ORDER_MODE_EVENT = "comptoir:order-mode";

export type OrderModeRequest = {
  changeRestauration: true;
  productIsRestauration: boolean;
  /** Run by the modal when the shopper confirms: empties the cart, then retries the add. */
  onComplete: () => Promise<void>;
};

/** A product as the cart needs it to add it optimistically and check its rules. */
export type CartProduct = LineSeed;

/** A card's product for the cart (its first variant). */
export function cartProductOfCard(card: ProductCardData): CartProduct | null {
  if (!card.variantId) return null;
  return {
    variantId: card.variantId,
    variantTitle: "",
    productId: card.id,
    handle: card.handle,
    title: card.title,
    vendor: card.brand,
    image: card.image ? { url: card.image.url, alt: card.image.altText } : null,
    // Sold by weight: « À la coupe · 39,50 €/kg », as the cart line says it.
    unitLabel: card.soldByWeight
      ? [card.quantityLabel, card.priceUnit].filter(Boolean).join(" · ")
      : card.quantityLabel,
    maxQuantity: card.maxQuantity ?? card.state.addable,
    restauration: card.restauration ?? false,
    alcohol: card.alcohol ?? false,
    unitPrice: card.state.price,
    compareAtUnitPrice: card.state.previousPrice,
  };
}

function trackable(product: {
  productId: string;
  title: string;
  vendor: string;
  unitPrice: number;
  compareAtUnitPrice: number | null;
}): TrackableProduct {
  return {
    id: product.productId,
    title: product.title,
    brand: product.vendor,
    state: { price: product.unitPrice, previousPrice: product.compareAtUnitPrice },
  };
}

/** Asks the order-mode modal to switch the cart's kind; resolves when it is dispatched. */
function requestModeChange(product: CartProduct, quantity: number) {
  const detail: OrderModeRequest = {
    changeRestauration: true,
    productIsRestauration: product.restauration,
    onComplete: async () => {
      const emptied = await emptyCart({ silent: true });
      if (emptied) await addToCart(product, quantity, { retried: true });
    },
  };
  window.dispatchEvent(new CustomEvent(ORDER_MODE_EVENT, { detail }));
}

/**
 * Adds `quantity` units (1 from cards, the chosen quantity from the product page). Refuses over
 * the cap; a product of the other kind than the cart's goes through the order-mode modal first.
 * Resolves true when the server took it.
 */
export async function addToCart(
  product: CartProduct,
  quantity = 1,
  options: { retried?: boolean; list?: string; index?: number } = {},
): Promise<boolean> {
  await ensureCartLoaded();
  const { cart } = cartSnapshot();
  const cap = checkCap(cart, product, quantity);
  if (!cap.ok) {
    toast.error(cap.message);
    return false;
  }
  if (!options.retried && needsModeChange(cart, product.restauration)) {
    requestModeChange(product, quantity);
    return false;
  }
  trackAddToCart(trackable(product), { quantity, list: options.list, index: options.index });
  const result = await queueCartChange({
    kind: "add",
    variantId: product.variantId,
    quantity,
    seed: product,
  });
  if (result.ok) {
    toast.success(CART_MESSAGES.added);
    return true;
  }
  if (result.changeRestauration && !options.retried) {
    requestModeChange(product, quantity);
    return false;
  }
  toast.error(result.error || CART_MESSAGES.addFailed);
  return false;
}

/** Takes one unit of a variant out; the line goes at 1 (storefront.md §4). */
export async function removeOneFromCart(line: CartProduct) {
  await ensureCartLoaded();
  trackRemoveFromCart(trackable(line), { quantity: 1 });
  const result = await queueCartChange({ kind: "remove", variantId: line.variantId, quantity: 1 });
  if (!result.ok) toast.error(result.error);
  return result.ok;
}

/** Sets a line's quantity (the panel's field); above the cap it is refused with the spec's text. */
export async function setLineQuantity(line: CartLineView, quantity: number) {
  await ensureCartLoaded();
  if (!Number.isInteger(quantity) || quantity < 0) return false;
  if (quantity > line.maxQuantity) {
    toast.error(maxQuantityMessage(line.maxQuantity));
    return false;
  }
  if (quantity < line.quantity) {
    trackRemoveFromCart(trackable(line), { quantity: line.quantity - quantity });
  } else if (quantity > line.quantity) {
    trackAddToCart(trackable(line), { quantity: quantity - line.quantity });
  }
  const result = await queueCartChange({ kind: "set", variantId: line.variantId, quantity });
  if (!result.ok) toast.error(result.error);
  return result.ok;
}

/** Whether a line accepts a close substitute if its product is missing at preparation. */
export async function setLineSubstitution(line: CartLineView, accepted: boolean) {
  await ensureCartLoaded();
  const result = await queueCartChange({ kind: "substitute", variantId: line.variantId, accepted });
  if (!result.ok) toast.error(result.error);
  else toast.success(accepted ? CART_MESSAGES.substituteAccepted : CART_MESSAGES.substituteRefused);
  return result.ok;
}

/** Empties the cart (before an add of the other kind, or the panel's button). */
export async function emptyCart(options: { silent?: boolean } = {}): Promise<boolean> {
  await ensureCartLoaded();
  const result = await queueCartChange({ kind: "clear" });
  if (!result.ok) toast.error(result.error);
  else if (!options.silent) toast.success(CART_MESSAGES.emptied);
  return result.ok;
}

export async function saveCartNote(note: string): Promise<boolean> {
  const result = await queueCartChange({ kind: "note", note });
  if (result.ok) toast.success(CART_MESSAGES.noteSaved);
  else toast.error(result.error);
  return result.ok;
}

export async function saveDiscountCodes(codes: string[]): Promise<boolean> {
  const result = await queueCartChange({ kind: "codes", codes });
  if (!result.ok) toast.error(result.error);
  return result.ok;
}

/** A product's in-cart quantity and how many more may be added, from the optimistic cart. */
export function useProductInCart(productId: string, maxQuantity: number | undefined) {
  const snapshot = useCartSnapshot();
  const inCart = quantityInCart(snapshot.cart, productId);
  return { loaded: snapshot.loaded, inCart, addable: addableUnits(maxQuantity, inCart) };
}
