import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { formatCents } from "#app/lib/format.ts";
import type { Database } from "#db/client.ts";
import { dailyFigures, figuresRange } from "#platform/backoffice/dashboard/days.ts";
import {
  closeTestServer,
  composeSignedInServer,
  createAdminTestDatabase,
} from "#platform/backoffice/testing.ts";
import { commerceOrder } from "#platform/commerce/tables.ts";
import {
  orderingCustomer,
  orderingOrder,
  orderingSlotBooking,
  orderingSlotOverride,
  orderingStoreClosure,
} from "#platform/ordering/tables.ts";
import { insertTestStore } from "#platform/ordering/testing.ts";
import { chargeCard, refundCharge, tokenizeCard } from "#platform/payments/index.ts";

/**
 * The dashboard's daily figures over a fixed set of orders: by day (Paris), by kind and by
 * store, the average basket, refunds of both kinds and how full the offered slots were, with
 * the stores' closures and the staff's slot settings.
 */
const EMAIL = "direction@comptoir.test";
const PASSWORD = "un mot de passe solide";
const RANGE = { from: "2021-11-22", to: "2021-11-24" };

let database: Database;
let server: Awaited<ReturnType<typeof composeSignedInServer>>;
let haussmannId: number;
let bastilleId: number;
let customerId: number;

beforeAll(async () => {
  database = await createAdminTestDatabase({ email: EMAIL, password: PASSWORD });
  const db = database.db;
  // Lunch and dinner every day, one-hour slots: 6 a day, per mode.
  const { store: haussmann } = await insertTestStore(db, {
    physicalRestaurantId: 9401,
    name: "Comptoir Haussmann",
    capacity: 5,
  });
  const { store: bastille } = await insertTestStore(db, {
    physicalRestaurantId: 9402,
    name: "Comptoir Bastille",
    capacity: 2,
  });
  haussmannId = haussmann.id;
  bastilleId = bastille.id;
  const [customer] = await db
    .insert(orderingCustomer)
    .values({ phone: "+33612345678" })
    .returning({ id: orderingCustomer.id });
  customerId = customer?.id ?? 0;
  const restaurant = (
    key: string,
    storeId: number,
    slotStart: string,
    totalCents: number,
    status: "Placed" | "Cancelled" = "Placed",
  ) => ({
    storeId,
    customerId: customer?.id ?? 0,
    mode: 1 as const,
    slotKey: key,
    slotStart: new Date(slotStart),
    lines: [],
    subtotalCents: totalCents,
    serviceFeeCents: 0,
    totalCents,
    status,
    idempotencyKey: key,
  });
  await db.insert(orderingOrder).values([
    restaurant("a", haussmann.id, "2021-11-22T11:00:00.000Z", 2000),
    restaurant("b", haussmann.id, "2021-11-24T11:00:00.000Z", 1500),
    restaurant("c", bastille.id, "2021-11-24T17:00:00.000Z", 3000),
    restaurant("d", bastille.id, "2021-11-24T18:00:00.000Z", 9999, "Cancelled"),
    // 00:30 on the 25th in Paris: after the range.
    restaurant("e", bastille.id, "2021-11-24T23:30:00.000Z", 700),
  ]);
  const grocery = (
    processedAt: string,
    totalCents: number,
    financialStatus: "PAID" | "REFUNDED" | "VOIDED",
    refundedCents = 0,
  ) => ({
    statusKey: `key-${processedAt}`,
    processedAt: new Date(processedAt),
    financialStatus,
    subtotalCents: totalCents,
    totalTaxCents: 0,
    totalCents,
    totalRefundedCents: refundedCents,
    deliveryMethod: "SHIPPING",
  });
  await db.insert(commerceOrder).values([
    // 23:30 and 00:30 in Paris: both on the 22nd.
    grocery("2021-11-22T22:30:00.000Z", 5000, "PAID", 1000),
    grocery("2021-11-21T23:30:00.000Z", 1000, "PAID"),
    grocery("2021-11-23T10:00:00.000Z", 4000, "REFUNDED", 4000),
    grocery("2021-11-24T10:00:00.000Z", 2500, "VOIDED"),
    // The 21st in Paris: before the range.
    grocery("2021-11-21T22:30:00.000Z", 800, "PAID"),
  ]);
  await db.insert(orderingSlotBooking).values([
    { storeId: haussmann.id, mode: 1, slotStart: new Date("2021-11-22T11:00:00.000Z"), booked: 3 },
    { storeId: bastille.id, mode: 2, slotStart: new Date("2021-11-24T17:00:00.000Z"), booked: 2 },
    { storeId: haussmann.id, mode: 2, slotStart: new Date("2021-11-25T08:00:00.000Z"), booked: 5 },
  ]);
  server = await composeSignedInServer(database, { email: EMAIL, password: PASSWORD });
}, 120_000);

afterAll(() => closeTestServer(server, database));

// Per day: 6 slots × (5 + 5) at Haussmann and 6 × (2 + 2) at Bastille.
const CAPACITY = 84;

describe("daily figures", () => {
  it("adds up orders, revenue, basket, refunds and slot fill by Paris day and kind", async () => {
    const figures = await dailyFigures(database.db, RANGE);
    expect(figures.days).toEqual([
      {
        day: "2021-11-22",
        grocery: { orders: 2, revenueCents: 5000 },
        restaurant: { orders: 1, revenueCents: 2000 },
        orders: 3,
        revenueCents: 7000,
        averageBasketCents: 2667,
        refunds: { orders: 1, cents: 1000 },
        slots: { booked: 3, capacity: CAPACITY, fillRate: 3 / CAPACITY },
      },
      {
        day: "2021-11-23",
        grocery: { orders: 0, revenueCents: 0 },
        restaurant: { orders: 0, revenueCents: 0 },
        orders: 0,
        revenueCents: 0,
        averageBasketCents: null,
        refunds: { orders: 1, cents: 4000 },
        slots: { booked: 0, capacity: CAPACITY, fillRate: 0 },
      },
      {
        day: "2021-11-24",
        grocery: { orders: 0, revenueCents: 0 },
        restaurant: { orders: 2, revenueCents: 4500 },
        orders: 2,
        revenueCents: 4500,
        averageBasketCents: 2250,
        refunds: { orders: 0, cents: 0 },
        slots: { booked: 2, capacity: CAPACITY, fillRate: 2 / CAPACITY },
      },
    ]);
    expect(figures.total).toEqual({
      grocery: { orders: 2, revenueCents: 5000 },
      restaurant: { orders: 3, revenueCents: 6500 },
      orders: 5,
      revenueCents: 11500,
      averageBasketCents: 2500,
      refunds: { orders: 2, cents: 5000 },
      slots: { booked: 5, capacity: 3 * CAPACITY, fillRate: 5 / (3 * CAPACITY) },
    });
    expect(figures.stores).toEqual([
      { store: "Comptoir Bastille", kind: "restaurant", orders: 1, revenueCents: 3000 },
      { store: "Comptoir Haussmann", kind: "restaurant", orders: 2, revenueCents: 3500 },
      // Grocery orders placed before slots were booked have no store.
      { store: "Épicerie en ligne", kind: "grocery", orders: 2, revenueCents: 5000 },
    ]);
  });
});

describe("daily figures with refunds, stores and the slots' own settings", () => {
  const DECEMBER = { from: "2021-12-06", to: "2021-12-08" };
  /** 12:00 and 19:00 on the 6th, 12:00 on the 7th, in Paris. */
  const NOON_6 = new Date("2021-12-06T11:00:00.000Z");
  const EVENING_6 = new Date("2021-12-06T18:00:00.000Z");
  const NOON_7 = new Date("2021-12-07T11:00:00.000Z");
  let paid = 0;

  async function charge(amountCents: number, refundedCents = 0): Promise<string> {
    const card = await tokenizeCard(
      database.db,
      { number: "4242 4242 4242 4242", expMonth: 12, expYear: 2030, cvc: "123" },
      NOON_6,
    );
    if (!card.ok) throw new Error(card.message);
    const result = await chargeCard(
      database.db,
      { token: card.card.token, amountCents, idempotencyKey: `dec-${++paid}`, description: "" },
      NOON_6,
    );
    if (!result.ok) throw new Error(result.message);
    if (refundedCents > 0) {
      const refund = await refundCharge(
        database.db,
        { chargeId: result.chargeId, amountCents: refundedCents, idempotencyKey: `ref-${paid}` },
        EVENING_6,
      );
      if (!refund.ok) throw new Error(refund.message);
    }
    return result.chargeId;
  }

  beforeAll(async () => {
    const db = database.db;
    const restaurant = async (
      key: string,
      storeId: number,
      totalCents: number,
      status: "Placed" | "Cancelled" | "Rejected",
      refundedCents = 0,
    ) => ({
      storeId,
      customerId,
      mode: 1 as const,
      slotKey: key,
      slotStart: NOON_6,
      lines: [],
      subtotalCents: totalCents,
      serviceFeeCents: 0,
      totalCents,
      status,
      chargeId: await charge(totalCents, refundedCents),
      idempotencyKey: key,
    });
    await db
      .insert(orderingOrder)
      .values([
        await restaurant("dec-a", haussmannId, 3000, "Placed", 1000),
        await restaurant("dec-b", bastilleId, 2500, "Cancelled", 2500),
        await restaurant("dec-c", bastilleId, 1800, "Rejected"),
      ]);
    const grocery = async (
      key: string,
      totalCents: number,
      store: { id: number; name: string } | null,
      refundedCents = 0,
    ) => ({
      statusKey: key,
      processedAt: NOON_6,
      financialStatus: "PAID" as const,
      subtotalCents: totalCents,
      totalTaxCents: 0,
      totalCents,
      totalRefundedCents: refundedCents,
      deliveryMethod: "SHIPPING",
      paymentChargeId: await charge(totalCents, refundedCents),
      ...(store ? { orderMode: 1 as const, storeId: store.id, storeName: store.name } : {}),
    });
    await db
      .insert(commerceOrder)
      .values([
        await grocery("dec-g1", 4000, { id: haussmannId, name: "Comptoir Haussmann" }),
        await grocery("dec-g2", 1500, { id: bastilleId, name: "Comptoir Bastille" }, 500),
        await grocery("dec-g3", 1000, null),
      ]);
    // Haussmann is closed on the 7th; Bastille takes no pickup that day.
    await db.insert(orderingStoreClosure).values([
      { storeId: haussmannId, startDay: "2021-12-07", endDay: "2021-12-07", label: "Inventaire" },
      { storeId: bastilleId, startDay: "2021-12-07", endDay: "2021-12-07", mode: 2 },
    ]);
    // Staff raised one slot from 5 to 8 and closed another (2) after one order was booked in it.
    await db.insert(orderingSlotOverride).values([
      { storeId: haussmannId, mode: 1, slotStart: NOON_6, capacity: 8 },
      { storeId: bastilleId, mode: 1, slotStart: EVENING_6, isClosed: true },
    ]);
    await db.insert(orderingSlotBooking).values([
      { storeId: haussmannId, mode: 1, slotStart: NOON_6, booked: 7 },
      { storeId: bastilleId, mode: 1, slotStart: EVENING_6, booked: 1 },
      // Booked before the closure: the day offers no slot, so it is not counted.
      { storeId: haussmannId, mode: 1, slotStart: NOON_7, booked: 2 },
    ]);
  });

  it("counts restauration refunds too, and leaves cancelled and rejected orders out", async () => {
    const [sixth] = (await dailyFigures(database.db, DECEMBER)).days;
    expect(sixth).toMatchObject({
      day: "2021-12-06",
      grocery: { orders: 3, revenueCents: 6000 },
      // 30 € less the 10 € refunded.
      restaurant: { orders: 1, revenueCents: 2000 },
      orders: 4,
      revenueCents: 8000,
      averageBasketCents: Math.round(9500 / 4),
      // 5 € of a grocery order, 10 € and 25 € of two restauration orders.
      refunds: { orders: 3, cents: 4000 },
    });
  });

  it("fills the slots against their real capacity: closures and staff's settings", async () => {
    const figures = await dailyFigures(database.db, DECEMBER);
    expect(figures.days.map((day) => [day.day, day.slots.booked, day.slots.capacity])).toEqual([
      // One slot raised by 3, one closed (-2); its booking still counts.
      ["2021-12-06", 8, CAPACITY + 3 - 2],
      // Haussmann closed (6 × (5 + 5)), Bastille without pickup (6 × 2).
      ["2021-12-07", 0, CAPACITY - 60 - 12],
      ["2021-12-08", 0, CAPACITY],
    ]);
  });

  it("lists grocery orders under their store, and those without one as « Épicerie en ligne »", async () => {
    const { stores } = await dailyFigures(database.db, DECEMBER);
    expect(stores).toEqual([
      { store: "Comptoir Bastille", kind: "grocery", orders: 1, revenueCents: 1000 },
      { store: "Comptoir Haussmann", kind: "grocery", orders: 1, revenueCents: 4000 },
      { store: "Comptoir Haussmann", kind: "restaurant", orders: 1, revenueCents: 2000 },
      { store: "Épicerie en ligne", kind: "grocery", orders: 1, revenueCents: 1000 },
    ]);
  });
});

describe("the range and the screen", () => {
  it("takes the last 7 days by default and refuses a range it cannot show", () => {
    const now = new Date("2021-11-24T23:30:00.000Z");
    expect(figuresRange(now, { from: null, to: null })).toEqual({
      from: "2021-11-19",
      to: "2021-11-25",
      error: null,
    });
    expect(figuresRange(now, { from: "2021-11-24", to: "2021-11-22" }).error).toBe(
      "La date de début doit précéder la date de fin.",
    );
    expect(figuresRange(now, { from: "2021-02-31", to: null }).error).toBe(
      "Choisissez des dates valides.",
    );
    expect(figuresRange(now, { from: "2021-01-01", to: "2021-12-31" }).error).toBe(
      "Choisissez au plus 62 jours.",
    );
    expect(figuresRange(now, { from: "2021-11-22", to: null })).toEqual({
      from: "2021-11-22",
      to: "2021-11-22",
      error: null,
    });
  });

  it("shows them on the dashboard for the chosen days", async () => {
    const html = (
      await (
        await server.request(`/middleware/dashboard/?from=${RANGE.from}&to=${RANGE.to}`, {
          headers: { cookie: server.session.cookie },
        })
      ).text()
    ).replaceAll("<!-- -->", "");
    expect(html).toContain("Chiffres du 22 novembre 2021 au 24 novembre 2021");
    expect(html).toContain(formatCents(11500));
    expect(html).toContain(formatCents(2667));
    expect(html).toContain(`2 (${formatCents(5000)})`);
    expect(html).toContain("(5 / 252)");
    expect(html).toContain("Comptoir Bastille");
  });
});
