/**
 * The statuses of both kinds of order, in one place (docs/orders.md): their French labels, the
 * transitions the back office may make, and the one way an order number is shown. Grocery orders
 * are the commerce module's, restauration (traiteur) orders the ordering module's; each module
 * stores its own status and checks a change against these maps before writing it.
 */

export type OrderKind = "grocery" | "restaurant";

/** How the French interface names each kind. */
export const ORDER_KIND_LABELS: Record<OrderKind, string> = {
  grocery: "Épicerie",
  restaurant: "Traiteur",
};

/** A grocery order's preparation status (the commerce order's `status`). */
export type GroceryStatus =
  | "received"
  | "preparing"
  | "ready"
  | "out_for_delivery"
  | "delivered"
  | "cancelled";

export const GROCERY_STATUSES: readonly GroceryStatus[] = [
  "received",
  "preparing",
  "ready",
  "out_for_delivery",
  "delivered",
  "cancelled",
];

export const GROCERY_STATUS_LABELS: Record<GroceryStatus, string> = {
  received: "Reçue",
  preparing: "En préparation",
  ready: "Prête",
  out_for_delivery: "En livraison",
  delivered: "Livrée",
  cancelled: "Annulée",
};

/**
 * The Storefront API's `fulfillmentStatus` that stands for each grocery status (the API stays
 * Shopify's; a cancelled order also has `canceledAt`). The storefront reads it back with
 * `groceryStatusOf`, so the account shows the shop's own French status.
 */
export const GROCERY_FULFILLMENT = {
  received: "UNFULFILLED",
  preparing: "IN_PROGRESS",
  ready: "PENDING_FULFILLMENT",
  out_for_delivery: "PARTIALLY_FULFILLED",
  delivered: "FULFILLED",
  cancelled: "UNFULFILLED",
} as const satisfies Record<GroceryStatus, string>;

/** The grocery status a Storefront API order stands for (`canceledAt` set: cancelled). */
export function groceryStatusOf(fulfillment: string, canceledAt: string | null): GroceryStatus {
  if (canceledAt) return "cancelled";
  const found = (Object.keys(GROCERY_FULFILLMENT) as GroceryStatus[]).find(
    (status) => status !== "cancelled" && GROCERY_FULFILLMENT[status] === fulfillment,
  );
  return found ?? "received";
}

/**
 * A restauration order's state, Flipdish's `OrderState` as the ordering service keeps it:
 * placed, then accepted (or rejected) by the store, ready, then dispatched and delivered
 * (delivery) or completed when collected (pickup); cancelled at any point before.
 */
export type RestaurantStatus =
  | "Placed"
  | "Accepted"
  | "Ready"
  | "Dispatched"
  | "Delivered"
  | "Completed"
  | "Rejected"
  | "Cancelled";

export const RESTAURANT_STATUSES: readonly RestaurantStatus[] = [
  "Placed",
  "Accepted",
  "Ready",
  "Dispatched",
  "Delivered",
  "Completed",
  "Rejected",
  "Cancelled",
];

export const RESTAURANT_STATUS_LABELS: Record<RestaurantStatus, string> = {
  Placed: "Reçue",
  Accepted: "Acceptée",
  Ready: "Prête",
  Dispatched: "En livraison",
  Delivered: "Livrée",
  Completed: "Retirée",
  Rejected: "Refusée",
  Cancelled: "Annulée",
};

/** How an order reaches the customer: `delivery` to an address, `pickup` at a store. */
export type OrderMode = "delivery" | "pickup";

export const ORDER_MODE_LABELS: Record<OrderMode, string> = {
  delivery: "Livraison",
  pickup: "Retrait",
};

const GROCERY_NEXT: Record<OrderMode, Record<GroceryStatus, readonly GroceryStatus[]>> = {
  delivery: {
    received: ["preparing", "cancelled"],
    preparing: ["out_for_delivery", "cancelled"],
    ready: ["delivered", "cancelled"],
    out_for_delivery: ["delivered", "cancelled"],
    delivered: [],
    cancelled: [],
  },
  pickup: {
    received: ["preparing", "cancelled"],
    preparing: ["ready", "cancelled"],
    ready: ["delivered", "cancelled"],
    out_for_delivery: ["delivered", "cancelled"],
    delivered: [],
    cancelled: [],
  },
};

const RESTAURANT_NEXT: Record<OrderMode, Record<RestaurantStatus, readonly RestaurantStatus[]>> = {
  delivery: {
    Placed: ["Accepted", "Rejected", "Cancelled"],
    Accepted: ["Ready", "Cancelled"],
    Ready: ["Dispatched", "Cancelled"],
    Dispatched: ["Delivered", "Cancelled"],
    Delivered: [],
    Completed: [],
    Rejected: [],
    Cancelled: [],
  },
  pickup: {
    Placed: ["Accepted", "Rejected", "Cancelled"],
    Accepted: ["Ready", "Cancelled"],
    Ready: ["Completed", "Cancelled"],
    Dispatched: ["Delivered", "Cancelled"],
    Delivered: [],
    Completed: [],
    Rejected: [],
    Cancelled: [],
  },
};

/** The statuses a grocery order may move to from `from`. */
export function groceryNextStatuses(
  from: GroceryStatus,
  mode: OrderMode,
): readonly GroceryStatus[] {
  return GROCERY_NEXT[mode][from] ?? [];
}

/** The states a restauration order may move to from `from`. */
export function restaurantNextStatuses(
  from: RestaurantStatus,
  mode: OrderMode,
): readonly RestaurantStatus[] {
  return RESTAURANT_NEXT[mode][from] ?? [];
}

export function isGroceryStatus(value: unknown): value is GroceryStatus {
  return typeof value === "string" && (GROCERY_STATUSES as readonly string[]).includes(value);
}

export function isRestaurantStatus(value: unknown): value is RestaurantStatus {
  return typeof value === "string" && (RESTAURANT_STATUSES as readonly string[]).includes(value);
}

/** The French label of a status of either kind (the status itself when unknown). */
export function orderStatusLabel(kind: OrderKind, status: string): string {
  if (kind === "grocery") return isGroceryStatus(status) ? GROCERY_STATUS_LABELS[status] : status;
  return isRestaurantStatus(status) ? RESTAURANT_STATUS_LABELS[status] : status;
}

/** The French refusal of a change the flow does not allow: nothing is changed. */
export function transitionRefusal(kind: OrderKind, from: string, to: string): string {
  return `Impossible de passer cette commande de « ${orderStatusLabel(kind, from)} » à « ${orderStatusLabel(kind, to)} ».`;
}

/** Whether an order in this status has been cancelled or refused (refunds may then follow). */
export function isClosedStatus(status: string): boolean {
  return ["cancelled", "delivered", "Cancelled", "Rejected", "Delivered", "Completed"].includes(
    status,
  );
}

/** "n° 1001": how every French screen, email and SMS names an order of either kind. */
export function orderNumberLabel(orderNumber: number): string {
  return `n° ${orderNumber}`;
}
