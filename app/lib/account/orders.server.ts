import { AccountUnavailable, customerCall } from "#app/lib/account/customer-api.server.ts";
import {
  CUSTOMER_ORDER_IDS_QUERY,
  CUSTOMER_ORDER_QUERY,
  CUSTOMER_ORDERS_QUERY,
} from "#app/lib/account/documents.ts";
import { ACCOUNT_MESSAGES } from "#app/lib/account/messages.ts";
import { modeLabel } from "#app/lib/checkout/checkout.ts";
import { formatSlot } from "#app/lib/format.ts";
import { type ShopAccountOrder, shopCustomerOrders } from "#app/lib/ordering/customer.server.ts";
import type {
  AccountOrderIdsQuery,
  AccountOrderQuery,
  AccountOrderSummaryFragment,
} from "#app/lib/storefront.generated.ts";
import { orderNumberLabel, orderStatusLabel } from "#platform/order-status.ts";

/** The signed-in customer's orders (storefront.md §7): the history, one order, reordering. */

export const ORDERS_PER_PAGE = 20;

/** An order in the customer's history (AccountOrderSummary). */
export type OrderSummary = AccountOrderSummaryFragment;

export type OrderPage = {
  orders: OrderSummary[];
  totalCount: number;
  endCursor: string | null;
  hasNextPage: boolean;
};

/** The customer's orders, newest first, 20 a page (storefront.md §7), after a cursor. */
export async function customerOrders(token: string, after: string | null): Promise<OrderPage> {
  const answer = await customerCall(CUSTOMER_ORDERS_QUERY, {
    token,
    first: ORDERS_PER_PAGE,
    after: after || null,
  });
  if (!("data" in answer) || !answer.data.customer) {
    throw new AccountUnavailable(ACCOUNT_MESSAGES.customerUnavailable);
  }
  const { orders } = answer.data.customer;
  return {
    orders: orders.nodes,
    totalCount: Number(orders.totalCount),
    endCursor: orders.pageInfo.endCursor,
    hasNextPage: orders.pageInfo.hasNextPage,
  };
}

/** One order as its page shows it: the query's `node`, when it is an order. */
export type OrderDetail = Exclude<
  NonNullable<AccountOrderQuery["node"]>,
  Record<PropertyKey, never>
>;
export type OrderLine = OrderDetail["lineItems"]["nodes"][number];

/** The order's numeric id and key, as the account's order URLs carry them. */
export function orderPathOf(gid: string): string {
  const match = /^gid:\/\/shopify\/Order\/(\d+)\?key=([A-Za-z0-9_-]+)$/.exec(gid);
  return match ? `/compte/commandes/${match[1]}/?key=${match[2]}` : "/compte/?s=3";
}

/** `gid://shopify/Order/{id}?key={key}` from an order URL's parts; undefined when malformed. */
export function orderGidOf(id: string | undefined, key: string | null): string | undefined {
  if (!id || !/^\d{1,10}$/.test(id) || !key || !/^[A-Za-z0-9_-]{8,100}$/.test(key))
    return undefined;
  return `gid://shopify/Order/${id}?key=${key}`;
}

/**
 * One order of the signed-in customer, or null when it does not exist or is someone else's: the
 * order is read by its unguessable id, then checked against the customer's own order list.
 */
export async function customerOrder(token: string, gid: string): Promise<OrderDetail | null> {
  const answer = await customerCall(CUSTOMER_ORDER_QUERY, { id: gid, token });
  if (!("data" in answer) || !answer.data.customer) {
    throw new AccountUnavailable(ACCOUNT_MESSAGES.customerUnavailable);
  }
  const order = answer.data.node;
  if (!isOrder(order)) return null;
  return (await ownsOrder(token, order.id)) ? order : null;
}

/** Whether the node the query found is an order (`... on Order` matched). */
function isOrder(node: AccountOrderQuery["node"]): node is OrderDetail {
  return Boolean(node && "id" in node && node.id);
}

type OwnedOrders = NonNullable<AccountOrderIdsQuery["customer"]>["orders"];

/** Whether the order is in the customer's history (pages through it, newest first). */
async function ownsOrder(token: string, gid: string): Promise<boolean> {
  let after: string | null = null;
  for (let page = 0; page < 50; page++) {
    const answer: { data: AccountOrderIdsQuery } | { throttled: string } = await customerCall(
      CUSTOMER_ORDER_IDS_QUERY,
      { token, after },
    );
    if (!("data" in answer) || !answer.data.customer) return false;
    const { nodes, pageInfo }: OwnedOrders = answer.data.customer.orders;
    if (nodes.some((node) => node.id === gid)) return true;
    if (!pageInfo.hasNextPage) return false;
    after = pageInfo.endCursor;
  }
  return false;
}

/** Whether an order line can be bought again: its variant still exists and is for sale. */
export function isReorderable(line: OrderLine): boolean {
  const variant = line.variant;
  if (!variant?.availableForSale) return false;
  const tags = variant.product.tags;
  return !tags.includes("unavailable") && !tags.includes("Archive");
}

// --- Restauration orders (the ordering service), in the same history -------------------------

/** A restauration order of the phone linked to the account, as the history lists it. */
export type RestaurationOrderRow = {
  id: string;
  path: string;
  name: string;
  processedAt: string;
  statusLabel: string;
  totalPrice: { amount: string };
  deliverySlot: { modeLabel: string; label: string; storeName: string | null };
};

/** The account's page of a restauration order (`/compte/commandes/traiteur/{OrderId}/`). */
export function restaurationOrderPathOf(orderId: number): string {
  return `/compte/commandes/traiteur/${orderId}/`;
}

/** A restauration order in the history's shape. */
export function restaurationOrderRow(order: ShopAccountOrder): RestaurationOrderRow {
  return {
    id: `restauration:${order.OrderId}`,
    path: restaurationOrderPathOf(order.OrderId),
    name: orderNumberLabel(order.OrderNumber),
    processedAt: order.PlacedTime,
    statusLabel: orderStatusLabel("restaurant", order.OrderState),
    totalPrice: { amount: order.Amount.toFixed(2) },
    deliverySlot: {
      modeLabel: modeLabel(order.Mode),
      label: formatSlot(order.Slot.Key),
      storeName: order.Store.Name,
    },
  };
}

/**
 * One page of the history with the restauration orders that fall in it: the grocery page runs
 * from the newest order of the pages before it (`before`, the previous page's oldest; none on the
 * first page) down to its own oldest order (none on the last page), and each restauration order
 * goes to the page whose span holds its time, so paging shows each order once, newest first.
 */
export function mergedOrderPage<
  G extends { processedAt: string },
  R extends { processedAt: string },
>(
  grocery: { rows: G[]; totalCount: number; hasNextPage: boolean },
  restauration: R[],
  before: string | null,
): { rows: (G | R)[]; totalCount: number; oldest: string | null } {
  const time = (iso: string) => new Date(iso).getTime();
  const upper = before && !Number.isNaN(time(before)) ? time(before) : Number.POSITIVE_INFINITY;
  const oldestGrocery = grocery.rows.at(-1)?.processedAt ?? null;
  const lower =
    grocery.hasNextPage && oldestGrocery ? time(oldestGrocery) : Number.NEGATIVE_INFINITY;
  const inPage = restauration.filter((row) => {
    const at = time(row.processedAt);
    return at > lower && at <= upper;
  });
  const rows = [...grocery.rows, ...inPage].sort(
    (a, b) => time(b.processedAt) - time(a.processedAt),
  );
  return {
    rows,
    totalCount: grocery.totalCount + restauration.length,
    oldest: oldestGrocery,
  };
}

/** The restauration orders of the shop account's linked phone; none when the service fails. */
export async function restaurationOrdersOf(shopCustomerId: string): Promise<ShopAccountOrder[]> {
  const answer = await shopCustomerOrders(shopCustomerId);
  return answer.ok ? answer.data : [];
}
