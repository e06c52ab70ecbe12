import type { Db } from "#db/client.ts";
import { groceryPreparation } from "#platform/backoffice/orders/odp-grocery.ts";
import {
  orderIdsInSlot,
  ordersPlacedBetween,
  ordersWithSlotBetween,
  type PlacedOrder,
  type SlottedOrder,
} from "#platform/commerce/index.ts";
import {
  type DeliveryLocation,
  localToInstant,
  type OrderingMode,
  type OrderStatus,
  ordersForPreparation,
  type PreparationRow,
} from "#platform/ordering/index.ts";

/**
 * Order preparation sheets (ODP, "ordre de préparation"): what the kitchen and the counter need
 * to prepare an ordering-service order or a whole slot, and the day's orders grouped by store
 * and slot so staff can print them (issue 10, `POST /api/odp/order`).
 */

/** The group grocery orders (commerce service, shipped) get in the day view. */
export const GROCERY_GROUP = "Épicerie (livraison)";

export type PreparationLine = {
  name: string;
  quantity: number;
  options: string[];
  /**
   * Whether the shopper accepts a close substitute when the product is missing (grocery lines);
   * null where the question does not arise (a restaurant's dishes).
   */
  substitute: boolean | null;
  /**
   * What the counter cuts for a product sold by weight (`2 × 500 g (1 kg)`,
   * platform/sold-by-weight.ts); null for every other line.
   */
  cut: string | null;
};

export type OrderPreparation = {
  order: {
    id: number;
    /** The shop's number of the order (« n° 1001 »), from the series both kinds share. */
    orderNumber: number;
    status: OrderStatus;
    mode: OrderingMode;
    /** "Livraison" or "Retrait". */
    modeLabel: string;
    deliveryLocation: DeliveryLocation | null;
    totalCents: number;
    createdAt: string;
  };
  lines: PreparationLine[];
  store: { id: number; name: string; phone: string | null };
  slot: { key: string; label: string; start: string };
  customer: { name: string | null; phone: string; email: string | null };
  giftWrap: boolean;
  /** The message for the recipient, written on a card (grocery orders). */
  giftMessage: string | null;
};

/** `"2026-11-24 12:00-13:00"` → `"12:00-13:00"`: the day is shown once, above the slots. */
export function slotLabel(slotKey: string): string {
  return slotKey.split(" ").slice(1).join(" ") || slotKey;
}

/** The local day (Europe/Paris, `YYYY-MM-DD`) of an instant: staff count orders by that day. */
export { parisDay } from "#platform/format.ts";

/** A `YYYY-MM-DD` that names a real day, else null. */
export function parseDay(value: string | null | undefined): string | null {
  if (!value || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return null;
  const date = new Date(`${value}T00:00:00Z`);
  return Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== value ? null : value;
}

export function dayBounds(day: string): { from: Date; to: Date } {
  return { from: localToInstant(day, 0), to: localToInstant(day, 24 * 60) };
}

function preparationOf(row: PreparationRow): OrderPreparation {
  const { order } = row;
  return {
    order: {
      id: order.id,
      orderNumber: order.orderNumber,
      status: order.status,
      mode: order.mode,
      modeLabel: order.mode === 1 ? "Livraison" : "Retrait",
      deliveryLocation: order.mode === 1 ? (order.deliveryLocation ?? null) : null,
      totalCents: order.totalCents,
      createdAt: order.createdAt.toISOString(),
    },
    lines: order.lines.map((line) => ({
      name: line.name,
      quantity: line.quantity,
      options: line.options.map((option) => option.name),
      substitute: null,
      cut: null,
    })),
    store: row.store,
    slot: {
      key: order.slotKey,
      label: slotLabel(order.slotKey),
      start: order.slotStart.toISOString(),
    },
    customer: row.customer,
    giftWrap: order.giftWrap,
    giftMessage: null,
  };
}

/** The preparation sheet of one ordering-service order; null when there is no such order. */
export async function orderPreparation(db: Db, orderId: number): Promise<OrderPreparation | null> {
  const [row] = await ordersForPreparation(db, { orderId });
  return row ? preparationOf(row) : null;
}

/** Cancelled and refused orders are not prepared. */
const prepared = (row: PreparationRow) =>
  row.order.status !== "Cancelled" && row.order.status !== "Rejected";

/**
 * The preparation sheets of a slot of a store (orders by id), cancelled orders left out: its
 * restauration orders, then the grocery orders booked in it.
 */
export async function slotPreparations(
  db: Db,
  slot: { storeId: number; slotKey: string },
): Promise<OrderPreparation[]> {
  const rows = await ordersForPreparation(db, slot);
  const grocery: OrderPreparation[] = [];
  for (const id of await orderIdsInSlot(db, slot)) {
    const sheet = await groceryPreparation(db, id);
    if (sheet && sheet.order.status !== "Cancelled") grocery.push(sheet);
  }
  return [...rows.filter(prepared).map(preparationOf), ...grocery];
}

export type PickTotal = { name: string; options: string[]; quantity: number };

/**
 * "Total à préparer": the quantities of a slot added up per dish and choice of options (the
 * same dish with other options is another line), largest first, then by name.
 */
export function pickTotals(preparations: readonly OrderPreparation[]): PickTotal[] {
  const totals = new Map<string, PickTotal>();
  for (const preparation of preparations) {
    for (const line of preparation.lines) {
      const options = [...line.options].sort((a, b) => a.localeCompare(b, "fr"));
      const key = JSON.stringify([line.name, options]);
      const total = totals.get(key) ?? { name: line.name, options, quantity: 0 };
      total.quantity += line.quantity;
      totals.set(key, total);
    }
  }
  return [...totals.values()].sort(
    (a, b) => b.quantity - a.quantity || a.name.localeCompare(b.name, "fr"),
  );
}

export type DayOrder = {
  id: number;
  /** The shop's number of the order (« n° 1001 »), from the series both kinds share. */
  orderNumber: number;
  /** A grocery order (commerce service): its sheet is `?grocery={groceryId}`, `id` its number. */
  groceryId?: number;
  customerName: string | null;
  modeLabel: string;
  status: string;
  itemCount: number;
  giftWrap: boolean;
};

export type DaySlot = { key: string; label: string; start: string; orders: DayOrder[] };
export type DayStore = { id: number; name: string; orderCount: number; slots: DaySlot[] };
export type GroceryOrder = PlacedOrder;

export type DayView = {
  day: string;
  stores: DayStore[];
  grocery: { label: string; orders: GroceryOrder[] };
  total: number;
};

function groupByStore(rows: readonly PreparationRow[]): DayStore[] {
  const stores = new Map<number, DayStore>();
  for (const row of rows) {
    const store = stores.get(row.store.id) ?? {
      id: row.store.id,
      name: row.store.name,
      orderCount: 0,
      slots: [],
    };
    stores.set(store.id, store);
    let slot = store.slots.find((candidate) => candidate.key === row.order.slotKey);
    if (!slot) {
      slot = {
        key: row.order.slotKey,
        label: slotLabel(row.order.slotKey),
        start: row.order.slotStart.toISOString(),
        orders: [],
      };
      store.slots.push(slot);
    }
    slot.orders.push({
      id: row.order.id,
      orderNumber: row.order.orderNumber,
      customerName: row.customer.name,
      modeLabel: row.order.mode === 1 ? "Livraison" : "Retrait",
      status: row.order.status,
      itemCount: row.order.lines.reduce((sum, line) => sum + line.quantity, 0),
      giftWrap: row.order.giftWrap,
    });
    store.orderCount++;
  }
  return [...stores.values()].sort((a, b) => a.name.localeCompare(b.name, "fr"));
}

/**
 * Files grocery orders with a booked slot like restauration orders: under their store (the
 * pickup store, or the delivering one) and their slot, slots in time order.
 */
function fileGroceryOrders(stores: DayStore[], orders: readonly SlottedOrder[]): DayStore[] {
  const byId = new Map(stores.map((store) => [store.id, store]));
  for (const order of orders) {
    if (order.financialStatus === "VOIDED") continue;
    let store = byId.get(order.storeId);
    if (!store) {
      store = { id: order.storeId, name: order.storeName, orderCount: 0, slots: [] };
      byId.set(store.id, store);
    }
    let slot = store.slots.find((candidate) => candidate.key === order.slotKey);
    if (!slot) {
      slot = {
        key: order.slotKey,
        label: slotLabel(order.slotKey),
        start: order.slotStart.toISOString(),
        orders: [],
      };
      store.slots.push(slot);
    }
    slot.orders.push({
      id: order.orderNumber,
      orderNumber: order.orderNumber,
      groceryId: order.id,
      customerName: order.customerName,
      modeLabel: `${order.mode === 1 ? "Livraison" : "Retrait"} (épicerie)`,
      // A partial refund leaves the order to prepare.
      status:
        order.financialStatus === "PAID" || order.financialStatus === "PARTIALLY_REFUNDED"
          ? "Placed"
          : order.financialStatus,
      itemCount: order.itemCount,
      giftWrap: order.giftWrap,
    });
    store.orderCount++;
  }
  for (const store of byId.values()) store.slots.sort((a, b) => a.start.localeCompare(b.start));
  return [...byId.values()].sort((a, b) => a.name.localeCompare(b.name, "fr"));
}

/**
 * The orders to prepare on a local day: ordering-service orders and grocery orders whose slot
 * starts that day, grouped by store then slot (in slot order), cancelled ones left out; grocery
 * orders without a booked slot (placed before slots were booked) under the day they were placed,
 * in their own group.
 */
export async function dayOrders(db: Db, day: string): Promise<DayView> {
  const { from, to } = dayBounds(day);
  const rows = await ordersForPreparation(db, { slotFrom: from, slotTo: to });
  const stores = fileGroceryOrders(
    groupByStore(rows.filter(prepared)),
    await ordersWithSlotBetween(db, from, to),
  );
  const grocery = await ordersPlacedBetween(db, from, to, { withoutSlot: true });
  const total = stores.reduce((sum, store) => sum + store.orderCount, 0) + grocery.length;
  return { day, stores, grocery: { label: GROCERY_GROUP, orders: grocery }, total };
}
