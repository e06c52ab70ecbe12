import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "#db/client.ts";
import { createTestDatabase } from "#db/testing/index.ts";
import { listOutbox } from "#platform/notify/index.ts";
import {
  orderingDeliveryZone,
  orderingSlotBooking,
  orderingSlotOverride,
} from "#platform/ordering/schema.ts";
import { bookSlot, changeSlot, releaseSlot, SlotChangeError } from "#platform/ordering/slots.ts";
import {
  addClosure,
  changeCalendarSlot,
  removeClosure,
  StoreSettingsError,
  saveZone,
  updateStoreSettings,
} from "#platform/ordering/store-admin.ts";
import {
  callOrdering,
  insertTestStore,
  orderingApiWithPayments,
  saveCard,
  TEST_OPENING_HOURS,
} from "#platform/ordering/testing.ts";

/**
 * Stores and slots run from the admin area: closures and holidays remove their days' slots,
 * a slot's own capacity or closing is honoured by listing, pricing and booking, a capacity is
 * never set below what is booked (even racing bookings), and a delivery zone's fee, minimum
 * order and free-delivery threshold price a restauration order.
 */

let database: Database;
let composed: Awaited<ReturnType<typeof orderingApiWithPayments>>;
let api: Awaited<ReturnType<typeof orderingApiWithPayments>>["api"];
const clock = new Date("2026-11-24T08:30:00Z"); // Tuesday, 09:30 in Paris

const call = (method: string, path: string, options?: Parameters<typeof callOrdering>[3]) =>
  callOrdering(api, method, path, options);

beforeAll(async () => {
  database = await createTestDatabase();
  composed = await orderingApiWithPayments(database, () => clock);
  api = composed.api;
});
afterAll(async () => {
  await composed?.close();
  await database?.close();
});

async function slotKeys(restaurantId: number, mode: 1 | 2) {
  const { body } = await call(
    "GET",
    `/Restaurant/DeliverySlots/${restaurantId}?deliveryType=${mode}`,
  );
  return body.Data as { Key: string; IsFull: boolean; StartTime: string }[];
}

let phoneSuffix = 10;
async function customerWithCard() {
  const phone = `07 00 00 01 ${phoneSuffix++}`;
  const asked = await call("POST", "/Account/RequestPhoneLoginCodeSms", {
    body: { PhoneNumber: phone },
  });
  const [sms] = await listOutbox(database.db, { to: asked.body.Data.PhoneNumber });
  const code = /(\d{6})/.exec(sms?.text ?? "")?.[1];
  const signed = await call("POST", "/Account/LoginUsingPhoneNumber", {
    body: { PhoneNumber: phone, RequestId: asked.body.Data.RequestId, Code: code },
  });
  const token = signed.body.Data.Token as string;
  const card = await saveCard(api, token);
  return { token, paymentAccountId: card.body.Data.PaymentAccountId as number };
}

const days = (keys: { Key: string }[]) => [...new Set(keys.map((slot) => slot.Key.split(" ")[0]))];

describe("closures and public holidays", () => {
  it("a holiday removes every slot of its day in both modes; a one-mode closure only that mode's", async () => {
    const { store } = await insertTestStore(database.db, { physicalRestaurantId: 301 });
    expect(days(await slotKeys(301, 1))).toEqual(["2026-11-24", "2026-11-25", "2026-11-26"]);

    const holiday = await addClosure(
      database.db,
      store.id,
      { startDay: "2026-11-25", mode: null, label: "Jour férié" },
      clock,
    );
    expect(days(await slotKeys(301, 1))).toEqual(["2026-11-24", "2026-11-26"]);
    expect(days(await slotKeys(301, 2))).toEqual(["2026-11-24", "2026-11-26"]);

    await addClosure(
      database.db,
      store.id,
      { startDay: "2026-11-24", endDay: "2026-11-24", mode: 1, label: "Livreur absent" },
      clock,
    );
    expect(days(await slotKeys(301, 1))).toEqual(["2026-11-26"]);
    expect(days(await slotKeys(301, 2))).toEqual(["2026-11-24", "2026-11-26"]);

    // The shared booking path refuses a closed day too, whoever calls it.
    const closedStart = new Date("2026-11-25T11:00:00Z");
    const booked = await database.db.transaction((tx) =>
      bookSlot(tx, { storeId: store.id, mode: 2, start: closedStart, capacity: 5 }),
    );
    expect(booked).toBe(false);

    await removeClosure(database.db, store.id, holiday.id);
    expect(days(await slotKeys(301, 2))).toEqual(["2026-11-24", "2026-11-25", "2026-11-26"]);
  });

  it("refuses a closure that ends before it starts, is past, or has no label (French)", async () => {
    const { store } = await insertTestStore(database.db, { physicalRestaurantId: 302 });
    const add = (input: Parameters<typeof addClosure>[2]) =>
      addClosure(database.db, store.id, input, clock);
    await expect(
      add({ startDay: "2026-12-26", endDay: "2026-12-24", mode: null, label: "Noël" }),
    ).rejects.toThrow("Le dernier jour de la fermeture est avant le premier.");
    await expect(add({ startDay: "2026-11-01", mode: null, label: "Toussaint" })).rejects.toThrow(
      "Cette fermeture est entièrement passée.",
    );
    await expect(add({ startDay: "2026-12-25", mode: null, label: " " })).rejects.toThrow(
      StoreSettingsError,
    );
    await expect(add({ startDay: "2026-02-30", mode: null, label: "x" })).rejects.toThrow(
      "Premier jour : saisissez une date valide.",
    );
  });
});

describe("store settings", () => {
  it("changes hours and slot settings, and refuses overlapping ranges with nothing written", async () => {
    const { store } = await insertTestStore(database.db, { physicalRestaurantId: 303 });
    const settings = {
      address: "12 rue des Martyrs",
      postcode: "75009",
      city: "Paris",
      phone: "",
      deliveryFeeCents: 390,
      deliveryEnabled: false,
      pickupEnabled: true,
      deliveryCapacity: 5,
      pickupCapacity: 2,
      slotIntervalMinutes: 30,
      slotLeadMinutes: 60,
      slotDaysAhead: 1,
      hours: { tuesday: "11:00-12:00, 18:00-19:00" },
    };
    const { before, after } = await updateStoreSettings(database.db, store.id, settings);
    expect(before.openingHours).toEqual(TEST_OPENING_HOURS);
    expect(after.openingHours).toEqual({
      tuesday: [
        { start: "11:00", end: "12:00" },
        { start: "18:00", end: "19:00" },
      ],
    });
    expect((await slotKeys(303, 2)).map((slot) => slot.Key)).toEqual([
      "2026-11-24 11:00-11:30",
      "2026-11-24 11:30-12:00",
      "2026-11-24 18:00-18:30",
      "2026-11-24 18:30-19:00",
    ]);
    expect(await slotKeys(303, 1)).toEqual([]);

    await expect(
      updateStoreSettings(database.db, store.id, {
        ...settings,
        slotDaysAhead: 7,
        hours: { monday: "10:00-13:00, 12:00-15:00" },
      }),
    ).rejects.toThrow("Lundi : les plages horaires se chevauchent.");
    await expect(
      updateStoreSettings(database.db, store.id, { ...settings, hours: { friday: "19:00-18:00" } }),
    ).rejects.toThrow("Vendredi : la plage 19:00-18:00 finit avant de commencer.");
    expect((await slotKeys(303, 2)).length).toBe(4);
  });
});

describe("one slot's own capacity", () => {
  it("is honoured by listing and ordering; closing a slot takes it off the list", async () => {
    const fixture = await insertTestStore(database.db, { physicalRestaurantId: 304 });
    const [first, second] = await slotKeys(304, 2);
    if (!first || !second) throw new Error("no slot");
    const slot = { storeId: fixture.store.id, mode: 2 as const, start: new Date(first.StartTime) };
    const changed = await changeCalendarSlot(database.db, slot, { capacity: 1 }, clock);
    expect(changed).toMatchObject({
      key: first.Key,
      booked: 0,
      before: { capacity: null, isClosed: false },
      after: { capacity: 1, isClosed: false },
    });

    const { token, paymentAccountId } = await customerWithCard();
    const order = (key: string) =>
      call("POST", "/order/SubmitOrder", {
        token,
        headers: { "Idempotency-Key": `own-${key}-${Math.random()}` },
        body: {
          PhysicalRestaurantId: 304,
          DeliveryType: 2,
          DeliverySlotKey: key,
          OrderItems: [{ MenuItemId: fixture.drink.id, Quantity: 1 }],
          PaymentAccountId: paymentAccountId,
        },
      });
    expect((await order(first.Key)).body.Success).toBe(true);
    expect((await slotKeys(304, 2))[0]).toMatchObject({ Key: first.Key, IsFull: true });
    const refused = await order(first.Key);
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({
      Code: "slot_full",
      UserMessage: "Ce créneau est complet. Choisissez-en un autre.",
    });

    await changeCalendarSlot(
      database.db,
      { ...slot, start: new Date(second.StartTime) },
      { isClosed: true },
      clock,
    );
    expect((await slotKeys(304, 2)).map((s) => s.Key)).not.toContain(second.Key);
    expect((await order(second.Key)).body.Code).toBe("slot_unavailable");

    // Giving the store's capacity back reopens the first slot to 5.
    await changeCalendarSlot(database.db, slot, { capacity: null }, clock);
    expect((await order(first.Key)).body.Success).toBe(true);
  });

  it("is never set below what is booked (French refusal, nothing changed)", async () => {
    const { store } = await insertTestStore(database.db, { physicalRestaurantId: 305 });
    const start = new Date("2026-11-25T10:00:00Z");
    for (let i = 0; i < 3; i++) {
      await database.db.transaction((tx) =>
        bookSlot(tx, { storeId: store.id, mode: 1, start, capacity: 5 }),
      );
    }
    const slot = { storeId: store.id, mode: 1 as const, start };
    await expect(changeSlot(database.db, slot, { capacity: 2 })).rejects.toThrow(
      new SlotChangeError(
        "La capacité ne peut pas être inférieure aux 3 commande(s) déjà réservée(s) sur ce créneau.",
      ),
    );
    expect(await database.db.select().from(orderingSlotOverride)).not.toContainEqual(
      expect.objectContaining({ storeId: store.id }),
    );
    await expect(changeSlot(database.db, slot, { capacity: 3 })).resolves.toMatchObject({
      booked: 3,
    });
    const fourth = await database.db.transaction((tx) =>
      bookSlot(tx, { storeId: store.id, mode: 1, start, capacity: 5 }),
    );
    expect(fourth).toBe(false);
  });
});

describe("giving a place back (releaseSlot)", () => {
  it("frees the place a booking took, never below 0, and the slot takes another booking", async () => {
    const { store } = await insertTestStore(database.db, { physicalRestaurantId: 390 });
    const start = new Date("2026-11-25T11:00:00Z");
    const slot = { storeId: store.id, mode: 2 as const, start };
    const book = () => database.db.transaction((tx) => bookSlot(tx, { ...slot, capacity: 1 }));
    const booked = async () => {
      const [row] = await database.db
        .select({ booked: orderingSlotBooking.booked })
        .from(orderingSlotBooking)
        .where(
          and(
            eq(orderingSlotBooking.storeId, store.id),
            eq(orderingSlotBooking.mode, 2),
            eq(orderingSlotBooking.slotStart, start),
          ),
        );
      return row?.booked;
    };
    expect(await book()).toBe(true);
    expect(await book()).toBe(false);
    await database.db.transaction((tx) => releaseSlot(tx, slot));
    expect(await booked()).toBe(0);
    // A second release (a hold released twice) never goes below 0.
    await database.db.transaction((tx) => releaseSlot(tx, slot));
    expect(await booked()).toBe(0);
    expect(await book()).toBe(true);
    expect(await booked()).toBe(1);
  });
});

describe("a capacity change racing bookings", () => {
  it("never overbooks: every booking and every lowering at once, the slot ends within its capacity", async () => {
    const { store } = await insertTestStore(database.db, { physicalRestaurantId: 306 });
    for (let round = 0; round < 5; round++) {
      const start = new Date(Date.UTC(2026, 10, 25, 10 + round));
      const slot = { storeId: store.id, mode: 2 as const, start };
      const book = () =>
        database.db.transaction((tx) =>
          bookSlot(tx, { storeId: store.id, mode: 2, start, capacity: 10 }),
        );
      const lower = (capacity: number) =>
        changeSlot(database.db, slot, { capacity }).then(
          () => capacity,
          (error) => {
            if (error instanceof SlotChangeError) return null;
            throw error;
          },
        );
      const results = await Promise.all([
        ...Array.from({ length: 6 }, book),
        lower(3),
        ...Array.from({ length: 6 }, book),
        lower(2),
        ...Array.from({ length: 6 }, book),
      ]);
      const [row] = await database.db
        .select({ booked: orderingSlotBooking.booked })
        .from(orderingSlotBooking)
        .where(
          and(
            eq(orderingSlotBooking.storeId, store.id),
            eq(orderingSlotBooking.mode, 2),
            eq(orderingSlotBooking.slotStart, start),
          ),
        );
      const [override] = await database.db
        .select({ capacity: orderingSlotOverride.capacity })
        .from(orderingSlotOverride)
        .where(
          and(
            eq(orderingSlotOverride.storeId, store.id),
            eq(orderingSlotOverride.slotStart, start),
          ),
        );
      const bookedCount = results.filter((result) => result === true).length;
      expect(row?.booked).toBe(bookedCount);
      expect(bookedCount).toBeLessThanOrEqual(override?.capacity ?? 10);
    }
  });
});

describe("delivery zone pricing", () => {
  it("prices a delivery with the zone's fee, refuses it under the minimum, and makes it free from the threshold", async () => {
    const fixture = await insertTestStore(database.db, { physicalRestaurantId: 307 });
    const [zone] = await database.db
      .select()
      .from(orderingDeliveryZone)
      .where(
        and(
          eq(orderingDeliveryZone.storeId, fixture.store.id),
          eq(orderingDeliveryZone.isEnabled, true),
        ),
      );
    if (!zone) throw new Error("no zone");
    const zoneInput = {
      name: "Paris 9-10",
      isEnabled: true,
      postcodes: "75009, 75010",
      radiusMetres: 1500,
      feeCents: 250,
      minimumOrderCents: 2000,
      freeDeliveryThresholdCents: 4000,
      position: 1,
    };
    await saveZone(database.db, fixture.store.id, zone.id, zoneInput);
    const [slot] = await slotKeys(307, 1);
    const price = (items: unknown[]) =>
      call("POST", "/Order/Order", {
        body: {
          PhysicalRestaurantId: 307,
          DeliveryType: 1,
          DeliverySlotKey: slot?.Key,
          DeliveryLocation: { Address: "3 rue Bleue", Postcode: "75009", City: "Paris" },
          OrderItems: items,
        },
      });
    const dishes = (quantity: number) => [
      {
        MenuItemId: fixture.dish.id,
        Quantity: quantity,
        MenuItemOptionSetItemIds: [fixture.options.rice.id],
      },
    ];
    // 2 × 12,50 € = 25 €: the zone's 2,50 € instead of the store's 3,90 €.
    const normal = await price(dishes(2));
    expect(normal.body.Data).toMatchObject({
      OrderItemsAmount: 25,
      DeliveryAmount: 2.5,
      Amount: 28,
    });
    // 1 × 12,50 € is under the 20 € minimum.
    const small = await price(dishes(1));
    expect(small.status).toBe(400);
    expect(small.body).toMatchObject({
      Success: false,
      Code: "below_minimum_order",
      UserMessage: "La livraison à cette adresse demande une commande d'au moins 20,00\u00a0€.",
    });
    // 4 × 12,50 € = 50 € ≥ 40 €: delivery is free.
    const large = await price(dishes(4));
    expect(large.body.Data).toMatchObject({
      OrderItemsAmount: 50,
      DeliveryAmount: 0,
      Amount: 50.5,
    });
    // Pickup knows no zone.
    const pickup = await call("POST", "/Order/Order", {
      body: { PhysicalRestaurantId: 307, DeliveryType: 2, OrderItems: dishes(1) },
    });
    expect(pickup.body.Data).toMatchObject({ DeliveryAmount: 0 });

    await expect(
      saveZone(database.db, fixture.store.id, zone.id, { ...zoneInput, postcodes: "7509" }),
    ).rejects.toThrow("« 7509 » n'est pas un code postal (5 chiffres).");
  });
});
