import { timingSafeEqual } from "node:crypto";
import type { CheckoutTrackedItem } from "#app/lib/checkout/checkout.ts";
import { formatSlot, toCents } from "#app/lib/format.ts";
import {
  accountDetails,
  orderById,
  type PlacedOrder,
  type Shopper,
} from "#app/lib/ordering/customer.server.ts";
import { type StorefrontDocument, storefrontQuery } from "#app/lib/storefront.server.ts";
import {
  type GiftOptions,
  giftOptionsOf,
  type OrderSlotView,
  orderSlotFromAttributes,
} from "#platform/commerce/index.ts";
import { orderNumberLabel, orderStatusLabel } from "#platform/order-status.ts";
import { substitutionLabel } from "#platform/substitution.ts";

/**
 * What /order/confirmation/ shows (and /order/confirmation-debug/ dumps for staff): a
 * restauration order of the ordering service (`?orderId=…`, only to the customer who placed it
 * or to whoever holds the key of its SMS and email link, `&cle=…`)
 * or a grocery order of the commerce service (`?order={GID}` from the hosted checkout; the GID
 * carries the order's secret key, so knowing it is the permission to read it).
 */

export type ConfirmationView =
  | {
      kind: "restauration";
      id: string;
      orderId: number;
      /** « n° 1001 », as every French screen names an order of either kind. */
      name: string;
      /** The order's current status, in French. */
      statusLabel: string;
      /** The key of the link it was opened with, which the receipt request sends on. */
      linkKey: string | null;
      mode: 1 | 2;
      store: { name: string; address: string };
      slot: string;
      deliveryAddress: string | null;
      lines: {
        key: string;
        name: string;
        quantity: number;
        options: string[];
        totalCents: number;
      }[];
      voucher: { code: string | null; amountCents: number } | null;
      subtotalCents: number;
      serviceFeeCents: number;
      deliveryFeeCents: number;
      totalCents: number;
      isWrap: boolean;
      customerName: string | null;
      items: CheckoutTrackedItem[];
    }
  | {
      kind: "epicerie";
      id: string;
      name: string;
      processedAt: string;
      /**
       * The products bought, at their price before the discount codes; `options` says whether
       * each accepts a substitute (« Pas de remplacement », platform/substitution.ts).
       */
      lines: {
        key: string;
        title: string;
        quantity: number;
        totalCents: number;
        options: string[];
      }[];
      /** The products, then what the codes took off them. */
      subtotalCents: number;
      discountCents: number;
      /** The automatic discount's title when one applied (no code then: they never combine). */
      automaticDiscount: string | null;
      /** The order's fee lines (« Frais de service »): shown as fees, as the cart does. */
      fees: { title: string; cents: number }[];
      shippingCents: number;
      totalCents: number;
      statusUrl: string;
      /** The booked delivery or pickup slot, with its store; null on an order without one. */
      slot: GroceryOrderSlot | null;
      /** The delivery address (home delivery). */
      deliveryAddress: string | null;
      /** Gift wrapping and the card's message, from the order's custom attributes. */
      gift: GiftOptions;
      items: CheckoutTrackedItem[];
    };

/** A grocery order's slot as the storefront shows it (from the order's custom attributes). */
export type GroceryOrderSlot = OrderSlotView;

export type ConfirmationData = { view: ConfirmationView; raw: unknown };

/**
 * A restauration order of the customer, or null (unknown, or someone else's). The link of the
 * order's SMS and email carries its key (`cle`): whoever holds it sees the order without signing
 * in, on any device, as the grocery order's GID key does.
 */
export async function restaurationConfirmation(
  orderId: number,
  shopper: Shopper | "staff",
  linkKey?: string | null,
): Promise<ConfirmationData | null> {
  const order = await orderById(orderId);
  if (!order) return null;
  if (linkKey && isKeyOf(order, linkKey))
    return { view: restaurationView(order, linkKey), raw: order };
  if (shopper !== "staff") {
    if (!shopper.token) return null;
    const details = await accountDetails(shopper);
    if (!details.ok) return null;
    if (order.Customer.CustomerId !== details.data.CustomerId) return null;
  }
  return { view: restaurationView(order, null), raw: order };
}

function isKeyOf(order: PlacedOrder, key: string): boolean {
  const expected = Buffer.from(order.LinkKey ?? "");
  const given = Buffer.from(key);
  return (
    expected.length > 0 && given.length === expected.length && timingSafeEqual(given, expected)
  );
}

export function restaurationView(order: PlacedOrder, linkKey: string | null): ConfirmationView {
  const address = order.Store.Address;
  return {
    kind: "restauration",
    id: String(order.OrderId),
    orderId: order.OrderId,
    name: orderNumberLabel(order.OrderNumber),
    statusLabel: orderStatusLabel("restaurant", order.OrderState),
    linkKey,
    mode: order.Mode,
    store: {
      name: order.Store.Name,
      address: `${address.Line1}, ${address.Postcode} ${address.City}`,
    },
    slot: formatSlot(order.Slot.Key),
    deliveryAddress: order.DeliveryLocation
      ? `${order.DeliveryLocation.Line1}, ${order.DeliveryLocation.Postcode} ${order.DeliveryLocation.City}`
      : null,
    lines: order.OrderItems.map((line, index) => ({
      key: `${index}`,
      name: line.Name,
      quantity: line.Quantity,
      options: line.OrderItemOptions.map((option) => option.Name),
      totalCents: toCents(line.LineTotal),
    })),
    voucher: order.Voucher
      ? { code: order.Voucher.Code, amountCents: toCents(order.Voucher.Amount) }
      : null,
    subtotalCents: toCents(order.OrderItemsAmount),
    serviceFeeCents: toCents(order.ServiceChargeAmount),
    deliveryFeeCents: toCents(order.DeliveryAmount),
    totalCents: toCents(order.Amount),
    isWrap: order.IsWrap,
    customerName: order.Customer.Name,
    items: order.OrderItems.map((line, index) => ({
      index,
      item_id: String(line.MenuItemId),
      item_name: line.Name,
      item_brand: "Comptoir",
      price: line.PriceIncludingOptionSetItems,
      discount: 0,
      quantity: line.Quantity,
    })),
  };
}

/** A grocery order of the commerce service by its GID, or null. */
export async function groceryConfirmation(gid: string): Promise<ConfirmationData | null> {
  if (!/^gid:\/\/shopify\/Order\/[\w-]+(\?[\w=&-]*)?$/.test(gid)) return null;
  const result = await storefrontQuery(CONFIRMATION_ORDER_QUERY, {
    id: gid,
  });
  const order = result.node;
  if (!order?.name) return null;
  // A line without a variant is one of the checkout's fees, not a product.
  const products = order.lineItems.nodes.filter((line) => line.variant);
  const fees = order.lineItems.nodes.filter((line) => !line.variant);
  const original = products.reduce((sum, line) => sum + toCents(line.originalTotalPrice.amount), 0);
  const discounted = products.reduce(
    (sum, line) => sum + toCents(line.discountedTotalPrice.amount),
    0,
  );
  return {
    raw: order,
    view: {
      kind: "epicerie",
      id: order.id,
      // « n° 1001 », as every French screen names an order (the API's name is Shopify's « #1001 »).
      name: orderNumberLabel(order.orderNumber),
      processedAt: order.processedAt,
      statusUrl: order.statusUrl,
      slot: orderSlotFromAttributes(order.customAttributes),
      gift: giftOptionsOf(order.customAttributes),
      deliveryAddress: order.shippingAddress
        ? [
            order.shippingAddress.address1,
            order.shippingAddress.address2,
            [order.shippingAddress.zip, order.shippingAddress.city].filter(Boolean).join(" "),
          ]
            .filter(Boolean)
            .join(", ")
        : null,
      lines: products.map((line, index) => ({
        key: `${index}`,
        title: line.title,
        quantity: line.quantity,
        totalCents: toCents(line.originalTotalPrice.amount),
        options: [substitutionLabel(line.customAttributes)],
      })),
      subtotalCents: original,
      discountCents: original - discounted,
      automaticDiscount:
        order.discountApplications.nodes.find((discount) => "title" in discount)?.title ?? null,
      fees: fees.map((line) => ({
        title: line.title,
        cents: toCents(line.discountedTotalPrice.amount),
      })),
      shippingCents: toCents(order.totalShippingPrice.amount),
      totalCents: toCents(order.totalPrice.amount),
      items: products.map((line, index) => ({
        index,
        item_id: line.variant?.product.id ?? line.title,
        item_name: line.title,
        item_brand: line.variant?.product.vendor ?? "",
        price: toCents(line.variant?.price.amount) / 100,
        discount:
          (toCents(line.originalTotalPrice.amount) - toCents(line.discountedTotalPrice.amount)) /
          100,
        quantity: line.quantity,
      })),
    },
  };
}

/**
 * The confirmation a URL asks for: `?orderId=` (restauration, with `&cle=` from its messages) or
 * `?order=` (grocery).
 */
export async function confirmationFor(
  url: URL,
  shopper: Shopper | "staff",
): Promise<ConfirmationData | null> {
  const orderId = url.searchParams.get("orderId");
  if (orderId && /^[1-9]\d{0,9}$/.test(orderId)) {
    return restaurationConfirmation(Number(orderId), shopper, url.searchParams.get("cle"));
  }
  const gid = url.searchParams.get("order");
  if (gid) return groceryConfirmation(gid);
  return null;
}

const CONFIRMATION_ORDER_QUERY = `#graphql
  query ConfirmationOrder($id: ID!) {
    node(id: $id) {
      ... on Order {
        id
        name
        orderNumber
        processedAt
        statusUrl
        customAttributes { key value }
        shippingAddress { address1 address2 zip city }
        subtotalPrice { amount }
        totalShippingPrice { amount }
        totalPrice { amount }
        discountApplications(first: 5) {
          nodes {
            ... on AutomaticDiscountApplication { title }
          }
        }
        lineItems(first: 100) {
          nodes {
            title
            quantity
            customAttributes { key value }
            originalTotalPrice { amount }
            discountedTotalPrice { amount }
            variant {
              id
              price { amount }
              product { id vendor }
            }
          }
        }
      }
    }
  }
` as StorefrontDocument<"ConfirmationOrder">;
