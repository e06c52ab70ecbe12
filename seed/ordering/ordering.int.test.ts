import { asc, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "#db/client.ts";
import { createTestDatabase } from "#db/testing/index.ts";
import { commerceProduct } from "#platform/commerce/tables.ts";
import { contentEntry } from "#platform/content/tables.ts";
import {
  orderingDeliveryZone,
  orderingMenuItemMetadata,
  orderingMenuSection,
  orderingOptionSet,
  orderingSectionItem,
  orderingStore,
  orderingVoucher,
} from "#platform/ordering/tables.ts";
import { menuItemIds } from "#seed/content/menu-items.ts";
import { seedDatabase } from "#seed/index.ts";
import { DEMO_MENU_ID, DEMO_SUBURBS } from "#seed/ordering/data.ts";
import { AVAILABILITY_KEY, BUNDLE_SECTION, SECTION_ORDER } from "#seed/ordering/index.ts";

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
  await seedDatabase(database, { seed: 1 });
});
afterAll(() => database?.close());

describe("the ordering demo data", () => {
  it("has two Paris stores that deliver and pick up, and one pickup point", async () => {
    const stores = await database.db.select().from(orderingStore).orderBy(orderingStore.id);
    expect(stores.map((store) => [store.name, store.deliveryEnabled, store.pickupEnabled])).toEqual(
      [
        ["Comptoir Haussmann", true, true],
        ["Comptoir Rive Gauche", true, true],
        ["Point retrait Bastille", false, true],
      ],
    );
    expect(stores.map((store) => store.deliveryFeeCents)).toEqual([590, 490, 0]);
    for (const store of stores) {
      expect(store.city).toBe("Paris");
      expect(store.postcode).toMatch(/^750\d\d$/);
      expect(store.menuId).toBe(DEMO_MENU_ID);
      expect(store.slotIntervalMinutes).toBe(60);
      expect(store.slotLeadMinutes).toBe(120);
      expect(store.slotDaysAhead).toBe(7);
      expect(store.openingHours.saturday).toEqual([
        {
          start: store.deliveryEnabled ? "10:00" : "11:00",
          end: store.deliveryEnabled ? "20:00" : "19:00",
        },
      ]);
    }
    expect(stores.map((store) => [store.deliveryCapacity, store.pickupCapacity])).toEqual([
      [6, 10],
      [6, 10],
      [0, 10],
    ]);
  });

  it("splits Paris's twenty postcodes and its bordering towns between the delivering stores, behind a disabled zone", async () => {
    const zones = await database.db
      .select()
      .from(orderingDeliveryZone)
      .orderBy(asc(orderingDeliveryZone.storeId), asc(orderingDeliveryZone.position));
    expect(zones.map((zone) => [zone.storeId, zone.isEnabled])).toEqual([
      [1101, false],
      [1101, true],
      [1102, true],
    ]);
    const enabled = zones.filter((zone) => zone.isEnabled).flatMap((zone) => zone.postcodes);
    const paris = Array.from({ length: 20 }, (_, i) => `750${String(i + 1).padStart(2, "0")}`);
    const suburbs = [...DEMO_SUBURBS.rightBank, ...DEMO_SUBURBS.leftBank];
    expect([...enabled].sort()).toEqual([...paris, ...suburbs].sort());
    expect(enabled).toContain("93200");
  });

  it("sells every restauration product that is not archived, by catalogue category", async () => {
    const products = await database.db
      .select({ handle: commerceProduct.handle, archived: commerceProduct.archived })
      .from(commerceProduct)
      .where(sql`'restauration' = any(${commerceProduct.tags})`);
    const ids = menuItemIds(products.map((product) => product.handle));
    const sold = products.filter((product) => !product.archived);
    const items = await database.db
      .select({ item: orderingSectionItem, section: orderingMenuSection.name })
      .from(orderingSectionItem)
      .innerJoin(orderingMenuSection, eq(orderingMenuSection.id, orderingSectionItem.sectionId))
      .where(sql`${orderingMenuSection.name} <> ${BUNDLE_SECTION}`);
    expect(sold.length).toBeGreaterThan(10);
    expect(items).toHaveLength(sold.length);
    for (const { item } of items) {
      expect(item.id).toBe(ids.get(item.productHandle ?? ""));
      expect(item.priceCents).toBeGreaterThan(0);
    }
    const sections = await database.db
      .select({ name: orderingMenuSection.name })
      .from(orderingMenuSection)
      .orderBy(orderingMenuSection.position);
    expect(sections.map((section) => section.name)).toEqual([...SECTION_ORDER, BUNDLE_SECTION]);
  });

  it("has a menu item at the same price for every content product sold", async () => {
    const products = await database.db
      .select({ fields: contentEntry.fields })
      .from(contentEntry)
      .where(
        sql`${contentEntry.contentType} = 'product' and ${contentEntry.fields} ? 'fd_content'`,
      );
    const items = new Map(
      (await database.db.select().from(orderingSectionItem)).map((item) => [item.id, item]),
    );
    const sold = products.filter(({ fields }) => !(fields.tags as string[]).includes("Archive"));
    expect(sold.length).toBeGreaterThan(10);
    for (const { fields } of sold) {
      const fd = fields.fd_content as { MenuItemId: number; Price: number };
      expect({ name: fields.name, cents: items.get(fd.MenuItemId)?.priceCents }).toEqual({
        name: fields.name,
        cents: Math.round(fd.Price * 100),
      });
    }
  });

  it("offers the side dish choice with every ready meal", async () => {
    const rows = await database.db
      .select({ section: orderingMenuSection.name, set: orderingOptionSet.name })
      .from(orderingOptionSet)
      .innerJoin(orderingSectionItem, eq(orderingSectionItem.id, orderingOptionSet.menuItemId))
      .innerJoin(orderingMenuSection, eq(orderingMenuSection.id, orderingSectionItem.sectionId))
      .where(eq(orderingMenuSection.name, "Plats cuisinés"));
    const dishes = await database.db
      .select({ id: orderingSectionItem.id })
      .from(orderingSectionItem)
      .innerJoin(orderingMenuSection, eq(orderingMenuSection.id, orderingSectionItem.sectionId))
      .where(eq(orderingMenuSection.name, "Plats cuisinés"));
    expect(rows.length).toBe(dishes.length);
    expect(new Set(rows.map((row) => row.set))).toEqual(new Set(["Accompagnement"]));
  });

  it("marks the caviar and smoked fish unavailable at the pickup point only", async () => {
    const metadata = await database.db.select().from(orderingMenuItemMetadata);
    expect(metadata.length).toBeGreaterThan(0);
    expect(new Set(metadata.map((row) => [row.storeId, row.key, row.value].join()))).toEqual(
      new Set([`1103,${AVAILABILITY_KEY},false`]),
    );
  });

  it("has four vouchers, one of them automatic and one expired", async () => {
    const vouchers = await database.db.select().from(orderingVoucher).orderBy(orderingVoucher.id);
    expect(
      vouchers.map((v) => [v.code, v.kind, v.amount, v.validOnOrdersOverCents, v.isAutomatic]),
    ).toEqual([
      ["BIENVENUE", "lump", 500, 3000, false],
      ["RETRAIT10", "percentage", 10, 0, false],
      ["ETE2025", "lump", 800, 4000, false],
      ["OFFERT3", "lump", 300, 5000, true],
    ]);
    expect(vouchers[1]).toMatchObject({ validForDelivery: false, validForPickup: true });
    expect(vouchers[2]?.expiresAt?.getTime()).toBeLessThan(Date.parse("2025-09-01T00:00:00Z"));
  });

  it("lets new rows take ids after the seeded ones", async () => {
    const [voucher] = await database.db
      .insert(orderingVoucher)
      .values({ whiteLabel: "comptoir", code: "NOUVEAU", amount: 100 })
      .returning({ id: orderingVoucher.id });
    expect(voucher?.id).toBe(5105);
  });

  it("seeds the same rows again for the same seed", async () => {
    const snapshot = async () => ({
      items: await database.db.select().from(orderingSectionItem).orderBy(orderingSectionItem.id),
      sets: await database.db.select().from(orderingOptionSet).orderBy(orderingOptionSet.id),
    });
    const before = await snapshot();
    await seedDatabase(database, { seed: 1, force: true });
    expect(await snapshot()).toEqual(before);
  });
});
