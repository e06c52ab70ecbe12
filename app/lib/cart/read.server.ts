import {
  CART_COOKIE_MAX_AGE_SECONDS,
  CART_ID_KEY,
  type CartLineView,
  type CartView,
  RESTAURATION_TAG,
} from "#app/lib/cart/cart.ts";
import { STOREFRONT_CART_QUERY } from "#app/lib/cart/documents.ts";
import {
  AGE_LIMIT_TAG,
  localImageUrl,
  maxQuantityOf,
  quantityLabelOf,
  SOLD_BY_WEIGHT_LABEL,
} from "#app/lib/catalogue/product.ts";
import { isHttps, readCookie, serializeCookie } from "#app/lib/cookies.ts";
import { previousPrice } from "#app/lib/format.ts";
import type {
  CartUserErrorFieldsFragment,
  CartViewFieldsFragment,
} from "#app/lib/storefront.generated.ts";
import { storefrontQuery } from "#app/lib/storefront.server.ts";
import { perKgLabel } from "#platform/sold-by-weight.ts";
import { substitutionAccepted } from "#platform/substitution.ts";
import { DEFAULT_VAT_RATE, parseVatRate } from "#platform/vat.ts";

/**
 * Reading the visitor's cart on the server: the `cartId` cookie (about five years, readable by
 * the page's script so it can mirror it to local storage), the Storefront API's cart turned into
 * the storefront's shape (money in cents), and the cart itself. Changes are in cart.server.ts.
 */

const CART_GID_PREFIX = "gid://shopify/Cart/";

/** The cart id the request carries, when it looks like one. */
export function cartIdOf(request: Request): string | undefined {
  const id = readCookie(request, CART_ID_KEY);
  return id?.startsWith(CART_GID_PREFIX) ? id : undefined;
}

/** The `Set-Cookie` value storing a cart id: not httpOnly, the client mirrors it locally. */
export function cartIdCookie(request: Request, id: string): string {
  return serializeCookie(CART_ID_KEY, id, {
    maxAgeSeconds: CART_COOKIE_MAX_AGE_SECONDS,
    httpOnly: false,
    sameSite: "Lax",
    secure: isHttps(request),
  });
}

export function clearedCartIdCookie(request: Request): string {
  return serializeCookie(CART_ID_KEY, "", {
    maxAgeSeconds: 0,
    httpOnly: false,
    sameSite: "Lax",
    secure: isHttps(request),
  });
}

// ---------------------------------------------------------------------------------------------
// The API's cart in the storefront's shape

export type ApiCart = CartViewFieldsFragment;
type ApiCartLine = ApiCart["lines"]["nodes"][number];
type ApiMoney = ApiCartLine["cost"]["amountPerQuantity"];
/** What every cart mutation answers (CartViewFields and CartUserErrorFields). */
export type CartWarning = { code: string; message: string };
export type CartPayload = {
  cart: ApiCart | null;
  userErrors: CartUserErrorFieldsFragment[];
  warnings?: CartWarning[];
} | null;

const cents = (money: ApiMoney | null | undefined) =>
  money ? Math.round(Number(money.amount) * 100) : 0;

function toLine(line: ApiCartLine): CartLineView | null {
  const variant = line.merchandise;
  const product = variant.product;
  if (!variant.id || !product) return null;
  const fields = new Map(
    product.metafields.flatMap((field) => (field ? [[field.key, field.value] as const] : [])),
  );
  const image = variant.image ?? product.featuredImage;
  const unitPrice = cents(line.cost.amountPerQuantity);
  const attributes = line.attributes.map(({ key, value }) => ({ key, value: value ?? "" }));
  return {
    id: line.id,
    quantity: line.quantity,
    variantId: variant.id,
    variantTitle: variant.title ?? "",
    productId: product.id,
    handle: product.handle,
    title: product.title,
    vendor: product.vendor,
    image: image ? { url: localImageUrl(image.url), alt: image.altText?.trim() || "" } : null,
    // Sold by weight: the weight is the variant's title, and the line says its price per kilogram.
    unitLabel:
      fields.get("sold_by_weight") === "true" && variant.unitPrice
        ? `${SOLD_BY_WEIGHT_LABEL} · ${perKgLabel(cents(variant.unitPrice))}`
        : quantityLabelOf({
            quantity: fields.get("quantity") ?? null,
            unit: fields.get("unit") ?? null,
            quantitiesUnit: fields.get("quantitiesUnit") ?? null,
          }),
    maxQuantity: maxQuantityOf(fields.get("max_quantity")),
    restauration: product.tags.includes(RESTAURATION_TAG),
    alcohol: product.tags.includes(AGE_LIMIT_TAG),
    vatRate: parseVatRate(fields.get("vat_rate") ?? "") ?? DEFAULT_VAT_RATE,
    attributes,
    substitute: substitutionAccepted(attributes),
    unitPrice,
    compareAtUnitPrice: previousPrice(
      unitPrice / 100,
      cents(line.cost.compareAtAmountPerQuantity) / 100,
    ),
    subtotal: cents(line.cost.subtotalAmount),
    total: cents(line.cost.totalAmount),
  };
}

/**
 * The discount codes with the reason of each one that does not apply, from a mutation's
 * `warnings` (`DISCOUNT_…`): the warning that names the code (« CODE »), else, when there are as
 * many warnings as codes not applying, the one in the same place.
 */
export function codesWithReasons(
  codes: readonly { code: string; applicable: boolean }[],
  warnings: readonly CartWarning[],
): CartView["discountCodes"] {
  const discountWarnings = warnings.filter((warning) => warning.code.startsWith("DISCOUNT_"));
  const refused = codes.filter((entry) => !entry.applicable);
  return codes.map((entry) => {
    if (entry.applicable) return { code: entry.code, applicable: true };
    const named = discountWarnings.find((warning) =>
      warning.message.toUpperCase().includes(`« ${entry.code.toUpperCase()} »`),
    );
    const placed =
      discountWarnings.length === refused.length
        ? discountWarnings[refused.indexOf(entry)]
        : undefined;
    const reason = (named ?? placed)?.message;
    return { code: entry.code, applicable: false, ...(reason ? { reason } : {}) };
  });
}

/** An API cart in the storefront's shape (money in cents); `warnings` of the mutation that gave it. */
export function toCartView(cart: ApiCart, warnings: readonly CartWarning[] = []): CartView {
  return {
    id: cart.id,
    checkoutUrl: cart.checkoutUrl,
    totalQuantity: cart.totalQuantity,
    note: cart.note ?? "",
    attributes: cart.attributes.map(({ key, value }) => ({ key, value: value ?? "" })),
    discountCodes: codesWithReasons(cart.discountCodes, warnings),
    automaticDiscount:
      cart.discountAllocations.find((allocation) => "title" in allocation)?.title ?? null,
    subtotal: cents(cart.cost.subtotalAmount),
    total: cents(cart.cost.totalAmount),
    lines: cart.lines.nodes.flatMap((line) => toLine(line) ?? []),
  };
}

// ---------------------------------------------------------------------------------------------
// Reading

export async function fetchCart(id: string): Promise<CartView | null> {
  const data = await storefrontQuery(STOREFRONT_CART_QUERY, { id });
  return data.cart ? toCartView(data.cart) : null;
}

/**
 * The visitor's cart, or null when there is none. A stored id whose cart cannot be fetched is
 * cleared (`headers` then carries the cookie's removal); a failing service throws.
 */
export async function getCart(
  request: Request,
): Promise<{ cart: CartView | null; headers: Headers }> {
  const headers = new Headers();
  const id = cartIdOf(request);
  if (!id) {
    if (readCookie(request, CART_ID_KEY))
      headers.append("Set-Cookie", clearedCartIdCookie(request));
    return { cart: null, headers };
  }
  const cart = await fetchCart(id);
  if (!cart) headers.append("Set-Cookie", clearedCartIdCookie(request));
  return { cart, headers };
}
