import { AccountUnavailable, customerCall } from "#app/lib/account/customer-api.server.ts";
import {
  CUSTOMER_ORDER_IDS_QUERY,
  CUSTOMER_ORDER_QUERY,
  CUSTOMER_ORDERS_QUERY,
} from "#app/lib/account/documents.ts";
import { ACCOUNT_MESSAGES } from "#app/lib/account/messages.ts";
import type {
  AccountOrderIdsQuery,
  AccountOrderQuery,
  AccountOrderSummaryFragment,
} from "#app/lib/storefront.generated.ts";

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
