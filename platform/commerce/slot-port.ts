import type { Db, Tx } from "#db/client.ts";
import type { DeliveryTerms } from "#platform/delivery-terms.ts";

/**
 * What the grocery checkout needs from the ordering service's slots (docs/architecture.md,
 * "Ports"): a grocery order books its delivery or pickup slot in the same capacity as the
 * restauration orders of that store, mode and slot. The server wires it to the ordering module's
 * face (server/platform.ts); tests wire the same functions.
 */

/** 1 delivery, 2 pickup (the storefront's order mode). */
export type SlotMode = 1 | 2;

export type SlotPortStore = {
  /** The ordering service's StoreId. */
  id: number;
  physicalRestaurantId: number;
  name: string;
  address: string;
  /**
   * For a delivery (mode 1), the terms of the store's first enabled delivery zone: fee, minimum
   * order, free-delivery threshold (platform/delivery-terms.ts). Null for pickup, which is free.
   */
  delivery: DeliveryTerms | null;
};

export type SlotPortRequest = {
  /** The store's PhysicalRestaurantId, as the cart's attributes carry it. */
  physicalRestaurantId: number;
  mode: SlotMode;
  slotKey: string;
  now: Date;
};

export type SlotPortOutcome =
  | { ok: true; store: SlotPortStore; slot: { key: string; day: string; start: Date; end: Date } }
  | {
      ok: false;
      reason: "store_not_found" | "mode_unavailable" | "slot_unavailable" | "slot_full";
      store: SlotPortStore | null;
    };

/** A place `book` took: the store's ordering StoreId (`SlotPortStore.id`), the mode, the slot's start. */
export type SlotPortRelease = { storeId: number; mode: SlotMode; start: Date };

export type SlotBookings = {
  /** Whether the slot can still be booked, without booking it (the checkout page). */
  check(db: Db | Tx, request: SlotPortRequest): Promise<SlotPortOutcome>;
  /** Takes one place in the caller's transaction; refused when not offered or full. */
  book(tx: Tx, request: SlotPortRequest): Promise<SlotPortOutcome>;
  /**
   * Gives back one place `book` took, in the caller's transaction (a hold released: the payment
   * page expired or was abandoned, or a payment for a lost hold was refunded). Never below 0.
   */
  release(tx: Tx, request: SlotPortRelease): Promise<void>;
  /** The stores where grocery orders are picked up (the Storefront API's `locations`). */
  pickupLocations(db: Db | Tx, now: Date): Promise<SlotPortLocation[]>;
};

/** A pickup store, with the start of its first pickup slot with a place left (null: none). */
export type SlotPortLocation = {
  physicalRestaurantId: number;
  name: string;
  address: string;
  postcode: string;
  city: string;
  latitude: number | null;
  longitude: number | null;
  phone: string | null;
  firstPickup: Date | null;
};
