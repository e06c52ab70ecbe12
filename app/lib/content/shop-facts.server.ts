import { SERVICE_FEE_CENTS } from "#app/lib/cart/cart.ts";
import {
  type FactStore,
  type FactTexts,
  factTexts,
  type ShopFactsData,
} from "#app/lib/content/shop-facts.ts";
import { deliveryZone, listStores } from "#app/lib/ordering/ordering.server.ts";
import { processGlobal } from "#platform/process-global.ts";
import { shopIdentity } from "#platform/shop-identity.ts";

/**
 * The facts the content pages state (app/lib/content/shop-facts.ts), read from the ordering service (its
 * stores and each delivering store's first enabled zone, as the order-mode modal reads them) and
 * the shop's identity. Kept a minute in memory: the footer needs them on every page. When the
 * ordering service does not answer, the texts say less (`nos magasins`) rather than fail a page.
 */

const KEEP_MS = 60_000;

type Kept = { at: number; data: Promise<ShopFactsData> } | null;
const kept = () => processGlobal<{ value: Kept }>("shopFacts", () => ({ value: null }));

async function readData(): Promise<ShopFactsData> {
  const identity = shopIdentity();
  let stores: FactStore[] = [];
  let deliveredPostcodes: string[] = [];
  try {
    const listed = await listStores();
    const zones = await Promise.all(
      listed.map((store) => (store.deliveryEnabled ? deliveryZone(store.storeId) : null)),
    );
    // A delivery costs what the store's zone charges (the zone's fee is the store's when it has
    // none of its own), with the zone's minimum and threshold, as the cart and checkout apply them.
    stores = listed.map((store, index) => ({
      ...store,
      deliveryFee: zones[index]?.deliveryFee ?? store.deliveryFee,
      minimumOrder: zones[index]?.minimumOrder ?? 0,
      freeDeliveryOver: zones[index]?.freeDeliveryOver ?? null,
    }));
    deliveredPostcodes = zones.flatMap((zone) => zone?.postcodes ?? []);
  } catch {
    stores = [];
    deliveredPostcodes = [];
  }
  return { identity, stores, deliveredPostcodes, serviceFeeCents: SERVICE_FEE_CENTS };
}

/** The stores, zones and identity behind the facts (kept a minute). */
export function shopFactsData(now = Date.now()): Promise<ShopFactsData> {
  const holder = kept();
  if (holder.value && now - holder.value.at < KEEP_MS) return holder.value.data;
  const data = readData();
  holder.value = { at: now, data };
  // A failed read is not kept.
  data.catch(() => {
    if (holder.value?.data === data) holder.value = null;
  });
  return data;
}

// The texts of each kept read, made once: every page's footer asks for them.
const textsOfData = new WeakMap<Promise<ShopFactsData>, Promise<FactTexts>>();

/** Each fact token and its text (made once per kept read of the facts). */
export function shopFactTexts(): Promise<FactTexts> {
  const data = shopFactsData();
  let texts = textsOfData.get(data);
  if (!texts) {
    texts = data.then(factTexts);
    textsOfData.set(data, texts);
  }
  return texts;
}

/** Forgets the kept facts: the next page reads the stores again (after a store or zone change). */
export function forgetShopFacts(): void {
  kept().value = null;
}
