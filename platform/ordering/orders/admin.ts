import { and, desc, eq, gte, lt, lte, or, type SQL, sql } from "drizzle-orm";
import type { Db, Tx } from "#db/client.ts";
import {
  type OrderMode,
  type RestaurantStatus,
  restaurantNextStatuses,
  transitionRefusal,
} from "#platform/order-status.ts";
import {
  type DeliveryLocation,
  type OrderLine,
  orderingCustomer,
  orderingOrder,
  orderingStore,
} from "#platform/ordering/schema.ts";

/**
 * Restauration orders for the back office's order screen: a page of the list (one indexed,
 * joined query, keyset on created_at then id), one order, and the state changes and refunds the
 * screen makes. Plain rows out: the screen's shape is the back office's.
 */

/** Where the list resumes (see the commerce module's grocery list: the same cursor). */
export type RestaurantListCursor = { at: Date; rank: number; id: number };

/** The rank of restauration orders among orders placed at the same instant (grocery: 0). */
const RESTAURANT_RANK = 1;

export type RestaurantListFilter = {
  slotFrom?: Date;
  slotTo?: Date;
  slotKey?: string;
  storeId?: number;
  mode?: OrderMode;
  status?: RestaurantStatus;
  search?: string;
  after?: RestaurantListCursor;
  limit: number;
};

export type RestaurantListRow = {
  id: number;
  orderNumber: number;
  placedAt: Date;
  status: RestaurantStatus;
  mode: OrderMode;
  name: string | null;
  email: string | null;
  phone: string | null;
  totalCents: number;
  storeName: string;
  slotStart: Date;
  slotKey: string;
};

const modeOf = (mode: number): OrderMode => (mode === 1 ? "delivery" : "pickup");

function afterCursor(cursor: RestaurantListCursor): SQL | undefined {
  const at = orderingOrder.createdAt;
  if (RESTAURANT_RANK < cursor.rank) return lte(at, cursor.at);
  if (RESTAURANT_RANK > cursor.rank) return lt(at, cursor.at);
  return or(lt(at, cursor.at), and(eq(at, cursor.at), lt(orderingOrder.id, cursor.id)));
}

function searchCondition(search: string): SQL | undefined {
  const text = search.trim().replace(/^(n°|#)\s*/i, "");
  if (!text) return undefined;
  if (/^\d{1,9}$/.test(text)) return eq(orderingOrder.orderNumber, Number(text));
  const like = `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  // A phone number typed in any French form matches the stored E.164 number by its digits.
  const digits = /[^\d\s+().-]/.test(text) ? "" : text.replace(/\D/g, "");
  const national = digits.length >= 4 ? digits.replace(/^(0033|33|0)/, "") : null;
  return or(
    national ? sql`${orderingCustomer.phone} like ${`%${national}%`}` : undefined,
    sql`${orderingCustomer.name} ilike ${like}`,
    sql`${orderingCustomer.email} ilike ${like}`,
    sql`${orderingCustomer.phone} ilike ${like}`,
  );
}

const listColumns = {
  id: orderingOrder.id,
  orderNumber: orderingOrder.orderNumber,
  placedAt: orderingOrder.createdAt,
  status: orderingOrder.status,
  mode: orderingOrder.mode,
  totalCents: orderingOrder.totalCents,
  slotStart: orderingOrder.slotStart,
  slotKey: orderingOrder.slotKey,
  storeName: orderingStore.name,
  name: orderingCustomer.name,
  email: orderingCustomer.email,
  phone: orderingCustomer.phone,
};

/** A page of restauration orders, newest first: `limit` rows after the cursor, one query. */
export async function restaurantOrdersForAdmin(
  db: Db,
  filter: RestaurantListFilter,
): Promise<RestaurantListRow[]> {
  const conditions: (SQL | undefined)[] = [];
  if (filter.slotFrom) conditions.push(gte(orderingOrder.slotStart, filter.slotFrom));
  if (filter.slotTo) conditions.push(lt(orderingOrder.slotStart, filter.slotTo));
  if (filter.slotKey) conditions.push(eq(orderingOrder.slotKey, filter.slotKey));
  if (filter.storeId) conditions.push(eq(orderingOrder.storeId, filter.storeId));
  if (filter.mode) conditions.push(eq(orderingOrder.mode, filter.mode === "delivery" ? 1 : 2));
  if (filter.status) conditions.push(eq(orderingOrder.status, filter.status));
  if (filter.search) conditions.push(searchCondition(filter.search));
  if (filter.after) conditions.push(afterCursor(filter.after));
  const rows = await db
    .select(listColumns)
    .from(orderingOrder)
    .innerJoin(orderingStore, eq(orderingStore.id, orderingOrder.storeId))
    .innerJoin(orderingCustomer, eq(orderingCustomer.id, orderingOrder.customerId))
    .where(and(...conditions))
    .orderBy(desc(orderingOrder.createdAt), desc(orderingOrder.id))
    .limit(filter.limit);
  return rows.map((row) => ({ ...row, mode: modeOf(row.mode) }));
}

export type RestaurantOrderDetail = RestaurantListRow & {
  storeId: number;
  deliveryLocation: DeliveryLocation | null;
  lines: (OrderLine & { position: number })[];
  subtotalCents: number;
  discountCents: number;
  voucherCode: string | null;
  serviceFeeCents: number;
  deliveryFeeCents: number;
  giftWrap: boolean;
  chargeId: string | null;
  /** The payment provider's PaymentIntent of an order paid through it. */
  paymentIntentId: string | null;
  /** The titres-restaurant card's charge, when one paid a part. */
  mealVoucherChargeId: string | null;
};

/** One restauration order with its store and customer; null when there is none. */
export async function restaurantOrderForAdmin(
  db: Db | Tx,
  orderId: number,
): Promise<RestaurantOrderDetail | null> {
  const [row] = await db
    .select({ ...listColumns, order: orderingOrder })
    .from(orderingOrder)
    .innerJoin(orderingStore, eq(orderingStore.id, orderingOrder.storeId))
    .innerJoin(orderingCustomer, eq(orderingCustomer.id, orderingOrder.customerId))
    .where(eq(orderingOrder.id, orderId));
  if (!row) return null;
  const { order, ...list } = row;
  return {
    ...list,
    mode: modeOf(order.mode),
    storeId: order.storeId,
    deliveryLocation: order.deliveryLocation,
    lines: order.lines.map((line, index) => ({ ...line, position: index + 1 })),
    subtotalCents: order.subtotalCents,
    discountCents: order.discountCents,
    voucherCode: order.voucherCode,
    serviceFeeCents: order.serviceFeeCents,
    deliveryFeeCents: order.deliveryFeeCents,
    giftWrap: order.giftWrap,
    chargeId: order.chargeId,
    paymentIntentId: order.paymentIntentId,
    mealVoucherChargeId: order.mealVoucherChargeId,
  };
}

export type RestaurantOrderContact = {
  orderNumber: number;
  email: string | null;
  phone: string | null;
  firstName: string | null;
  mode: OrderMode;
  chargeId: string | null;
  paymentIntentId: string | null;
  /** What titres-restaurant paid, refunded to their card on cancellation. */
  mealVoucherChargeId: string | null;
};

async function lockedOrder(tx: Tx, orderId: number) {
  const [order] = await tx
    .select()
    .from(orderingOrder)
    .where(eq(orderingOrder.id, orderId))
    .for("update");
  if (!order) return null;
  const [customer] = await tx
    .select()
    .from(orderingCustomer)
    .where(eq(orderingCustomer.id, order.customerId));
  const contact: RestaurantOrderContact = {
    orderNumber: order.orderNumber,
    email: customer?.email ?? null,
    phone: customer?.phone ?? null,
    firstName: customer?.name?.split(" ")[0] ?? null,
    mode: modeOf(order.mode),
    chargeId: order.chargeId,
    paymentIntentId: order.paymentIntentId,
    mealVoucherChargeId: order.mealVoucherChargeId,
  };
  return { order, contact };
}

/**
 * Moves a restauration order to `to` inside the caller's transaction, the order's row locked: a
 * change Flipdish's flow does not allow is refused with a French message, nothing written.
 */
export async function setRestaurantOrderStatus(
  tx: Tx,
  orderId: number,
  to: RestaurantStatus,
  now: Date,
): Promise<
  | ({ ok: true; from: RestaurantStatus; to: RestaurantStatus } & RestaurantOrderContact)
  | { ok: false; reason: "not_found" | "transition"; message: string }
> {
  const locked = await lockedOrder(tx, orderId);
  if (!locked)
    return { ok: false, reason: "not_found", message: "Cette commande est introuvable." };
  const { order, contact } = locked;
  if (!restaurantNextStatuses(order.status, contact.mode).includes(to)) {
    return {
      ok: false,
      reason: "transition",
      message: transitionRefusal("restaurant", order.status, to),
    };
  }
  await tx
    .update(orderingOrder)
    .set({ status: to, updatedAt: now })
    .where(eq(orderingOrder.id, orderId));
  return { ok: true, from: order.status, to, ...contact };
}

/** Locks a restauration order's row for a refund and gives its contact and charge. */
export async function lockRestaurantOrderForRefund(
  tx: Tx,
  orderId: number,
): Promise<RestaurantOrderContact | null> {
  return (await lockedOrder(tx, orderId))?.contact ?? null;
}

/**
 * The restauration order paid by this PaymentIntent, its row locked (the provider's
 * `charge.refunded`); null when none is.
 */
export async function restaurantOrderByPaymentIntent(
  tx: Tx,
  paymentIntentId: string,
): Promise<{ id: number; totalCents: number } | null> {
  const [order] = await tx
    .select({ id: orderingOrder.id, totalCents: orderingOrder.totalCents })
    .from(orderingOrder)
    .where(eq(orderingOrder.paymentIntentId, paymentIntentId))
    .for("update");
  return order ?? null;
}

/** The stores, by name, for the order list's store filter. */
export async function storeChoices(db: Db): Promise<{ id: number; name: string }[]> {
  return db
    .select({ id: orderingStore.id, name: orderingStore.name })
    .from(orderingStore)
    .orderBy(orderingStore.name, orderingStore.id);
}
