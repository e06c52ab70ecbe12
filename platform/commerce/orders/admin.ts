import {
  and,
  asc,
  desc,
  eq,
  gte,
  isNotNull,
  isNull,
  lt,
  lte,
  or,
  type SQL,
  sql,
} from "drizzle-orm";
import type { Db, Tx } from "#db/client.ts";
import { type GiftOptions, giftOptionsOf } from "#platform/commerce/cart/gift-options.ts";
import { soldByWeightProducts } from "#platform/commerce/catalogue/sold-by-weight.ts";
import { giveBackOrderStock } from "#platform/commerce/catalogue/stock.ts";
import {
  commerceOrder,
  commerceOrderLine,
  type OrderAddress,
} from "#platform/commerce/orders/schema.ts";
import {
  GROCERY_FULFILLMENT,
  type GroceryStatus,
  groceryNextStatuses,
  type OrderMode,
  transitionRefusal,
} from "#platform/order-status.ts";
import { cutOf } from "#platform/sold-by-weight.ts";
import { SUBSTITUTION_ATTRIBUTE, substitutionLabel } from "#platform/substitution.ts";

/**
 * Grocery orders for the back office's order screen: a page of the list (one indexed query,
 * keyset on processed_at then id), one order with its lines, and the status changes and refunds
 * the screen makes. Plain rows out: the screen's shape is the back office's.
 */

/** Where the list resumes: after the order placed at `at` of kind rank `rank` with id `id`. */
export type OrderListCursor = { at: Date; rank: number; id: number };

/** The rank of grocery orders among orders placed at the same instant (restauration: 1). */
const GROCERY_RANK = 0;

export type GroceryListFilter = {
  /**
   * A day's bounds: orders whose slot starts in them, and orders without a slot (placed before
   * slots were booked) placed in them.
   */
  dayFrom?: Date;
  dayTo?: Date;
  /** A slot key (`2026-11-24 12:00-13:00`), as the ordering service's slots have it. */
  slotKey?: string;
  /** The delivering or pickup store (the ordering service's StoreId). */
  storeId?: number;
  mode?: OrderMode;
  status?: GroceryStatus;
  /** An order number, or part of a name, an email or a phone number. */
  search?: string;
  after?: OrderListCursor;
  limit: number;
};

export type GroceryListRow = {
  id: number;
  orderNumber: number;
  placedAt: Date;
  status: GroceryStatus;
  mode: OrderMode;
  name: string | null;
  email: string | null;
  phone: string | null;
  totalCents: number;
  refundedCents: number;
  storeId: number | null;
  storeName: string | null;
  slotKey: string | null;
  slotStart: Date | null;
  slotEnd: Date | null;
  /** Paid through the payment provider: its PaymentIntent, and an authorisation awaiting capture. */
  paymentIntentId: string | null;
  paymentAuthorisedCents: number | null;
  paymentAuthorisedAt: Date | null;
  paymentCapturedCents: number | null;
};

/**
 * The number to text: the checkout keeps the phone as typed (`06 12 34 56 78`); messages go to
 * its E.164 form, as the ordering service's do.
 */
function smsPhone(phone: string | null): string | null {
  if (!phone) return null;
  const national = phone.replace(/\D/g, "").replace(/^(0033|33|0)/, "");
  return /^[1-9]\d{8}$/.test(national) ? `+33${national}` : phone;
}

function addressName(address: OrderAddress | null): string | null {
  if (!address) return null;
  const name = [address.firstName, address.lastName].filter(Boolean).join(" ");
  return name || null;
}

/** The order's mode: its booked slot's (1 delivery, 2 pickup), else whether it ships. */
function modeOf(order: {
  orderMode: 1 | 2 | null;
  shippingAddress: OrderAddress | null;
}): OrderMode {
  if (order.orderMode) return order.orderMode === 1 ? "delivery" : "pickup";
  return order.shippingAddress ? "delivery" : "pickup";
}

function modeCondition(mode: OrderMode): SQL | undefined {
  return mode === "delivery"
    ? or(
        eq(commerceOrder.orderMode, 1),
        and(isNull(commerceOrder.orderMode), isNotNull(commerceOrder.shippingAddress)),
      )
    : or(
        eq(commerceOrder.orderMode, 2),
        and(isNull(commerceOrder.orderMode), isNull(commerceOrder.shippingAddress)),
      );
}

function dayCondition(from: Date | undefined, to: Date | undefined): SQL | undefined {
  const inDay = (column: typeof commerceOrder.slotStart | typeof commerceOrder.processedAt) =>
    and(from ? gte(column, from) : undefined, to ? lt(column, to) : undefined);
  return or(
    inDay(commerceOrder.slotStart),
    and(isNull(commerceOrder.slotStart), inDay(commerceOrder.processedAt)),
  );
}

/**
 * The national digits of a query typed as a phone number (`06 12 34 56 78`, `+33 6…`), to match
 * the stored E.164 numbers; null when it is not one (letters, or fewer than 4 digits).
 */
function phoneDigits(text: string): string | null {
  if (/[^\d\s+().-]/.test(text)) return null;
  const digits = text.replace(/\D/g, "");
  if (digits.length < 4) return null;
  return digits.replace(/^(0033|33|0)/, "");
}

function afterCursor(cursor: OrderListCursor): SQL | undefined {
  const at = commerceOrder.processedAt;
  if (GROCERY_RANK < cursor.rank) return lte(at, cursor.at);
  if (GROCERY_RANK > cursor.rank) return lt(at, cursor.at);
  return or(lt(at, cursor.at), and(eq(at, cursor.at), lt(commerceOrder.id, cursor.id)));
}

function searchCondition(search: string): SQL | undefined {
  const text = search.trim().replace(/^(n°|#)\s*/i, "");
  if (!text) return undefined;
  if (/^\d{1,9}$/.test(text)) return eq(commerceOrder.orderNumber, Number(text));
  const like = `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const digits = phoneDigits(text);
  return or(
    // Stored as typed at checkout (`06 12 34 56 78`): compared by its digits alone.
    digits
      ? sql`regexp_replace(${commerceOrder.phone}, '\\D', '', 'g') like ${`%${digits}%`}`
      : undefined,
    sql`${commerceOrder.email} ilike ${like}`,
    sql`${commerceOrder.phone} ilike ${like}`,
    sql`coalesce(${commerceOrder.shippingAddress}->>'firstName', '') || ' ' || coalesce(${commerceOrder.shippingAddress}->>'lastName', '') ilike ${like}`,
    sql`coalesce(${commerceOrder.billingAddress}->>'firstName', '') || ' ' || coalesce(${commerceOrder.billingAddress}->>'lastName', '') ilike ${like}`,
  );
}

/** A page of grocery orders, newest first: `limit` rows after the cursor, one query. */
export async function groceryOrdersForAdmin(
  db: Db,
  filter: GroceryListFilter,
): Promise<GroceryListRow[]> {
  const conditions: (SQL | undefined)[] = [];
  if (filter.dayFrom || filter.dayTo) conditions.push(dayCondition(filter.dayFrom, filter.dayTo));
  if (filter.slotKey) conditions.push(eq(commerceOrder.slotKey, filter.slotKey));
  if (filter.storeId) conditions.push(eq(commerceOrder.storeId, filter.storeId));
  if (filter.mode) conditions.push(modeCondition(filter.mode));
  if (filter.status) conditions.push(eq(commerceOrder.status, filter.status));
  if (filter.search) conditions.push(searchCondition(filter.search));
  if (filter.after) conditions.push(afterCursor(filter.after));
  const rows = await db
    .select({
      id: commerceOrder.id,
      orderNumber: commerceOrder.orderNumber,
      placedAt: commerceOrder.processedAt,
      status: commerceOrder.status,
      orderMode: commerceOrder.orderMode,
      shippingAddress: commerceOrder.shippingAddress,
      billingAddress: commerceOrder.billingAddress,
      email: commerceOrder.email,
      phone: commerceOrder.phone,
      totalCents: commerceOrder.totalCents,
      refundedCents: commerceOrder.totalRefundedCents,
      storeId: commerceOrder.storeId,
      storeName: commerceOrder.storeName,
      slotKey: commerceOrder.slotKey,
      slotStart: commerceOrder.slotStart,
      slotEnd: commerceOrder.slotEnd,
      paymentIntentId: commerceOrder.paymentIntentId,
      paymentAuthorisedCents: commerceOrder.paymentAuthorisedCents,
      paymentAuthorisedAt: commerceOrder.paymentAuthorisedAt,
      paymentCapturedCents: commerceOrder.paymentCapturedCents,
    })
    .from(commerceOrder)
    .where(and(...conditions))
    .orderBy(desc(commerceOrder.processedAt), desc(commerceOrder.id))
    .limit(filter.limit);
  return rows.map((row) => ({
    id: row.id,
    orderNumber: row.orderNumber,
    placedAt: row.placedAt,
    status: row.status,
    mode: modeOf(row),
    name: addressName(row.shippingAddress) ?? addressName(row.billingAddress),
    email: row.email,
    phone: row.phone,
    totalCents: row.totalCents,
    refundedCents: row.refundedCents,
    storeId: row.storeId,
    storeName: row.storeName,
    slotKey: row.slotKey,
    slotStart: row.slotStart,
    slotEnd: row.slotEnd,
    paymentIntentId: row.paymentIntentId,
    paymentAuthorisedCents: row.paymentAuthorisedCents,
    paymentAuthorisedAt: row.paymentAuthorisedAt,
    paymentCapturedCents: row.paymentCapturedCents,
  }));
}

export type GroceryOrderDetail = GroceryListRow & {
  deliveryMethod: string;
  shippingAddress: OrderAddress | null;
  billingAddress: OrderAddress | null;
  note: string | null;
  chargeId: string | null;
  /** The titres-restaurant card's charge, when one paid a part (issue 23). */
  mealVoucherChargeId: string | null;
  financialStatus: string;
  subtotalCents: number;
  discountCents: number;
  shippingCents: number;
  /** The store's address as it was when the slot was booked. */
  storeAddress: string | null;
  /** When the shopper confirmed being 18 or over (an order with alcohol); null otherwise. */
  adultConfirmedAt: Date | null;
  /** Gift wrapping and the card's message, from the order's attributes. */
  gift: GiftOptions;
  lines: {
    position: number;
    title: string;
    variantTitle: string | null;
    quantity: number;
    totalCents: number;
    details: string[];
  }[];
};

/** One grocery order with its lines; null when there is none. */
export async function groceryOrderForAdmin(
  db: Db | Tx,
  orderId: number,
): Promise<GroceryOrderDetail | null> {
  const [order] = await db.select().from(commerceOrder).where(eq(commerceOrder.id, orderId));
  if (!order) return null;
  const lines = await db
    .select()
    .from(commerceOrderLine)
    .where(eq(commerceOrderLine.orderId, orderId))
    .orderBy(asc(commerceOrderLine.position));
  const weighed = await soldByWeightProducts(
    db,
    lines.flatMap((line) => (line.productId !== null ? [line.productId] : [])),
  );
  const {
    id,
    orderNumber,
    processedAt,
    status,
    email,
    phone,
    totalCents,
    totalRefundedCents,
    deliveryMethod,
    shippingAddress,
    billingAddress,
    note,
    paymentChargeId,
    financialStatus,
    subtotalCents,
    totalDiscountCents,
    totalShippingCents,
  } = order;
  return {
    id,
    orderNumber,
    placedAt: processedAt,
    status,
    mode: modeOf(order),
    name: addressName(shippingAddress) ?? addressName(billingAddress),
    email,
    phone,
    totalCents,
    refundedCents: totalRefundedCents,
    storeId: order.storeId,
    storeName: order.storeName,
    slotKey: order.slotKey,
    slotStart: order.slotStart,
    slotEnd: order.slotEnd,
    paymentIntentId: order.paymentIntentId,
    paymentAuthorisedCents: order.paymentAuthorisedCents,
    paymentAuthorisedAt: order.paymentAuthorisedAt,
    paymentCapturedCents: order.paymentCapturedCents,
    storeAddress: order.storeAddress,
    adultConfirmedAt: order.adultConfirmedAt,
    gift: giftOptionsOf(order.customAttributes),
    deliveryMethod,
    shippingAddress,
    billingAddress,
    note,
    chargeId: paymentChargeId,
    mealVoucherChargeId: order.mealVoucherChargeId,
    financialStatus,
    subtotalCents,
    discountCents: totalDiscountCents,
    shippingCents: totalShippingCents,
    lines: lines.map((line) => {
      // A product sold by weight says what the counter cuts (its flag as it is now).
      const cut =
        line.productId !== null && weighed.has(line.productId)
          ? cutOf(line.variantTitle, line.quantity)
          : null;
      return {
        position: line.position,
        title: line.title,
        variantTitle: line.variantTitle === "Default Title" ? null : line.variantTitle,
        quantity: line.quantity,
        totalCents: line.discountedTotalCents,
        details: [
          ...(cut ? [`À couper : ${cut}`] : []),
          // A product line says whether a close substitute may replace it (the fee line has none).
          ...(line.productId !== null ? [substitutionLabel(line.customAttributes)] : []),
          ...line.customAttributes
            .filter((a) => a.key !== SUBSTITUTION_ATTRIBUTE)
            .map((a) => `${a.key} : ${a.value}`),
        ],
      };
    }),
  };
}

export type StatusChange<S> =
  | {
      ok: true;
      from: S;
      to: S;
      orderNumber: number;
      email: string | null;
      phone: string | null;
      mode: OrderMode;
      firstName: string | null;
      /** The titres-restaurant charge of a grocery order (refunded when it is cancelled). */
      mealVoucherChargeId?: string | null;
    }
  | { ok: false; reason: "not_found" | "transition"; message: string };

/**
 * Moves a grocery order to `to` inside the caller's transaction, the order's row locked: a
 * change its flow does not allow is refused with a French message and nothing is written.
 */
export async function setGroceryOrderStatus(
  tx: Tx,
  orderId: number,
  to: GroceryStatus,
  now: Date,
): Promise<StatusChange<GroceryStatus>> {
  const [order] = await tx
    .select()
    .from(commerceOrder)
    .where(eq(commerceOrder.id, orderId))
    .for("update");
  if (!order) return { ok: false, reason: "not_found", message: "Cette commande est introuvable." };
  const mode = modeOf(order);
  if (!groceryNextStatuses(order.status, mode).includes(to)) {
    return {
      ok: false,
      reason: "transition",
      message: transitionRefusal("grocery", order.status, to),
    };
  }
  await tx
    .update(commerceOrder)
    .set({
      status: to,
      fulfillmentStatus: GROCERY_FULFILLMENT[to],
      ...(to === "cancelled" ? { cancelledAt: now } : {}),
    })
    .where(eq(commerceOrder.id, orderId));
  // A cancelled order's counted units go back on sale (the row lock makes it once).
  if (to === "cancelled") await giveBackOrderStock(tx, orderId);
  return {
    ok: true,
    from: order.status,
    to,
    orderNumber: order.orderNumber,
    email: order.email,
    phone: smsPhone(order.phone),
    mode,
    firstName: order.shippingAddress?.firstName ?? order.billingAddress?.firstName ?? null,
    mealVoucherChargeId: order.mealVoucherChargeId,
  };
}

/**
 * Locks a grocery order's row for a refund inside the caller's transaction and gives its charge;
 * null when there is no such order.
 */
export async function lockGroceryOrderForRefund(
  tx: Tx,
  orderId: number,
): Promise<{
  chargeId: string | null;
  orderNumber: number;
  email: string | null;
  phone: string | null;
  firstName: string | null;
} | null> {
  const [order] = await tx
    .select()
    .from(commerceOrder)
    .where(eq(commerceOrder.id, orderId))
    .for("update");
  if (!order) return null;
  return {
    chargeId: order.paymentChargeId,
    orderNumber: order.orderNumber,
    email: order.email,
    phone: smsPhone(order.phone),
    firstName: order.shippingAddress?.firstName ?? order.billingAddress?.firstName ?? null,
  };
}

/**
 * Records what the processor has refunded of a grocery order (Shopify's totalRefunded), and its
 * financial status: `PARTIALLY_REFUNDED`, then `REFUNDED` once all of it is.
 */
export async function setGroceryRefunded(
  tx: Tx,
  orderId: number,
  refundedCents: number,
): Promise<void> {
  const [order] = await tx
    .select({ totalCents: commerceOrder.totalCents })
    .from(commerceOrder)
    .where(eq(commerceOrder.id, orderId));
  if (!order) return;
  await tx
    .update(commerceOrder)
    .set({
      totalRefundedCents: refundedCents,
      ...(refundedCents >= order.totalCents
        ? { financialStatus: "REFUNDED" as const }
        : refundedCents > 0
          ? { financialStatus: "PARTIALLY_REFUNDED" as const }
          : {}),
    })
    .where(eq(commerceOrder.id, orderId));
}
