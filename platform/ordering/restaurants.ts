import { and, asc, eq } from "drizzle-orm";
import type { Db, Tx } from "#db/client.ts";
import type { DeliveryTerms } from "#platform/delivery-terms.ts";
import { distanceMetres } from "#platform/geo.ts";
import {
  type DeliveryLocation,
  orderingDeliveryZone,
  orderingStore,
} from "#platform/ordering/schema.ts";

export type Store = typeof orderingStore.$inferSelect;
export type DeliveryZone = typeof orderingDeliveryZone.$inferSelect;

/** The customer API names a store by its PhysicalRestaurantId. */
export async function storeByRestaurantId(
  db: Db | Tx,
  physicalRestaurantId: number,
): Promise<Store | null> {
  const [store] = await db
    .select()
    .from(orderingStore)
    .where(eq(orderingStore.physicalRestaurantId, physicalRestaurantId));
  return store ?? null;
}

/** The admin API and orders name a store by its StoreId. */
export async function storeById(db: Db | Tx, storeId: number): Promise<Store | null> {
  const [store] = await db.select().from(orderingStore).where(eq(orderingStore.id, storeId));
  return store ?? null;
}

/** The store's delivery zone: the first enabled one by position (spec §3). */
export async function firstEnabledZone(db: Db | Tx, storeId: number): Promise<DeliveryZone | null> {
  const [zone] = await db
    .select()
    .from(orderingDeliveryZone)
    .where(and(eq(orderingDeliveryZone.storeId, storeId), eq(orderingDeliveryZone.isEnabled, true)))
    .orderBy(asc(orderingDeliveryZone.position), asc(orderingDeliveryZone.id))
    .limit(1);
  return zone ?? null;
}

/**
 * A delivery's terms (fee, minimum order, free-delivery threshold) from the store's zone: the
 * zone's own fee or else the store's `DeliveryFee`; a store without an enabled zone delivers at
 * its own fee, with no minimum and never free (as Flipdish's `DeliveryFee` alone would).
 */
export function zoneDeliveryTerms(
  store: Pick<Store, "deliveryFeeCents">,
  zone: Pick<DeliveryZone, "feeCents" | "minimumOrderCents" | "freeDeliveryThresholdCents"> | null,
): DeliveryTerms {
  return {
    feeCents: zone?.feeCents ?? store.deliveryFeeCents,
    minimumOrderCents: zone?.minimumOrderCents ?? 0,
    freeDeliveryOverCents: zone?.freeDeliveryThresholdCents ?? null,
  };
}

/**
 * Whether a zone delivers to an address: its postcode is one of the zone's, or its coordinates are
 * within the zone's radius of the store.
 */
export function zoneCovers(zone: DeliveryZone, store: Store, location: DeliveryLocation): boolean {
  if (zone.postcodes.includes(location.postcode.replace(/\s/g, ""))) return true;
  if (
    zone.radiusMetres === null ||
    store.latitude === null ||
    store.longitude === null ||
    location.latitude === undefined ||
    location.longitude === undefined
  ) {
    return false;
  }
  const metres = distanceMetres(
    store.latitude,
    store.longitude,
    location.latitude,
    location.longitude,
  );
  return metres <= zone.radiusMetres;
}
