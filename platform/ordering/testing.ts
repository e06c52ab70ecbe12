import type { Db } from "#db/client.ts";
import {
  type OpeningHours,
  orderingDeliveryZone,
  orderingMenu,
  orderingMenuSection,
  orderingOptionSet,
  orderingOptionSetItem,
  orderingSectionItem,
  orderingStore,
  orderingVoucher,
} from "#platform/ordering/schema.ts";

/** Every day, lunch and dinner, in Paris time. */
export const TEST_OPENING_HOURS: OpeningHours = Object.fromEntries(
  ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"].map((day) => [
    day,
    [
      { start: "11:00", end: "14:00" },
      { start: "18:00", end: "21:00" },
    ],
  ]),
);

/** The enabled zone's own terms, when a test needs them (default: the store's fee, no minimum). */
export type TestZoneTerms = {
  feeCents?: number | null;
  minimumOrderCents?: number;
  freeDeliveryThresholdCents?: number | null;
};

/**
 * A store with its menu for integration tests: a 12,50 € dish with a required sauce (+0 € or
 * +1,50 €) and an optional extra (+1 €), a 4 € drink, a delivery zone over two Paris postcodes,
 * a 3,90 € delivery fee and one-hour slots of the given capacity; `zone` sets
 * the enabled zone's fee, minimum order and free-delivery threshold.
 */
export async function insertTestStore(
  db: Db,
  options: { physicalRestaurantId: number; capacity?: number; name?: string; zone?: TestZoneTerms },
) {
  const [menu] = await db.insert(orderingMenu).values({ name: "Menu test" }).returning();
  if (!menu) throw new Error("menu not stored");
  const [store] = await db
    .insert(orderingStore)
    .values({
      physicalRestaurantId: options.physicalRestaurantId,
      name: options.name ?? `Comptoir ${options.physicalRestaurantId}`,
      menuId: menu.id,
      deliveryFeeCents: 390,
      address: "12 rue des Martyrs",
      postcode: "75009",
      city: "Paris",
      latitude: 48.8786,
      longitude: 2.3393,
      openingHours: TEST_OPENING_HOURS,
      slotLeadMinutes: 60,
      slotIntervalMinutes: 60,
      slotDaysAhead: 3,
      deliveryCapacity: options.capacity ?? 5,
      pickupCapacity: options.capacity ?? 5,
    })
    .returning();
  if (!store) throw new Error("store not stored");
  await db.insert(orderingDeliveryZone).values([
    { storeId: store.id, name: "Désactivée", isEnabled: false, postcodes: ["75001"], position: 0 },
    {
      storeId: store.id,
      name: "Paris 9-10",
      postcodes: ["75009", "75010"],
      radiusMetres: 1500,
      position: 1,
      ...options.zone,
    },
  ]);
  const [section] = await db
    .insert(orderingMenuSection)
    .values({ menuId: menu.id, name: "Plats" })
    .returning();
  if (!section) throw new Error("section not stored");
  const [dish, drink, hidden] = await db
    .insert(orderingSectionItem)
    .values([
      {
        sectionId: section.id,
        name: "Blanquette de veau",
        priceCents: 1250,
        productHandle: "blanquette",
      },
      { sectionId: section.id, name: "Limonade artisanale", priceCents: 400, position: 1 },
      {
        sectionId: section.id,
        name: "Plat retiré",
        priceCents: 900,
        isAvailable: false,
        position: 2,
      },
    ])
    .returning();
  if (!dish || !drink || !hidden) throw new Error("items not stored");
  const [sauce, extra] = await db
    .insert(orderingOptionSet)
    .values([
      { menuItemId: dish.id, name: "Accompagnement", minSelectCount: 1, maxSelectCount: 1 },
      {
        menuItemId: dish.id,
        name: "Supplément",
        minSelectCount: 0,
        maxSelectCount: 1,
        position: 1,
      },
    ])
    .returning();
  if (!sauce || !extra) throw new Error("option sets not stored");
  const [rice, gratin, bread] = await db
    .insert(orderingOptionSetItem)
    .values([
      { optionSetId: sauce.id, name: "Riz", priceCents: 0 },
      { optionSetId: sauce.id, name: "Gratin", priceCents: 150, position: 1 },
      { optionSetId: extra.id, name: "Pain de campagne", priceCents: 100 },
    ])
    .returning();
  if (!rice || !gratin || !bread) throw new Error("options not stored");
  return { store, menu, dish, drink, hidden, options: { rice, gratin, bread } };
}

export type TestVoucher = typeof orderingVoucher.$inferInsert;

export async function insertTestVoucher(db: Db, voucher: Omit<TestVoucher, "whiteLabel">) {
  const [row] = await db
    .insert(orderingVoucher)
    .values({ whiteLabel: "comptoir", ...voucher })
    .returning();
  if (!row) throw new Error("voucher not stored");
  return row;
}

type FetchApp = { request: (path: string, init?: RequestInit) => Response | Promise<Response> };

/** Calls the ordering API in-process; answers the status, the headers and the parsed JSON body. */
export async function callOrdering(
  app: FetchApp,
  method: string,
  path: string,
  options: { body?: unknown; token?: string; headers?: Record<string, string> } = {},
) {
  const headers: Record<string, string> = { ...options.headers };
  if (options.body !== undefined) headers["content-type"] = "application/json";
  if (options.token !== undefined) headers["x-customer-token"] = options.token;
  const res = await app.request(`/ordering${path}`, {
    method,
    headers,
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  // biome-ignore lint/suspicious/noExplicitAny: answers are checked field by field.
  return { status: res.status, headers: res.headers, body: (await res.json()) as any };
}

/** Receipt fixtures and PDF text extraction, for tests and browser journeys. */
export { pdfTextLines, sampleReceipt } from "./receipts/testing.ts";
