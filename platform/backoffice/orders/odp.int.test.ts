import type { Hono } from "hono";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "#db/client.ts";
import { createTestDatabase } from "#db/testing/index.ts";
import {
  dayOrders,
  GROCERY_GROUP,
  pickTotals,
  slotPreparations,
} from "#platform/backoffice/orders/odp.ts";
import { groceryPreparation } from "#platform/backoffice/orders/odp-grocery.ts";
import { commerceOrder, commerceOrderLine } from "#platform/commerce/tables.ts";
import {
  type OrderLine,
  orderingCustomer,
  orderingOrder,
  orderingStore,
} from "#platform/ordering/tables.ts";
import { apiTestApp } from "#server/api/testing.ts";
import { testEnv } from "#server/test-env.ts";

/** Order preparation sheets: the API route and the day and slot views, on a real database. */
const SECRET = "verify-secret-for-tests";
const env = testEnv({ ADMIN_VERIFY_SECRET: SECRET });

let database: Database;
let app: Hono;
let stores: { haussmann: number; marais: number };
let orders: { delivery: number; pickup: number; cancelled: number; otherStore: number };
let inserted = 0;

const stew = (quantity: number, option = "Gratin dauphinois"): OrderLine => ({
  menuItemId: 1,
  name: "Bœuf bourguignon",
  quantity,
  unitPriceCents: 1450,
  options: [{ optionSetItemId: 7, name: option, priceCents: 250 }],
  lineTotalCents: quantity * 1700,
});
const tart = (quantity: number): OrderLine => ({
  menuItemId: 2,
  name: "Tarte Tatin",
  quantity,
  unitPriceCents: 650,
  options: [],
  lineTotalCents: quantity * 650,
});

async function insertOrder(values: {
  storeId: number;
  customerId: number;
  mode: 1 | 2;
  slotKey: string;
  slotStart: string;
  lines: OrderLine[];
  giftWrap?: boolean;
  status?: "Placed" | "Cancelled";
}) {
  const [row] = await database.db
    .insert(orderingOrder)
    .values({
      ...values,
      slotStart: new Date(values.slotStart),
      deliveryLocation:
        values.mode === 1 ? { address: "3 rue Lafayette", postcode: "75009", city: "Paris" } : null,
      subtotalCents: 1000,
      serviceFeeCents: 50,
      totalCents: 1050,
      idempotencyKey: `order-${++inserted}`,
    })
    .returning({ id: orderingOrder.id });
  return row?.id ?? 0;
}

async function call(body: string, secret: string | null = SECRET) {
  const headers: Record<string, string> = { "Content-Type": "application/json" };
  if (secret) headers["X-Comptoir-Verify"] = secret;
  const response = await app.fetch(
    new Request("http://shop.test/api/odp/order", { method: "POST", headers, body }),
  );
  // biome-ignore lint/suspicious/noExplicitAny: the assertions read the answer
  return { status: response.status, body: (await response.json()) as any };
}

beforeAll(async () => {
  database = await createTestDatabase();
  const db = database.db;
  const [haussmann, marais] = await db
    .insert(orderingStore)
    .values([
      { physicalRestaurantId: 9001, name: "Comptoir Haussmann", phone: "+33140000000" },
      { physicalRestaurantId: 9002, name: "Comptoir Marais" },
    ])
    .returning({ id: orderingStore.id });
  stores = { haussmann: haussmann?.id ?? 0, marais: marais?.id ?? 0 };
  const [camille, louis] = await db
    .insert(orderingCustomer)
    .values([
      { phone: "+33612345678", name: "Camille Martin", email: "camille@example.com" },
      { phone: "+33698765432", name: "Louis Petit" },
    ])
    .returning({ id: orderingCustomer.id });
  const noon = { slotKey: "2026-11-24 12:00-13:00", slotStart: "2026-11-24T11:00:00.000Z" };
  orders = {
    delivery: await insertOrder({
      storeId: stores.haussmann,
      customerId: camille?.id ?? 0,
      mode: 1,
      ...noon,
      lines: [stew(2), tart(1)],
      giftWrap: true,
    }),
    pickup: await insertOrder({
      storeId: stores.haussmann,
      customerId: louis?.id ?? 0,
      mode: 2,
      ...noon,
      lines: [stew(1), stew(1, "Purée maison"), tart(3)],
    }),
    cancelled: await insertOrder({
      storeId: stores.haussmann,
      customerId: louis?.id ?? 0,
      mode: 2,
      ...noon,
      lines: [tart(10)],
      status: "Cancelled",
    }),
    otherStore: await insertOrder({
      storeId: stores.marais,
      customerId: louis?.id ?? 0,
      mode: 2,
      slotKey: "2026-11-24 19:00-20:00",
      slotStart: "2026-11-24T18:00:00.000Z",
      lines: [tart(2)],
    }),
  };
  // Just after midnight in Paris on the 25th (23:30 UTC on the 24th): not the 24th's.
  await insertOrder({
    storeId: stores.marais,
    customerId: louis?.id ?? 0,
    mode: 2,
    slotKey: "2026-11-25 00:30-01:30",
    slotStart: "2026-11-24T23:30:00.000Z",
    lines: [tart(1)],
  });
  // A grocery order placed at 08:15 in Paris on the 24th, shipped: its own group in the day view.
  const [grocery] = await db
    .insert(commerceOrder)
    .values({
      statusKey: "cle-de-test",
      email: "marie@example.com",
      processedAt: new Date("2026-11-24T07:15:00.000Z"),
      financialStatus: "PAID",
      subtotalCents: 2500,
      totalTaxCents: 130,
      totalCents: 2500,
      deliveryMethod: "SHIPPING",
    })
    .returning({ id: commerceOrder.id });
  await db.insert(commerceOrderLine).values(
    [2, 3].map((quantity, index) => ({
      orderId: grocery?.id ?? 0,
      position: index + 1,
      title: `Article ${index + 1}`,
      quantity,
      unitPriceCents: 500,
      originalTotalCents: quantity * 500,
      discountedTotalCents: quantity * 500,
      taxRateBasisPoints: 550,
    })),
  );
  // A grocery pickup placed on the 23rd, its slot booked at Haussmann on the 24th at noon: filed
  // under the 24th, the store and the slot, like the restauration orders.
  const [slotted] = await db
    .insert(commerceOrder)
    .values({
      statusKey: "cle-de-creneau",
      email: "paul@example.com",
      processedAt: new Date("2026-11-23T09:00:00.000Z"),
      financialStatus: "PAID",
      subtotalCents: 1300,
      totalTaxCents: 70,
      totalCents: 1300,
      deliveryMethod: "Retrait au comptoir",
      billingAddress: {
        firstName: "Paul",
        lastName: "Durand",
        company: null,
        address1: null,
        address2: null,
        city: null,
        zip: null,
        province: null,
        countryCode: "FR",
        phone: "+33612345678",
      },
      orderMode: 2,
      slotKey: "2026-11-24 12:00-13:00",
      slotStart: new Date("2026-11-24T11:00:00.000Z"),
      slotEnd: new Date("2026-11-24T12:00:00.000Z"),
      storeId: stores.haussmann,
      storeName: "Comptoir Haussmann",
      storeAddress: "42 boulevard Haussmann, 75009 Paris",
    })
    .returning({ id: commerceOrder.id, number: commerceOrder.orderNumber });
  groceryPickup = { id: slotted?.id ?? 0, number: slotted?.number ?? 0 };
  await db.insert(commerceOrderLine).values([
    {
      orderId: groceryPickup.id,
      position: 1,
      title: "Miel de lavande",
      productId: 7,
      quantity: 1,
      unitPriceCents: 1250,
      originalTotalCents: 1250,
      discountedTotalCents: 1250,
      taxRateBasisPoints: 550,
    },
    {
      orderId: groceryPickup.id,
      position: 2,
      title: "Frais de service",
      quantity: 1,
      unitPriceCents: 50,
      originalTotalCents: 50,
      discountedTotalCents: 50,
      taxRateBasisPoints: 2000,
    },
  ]);
  app = apiTestApp(env, database);
}, 60_000);

let groceryPickup = { id: 0, number: 0 };

afterAll(async () => {
  await database.close();
});

describe("POST /api/odp/order", () => {
  it("answers the preparation data of an order", async () => {
    const answer = await call(JSON.stringify({ orderId: orders.delivery }));
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({
      success: true,
      response: {
        order: {
          id: orders.delivery,
          modeLabel: "Livraison",
          deliveryLocation: { address: "3 rue Lafayette", postcode: "75009", city: "Paris" },
        },
        lines: [
          { name: "Bœuf bourguignon", quantity: 2, options: ["Gratin dauphinois"] },
          { name: "Tarte Tatin", quantity: 1, options: [] },
        ],
        store: { id: stores.haussmann, name: "Comptoir Haussmann" },
        slot: { key: "2026-11-24 12:00-13:00", label: "12:00-13:00" },
        customer: { name: "Camille Martin", phone: "+33612345678" },
        giftWrap: true,
      },
    });
  });

  it.each([
    ["a string", '{"orderId":"12"}'],
    ["a decimal", '{"orderId":1.5}'],
    ["no body", "not json"],
  ])("answers 400 for %s", async (_, body) => {
    expect(await call(body)).toEqual({
      status: 400,
      body: { success: false, error: "orderId must be an integer" },
    });
  });

  it("answers 404 for an unknown order and 401 without the secret", async () => {
    expect((await call('{"orderId":999999}')).status).toBe(404);
    expect(await call(JSON.stringify({ orderId: orders.delivery }), null)).toEqual({
      status: 401,
      body: { success: false, error: "unauthorized" },
    });
  });
});

describe("the day view and the slot pick list", () => {
  it("groups the Paris day's orders by store then slot, without cancelled orders, groceries apart", async () => {
    const view = await dayOrders(database.db, "2026-11-24");
    expect(view.total).toBe(5);
    expect(
      view.stores.map((store) => ({
        name: store.name,
        count: store.orderCount,
        slots: store.slots.map((slot) => [slot.label, slot.orders.map((order) => order.id)]),
      })),
    ).toEqual([
      {
        name: "Comptoir Haussmann",
        count: 3,
        slots: [["12:00-13:00", [orders.delivery, orders.pickup, groceryPickup.number]]],
      },
      { name: "Comptoir Marais", count: 1, slots: [["19:00-20:00", [orders.otherStore]]] },
    ]);
    expect(view.grocery.label).toBe(GROCERY_GROUP);
    expect(view.grocery.orders).toMatchObject([
      {
        email: "marie@example.com",
        itemCount: 5,
        fulfillmentStatus: "UNFULFILLED",
        status: "received",
      },
    ]);
    expect((await dayOrders(database.db, "2026-11-23")).total).toBe(0);
    const filed = view.stores[0]?.slots[0]?.orders.at(-1);
    expect(filed).toMatchObject({
      groceryId: groceryPickup.id,
      customerName: "Paul Durand",
      modeLabel: "Retrait (épicerie)",
      itemCount: 1,
    });
  });

  it("gives a grocery order's sheet its slot and pickup store, and counts it in its slot's sheet", async () => {
    const sheet = await groceryPreparation(database.db, groceryPickup.id);
    expect(sheet).toMatchObject({
      order: { id: groceryPickup.number, mode: 2, modeLabel: "Retrait" },
      store: { id: stores.haussmann, name: "Comptoir Haussmann" },
      slot: { key: "2026-11-24 12:00-13:00", label: "12:00-13:00" },
      lines: [{ name: "Miel de lavande", quantity: 1 }],
    });
  });

  it("adds up a slot's quantities per dish and options", async () => {
    const sheets = await slotPreparations(database.db, {
      storeId: stores.haussmann,
      slotKey: "2026-11-24 12:00-13:00",
    });
    expect(sheets.map((sheet) => sheet.order.id)).toEqual([
      orders.delivery,
      orders.pickup,
      groceryPickup.number,
    ]);
    expect(pickTotals(sheets)).toEqual([
      { name: "Tarte Tatin", options: [], quantity: 4 },
      { name: "Bœuf bourguignon", options: ["Gratin dauphinois"], quantity: 3 },
      { name: "Bœuf bourguignon", options: ["Purée maison"], quantity: 1 },
      { name: "Miel de lavande", options: [], quantity: 1 },
    ]);
  });
});
