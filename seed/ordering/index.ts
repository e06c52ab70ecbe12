import { asc, getTableName, sql } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";
import type { Tx } from "#db/client.ts";
import { commerceProduct } from "#platform/commerce/tables.ts";
import {
  orderingDeliveryZone,
  orderingMenu,
  orderingMenuItemMetadata,
  orderingMenuSection,
  orderingOptionSet,
  orderingOptionSetItem,
  orderingSectionItem,
  orderingStore,
  orderingVoucher,
} from "#platform/ordering/tables.ts";
import { FIRST_BUNDLE_MENU_ITEM_ID, menuItemIds } from "#seed/content/menu-items.ts";
import {
  DEMO_MENU_ID,
  DEMO_MENU_NAME,
  DEMO_OPTION_SETS,
  DEMO_SLOT_SETTINGS,
  DEMO_STORES,
  DEMO_VOUCHERS,
  DEMO_ZONES,
} from "#seed/ordering/data.ts";
import type { Seeder } from "#seed/seeder.ts";

/** The menu's sections, in the order a meal goes; other catalogue categories come after. */
export const SECTION_ORDER = [
  "Entrées et salades",
  "Soupes et veloutés",
  "Plats cuisinés",
  "Sandwichs et snacking",
  "Poissons fumés et caviar",
];
/** The section of the content seeder's bundle (`bundle-formule-dejeuner`). */
export const BUNDLE_SECTION = "Formules";
const BUNDLE_NAME = "Formule déjeuner du Comptoir";
const BUNDLE_SLUG = "formule-dejeuner";
/** Rows per insert: a scaled catalogue's menu must stay under PostgreSQL's parameter limit. */
const INSERT_CHUNK = 1000;
/** The per-store metadata key saying a store does not sell an item. */
export const AVAILABILITY_KEY = "IsAvailable";

/**
 * The ordering service's demo data (issue 6): three Paris stores, their delivery zones and slot
 * settings, one menu selling the catalogue's restauration products under the menu item ids the
 * content seeder writes in `fd_content.MenuItemId` (`seed/content/menu-items.ts`), per-store
 * availability, option sets and four vouchers. Runs after the catalogue seeder, whose products it
 * reads.
 */
export const orderingSeeder: Seeder = {
  name: "ordering",
  tables: [
    orderingStore,
    orderingDeliveryZone,
    orderingMenu,
    orderingMenuSection,
    orderingSectionItem,
    orderingOptionSet,
    orderingOptionSetItem,
    orderingMenuItemMetadata,
    orderingVoucher,
  ],
  async run(tx, _random, context) {
    const at = { createdAt: context.now, updatedAt: context.now };
    await tx.insert(orderingMenu).values({ id: DEMO_MENU_ID, name: DEMO_MENU_NAME, ...at });
    await insertStores(tx, at);
    await tx.insert(orderingDeliveryZone).values(
      DEMO_ZONES.map((zone, position) => ({
        storeId: zone.storeId,
        name: zone.name,
        isEnabled: zone.isEnabled,
        postcodes: [...zone.postcodes],
        minimumOrderCents: zone.minimumOrderCents ?? 0,
        freeDeliveryThresholdCents: zone.freeDeliveryThresholdCents ?? null,
        position,
        ...at,
      })),
    );
    const items = await insertMenu(tx, at);
    await insertOptionSets(tx, items, at);
    await insertAvailability(tx, items, at);
    await tx.insert(orderingVoucher).values(
      DEMO_VOUCHERS.map((voucher) => ({
        id: voucher.voucherId,
        whiteLabel: "comptoir",
        code: voucher.code,
        description: voucher.description,
        isEnabled: voucher.isEnabled,
        isAutomatic: voucher.isAutomatic,
        expiresAt: voucher.expiresAt,
        validOnOrdersOverCents: voucher.validOnOrdersOverCents,
        validForDelivery: voucher.validForDelivery,
        validForPickup: voucher.validForPickup,
        kind: voucher.kind,
        amount: voucher.amount,
        ...at,
      })),
    );
    // Rows written with chosen ids leave the sequences behind: move them past those ids.
    for (const table of [orderingStore, orderingMenu, orderingVoucher]) {
      await advanceSequence(tx, table);
    }
  },
};

type Timestamps = { createdAt: Date; updatedAt: Date };
type SeededItem = { id: number; section: string };

async function insertStores(tx: Tx, at: Timestamps) {
  await tx.insert(orderingStore).values(
    DEMO_STORES.map((store) => ({
      id: store.storeId,
      physicalRestaurantId: store.physicalRestaurantId,
      name: store.name,
      menuId: DEMO_MENU_ID,
      deliveryFeeCents: store.deliveryFeeCents,
      address: store.address.street,
      postcode: store.address.postcode,
      city: store.address.city,
      latitude: store.latitude,
      longitude: store.longitude,
      phone: store.phone,
      openingHours: store.hours,
      deliveryEnabled: store.offersDelivery,
      pickupEnabled: store.offersPickup,
      slotLeadMinutes: DEMO_SLOT_SETTINGS.leadTimeMinutes,
      slotIntervalMinutes: DEMO_SLOT_SETTINGS.intervalMinutes,
      slotDaysAhead: DEMO_SLOT_SETTINGS.daysAhead,
      deliveryCapacity: store.offersDelivery ? DEMO_SLOT_SETTINGS.deliveryCapacity : 0,
      pickupCapacity: store.offersPickup ? DEMO_SLOT_SETTINGS.pickupCapacity : 0,
      ...at,
    })),
  );
}

/**
 * One section per catalogue category of the restauration products (their `productType`), one
 * item per product that is not archived, at its lowest price, with the menu item id the content
 * seeder writes in its `fd_content.MenuItemId` (`menuItemIds`, over every restauration handle);
 * and a "Formules" section selling the lunch bundle the content seeder adds.
 */
async function insertMenu(tx: Tx, at: Timestamps): Promise<SeededItem[]> {
  const products = await tx
    .select({
      handle: commerceProduct.handle,
      title: commerceProduct.title,
      category: commerceProduct.productType,
      available: commerceProduct.availableForSale,
      archived: commerceProduct.archived,
      tags: commerceProduct.tags,
      priceCents: commerceProduct.priceMinCents,
    })
    .from(commerceProduct)
    .where(sql`'restauration' = any(${commerceProduct.tags})`)
    .orderBy(asc(commerceProduct.handle));
  const ids = menuItemIds(products.map((product) => product.handle));
  const sold = products.filter((product) => !product.archived);
  // In a scaled catalogue (over 1 000 restauration products) the product ids reach the bundle's:
  // the product keeps its id and the bundle is left off the menu.
  const bundleIdTaken = [...ids.values()].includes(FIRST_BUNDLE_MENU_ITEM_ID);
  const bundle = bundleIdTaken ? null : lunchBundle(sold);

  const categories = [...new Set(sold.map((product) => product.category))].sort(
    (a, b) => rank(a) - rank(b) || a.localeCompare(b, "fr"),
  );
  if (bundle) categories.push(BUNDLE_SECTION);
  if (categories.length === 0) return [];
  const sections = await tx
    .insert(orderingMenuSection)
    .values(categories.map((name, position) => ({ menuId: DEMO_MENU_ID, name, position, ...at })))
    .returning({ id: orderingMenuSection.id, name: orderingMenuSection.name });
  const sectionIds = new Map(sections.map((section) => [section.name, section.id]));

  const positions = new Map<string, number>();
  const rows = sold.map((product) => {
    const position = positions.get(product.category) ?? 0;
    positions.set(product.category, position + 1);
    return {
      id: ids.get(product.handle) ?? 0,
      sectionId: sectionIds.get(product.category) ?? 0,
      name: product.title,
      priceCents: product.priceCents,
      productHandle: product.handle,
      isAvailable: product.available && !product.tags.includes("unavailable"),
      position,
      ...at,
    };
  });
  if (bundle) {
    rows.push({
      id: FIRST_BUNDLE_MENU_ITEM_ID,
      sectionId: sectionIds.get(BUNDLE_SECTION) ?? 0,
      name: BUNDLE_NAME,
      priceCents: bundle.priceCents,
      productHandle: BUNDLE_SLUG,
      isAvailable: true,
      position: 0,
      ...at,
    });
  }
  for (let start = 0; start < rows.length; start += INSERT_CHUNK) {
    await tx.insert(orderingSectionItem).values(rows.slice(start, start + INSERT_CHUNK));
  }
  return rows.map((row, index) => ({
    id: row.id,
    section: sold[index]?.category ?? BUNDLE_SECTION,
  }));
}

/**
 * The content seeder's lunch bundle ("Formule déjeuner du Comptoir"): the first three restauration
 * products by handle that are not archived; its price is the sum of theirs (spec §3).
 */
function lunchBundle(sold: readonly { handle: string; priceCents: number }[]) {
  const parts = [...sold].sort((a, b) => a.handle.localeCompare(b.handle)).slice(0, 3);
  if (parts.length === 0) return null;
  return { priceCents: parts.reduce((sum, part) => sum + part.priceCents, 0) };
}

const rank = (category: string) => {
  const index = SECTION_ORDER.indexOf(category);
  return index === -1 ? SECTION_ORDER.length : index;
};

/** Every item of a section gets that section's option sets, each with its choices. */
async function insertOptionSets(tx: Tx, items: readonly SeededItem[], at: Timestamps) {
  const sets = items.flatMap((item) =>
    DEMO_OPTION_SETS.filter((set) => set.sections.includes(item.section)).map((set, position) => ({
      item,
      set,
      position,
    })),
  );
  for (let start = 0; start < sets.length; start += INSERT_CHUNK) {
    const chunk = sets.slice(start, start + INSERT_CHUNK);
    const inserted = await tx
      .insert(orderingOptionSet)
      .values(
        chunk.map(({ item, set, position }) => ({
          menuItemId: item.id,
          name: set.name,
          minSelectCount: set.minSelectCount,
          maxSelectCount: set.maxSelectCount,
          position,
          ...at,
        })),
      )
      .returning({ id: orderingOptionSet.id });
    await tx.insert(orderingOptionSetItem).values(
      chunk.flatMap(({ set }, index) =>
        set.items.map((choice, position) => ({
          optionSetId: inserted[index]?.id ?? 0,
          name: choice.name,
          priceCents: choice.priceCents,
          position,
          ...at,
        })),
      ),
    );
  }
}

/** What a store does not sell: `IsAvailable: "false"` metadata for that store. */
async function insertAvailability(tx: Tx, items: readonly SeededItem[], at: Timestamps) {
  const rows = DEMO_STORES.flatMap((store) =>
    items
      .filter((item) => store.unavailableSections.includes(item.section))
      .map((item) => ({
        menuId: DEMO_MENU_ID,
        menuItemId: item.id,
        storeId: store.storeId,
        key: AVAILABILITY_KEY,
        value: "false",
        ...at,
      })),
  );
  for (let start = 0; start < rows.length; start += INSERT_CHUNK) {
    await tx.insert(orderingMenuItemMetadata).values(rows.slice(start, start + INSERT_CHUNK));
  }
}

async function advanceSequence(tx: Tx, table: PgTable) {
  const name = getTableName(table);
  await tx.execute(
    sql`select setval(pg_get_serial_sequence(${name}, 'id'), (select max(id) from ${table}))`,
  );
}
