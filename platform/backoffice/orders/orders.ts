import { and, asc, eq } from "drizzle-orm";
import type { Db } from "#db/client.ts";
import { authorisationWarning } from "#platform/backoffice/orders/authorisation.ts";
import { dayBounds } from "#platform/backoffice/orders/odp.ts";
import {
  providerRefundsOf,
  type RecordedRefund,
} from "#platform/backoffice/orders/provider-refunds.ts";
import { adminOrderEvent } from "#platform/backoffice/schema.ts";
import {
  type GroceryListRow,
  type GroceryOrderDetail,
  giftCardPaymentsOfOrder,
  groceryOrderForAdmin,
  groceryOrdersForAdmin,
  type OrderGiftCardPayment,
  type OrderListCursor,
  type Weighing,
  weighingOf,
} from "#platform/commerce/index.ts";
import {
  type GroceryStatus,
  groceryNextStatuses,
  isGroceryStatus,
  isRestaurantStatus,
  type OrderKind,
  type OrderMode,
  type RestaurantStatus,
  restaurantNextStatuses,
} from "#platform/order-status.ts";
import {
  type RestaurantListRow,
  type RestaurantOrderDetail,
  restaurantOrderForAdmin,
  restaurantOrdersForAdmin,
} from "#platform/ordering/index.ts";
import { type ChargeRecord, chargeRecords } from "#platform/payments/index.ts";

/**
 * The back office's order screen (`/middleware/orders/`): grocery orders (the commerce
 * module's) and restauration orders (the ordering module's) in one list, newest first; one
 * order's detail with its payment and history. Status changes and refunds are
 * order-actions.ts's.
 */

export const ORDERS_PAGE_SIZE = 30;

/** The French name of an order's kind in its reference: `epicerie-12`, `traiteur-7`. */
const REF_PREFIX: Record<OrderKind, string> = { grocery: "epicerie", restaurant: "traiteur" };

export type OrderRef = { kind: OrderKind; id: number };

export function orderRef(kind: OrderKind, id: number): string {
  return `${REF_PREFIX[kind]}-${id}`;
}

export function parseOrderRef(ref: string | null | undefined): OrderRef | null {
  const match = /^(epicerie|traiteur)-(\d{1,9})$/.exec(ref ?? "");
  if (!match) return null;
  return { kind: match[1] === "epicerie" ? "grocery" : "restaurant", id: Number(match[2]) };
}

export type OrderListFilter = {
  /**
   * A local day, `YYYY-MM-DD`: orders whose slot is that day (grocery orders placed before
   * slots were booked: placed that day).
   */
  day?: string | null;
  /** A slot key (`2026-11-24 12:00-13:00`), of either kind. */
  slot?: string | null;
  /** A store of the ordering service: restauration orders made there, grocery orders it delivers or hands over. */
  storeId?: number | null;
  mode?: OrderMode | null;
  status?: string | null;
  kind?: OrderKind | null;
  search?: string | null;
};

export type OrderListItem = {
  ref: string;
  kind: OrderKind;
  id: number;
  orderNumber: number;
  placedAt: Date;
  status: string;
  mode: OrderMode;
  name: string | null;
  email: string | null;
  phone: string | null;
  totalCents: number;
  storeName: string | null;
  slotStart: Date | null;
  /** A grocery authorisation that lapses within 24 hours, or has (authorisation.ts). */
  warning: string | null;
};

const RANK: Record<OrderKind, number> = { grocery: 0, restaurant: 1 };

function cursorText(item: OrderListItem): string {
  return `${item.placedAt.toISOString()}_${RANK[item.kind]}_${item.id}`;
}

export function parseCursor(text: string | null | undefined): OrderListCursor | undefined {
  const match = /^(\d{4}-\d{2}-\d{2}T[\d:.]+Z)_([01])_(\d{1,9})$/.exec(text ?? "");
  if (!match) return undefined;
  const at = new Date(match[1] as string);
  return Number.isNaN(at.getTime())
    ? undefined
    : { at, rank: Number(match[2]), id: Number(match[3]) };
}

/** A row of either module's list as the shared list shows it. */
function listItem(
  kind: "grocery" | "restaurant",
  row: GroceryListRow | RestaurantListRow,
  now: Date,
): OrderListItem {
  return {
    ref: orderRef(kind, row.id),
    kind,
    id: row.id,
    orderNumber: row.orderNumber,
    placedAt: row.placedAt,
    status: row.status,
    mode: row.mode,
    name: row.name,
    email: row.email,
    phone: row.phone,
    totalCents: row.totalCents,
    storeName: row.storeName,
    slotStart: row.slotStart,
    warning: "paymentAuthorisedAt" in row ? authorisationWarning(row, now) : null,
  };
}

function newerFirst(a: OrderListItem, b: OrderListItem): number {
  return b.placedAt.getTime() - a.placedAt.getTime() || RANK[b.kind] - RANK[a.kind] || b.id - a.id;
}

/**
 * A page of both kinds of order, newest first: one query per kind (each reads at most a page and
 * one more, by its index), merged. `next` resumes after the page's last order.
 */
export async function listOrders(
  db: Db,
  filter: OrderListFilter,
  after?: OrderListCursor,
  pageSize = ORDERS_PAGE_SIZE,
  now: Date = new Date(),
): Promise<{ orders: OrderListItem[]; next: string | null }> {
  const bounds = filter.day ? dayBounds(filter.day) : null;
  const limit = pageSize + 1;
  const search = filter.search?.trim() || undefined;
  const mode = filter.mode ?? undefined;
  const wantsGrocery =
    filter.kind !== "restaurant" && (!filter.status || isGroceryStatus(filter.status));
  const wantsRestaurant =
    filter.kind !== "grocery" && (!filter.status || isRestaurantStatus(filter.status));
  const [grocery, restaurant] = await Promise.all([
    wantsGrocery
      ? groceryOrdersForAdmin(db, {
          dayFrom: bounds?.from,
          dayTo: bounds?.to,
          slotKey: filter.slot ?? undefined,
          storeId: filter.storeId ?? undefined,
          mode,
          status: filter.status as GroceryStatus | undefined,
          search,
          after,
          limit,
        })
      : [],
    wantsRestaurant
      ? restaurantOrdersForAdmin(db, {
          slotFrom: bounds?.from,
          slotTo: bounds?.to,
          slotKey: filter.slot ?? undefined,
          storeId: filter.storeId ?? undefined,
          mode,
          status: filter.status as RestaurantStatus | undefined,
          search,
          after,
          limit,
        })
      : [],
  ]);
  const merged = [
    ...grocery.map((row) => listItem("grocery", row, now)),
    ...restaurant.map((row) => listItem("restaurant", row, now)),
  ].sort(newerFirst);
  const orders = merged.slice(0, pageSize);
  const last = orders.at(-1);
  return { orders, next: merged.length > pageSize && last ? cursorText(last) : null };
}

export type OrderEvent = {
  id: number;
  action: "status" | "refund" | "capture";
  fromStatus: string | null;
  toStatus: string | null;
  amountCents: number | null;
  staffEmail: string;
  note: string;
  at: Date;
};

export type OrderDetail =
  | {
      kind: "grocery";
      ref: string;
      order: GroceryOrderDetail;
      next: GroceryStatus[];
      payment: ChargeRecord | null;
      /** The titres-restaurant card's charge, when one paid a part. */
      mealVoucher: ChargeRecord | null;
      /** What gift cards paid of it, card by card, and what was credited back to them. */
      giftCards: OrderGiftCardPayment[];
      history: OrderEvent[];
      provider: ProviderPayment | null;
      /** Its lines sold by weight, as ordered and weighed (an order paid through the provider). */
      weighing: Weighing | null;
      warning: string | null;
    }
  | {
      kind: "restaurant";
      ref: string;
      order: RestaurantOrderDetail;
      next: RestaurantStatus[];
      payment: ChargeRecord | null;
      /** The titres-restaurant card's charge, when one paid a part. */
      mealVoucher: ChargeRecord | null;
      giftCards: OrderGiftCardPayment[];
      history: OrderEvent[];
      provider: ProviderPayment | null;
      weighing: null;
      warning: null;
    };

/** An order's payment through the payment provider, as the shop recorded it. */
export type ProviderPayment = {
  paymentIntentId: string;
  /** What was authorised for a capture after weighing; null for a payment captured at once. */
  authorisedCents: number | null;
  /** What the card was charged; null while an authorisation awaits its capture. */
  capturedCents: number | null;
  refundedCents: number;
  refunds: RecordedRefund[];
};

async function orderHistory(db: Db, ref: OrderRef): Promise<OrderEvent[]> {
  const rows = await db
    .select()
    .from(adminOrderEvent)
    .where(and(eq(adminOrderEvent.kind, ref.kind), eq(adminOrderEvent.orderId, ref.id)))
    .orderBy(asc(adminOrderEvent.id));
  return rows.map((row) => ({
    id: row.id,
    action: row.action === "refund" || row.action === "capture" ? row.action : "status",
    fromStatus: row.fromStatus,
    toStatus: row.toStatus,
    amountCents: row.amountCents,
    staffEmail: row.staffEmail,
    note: row.note,
    at: row.createdAt,
  }));
}

async function payment(db: Db, chargeId: string | null): Promise<ChargeRecord | null> {
  if (!chargeId) return null;
  const [record] = await chargeRecords(db, [chargeId]);
  return record ?? null;
}

/** One order with the statuses it may move to, its payment as the processor has it, its history. */
export async function orderDetail(
  db: Db,
  ref: OrderRef,
  now: Date = new Date(),
): Promise<OrderDetail | null> {
  if (ref.kind === "grocery") {
    const order = await groceryOrderForAdmin(db, ref.id);
    if (!order) return null;
    const giftCards = await giftCardPaymentsOfOrder(db, ref.id);
    const refunds = order.paymentIntentId ? await providerRefundsOf(db, ref) : [];
    const gifts = giftCards.reduce((sum, card) => sum + card.spentCents, 0);
    const mealVoucher = await payment(db, order.mealVoucherChargeId);
    return {
      kind: "grocery",
      ref: orderRef("grocery", ref.id),
      order,
      next: [...groceryNextStatuses(order.status, order.mode)],
      payment: await payment(db, order.chargeId),
      mealVoucher,
      giftCards,
      history: await orderHistory(db, ref),
      provider: order.paymentIntentId
        ? {
            paymentIntentId: order.paymentIntentId,
            authorisedCents: order.paymentAuthorisedCents,
            capturedCents:
              order.paymentCapturedCents ??
              (order.paymentAuthorisedCents === null
                ? order.totalCents - (mealVoucher?.amountCents ?? 0) - gifts
                : null),
            refundedCents: refunds.reduce((sum, r) => sum + r.amountCents, 0),
            refunds,
          }
        : null,
      weighing: order.paymentIntentId ? await weighingOf(db, ref.id) : null,
      warning: authorisationWarning(order, now),
    };
  }
  const order = await restaurantOrderForAdmin(db, ref.id);
  if (!order) return null;
  return {
    kind: "restaurant",
    ref: orderRef("restaurant", ref.id),
    order,
    next: [...restaurantNextStatuses(order.status, order.mode)],
    payment: await payment(db, order.chargeId),
    mealVoucher: await payment(db, order.mealVoucherChargeId),
    giftCards: [],
    history: await orderHistory(db, ref),
    provider: order.paymentIntentId
      ? await restaurantProviderPayment(db, ref, order, order.paymentIntentId)
      : null,
    weighing: null,
    warning: null,
  };
}

async function restaurantProviderPayment(
  db: Db,
  ref: OrderRef,
  order: RestaurantOrderDetail,
  paymentIntentId: string,
): Promise<ProviderPayment> {
  const refunds = await providerRefundsOf(db, ref);
  const [voucher] = order.mealVoucherChargeId
    ? await chargeRecords(db, [order.mealVoucherChargeId])
    : [];
  return {
    paymentIntentId,
    authorisedCents: null,
    capturedCents: order.totalCents - (voucher?.amountCents ?? 0),
    refundedCents: refunds.reduce((sum, r) => sum + r.amountCents, 0),
    refunds,
  };
}
