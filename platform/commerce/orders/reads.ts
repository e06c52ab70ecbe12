import { and, asc, eq, gte, inArray, isNotNull, isNull, lt } from "drizzle-orm";
import type { Db } from "#db/client.ts";
import { giftOptionsOf } from "#platform/commerce/cart/gift-options.ts";
import type { CartAttribute } from "#platform/commerce/cart/schema.ts";
import type { OrderRow } from "#platform/commerce/orders/orders.ts";
import { commerceOrder, commerceOrderLine } from "#platform/commerce/orders/schema.ts";

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
 * The orders placed in `[from, to)` (`withoutSlot`: only those without a booked slot), oldest first, with their number of items (service fee
 * included): two queries whatever the number of orders.
 */
export async function ordersPlacedBetween(
  db: Db,
  from: Date,
  to: Date,
  options: { withoutSlot?: boolean } = {},
): Promise<PlacedOrder[]> {
  const orders = await db
    .select({
      id: commerceOrder.id,
      orderNumber: commerceOrder.orderNumber,
      email: commerceOrder.email,
      fulfillmentStatus: commerceOrder.fulfillmentStatus,
      status: commerceOrder.status,
    })
    .from(commerceOrder)
    .where(
      and(
        gte(commerceOrder.processedAt, from),
        lt(commerceOrder.processedAt, to),
        options.withoutSlot ? isNull(commerceOrder.slotKey) : undefined,
      ),
    )
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

export type ProductLine = {
  /** The product ordered (lines of a product since deleted keep its id). */
  productId: number;
  title: string;
  variantTitle: string | null;
  quantity: number;
  /** The cart line's attributes, copied with it (the substitution choice). */
  customAttributes: CartAttribute[];
};

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
      productId: commerceOrderLine.productId,
      title: commerceOrderLine.title,
      variantTitle: commerceOrderLine.variantTitle,
      quantity: commerceOrderLine.quantity,
      customAttributes: commerceOrderLine.customAttributes,
    })
    .from(commerceOrderLine)
    .where(and(eq(commerceOrderLine.orderId, orderId), isNotNull(commerceOrderLine.productId)))
    .orderBy(asc(commerceOrderLine.position));
  return {
    order,
    lines: lines.map((line) => ({ ...line, productId: line.productId ?? 0 })),
  };
}

/** A grocery order filed by its booked slot (the preparation list). */
export type SlottedOrder = PlacedOrder & {
  customerName: string | null;
  financialStatus: string;
  mode: 1 | 2;
  slotKey: string;
  slotStart: Date;
  /** The ordering service's StoreId: the pickup store, or the delivering one. */
  storeId: number;
  storeName: string;
  /** The gift wrapping asked for at the checkout. */
  giftWrap: boolean;
};

/**
 * The grocery orders whose booked slot starts in `[from, to)`, in slot order: the preparation
 * list files them with the restauration orders of their store and slot.
 */
export async function ordersWithSlotBetween(db: Db, from: Date, to: Date): Promise<SlottedOrder[]> {
  const orders = await db
    .select()
    .from(commerceOrder)
    .where(
      and(
        isNotNull(commerceOrder.slotKey),
        gte(commerceOrder.slotStart, from),
        lt(commerceOrder.slotStart, to),
      ),
    )
    .orderBy(asc(commerceOrder.slotStart), asc(commerceOrder.id));
  const counts = await itemCounts(
    db,
    orders.map((order) => order.id),
  );
  return orders.flatMap((order) => {
    if (!order.orderMode || !order.slotKey || !order.slotStart || order.storeId === null) return [];
    const address = order.billingAddress ?? order.shippingAddress;
    const name = [address?.firstName, address?.lastName].filter(Boolean).join(" ");
    return [
      {
        id: order.id,
        orderNumber: order.orderNumber,
        email: order.email,
        itemCount: counts.get(order.id) ?? 0,
        fulfillmentStatus: String(order.fulfillmentStatus),
        status: order.status,
        customerName: name || null,
        financialStatus: String(order.financialStatus),
        mode: order.orderMode,
        slotKey: order.slotKey,
        slotStart: order.slotStart,
        giftWrap: giftOptionsOf(order.customAttributes).wrap,
        storeId: order.storeId,
        storeName: order.storeName ?? "",
      },
    ];
  });
}

/** The product items of each order (the service fee line left out). */
async function itemCounts(db: Db, orderIds: number[]): Promise<Map<number, number>> {
  const counts = new Map<number, number>();
  if (orderIds.length === 0) return counts;
  const lines = await db
    .select({ orderId: commerceOrderLine.orderId, quantity: commerceOrderLine.quantity })
    .from(commerceOrderLine)
    .where(
      and(inArray(commerceOrderLine.orderId, orderIds), isNotNull(commerceOrderLine.productId)),
    );
  for (const line of lines) {
    counts.set(line.orderId, (counts.get(line.orderId) ?? 0) + line.quantity);
  }
  return counts;
}

/** The ids of the grocery orders booked in a store's slot (ordering StoreId, slot key), by id. */
export async function orderIdsInSlot(
  db: Db,
  slot: { storeId: number; slotKey: string },
): Promise<number[]> {
  const rows = await db
    .select({ id: commerceOrder.id })
    .from(commerceOrder)
    .where(and(eq(commerceOrder.storeId, slot.storeId), eq(commerceOrder.slotKey, slot.slotKey)))
    .orderBy(asc(commerceOrder.id));
  return rows.map((row) => row.id);
}
