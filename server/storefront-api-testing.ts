import { invalidateContentCache } from "#app/lib/content/content.server.ts";
import type { Db } from "#db/client.ts";
import type { StorefrontApiOptions } from "#platform/commerce/index.ts";
import { createContentApi } from "#platform/content/index.ts";
import { freeSlotKeys, grocerySlots, listStores } from "#platform/ordering/index.ts";
import { configureService } from "#platform/services.ts";
import { onlineStoreContent } from "#server/online-store-content.ts";
import { catalogueSearch } from "#server/storefront-api-wiring.ts";

/**
 * For tests and tools that run the Storefront API in-process as the server serves it: the
 * content service answering on `db` (menus, pages, blog), read through the content port, the
 * search module behind the search port and the ordering service's slots behind the slot port.
 * Give these options to the API you build.
 */
export function servedStorefrontOptions(
  db: Db,
): Pick<StorefrontApiOptions, "content" | "search" | "slots"> {
  const token = "in-process-content-token";
  const content = createContentApi({ db, accessToken: token });
  configureService("content", {
    baseUrl: "http://content.embedded",
    handler: (request) => content.fetch(request),
    headers: { Authorization: `Bearer ${token}` },
  });
  invalidateContentCache();
  return {
    content: onlineStoreContent(),
    search: catalogueSearch(db),
    slots: grocerySlots,
  };
}

/**
 * The cart attributes the storefront's order-mode modal writes for a pickup at the first store
 * of `db` that offers one, in its first free slot at `now` (app/lib/checkout/preparation.server.ts);
 * none when no store has a free pickup slot. What a visit gives its cart before choosing a
 * delivery option (platform/commerce/graphql/compatibility/hydrogen-starter.ts).
 */
export async function pickupModeAttributes(
  db: Db,
  now: Date,
): Promise<{ key: string; value: string }[]> {
  for (const store of await listStores(db)) {
    const [slot] = await freeSlotKeys(db, store.physicalRestaurantId, 2, now);
    if (!slot) continue;
    return [
      { key: "mode", value: "2" },
      { key: "pickupLocationId", value: String(store.physicalRestaurantId) },
      { key: "deliverySlot", value: slot },
      { key: "slotDay", value: slot.split(" ")[0] ?? "" },
    ];
  }
  return [];
}
