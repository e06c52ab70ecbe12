import { asc, eq } from "drizzle-orm";
import type { Db, Tx } from "#db/client.ts";
import type { DeliveryTerms } from "#platform/delivery-terms.ts";
import {
  firstEnabledZone,
  type Store,
  storeByRestaurantId,
  zoneDeliveryTerms,
} from "#platform/ordering/restaurants.ts";
import { type OrderingMode, orderingStore } from "#platform/ordering/schema.ts";
import {
  bookSlot,
  findSlot,
  listSlots,
  releaseSlot,
  slotCapacity,
} from "#platform/ordering/slots.ts";

/**
 * Slots for orders placed outside the ordering service (the grocery checkout of the commerce
 * service): the same stores, slots and capacities as restauration orders, so a grocery order and
 * a restaurant order of one store, mode and slot count against one capacity. The commerce service
 * reaches these through its `SlotBookings` port (platform/commerce/slot-port.ts), wired in
 * server/platform.ts.
 */

/** The store of a slot, as an order keeps it (name and address copied when the order is placed). */
export type SlotStore = {
  /** Flipdish's StoreId. */
  id: number;
  physicalRestaurantId: number;
  name: string;
  /** The store's address on one line: "42 boulevard Haussmann, 75009 Paris". */
  address: string;
};

/**
 * The store of a booking, with the delivery terms of its first enabled zone for a delivery (mode
 * 1): the grocery checkout charges the fee and enforces the minimum the restauration orders do.
 * Null for pickup, which is free.
 */
export type BookingStore = SlotStore & { delivery: DeliveryTerms | null };

export type SlotRequest = {
  /** The store's PhysicalRestaurantId (the storefront's `pickupLocationId`/`deliveryLocationId`). */
  physicalRestaurantId: number;
  mode: OrderingMode;
  slotKey: string;
  now: Date;
};

export type SlotOutcome =
  | {
      ok: true;
      store: BookingStore;
      slot: { key: string; day: string; start: Date; end: Date };
    }
  | {
      ok: false;
      /** No such store; the store does not offer the mode; the slot is not offered (passed, unknown); it is full. */
      reason: "store_not_found" | "mode_unavailable" | "slot_unavailable" | "slot_full";
      store: BookingStore | null;
    };

function slotStoreOf(store: Store): SlotStore {
  const town = [store.postcode, store.city].filter(Boolean).join(" ");
  return {
    id: store.id,
    physicalRestaurantId: store.physicalRestaurantId,
    name: store.name,
    address: [store.address, town].filter(Boolean).join(", "),
  };
}

/** A store by its PhysicalRestaurantId, as an order shows it; null when unknown. */
export async function slotStore(
  db: Db | Tx,
  physicalRestaurantId: number,
): Promise<SlotStore | null> {
  const store = await storeByRestaurantId(db, physicalRestaurantId);
  return store ? slotStoreOf(store) : null;
}

async function bookingStoreOf(
  db: Db | Tx,
  store: Store,
  mode: OrderingMode,
): Promise<BookingStore> {
  const delivery =
    mode === 1 ? zoneDeliveryTerms(store, await firstEnabledZone(db, store.id)) : null;
  return { ...slotStoreOf(store), delivery };
}

async function offered(db: Db | Tx, request: SlotRequest) {
  const store = await storeByRestaurantId(db, request.physicalRestaurantId);
  if (!store) return { ok: false as const, reason: "store_not_found" as const, store: null };
  const shown = await bookingStoreOf(db, store, request.mode);
  if (slotCapacity(store, request.mode) <= 0) {
    return { ok: false as const, reason: "mode_unavailable" as const, store: shown };
  }
  const slot = findSlot(store, request.mode, request.slotKey, request.now);
  if (!slot) return { ok: false as const, reason: "slot_unavailable" as const, store: shown };
  return { ok: true as const, store, shown, slot };
}

/**
 * Whether a slot can still be booked at `now` (offered and not full), without booking it: what
 * the grocery checkout page shows before payment.
 */
export async function checkSlot(db: Db | Tx, request: SlotRequest): Promise<SlotOutcome> {
  const found = await offered(db, request);
  if (!found.ok) return found;
  const listed = await listSlots(db, found.store, request.mode, request.now);
  const slot = listed.find((candidate) => candidate.key === found.slot.key);
  if (!slot) return { ok: false, reason: "slot_unavailable", store: found.shown };
  if (slot.isFull) return { ok: false, reason: "slot_full", store: found.shown };
  return { ok: true, store: found.shown, slot: found.slot };
}

/**
 * Books one place of a slot in the caller's transaction, by the restauration orders' path: the
 * slot must be offered at `now`, and the atomic conditional booking (`bookSlot`) takes a place
 * only while the slot's capacity (`slotCapacity`) is not reached. Concurrent bookings of the last
 * place queue on the booking row: one gets it, the others get `slot_full`.
 */
export async function bookOrderSlot(tx: Tx, request: SlotRequest): Promise<SlotOutcome> {
  const found = await offered(tx, request);
  if (!found.ok) return found;
  const booked = await bookSlot(tx, {
    storeId: found.store.id,
    mode: request.mode,
    start: found.slot.start,
    capacity: slotCapacity(found.store, request.mode),
  });
  if (!booked) return { ok: false, reason: "slot_full", store: found.shown };
  return { ok: true, store: found.shown, slot: found.slot };
}

/** A place a booking took: the store's StoreId (`SlotStore.id`), the mode, the slot's start. */
export type SlotRelease = { storeId: number; mode: OrderingMode; start: Date };

/**
 * Gives back the place `bookOrderSlot` took, in the caller's transaction (a grocery checkout's
 * hold released: the payment page expired, was abandoned, or the payment was refunded).
 */
export async function releaseOrderSlot(tx: Tx, request: SlotRelease): Promise<void> {
  await releaseSlot(tx, request);
}

/** The keys of a store's slots of a mode that still have a place at `now`, in time order. */
export async function freeSlotKeys(
  db: Db | Tx,
  physicalRestaurantId: number,
  mode: OrderingMode,
  now: Date,
): Promise<string[]> {
  const store = await storeByRestaurantId(db, physicalRestaurantId);
  if (!store) return [];
  return (await listSlots(db, store, mode, now)).filter((s) => !s.isFull).map((s) => s.key);
}

/** A store where grocery orders are picked up, as the Storefront API's `Location` shows it. */
export type PickupLocation = {
  physicalRestaurantId: number;
  name: string;
  address: string;
  postcode: string;
  city: string;
  latitude: number | null;
  longitude: number | null;
  phone: string | null;
  /** The start of its first pickup slot with a place left at `now`; null when none is offered. */
  firstPickup: Date | null;
};

/** The stores offering pickup, in StoreId order, each with its first free pickup slot. */
export async function pickupLocations(db: Db | Tx, now: Date): Promise<PickupLocation[]> {
  const stores = await db
    .select()
    .from(orderingStore)
    .where(eq(orderingStore.pickupEnabled, true))
    .orderBy(asc(orderingStore.id));
  const offering = stores.filter((store) => slotCapacity(store, 2) > 0);
  return Promise.all(
    offering.map(async (store) => {
      const free = (await listSlots(db, store, 2, now)).find((slot) => !slot.isFull);
      return {
        physicalRestaurantId: store.physicalRestaurantId,
        name: store.name,
        address: store.address,
        postcode: store.postcode,
        city: store.city,
        latitude: store.latitude,
        longitude: store.longitude,
        phone: store.phone,
        firstPickup: free?.start ?? null,
      };
    }),
  );
}

/**
 * Everything the commerce service's slot port takes (platform/commerce/slot-port.ts), as the
 * server wires it (server/platform.ts) and the tests and benches do.
 */
export const grocerySlots = {
  check: checkSlot,
  book: bookOrderSlot,
  release: releaseOrderSlot,
  pickupLocations,
};
