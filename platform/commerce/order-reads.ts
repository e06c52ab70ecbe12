import { and, asc, eq, gte, inArray, isNotNull, lt } from "drizzle-orm";
import type { Db } from "#db/client.ts";
import { commerceOrder, commerceOrderLine } from "#platform/commerce/order-schema.ts";
import type { OrderRow } from "#platform/commerce/orders.ts";

/**
 * Reads of grocery orders for the back office's preparation sheets (ODP): plain rows, the
 * sheet's shape is the back office's.
 */

export type PlacedOrder = {
  id: number;
  orderNumber: number;
  email: string | null;
  itemCount: number;
  fulfillmentStatus: string;
  /** The shop's preparation status (platform/order-status.ts). */
  status: string;
};

/**
 * The orders placed in `[from, to)`, oldest first, with their number of items (service fee
 * included): two queries whatever the number of orders.
 */
export async function ordersPlacedBetween(db: Db, from: Date, to: Date): Promise<PlacedOrder[]> {
  const orders = await db
    .select({
      id: commerceOrder.id,
      orderNumber: commerceOrder.orderNumber,
      email: commerceOrder.email,
      fulfillmentStatus: commerceOrder.fulfillmentStatus,
      status: commerceOrder.status,
    })
    .from(commerceOrder)
    .where(and(gte(commerceOrder.processedAt, from), lt(commerceOrder.processedAt, to)))
    .orderBy(asc(commerceOrder.processedAt), asc(commerceOrder.id));
  if (orders.length === 0) return [];
  const lines = await db
    .select({ orderId: commerceOrderLine.orderId, quantity: commerceOrderLine.quantity })
    .from(commerceOrderLine)
    .where(
      inArray(
        commerceOrderLine.orderId,
        orders.map((order) => order.id),
      ),
    );
  const counts = new Map<number, number>();
  for (const line of lines)
    counts.set(line.orderId, (counts.get(line.orderId) ?? 0) + line.quantity);
  return orders.map((order) => ({
    ...order,
    fulfillmentStatus: String(order.fulfillmentStatus),
    itemCount: counts.get(order.id) ?? 0,
  }));
}

export type ProductLine = { title: string; variantTitle: string | null; quantity: number };

/**
 * An order and its product lines in order (lines without a product, the service fee, left
 * out); null when there is no such order.
 */
export async function orderWithProductLines(
  db: Db,
  orderId: number,
): Promise<{ order: OrderRow; lines: ProductLine[] } | null> {
  const [order] = await db.select().from(commerceOrder).where(eq(commerceOrder.id, orderId));
  if (!order) return null;
  const lines = await db
    .select({
      title: commerceOrderLine.title,
      variantTitle: commerceOrderLine.variantTitle,
      quantity: commerceOrderLine.quantity,
    })
    .from(commerceOrderLine)
    .where(and(eq(commerceOrderLine.orderId, orderId), isNotNull(commerceOrderLine.productId)))
    .orderBy(asc(commerceOrderLine.position));
  return { order, lines };
}
