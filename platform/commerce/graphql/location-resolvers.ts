import type { VariantRow } from "#platform/commerce/graphql/loaders.ts";
import { type PageArgs, pageOfList } from "#platform/commerce/graphql/pagination.ts";
import type { CommerceContext } from "#platform/commerce/graphql/resolver-support.ts";
import type { SlotPortLocation } from "#platform/commerce/slot-port.ts";
import { formatDateTime } from "#platform/format.ts";
import { distanceMetres } from "#platform/geo.ts";

/**
 * Resolvers of locations.graphql: local pickup as Shopify models it. The locations are the
 * stores where grocery orders are picked up (the ordering service, through the slot port);
 * a variant is available at one when it is for sale and the store has a pickup slot with a place
 * left, and `pickUpTime` says from when, in French. Read once per request.
 */

type Coordinates = { latitude: number; longitude: number };
export type LocationNode = SlotPortLocation & { __typename: "Location" };

const perRequest = new WeakMap<object, Promise<LocationNode[]>>();

/** The pickup stores, once per request (none without the ordering service's port). */
export function pickupStores(ctx: CommerceContext): Promise<LocationNode[]> {
  let found = perRequest.get(ctx.loaders);
  if (!found) {
    found = ctx.slots
      ? ctx.slots
          .pickupLocations(ctx.db, ctx.now())
          .then((stores) => stores.map((store) => ({ ...store, __typename: "Location" as const })))
      : Promise.resolve([]);
    perRequest.set(ctx.loaders, found);
  }
  return found;
}

export const locationGid = (location: SlotPortLocation) =>
  `gid://shopify/Location/${location.physicalRestaurantId}`;

/** How far a store is from `near`; a store without coordinates is the farthest. */
function distance(location: SlotPortLocation, near: Coordinates): number {
  if (location.latitude === null || location.longitude === null) return Number.POSITIVE_INFINITY;
  return distanceMetres(location.latitude, location.longitude, near.latitude, near.longitude);
}

const byText =
  (key: (location: SlotPortLocation) => string) => (a: LocationNode, b: LocationNode) =>
    key(a).localeCompare(key(b), "fr", { sensitivity: "base" }) ||
    a.physicalRestaurantId - b.physicalRestaurantId;

function sortedLocations(
  locations: readonly LocationNode[],
  sortKey: string | null | undefined,
  near: Coordinates | null | undefined,
): LocationNode[] {
  const list = [...locations];
  if (near && (sortKey === "DISTANCE" || sortKey == null)) {
    return list.sort((a, b) => distance(a, near) - distance(b, near));
  }
  switch (sortKey) {
    case "NAME":
      return list.sort(byText((location) => location.name));
    case "CITY":
      return list.sort(byText((location) => location.city));
    default:
      return list.sort((a, b) => a.physicalRestaurantId - b.physicalRestaurantId);
  }
}

/** When the variant can be picked up there: from the store's first slot with a place left. */
function pickUpTime(location: SlotPortLocation): string {
  return location.firstPickup
    ? `Retrait possible dès le ${formatDateTime(location.firstPickup)}`
    : "Aucun créneau de retrait disponible pour le moment";
}

type LocationArgs = PageArgs & {
  near?: Coordinates | null;
  sortKey?: string | null;
};

export function createLocationResolvers() {
  return {
    QueryRoot: {
      locations: async (_: unknown, args: LocationArgs, ctx: CommerceContext) =>
        pageOfList(sortedLocations(await pickupStores(ctx), args.sortKey, args.near), args),
    },

    ProductVariant: {
      storeAvailability: async (
        variant: VariantRow,
        args: PageArgs & { near?: Coordinates | null },
        ctx: CommerceContext,
      ) => {
        const product = await ctx.loaders.product(variant.productId);
        const forSale = variant.availableForSale && Boolean(product?.availableForSale);
        const locations = sortedLocations(await pickupStores(ctx), null, args.near);
        return pageOfList(
          locations.map((location) => ({
            available: forSale && location.firstPickup !== null,
            location,
            pickUpTime: pickUpTime(location),
            // Counted stock is the shop's, not a store's; an uncounted variant has no number.
            quantityAvailable: forSale ? Math.max(variant.quantityAvailable ?? 0, 0) : 0,
          })),
          args,
        );
      },
    },

    Location: {
      id: locationGid,
      address: (location: SlotPortLocation) => ({
        address1: location.address || null,
        address2: null,
        city: location.city || null,
        country: "France",
        countryCode: "FR",
        formatted: [
          location.address,
          [location.postcode, location.city].filter(Boolean).join(" "),
          "France",
        ].filter(Boolean),
        latitude: location.latitude,
        longitude: location.longitude,
        phone: location.phone,
        province: null,
        provinceCode: null,
        zip: location.postcode || null,
      }),
      metafield: () => null,
      metafields: (_: unknown, args: { identifiers: unknown[] }) =>
        args.identifiers.map(() => null),
    },
  };
}
