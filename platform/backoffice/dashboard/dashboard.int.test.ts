import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { formatCents } from "#app/lib/format.ts";
import type { Database } from "#db/client.ts";
import { dashboardFigures } from "#platform/backoffice/dashboard/dashboard.ts";
import { fillingSlots, todayOrders } from "#platform/backoffice/dashboard/today.ts";
import {
  closeTestServer,
  composeSignedInServer,
  createAdminTestDatabase,
} from "#platform/backoffice/testing.ts";
import {
  orderingCustomer,
  orderingOrder,
  orderingSlotBooking,
  orderingStore,
} from "#platform/ordering/tables.ts";
import { recordZeroResult } from "#platform/search/index.ts";

/** The dashboard's day: today's orders and revenue, slots filling up, index state, last syncs. */
const EMAIL = "direction@comptoir.test";
const PASSWORD = "un mot de passe solide";
// 10:30 in Paris on 24 November 2021: years before the real clock, so the orders and slots
// made at the real time for the rendered page never fall on this day.
const NOW = new Date("2021-11-24T09:30:00.000Z");

let server: Awaited<ReturnType<typeof composeSignedInServer>>;
let database: Database;

beforeAll(async () => {
  database = await createAdminTestDatabase({ email: EMAIL, password: PASSWORD });
  const db = database.db;
  const [store] = await db
    .insert(orderingStore)
    .values({
      physicalRestaurantId: 9101,
      name: "Comptoir Haussmann",
      deliveryCapacity: 6,
      pickupCapacity: 10,
    })
    .returning({ id: orderingStore.id });
  const [customer] = await db
    .insert(orderingCustomer)
    .values({ phone: "+33612345678", name: "Camille Martin" })
    .returning({ id: orderingCustomer.id });
  const order = (
    key: string,
    slotStart: Date,
    mode: 1 | 2,
    totalCents: number,
    status: "Placed" | "Cancelled" = "Placed",
  ) => ({
    storeId: store?.id ?? 0,
    customerId: customer?.id ?? 0,
    slotKey: `x ${key}`,
    slotStart,
    mode,
    status,
    lines: [],
    subtotalCents: totalCents,
    serviceFeeCents: 0,
    totalCents,
    idempotencyKey: key,
  });
  await db.insert(orderingOrder).values([
    order("a", new Date("2021-11-24T11:00:00.000Z"), 1, 2450),
    order("b", new Date("2021-11-24T16:00:00.000Z"), 2, 1800),
    order("c", new Date("2021-11-24T12:00:00.000Z"), 1, 9999, "Cancelled"),
    // 23:30 the day before in Paris, and 00:30 the day after: other days.
    order("d", new Date("2021-11-23T22:30:00.000Z"), 1, 1000),
    order("e", new Date("2021-11-24T23:30:00.000Z"), 1, 1000),
    // Today's slot, for the page rendered at the real time.
    order("f", new Date(), 2, 1234),
    // A traiteur order placed today for tomorrow, and one placed yesterday for today.
    {
      ...order("g", new Date("2021-11-25T11:00:00.000Z"), 1, 3200),
      createdAt: new Date("2021-11-24T08:15:00.000Z"),
    },
    {
      ...order("h", new Date("2021-11-24T17:00:00.000Z"), 2, 1500),
      createdAt: new Date("2021-11-23T15:00:00.000Z"),
    },
  ]);
  await db.insert(orderingSlotBooking).values([
    {
      storeId: store?.id ?? 0,
      mode: 1,
      slotStart: new Date("2021-11-24T11:00:00.000Z"),
      booked: 6,
    },
    {
      storeId: store?.id ?? 0,
      mode: 2,
      slotStart: new Date("2021-11-24T12:00:00.000Z"),
      booked: 5,
    },
    {
      storeId: store?.id ?? 0,
      mode: 1,
      slotStart: new Date("2021-11-24T13:00:00.000Z"),
      booked: 2,
    },
    {
      storeId: store?.id ?? 0,
      mode: 1,
      slotStart: new Date("2021-11-27T11:00:00.000Z"),
      booked: 6,
    },
    { storeId: store?.id ?? 0, mode: 1, slotStart: new Date(Date.now() + 3_600_000), booked: 4 },
  ]);
  server = await composeSignedInServer(database, { email: EMAIL, password: PASSWORD });
}, 120_000);

afterAll(() => closeTestServer(server, database));

describe("today's orders", () => {
  it("counts the orders placed today and the orders to prepare today apart, in Paris time", async () => {
    // Orders a to f were placed at the real time, years after NOW: not placed on its day.
    expect(await todayOrders(database.db, NOW)).toEqual({
      day: "2021-11-24",
      // g: placed at 9:15 in Paris, for tomorrow's slot.
      placed: {
        restaurant: { orders: 1, revenueCents: 3200, delivery: 1, pickup: 0 },
        grocery: { orders: 0, revenueCents: 0 },
      },
      // a and b, and h placed yesterday: slots today; c cancelled, d and e on other days.
      toPrepare: {
        restaurant: { orders: 3, revenueCents: 5750, delivery: 1, pickup: 2 },
        grocery: { orders: 0, revenueCents: 0 },
      },
    });
  });
});

describe("slots filling up", () => {
  it("lists the coming slots at least half booked, the fullest first", async () => {
    const slots = await fillingSlots(database.db, NOW);
    expect(
      slots.map((slot) => [slot.mode, slot.start.toISOString(), slot.booked, slot.capacity]),
    ).toEqual([
      [1, "2021-11-24T11:00:00.000Z", 6, 6],
      [2, "2021-11-24T12:00:00.000Z", 5, 10],
    ]);
  });
});

describe("the dashboard", () => {
  it("shows the day, the slots, the index and the last synchronisations", async () => {
    const html = (
      await (
        await server.request("/middleware/dashboard/", {
          headers: { cookie: server.session.cookie },
        })
      ).text()
    ).replaceAll("<!-- -->", "");
    expect(html).toContain("Aujourd&#x27;hui");
    expect(html).toContain("Chiffre d&#x27;affaires restauration");
    expect(html).toContain("Commandes passées aujourd&#x27;hui");
    expect(html).toContain("Commandes à préparer aujourd&#x27;hui");
    const today = await todayOrders(database.db);
    expect(today.placed.restaurant.orders).toBeGreaterThanOrEqual(1);
    expect(today.toPrepare.restaurant.orders).toBeGreaterThanOrEqual(1);
    expect(html).toContain(formatCents(today.placed.restaurant.revenueCents));
    expect(html).toContain("Créneaux qui se remplissent");
    expect(html).toContain("4 / 6");
    expect(html).toContain("Pas de reconstruction depuis le démarrage du serveur.");
    expect(html).toContain("Synchronisation des produits</a> : jamais lancée");
  });
});

describe("searches that found nothing", () => {
  const page = async () =>
    (
      await (
        await server.request("/middleware/dashboard/", {
          headers: { cookie: server.session.cookie },
        })
      ).text()
    ).replaceAll("<!-- -->", "");

  it("counts the last 30 days' terms, the most searched first", async () => {
    const db = database.db;
    for (const at of ["2021-11-24T08:00:00Z", "2021-11-20T08:00:00Z", "2021-10-26T10:00:00Z"]) {
      await recordZeroResult(db, "Chacolet", new Date(at));
    }
    await recordZeroResult(db, "pâté de lièvre", new Date("2021-11-23T08:00:00Z"));
    // 31 days before, in Paris: outside the window.
    await recordZeroResult(db, "pâté de lièvre", new Date("2021-10-25T10:00:00Z"));
    await recordZeroResult(db, "pâté de lièvre", new Date("2021-10-25T11:00:00Z"));
    const figures = await dashboardFigures(db, NOW);
    expect(figures.search.zeroResults).toEqual([
      { term: "chacolet", count: 3, lastDay: "2021-11-24" },
      { term: "pate de lievre", count: 1, lastDay: "2021-11-23" },
    ]);
  });

  it("shows the panel, empty or with the terms and their counts", async () => {
    expect(await page()).toContain("Recherches sans résultat (30 derniers jours)");
    expect(await page()).toContain("Aucune recherche sans résultat.");
    await recordZeroResult(database.db, "truffe noier", new Date());
    await recordZeroResult(database.db, "truffe noier", new Date());
    const html = await page();
    expect(html).not.toContain("Aucune recherche sans résultat.");
    expect(html).toMatch(/<th scope="row">truffe noier<\/th><td>2<\/td>/);
  });
});
