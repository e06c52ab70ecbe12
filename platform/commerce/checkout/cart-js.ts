import type { Context } from "hono";
import { getCookie } from "hono/cookie";
import type { Db } from "#db/client.ts";
import { findCart } from "#platform/commerce/cart/records.ts";
import { type CartView, loadCartView } from "#platform/commerce/cart/view.ts";

/** The cookie in which the storefront keeps the cart GID (storefront.md §4, §9). */
export const CART_COOKIE = "cartId";

type AjaxItem = {
  id: number;
  key: string;
  variant_id: number;
  product_id: number;
  title: string;
  product_title: string;
  variant_title: string | null;
  quantity: number;
  price: number;
  original_price: number;
  discounted_price: number;
  final_price: number;
  line_price: number;
  original_line_price: number;
  final_line_price: number;
  total_discount: number;
  sku: string | null;
  vendor: string;
  handle: string;
  url: string;
  image: string | null;
  properties: Record<string, string>;
  product_type: string;
  taxable: boolean;
  requires_shipping: boolean;
  gift_card: boolean;
  grams: number;
};

/** Shopify's AJAX cart (`GET /cart.js`), amounts in cents. */
export type AjaxCart = {
  token: string | null;
  note: string | null;
  attributes: Record<string, string>;
  original_total_price: number;
  items_subtotal_price: number;
  total_price: number;
  total_discount: number;
  total_weight: number;
  item_count: number;
  items: AjaxItem[];
  requires_shipping: boolean;
  currency: "EUR";
};

/** What `/cart.js` answers without a cart: Shopify's empty cart. */
export function emptyAjaxCart(): AjaxCart {
  return {
    token: null,
    note: null,
    attributes: {},
    original_total_price: 0,
    items_subtotal_price: 0,
    total_price: 0,
    total_discount: 0,
    total_weight: 0,
    item_count: 0,
    items: [],
    requires_shipping: false,
    currency: "EUR",
  };
}

const titled = (product: string, variant: string) =>
  variant && variant !== "Default Title" ? `${product} - ${variant}` : product;

/** A cart view in the AJAX cart's shape; image and product URLs are absolute on `origin`. */
export function ajaxCart(view: CartView, origin: string): AjaxCart {
  const items = view.lines.map(
    (line): AjaxItem => ({
      id: line.variant.id,
      key: `${line.variant.id}:${line.id}`,
      variant_id: line.variant.id,
      product_id: line.product.id,
      title: titled(line.product.title, line.variant.title),
      product_title: line.product.title,
      variant_title: line.variant.title === "Default Title" ? null : line.variant.title,
      quantity: line.quantity,
      price: line.unitCents,
      original_price: line.unitCents,
      discounted_price: line.unitCents,
      final_price: line.unitCents,
      line_price: line.subtotalCents,
      original_line_price: line.subtotalCents,
      final_line_price: line.subtotalCents,
      total_discount: 0,
      sku: line.variant.sku,
      vendor: line.product.vendor,
      handle: line.product.handle,
      url: `/p/${line.product.handle}/?variant=${line.variant.id}`,
      image: line.imageUrl ? new URL(line.imageUrl, origin).toString() : null,
      properties: Object.fromEntries(line.attributes.map((a) => [a.key, a.value])),
      product_type: line.product.productType,
      taxable: true,
      requires_shipping: true,
      gift_card: false,
      grams: 0,
    }),
  );
  return {
    token: view.cart.token,
    note: view.cart.note,
    attributes: Object.fromEntries(view.cart.attributes.map((a) => [a.key, a.value])),
    original_total_price: view.subtotalCents,
    items_subtotal_price: view.subtotalCents,
    total_price: view.totalCents,
    total_discount: view.discountCents,
    total_weight: 0,
    item_count: view.totalQuantity,
    items,
    requires_shipping: items.length > 0,
    currency: "EUR",
  };
}

/**
 * `GET /cart.js`: the cart whose GID is in the `cartId` cookie (URL-encoded or not), in
 * Shopify's AJAX shape; no cookie, an unknown or a completed cart → the empty cart. Never cached:
 * it is one visitor's data.
 */
export function cartJsHandler(options: { db: Db; publicOrigin: string; now?: () => Date }) {
  return async (c: Context) => {
    c.header("Cache-Control", "no-store");
    const gid = getCookie(c, CART_COOKIE);
    const cart = gid ? await findCart(options.db, gid) : undefined;
    if (!cart || cart.completedAt) return c.json(emptyAjaxCart());
    const view = await loadCartView(options.db, cart, options.now?.() ?? new Date());
    return c.json(ajaxCart(view, options.publicOrigin));
  };
}
