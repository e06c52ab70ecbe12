import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "#db/client.ts";
import { createTestDatabase } from "#db/testing/index.ts";
import { changeOrderStatus, refundOrder } from "#platform/backoffice/orders/order-actions.ts";
import { listOrders, orderDetail, parseCursor } from "#platform/backoffice/orders/orders.ts";
import { adminOrderEvent } from "#platform/backoffice/schema.ts";
import { createStaff, type Staff } from "#platform/backoffice/staff.ts";
import { commerceOrder } from "#platform/commerce/tables.ts";
import { listOutbox } from "#platform/notify/index.ts";
import { orderingCustomer, orderingOrder, orderingStore } from "#platform/ordering/tables.ts";
import { chargeCard, tokenizeCard } from "#platform/payments/index.ts";
import { paymentRefund } from "#platform/payments/tables.ts";

/**
 * The back office's orders (issue 19, item 2) on a real database: both kinds in one list, the
 * status flows enforced (a refused change writes nothing), every change in the history, the
 * change log and the outbox (email and SMS), refunds idempotent, capped and safe under two
 * concurrent staff members.
 */
const NOW = new Date("2026-11-24T09:00:00.000Z");
const at = (minutes: number) => new Date(NOW.getTime() + minutes * 60_000);

let database: Database;
let operator: Staff;
let admin: Staff;
let storeId: number;
let customerId: number;
let inserted = 0;

async function charge(amountCents: number): Promise<string> {
  const card = await tokenizeCard(
    database.db,
    { number: "4242 4242 4242 4242", expMonth: 12, expYear: 2030, cvc: "123" },
    NOW,
  );
  if (!card.ok) throw new Error(card.message);
  const result = await chargeCard(
    database.db,
    {
      token: card.card.token,
      amountCents,
      idempotencyKey: `charge-${++inserted}`,
      description: "",
    },
    NOW,
  );
  if (!result.ok) throw new Error(result.message);
  return result.chargeId;
}

async function groceryOrder(values: {
  placedAt: Date;
  delivery?: boolean;
  email?: string;
  phone?: string;
  paid?: number;
  slot?: { mode: 1 | 2; key: string; start: Date; storeId: number };
}): Promise<{ id: number; number: number }> {
  const chargeId = values.paid ? await charge(values.paid) : null;
  const [row] = await database.db
    .insert(commerceOrder)
    .values({
      statusKey: `key-${++inserted}`,
      email: values.email ?? "camille@example.com",
      phone: values.phone ?? "+33612345678",
      processedAt: values.placedAt,
      financialStatus: chargeId ? "PAID" : "PENDING",
      subtotalCents: 3000,
      totalTaxCents: 150,
      totalCents: values.paid ?? 3000,
      deliveryMethod: values.delivery ? "Livraison à domicile" : "Retrait au comptoir",
      shippingAddress: values.delivery
        ? {
            firstName: "Camille",
            lastName: "Martin",
            company: null,
            address1: "3 rue Bleue",
            address2: null,
            city: "Paris",
            zip: "75009",
            province: null,
            countryCode: "FR",
            phone: null,
          }
        : null,
      paymentChargeId: chargeId,
      ...(values.slot
        ? {
            orderMode: values.slot.mode,
            slotKey: values.slot.key,
            slotStart: values.slot.start,
            slotEnd: new Date(values.slot.start.getTime() + 3_600_000),
            storeId: values.slot.storeId,
            storeName: "Comptoir Haussmann",
            storeAddress: "40 boulevard Haussmann, 75009 Paris",
          }
        : {}),
      createdAt: values.placedAt,
    })
    .returning({ id: commerceOrder.id, number: commerceOrder.orderNumber });
  if (!row) throw new Error("no order");
  return row;
}

async function restaurantOrder(values: { placedAt: Date; mode: 1 | 2; paid?: number }) {
  const chargeId = values.paid ? await charge(values.paid) : null;
  const [row] = await database.db
    .insert(orderingOrder)
    .values({
      storeId,
      customerId,
      mode: values.mode,
      slotKey: "2026-11-24 12:00-13:00",
      slotStart: new Date("2026-11-24T11:00:00.000Z"),
      deliveryLocation:
        values.mode === 1 ? { address: "3 rue Lafayette", postcode: "75009", city: "Paris" } : null,
      lines: [
        {
          menuItemId: 1,
          name: "Bœuf bourguignon",
          quantity: 2,
          unitPriceCents: 1450,
          options: [{ optionSetItemId: 7, name: "Gratin dauphinois", priceCents: 250 }],
          lineTotalCents: 3400,
        },
      ],
      subtotalCents: 3400,
      serviceFeeCents: 50,
      totalCents: values.paid ?? 3450,
      chargeId,
      idempotencyKey: `order-${++inserted}`,
      createdAt: values.placedAt,
      updatedAt: values.placedAt,
    })
    .returning({ id: orderingOrder.id });
  if (!row) throw new Error("no order");
  return row.id;
}

const statusMessages = (to: string) =>
  listOutbox(database.db, { to, kind: "order-status", limit: 500 });

async function events(kind: "grocery" | "restaurant", orderId: number) {
  return database.db
    .select()
    .from(adminOrderEvent)
    .where(and(eq(adminOrderEvent.kind, kind), eq(adminOrderEvent.orderId, orderId)));
}

beforeAll(async () => {
  database = await createTestDatabase();
  operator = await createStaff(database.db, {
    email: "operateur@comptoir.test",
    name: "Opérateur",
    role: "operator",
    password: "un mot de passe solide",
  });
  admin = await createStaff(database.db, {
    email: "direction@comptoir.test",
    name: "Direction",
    role: "admin",
    password: "un mot de passe solide",
  });
  const [store] = await database.db
    .insert(orderingStore)
    .values({ physicalRestaurantId: 9001, name: "Comptoir Haussmann" })
    .returning({ id: orderingStore.id });
  storeId = store?.id ?? 0;
  const [customer] = await database.db
    .insert(orderingCustomer)
    .values({ phone: "+33698765432", name: "Louis Petit", email: "louis@example.com" })
    .returning({ id: orderingCustomer.id });
  customerId = customer?.id ?? 0;
});

afterAll(() => database?.close());

describe("the list", () => {
  it("shows both kinds newest first, page by page, filtered and searched", async () => {
    const older = await groceryOrder({ placedAt: at(-300), email: "liste@example.com" });
    const middle = await restaurantOrder({ placedAt: at(-200), mode: 2 });
    const newer = await groceryOrder({
      placedAt: at(-100),
      delivery: true,
      email: "liste@example.com",
    });

    const first = await listOrders(database.db, {}, undefined, 2);
    expect(first.orders.map((order) => order.ref)).toEqual([
      `epicerie-${newer.id}`,
      `traiteur-${middle}`,
    ]);
    const second = await listOrders(database.db, {}, parseCursor(first.next), 2);
    expect(second.orders[0]?.ref).toBe(`epicerie-${older.id}`);

    const restaurant = await listOrders(database.db, { kind: "restaurant" });
    expect(restaurant.orders.every((order) => order.kind === "restaurant")).toBe(true);
    const byEmail = await listOrders(database.db, { search: "liste@" });
    expect(byEmail.orders.map((order) => order.id).sort()).toEqual([older.id, newer.id].sort());
    const byNumber = await listOrders(database.db, {
      search: `n° ${newer.number}`,
      kind: "grocery",
    });
    expect(byNumber.orders.map((order) => order.id)).toEqual([newer.id]);
    const byName = await listOrders(database.db, { search: "louis" });
    expect(byName.orders.map((order) => order.ref)).toContain(`traiteur-${middle}`);
    const delivery = await listOrders(database.db, { mode: "delivery", search: "liste@" });
    expect(delivery.orders.map((order) => order.id)).toEqual([newer.id]);
    const byStore = await listOrders(database.db, { storeId });
    expect(byStore.orders.every((order) => order.kind === "restaurant")).toBe(true);
    const byDay = await listOrders(database.db, { day: "2026-11-24", kind: "restaurant" });
    expect(byDay.orders.map((order) => order.id)).toContain(middle);
    const otherDay = await listOrders(database.db, { day: "2026-11-25", kind: "restaurant" });
    expect(otherDay.orders).toEqual([]);
    const received = await listOrders(database.db, { status: "received", search: "liste@" });
    expect(received.orders).toHaveLength(2);
  });
});

describe("grocery orders with a slot", () => {
  it("are filtered by store, slot, day and mode, and shown with their store and slot", async () => {
    const [other] = await database.db
      .insert(orderingStore)
      .values({ physicalRestaurantId: 9002, name: "Comptoir Bastille" })
      .returning({ id: orderingStore.id });
    const otherStoreId = other?.id ?? 0;
    const noon = new Date("2026-11-26T11:00:00.000Z");
    const evening = new Date("2026-11-26T17:00:00.000Z");
    // Placed on the 24th for a pickup on the 26th at Haussmann.
    const pickup = await groceryOrder({
      placedAt: at(-50),
      email: "creneau@example.com",
      slot: { mode: 2, key: "2026-11-26 12:00-13:00", start: noon, storeId },
    });
    // A delivery by Bastille the same day, later; its phone typed in national form below.
    const delivery = await groceryOrder({
      placedAt: at(-40),
      delivery: true,
      email: "creneau@example.com",
      // As the checkout keeps it: typed.
      phone: "06 55 44 33 22",
      slot: { mode: 1, key: "2026-11-26 18:00-19:00", start: evening, storeId: otherStoreId },
    });
    const ids = (orders: { id: number; kind: string }[]) =>
      orders
        .filter((order) => order.kind === "grocery")
        .map((order) => order.id)
        .sort((a, b) => a - b);

    const byStore = await listOrders(database.db, { storeId });
    expect(ids(byStore.orders)).toEqual([pickup.id]);
    expect(byStore.orders.map((order) => order.kind)).toContain("restaurant");
    const row = byStore.orders.find((order) => order.id === pickup.id && order.kind === "grocery");
    expect(row).toMatchObject({
      storeName: "Comptoir Haussmann",
      slotStart: noon,
      mode: "pickup",
    });
    const byOtherStore = await listOrders(database.db, { storeId: otherStoreId });
    expect(byOtherStore.orders.map((order) => order.ref)).toEqual([`epicerie-${delivery.id}`]);

    const bySlot = await listOrders(database.db, { slot: "2026-11-26 12:00-13:00" });
    expect(bySlot.orders.map((order) => order.ref)).toEqual([`epicerie-${pickup.id}`]);

    // The day is the slot's, not the day the order was placed; orders without a slot keep theirs.
    const slotDay = await listOrders(database.db, { day: "2026-11-26", kind: "grocery" });
    expect(ids(slotDay.orders)).toEqual([pickup.id, delivery.id]);
    const placedDay = await listOrders(database.db, { day: "2026-11-24", kind: "grocery" });
    expect(ids(placedDay.orders)).not.toContain(pickup.id);
    expect(placedDay.orders.length).toBeGreaterThan(0);
    expect(placedDay.orders.every((order) => order.slotStart === null)).toBe(true);

    const pickups = await listOrders(database.db, { mode: "pickup", search: "creneau@" });
    expect(pickups.orders.map((order) => order.id)).toEqual([pickup.id]);
    const deliveries = await listOrders(database.db, { mode: "delivery", storeId: otherStoreId });
    expect(deliveries.orders.map((order) => order.id)).toEqual([delivery.id]);

    const byPhone = await listOrders(database.db, { search: "+33655443322" });
    expect(byPhone.orders.map((order) => order.ref)).toEqual([`epicerie-${delivery.id}`]);
    // The SMS goes to the number's E.164 form.
    const ref = { kind: "grocery" as const, id: delivery.id };
    expect(await changeOrderStatus(database.db, operator, ref, "preparing", at(-35))).toEqual({
      ok: true,
    });
    expect((await statusMessages("+33655443322")).map((message) => message.text)).toEqual([
      `Comptoir : Nous préparons votre commande n° ${delivery.number}.`,
    ]);

    const detail = await orderDetail(database.db, { kind: "grocery", id: pickup.id });
    expect(detail?.kind === "grocery" && detail.order).toMatchObject({
      mode: "pickup",
      storeName: "Comptoir Haussmann",
      storeAddress: "40 boulevard Haussmann, 75009 Paris",
      slotKey: "2026-11-26 12:00-13:00",
      slotStart: noon,
    });
  });

  it("are found by number, email or phone in any French form, as the customers screen links", async () => {
    const order = await groceryOrder({
      placedAt: at(-30),
      email: "recherche@example.com",
      phone: "+33677889900",
    });
    for (const search of [
      String(order.number),
      "recherche@example.com",
      "+33677889900",
      "06 77 88 99 00",
      "0677889900",
      "0033 6 77 88 99 00",
    ]) {
      const found = await listOrders(database.db, { search });
      expect(
        found.orders.map((row) => row.ref),
        search,
      ).toContain(`epicerie-${order.id}`);
    }
    // The restauration customer, by a national form of the phone.
    const restaurant = await listOrders(database.db, { search: "06 98 76 54 32" });
    expect(restaurant.orders.length).toBeGreaterThan(0);
    expect(restaurant.orders.every((row) => row.kind === "restaurant")).toBe(true);
  });
});

describe("grocery flow", () => {
  it("goes received → preparing → out for delivery → delivered, each step logged and told", async () => {
    const order = await groceryOrder({
      placedAt: at(0),
      delivery: true,
      email: "flux@example.com",
    });
    const ref = { kind: "grocery" as const, id: order.id };
    for (const [index, to] of ["preparing", "out_for_delivery", "delivered"].entries()) {
      expect(await changeOrderStatus(database.db, operator, ref, to, at(index + 1))).toEqual({
        ok: true,
      });
      expect(await statusMessages("flux@example.com")).toHaveLength(index + 1);
    }
    const emails = await statusMessages("flux@example.com");
    expect(emails.map((email) => email.subject)).toEqual([
      `Votre commande n° ${order.number} : Livrée`,
      `Votre commande n° ${order.number} : En livraison`,
      `Votre commande n° ${order.number} : En préparation`,
    ]);
    const sms = (await statusMessages("+33612345678")).filter((m) =>
      m.text.includes(`n° ${order.number}`),
    );
    expect(sms.length).toBe(3);
    const detail = await orderDetail(database.db, ref);
    expect(detail?.order.status).toBe("delivered");
    expect(detail?.history.map((event) => [event.toStatus, event.staffEmail])).toEqual([
      ["preparing", operator.email],
      ["out_for_delivery", operator.email],
      ["delivered", operator.email],
    ]);
    const [row] = await database.db
      .select({ fulfillment: commerceOrder.fulfillmentStatus })
      .from(commerceOrder)
      .where(eq(commerceOrder.id, order.id));
    expect(row?.fulfillment).toBe("FULFILLED");
  });

  it("refuses a change the flow does not allow, in French, and changes nothing", async () => {
    const order = await groceryOrder({ placedAt: at(0), email: "refus@example.com" });
    const ref = { kind: "grocery" as const, id: order.id };
    expect(await changeOrderStatus(database.db, operator, ref, "delivered", at(1))).toEqual({
      ok: false,
      reason: "transition",
      message: "Impossible de passer cette commande de « Reçue » à « Livrée ».",
    });
    // A pickup order is never out for delivery.
    await changeOrderStatus(database.db, operator, ref, "preparing", at(2));
    const refused = await changeOrderStatus(database.db, operator, ref, "out_for_delivery", at(3));
    expect(refused.ok).toBe(false);
    expect((await orderDetail(database.db, ref))?.order.status).toBe("preparing");
    expect(await events("grocery", order.id)).toHaveLength(1);
    expect(await statusMessages("refus@example.com")).toHaveLength(1);
    await changeOrderStatus(database.db, operator, ref, "ready", at(4));
    await changeOrderStatus(database.db, operator, ref, "delivered", at(5));
    const cancel = await changeOrderStatus(database.db, operator, ref, "cancelled", at(6));
    expect(cancel.ok).toBe(false);
  });
});

describe("restauration flow", () => {
  it("follows Flipdish's states for delivery and pickup, refusing the rest", async () => {
    const delivery = await restaurantOrder({ placedAt: at(0), mode: 1 });
    const ref = { kind: "restaurant" as const, id: delivery };
    const before = (await statusMessages("louis@example.com")).length;
    const skip = await changeOrderStatus(database.db, operator, ref, "Ready", at(1));
    expect(skip).toEqual({
      ok: false,
      reason: "transition",
      message: "Impossible de passer cette commande de « Reçue » à « Prête ».",
    });
    for (const to of ["Accepted", "Ready", "Dispatched", "Delivered"]) {
      expect((await changeOrderStatus(database.db, operator, ref, to, at(2))).ok).toBe(true);
    }
    const [row] = await database.db
      .select({ status: orderingOrder.status })
      .from(orderingOrder)
      .where(eq(orderingOrder.id, delivery));
    expect(row?.status).toBe("Delivered");
    expect((await statusMessages("louis@example.com")).length - before).toBe(4);
    const [numbered] = await database.db
      .select({ orderNumber: orderingOrder.orderNumber })
      .from(orderingOrder)
      .where(eq(orderingOrder.id, delivery));
    expect((await statusMessages("+33698765432"))[0]?.text).toBe(
      `Comptoir : Votre commande n° ${numbered?.orderNumber} vous a été livrée. Bon appétit !`,
    );

    const pickup = await restaurantOrder({ placedAt: at(0), mode: 2 });
    const pickupRef = { kind: "restaurant" as const, id: pickup };
    await changeOrderStatus(database.db, operator, pickupRef, "Accepted", at(1));
    await changeOrderStatus(database.db, operator, pickupRef, "Ready", at(2));
    expect(
      (await changeOrderStatus(database.db, operator, pickupRef, "Dispatched", at(3))).ok,
    ).toBe(false);
    expect((await changeOrderStatus(database.db, operator, pickupRef, "Completed", at(3))).ok).toBe(
      true,
    );
    const rejected = await restaurantOrder({ placedAt: at(0), mode: 2 });
    expect(
      (
        await changeOrderStatus(
          database.db,
          operator,
          { kind: "restaurant", id: rejected },
          "Rejected",
          at(1),
        )
      ).ok,
    ).toBe(true);
  });
});

describe("refunds", () => {
  it("refunds part of a payment once per key and never more than was captured", async () => {
    const order = await groceryOrder({
      placedAt: at(0),
      email: "rembourse@example.com",
      paid: 5000,
    });
    const ref = { kind: "grocery" as const, id: order.id };
    const partial = { amountCents: 1200, idempotencyKey: "refund-a", cancel: false };
    expect(await refundOrder(database.db, admin, ref, partial, at(1))).toEqual({ ok: true });
    expect(await refundOrder(database.db, admin, ref, partial, at(2))).toEqual({ ok: true });
    let detail = await orderDetail(database.db, ref);
    expect(detail?.payment?.refunds.map((refund) => refund.amountCents)).toEqual([1200]);
    expect(detail?.payment?.refundedCents).toBe(1200);
    expect(detail?.kind === "grocery" && detail.order.refundedCents).toBe(1200);
    expect(detail?.kind === "grocery" && detail.order.financialStatus).toBe("PARTIALLY_REFUNDED");

    const tooMuch = { amountCents: 3801, idempotencyKey: "refund-b", cancel: false };
    expect(await refundOrder(database.db, admin, ref, tooMuch, at(3))).toEqual({
      ok: false,
      reason: "refund",
      code: "exceeds",
      message: "Le remboursement dépasse ce qui reste à rembourser sur ce paiement.",
    });
    const rest = { amountCents: 3800, idempotencyKey: "refund-c", cancel: false };
    expect(await refundOrder(database.db, admin, ref, rest, at(4))).toEqual({ ok: true });
    detail = await orderDetail(database.db, ref);
    expect(detail?.payment?.refundedCents).toBe(5000);
    expect(detail?.kind === "grocery" && detail.order.financialStatus).toBe("REFUNDED");
    expect(detail?.history.filter((event) => event.action === "refund")).toHaveLength(2);
    const messages = await listOutbox(database.db, {
      to: "rembourse@example.com",
      kind: "order-refund",
    });
    expect(messages).toHaveLength(2);
  });

  it("cancels with a partial refund in one change: status, refund, one email and one SMS", async () => {
    const order = await groceryOrder({ placedAt: at(0), email: "annule@example.com", paid: 4000 });
    const ref = { kind: "grocery" as const, id: order.id };
    const result = await refundOrder(
      database.db,
      admin,
      ref,
      { amountCents: 1500, idempotencyKey: "cancel-a", cancel: true },
      at(1),
    );
    expect(result).toEqual({ ok: true });
    const detail = await orderDetail(database.db, ref);
    expect(detail?.order.status).toBe("cancelled");
    expect(detail?.payment?.refundedCents).toBe(1500);
    const [email] = await statusMessages("annule@example.com");
    expect(email?.subject).toBe(`Votre commande n° ${order.number} : Annulée`);
    expect(email?.text).toContain("Nous vous remboursons 15,00");
  });

  it("lets nothing happen when a cancellation's refund is refused", async () => {
    const order = await restaurantOrder({ placedAt: at(0), mode: 2, paid: 3450 });
    const ref = { kind: "restaurant" as const, id: order };
    const result = await refundOrder(
      database.db,
      admin,
      ref,
      { amountCents: 9999, idempotencyKey: "cancel-b", cancel: true },
      at(1),
    );
    expect(result.ok).toBe(false);
    expect((await orderDetail(database.db, ref))?.order.status).toBe("Placed");
    expect(await events("restaurant", order)).toHaveLength(0);
  });

  it("makes one refund when two staff members refund the whole order at once", async () => {
    const order = await restaurantOrder({ placedAt: at(0), mode: 1, paid: 3450 });
    const ref = { kind: "restaurant" as const, id: order };
    const results = await Promise.all(
      ["race-a", "race-b"].map((key) =>
        refundOrder(
          database.db,
          admin,
          ref,
          { amountCents: 3450, idempotencyKey: key, cancel: true },
          at(1),
        ),
      ),
    );
    expect(results.filter((result) => result.ok)).toHaveLength(1);
    const detail = await orderDetail(database.db, ref);
    expect(detail?.payment?.refunds).toHaveLength(1);
    expect(detail?.order.status).toBe("Cancelled");
    const chargeId = detail?.order.chargeId ?? "";
    const refunds = await database.db
      .select()
      .from(paymentRefund)
      .where(eq(paymentRefund.chargeId, chargeId));
    expect(refunds.map((refund) => refund.amountCents)).toEqual([3450]);
  });

  it("makes one refund for two concurrent transactions of the processor alone", async () => {
    const order = await groceryOrder({ placedAt: at(0), paid: 2000 });
    const detail = await orderDetail(database.db, { kind: "grocery", id: order.id });
    const chargeId = detail?.order.chargeId ?? "";
    const { refundCharge } = await import("#platform/payments/index.ts");
    const results = await Promise.all(
      ["one", "two"].map((key) =>
        database.db.transaction((tx) =>
          refundCharge(
            tx,
            { chargeId, amountCents: 2000, idempotencyKey: `processor-${key}` },
            NOW,
          ),
        ),
      ),
    );
    expect(results.filter((result) => result.ok)).toHaveLength(1);
    expect(results.find((result) => !result.ok)).toMatchObject({ code: "exceeds" });
  });
});

describe("one number series for both kinds", () => {
  it("numbers a grocery order and a restauration order placed after it consecutively", async () => {
    const grocery = await groceryOrder({ placedAt: at(40), email: "serie@example.com" });
    const restaurant = await restaurantOrder({ placedAt: at(41), mode: 2 });
    const [row] = await database.db
      .select({ orderNumber: orderingOrder.orderNumber })
      .from(orderingOrder)
      .where(eq(orderingOrder.id, restaurant));
    const restaurantNumber = row?.orderNumber ?? 0;
    expect(grocery.number).toBeGreaterThanOrEqual(1001);
    expect(restaurantNumber).toBe(grocery.number + 1);

    // The back office finds each by its number, and the list carries it for « n° … ».
    const found = await listOrders(database.db, { search: `n° ${restaurantNumber}` });
    expect(found.orders.map((order) => [order.ref, order.orderNumber])).toEqual([
      [`traiteur-${restaurant}`, restaurantNumber],
    ]);
    const detail = await orderDetail(database.db, { kind: "restaurant", id: restaurant });
    expect(detail?.order.orderNumber).toBe(restaurantNumber);

    // Their messages name both the same way.
    const groceryRef = { kind: "grocery" as const, id: grocery.id };
    expect(
      (await changeOrderStatus(database.db, operator, groceryRef, "preparing", at(42))).ok,
    ).toBe(true);
    const restaurantRef = { kind: "restaurant" as const, id: restaurant };
    expect(
      (await changeOrderStatus(database.db, operator, restaurantRef, "Accepted", at(42))).ok,
    ).toBe(true);
    const [groceryEmail] = await statusMessages("serie@example.com");
    expect(groceryEmail?.subject).toBe(`Votre commande n° ${grocery.number} : En préparation`);
    const restaurantEmails = await statusMessages("louis@example.com");
    expect(restaurantEmails[0]?.subject).toBe(`Votre commande n° ${restaurantNumber} : Acceptée`);
  });
});
