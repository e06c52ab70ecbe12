import type { CartAttribute } from "#platform/commerce/cart/schema.ts";
import { formatSlot } from "#platform/format.ts";

/**
 * The delivery or pickup slot of a grocery order: what the storefront's order-mode modal wrote on
 * the cart (attributes `mode`, `deliverySlot`, `deliveryLocationId`, `pickupLocationId`,
 * app/lib/checkout/preparation.server.ts), and how an order's mode reads in French (its slot reads
 * as `formatSlot` spells every slot, platform/format.ts).
 */

/** 1 delivery, 2 pickup. */
export type CartOrderMode = {
  mode: 1 | 2;
  /** `2026-11-24 12:00-13:00`, Paris time. */
  slotKey: string;
  /** The delivering (mode 1) or pickup (mode 2) store's PhysicalRestaurantId. */
  physicalRestaurantId: number;
};

const SLOT_KEY = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}:\d{2})-(\d{2}:\d{2})$/;

/** The order mode the cart carries; null when the mode, the slot or the store is missing. */
export function cartOrderMode(attributes: readonly CartAttribute[]): CartOrderMode | null {
  const value = (key: string) => attributes.find((a) => a.key === key)?.value.trim() ?? "";
  const mode = value("mode");
  if (mode !== "1" && mode !== "2") return null;
  const slotKey = value("deliverySlot");
  if (!SLOT_KEY.test(slotKey)) return null;
  const location = Number(value(mode === "1" ? "deliveryLocationId" : "pickupLocationId"));
  if (!Number.isInteger(location) || location <= 0) return null;
  return { mode: mode === "1" ? 1 : 2, slotKey, physicalRestaurantId: location };
}

/** « Livraison à domicile » or « Retrait en magasin »: how an order's mode reads. */
export function orderModeText(mode: 1 | 2): string {
  return mode === 1 ? "Livraison à domicile" : "Retrait en magasin";
}

/**
 * The booked slot as the order's custom attributes name it on the Storefront API. Shopify has no
 * slot field: delivery-date apps write theirs as order attributes, and so does Comptoir, from the
 * columns the payment filled (`order.ts` rows), next to the cart's own attributes.
 */
export const ORDER_SLOT_ATTRIBUTES = {
  modeLabel: "_orderModeLabel",
  slotLabel: "_slotLabel",
  storeName: "_storeName",
  storeAddress: "_storeAddress",
} as const;

/** A grocery order's booked slot as the storefront shows it. */
export type OrderSlotView = {
  mode: number;
  modeLabel: string;
  label: string;
  storeName: string | null;
  storeAddress: string | null;
};

/** The slot attributes of an order booked with `mode`, `slotKey` and its store. */
export function orderSlotAttributes(order: {
  orderMode: number | null;
  slotKey: string | null;
  storeName: string | null;
  storeAddress: string | null;
}): CartAttribute[] {
  if ((order.orderMode !== 1 && order.orderMode !== 2) || !order.slotKey) return [];
  return [
    { key: ORDER_SLOT_ATTRIBUTES.modeLabel, value: orderModeText(order.orderMode) },
    { key: ORDER_SLOT_ATTRIBUTES.slotLabel, value: formatSlot(order.slotKey) },
    ...(order.storeName ? [{ key: ORDER_SLOT_ATTRIBUTES.storeName, value: order.storeName }] : []),
    ...(order.storeAddress
      ? [{ key: ORDER_SLOT_ATTRIBUTES.storeAddress, value: order.storeAddress }]
      : []),
  ];
}

/** The booked slot an order's attributes carry (`orderSlotAttributes`), or null. */
export function orderSlotFromAttributes(
  attributes: readonly { key: string; value?: string | null }[],
): OrderSlotView | null {
  const value = (key: string) => attributes.find((a) => a.key === key)?.value ?? null;
  const modeLabel = value(ORDER_SLOT_ATTRIBUTES.modeLabel);
  const label = value(ORDER_SLOT_ATTRIBUTES.slotLabel);
  if (!modeLabel || !label) return null;
  return {
    mode: value("mode") === "1" ? 1 : 2,
    modeLabel,
    label,
    storeName: value(ORDER_SLOT_ATTRIBUTES.storeName),
    storeAddress: value(ORDER_SLOT_ATTRIBUTES.storeAddress),
  };
}
