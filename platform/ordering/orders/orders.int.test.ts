import { and, count, eq, like } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "#db/client.ts";
import { createTestDatabase } from "#db/testing/index.ts";
import { formatSlot } from "#platform/format.ts";
import { invoicesOfOrder } from "#platform/invoices/index.ts";
import { listOutbox } from "#platform/notify/index.ts";
import { orderingOrder, orderingSlotBooking, orderingVoucher } from "#platform/ordering/schema.ts";
import {
  callOrdering,
  insertTestStore,
  insertTestVoucher,
  orderingApiWithPayments,
  saveCard,
} from "#platform/ordering/testing.ts";
import { paymentAttempt } from "#platform/payments/tables.ts";

let database: Database;
let composed: Awaited<ReturnType<typeof orderingApiWithPayments>>;
let api: Awaited<ReturnType<typeof orderingApiWithPayments>>["api"];
let clock = new Date("2026-11-24T08:30:00Z"); // Tuesday, 09:30 in Paris
let fixture: Awaited<ReturnType<typeof insertTestStore>>;

const call = (method: string, path: string, options?: Parameters<typeof callOrdering>[3]) =>
  callOrdering(api, method, path, options);

beforeAll(async () => {
  database = await createTestDatabase();
  composed = await orderingApiWithPayments(database, () => clock);
  api = composed.api;
  fixture = await insertTestStore(database.db, { physicalRestaurantId: 101 });
});
afterAll(async () => {
  await composed?.close();
  await database?.close();
});

let phoneSuffix = 10;
/**
 * A signed-in customer with a card saved on the provider's setup page (4242… approves,
 * 4000 0000 0000 0341 is saved and then declined whenever it is charged).
 */
async function customerWithCard(cardNumber = "4242424242424242") {
  const phone = `07 00 00 00 ${phoneSuffix++}`;
  const asked = await call("POST", "/Account/RequestPhoneLoginCodeSms", {
    body: { PhoneNumber: phone },
  });
  const [sms] = await listOutbox(database.db, { to: asked.body.Data.PhoneNumber });
  const code = /(\d{6})/.exec(sms?.text ?? "")?.[1];
  const signed = await call("POST", "/Account/LoginUsingPhoneNumber", {
    body: { PhoneNumber: phone, RequestId: asked.body.Data.RequestId, Code: code },
  });
  const token = signed.body.Data.Token as string;
  const card = await saveCard(api, token, cardNumber);
  return { token, paymentAccountId: card.body.Data.PaymentAccountId as number };
}

const deliveryTo = { Address: "3 rue Bleue", Postcode: "75009", City: "Paris" };

function basket(overrides: Record<string, unknown> = {}) {
  return {
    PhysicalRestaurantId: 101,
    DeliveryType: 2,
    OrderItems: [
      {
        MenuItemId: fixture.dish.id,
        Quantity: 2,
        MenuItemOptionSetItemIds: [fixture.options.gratin.id],
      },
      { MenuItemId: fixture.drink.id, Quantity: 1 },
    ],
    ...overrides,
  };
}

async function slotKeys(restaurantId: number, mode: 1 | 2) {
  const { body } = await call(
    "GET",
    `/Restaurant/DeliverySlots/${restaurantId}?deliveryType=${mode}`,
  );
  return body.Data as { Key: string; IsFull: boolean }[];
}

describe("store details and slots", () => {
  it("answers the store with its first enabled delivery zone", async () => {
    const { status, body } = await call(
      "GET",
      "/Restaurant/DeliveryRestaurantDetails/101?deviceId=abc&deliveryLocationId=7",
    );
    expect(status).toBe(200);
    expect(body.Data).toMatchObject({
      Name: "Comptoir 101",
      StoreId: fixture.store.id,
      PhysicalRestaurantId: 101,
      MenuId: fixture.menu.id,
      DeliveryFee: 3.9,
      DeliveryZone: { Name: "Paris 9-10", IsEnabled: true, Postcodes: ["75009", "75010"] },
      DeliveryLocationId: "7",
    });
    expect((await call("GET", "/Restaurant/DeliveryRestaurantDetails/999")).status).toBe(404);
  });

  it("answers Success and Data of {Key, IsFull}, never a passed slot (fixed clock)", async () => {
    const { status, body } = await call("GET", "/Restaurant/DeliverySlots/101?deliveryType=1");
    expect(status).toBe(200);
    expect(body.Success).toBe(true);
    expect(body.Data[0]).toMatchObject({ Key: "2026-11-24 11:00-12:00", IsFull: false });
    expect(body.Data).toHaveLength(18); // 3 days × 6 one-hour slots

    clock = new Date("2026-11-24T11:10:00Z"); // 12:10 in Paris
    try {
      const later = await slotKeys(101, 1);
      expect(later[0]?.Key).toBe("2026-11-24 18:00-19:00");
      expect(later.map((slot) => slot.Key)).not.toContain("2026-11-24 13:00-14:00");
      for (const slot of later) {
        const start = slot.Key.split(" ")[1]?.split("-")[0];
        expect(`${slot.Key.split(" ")[0]}T${start}` > "2026-11-24T13:10").toBe(true);
      }
    } finally {
      clock = new Date("2026-11-24T08:30:00Z");
    }
  });

  it("refuses a mode that is not 1 or 2", async () => {
    const { status, body } = await call("GET", "/Restaurant/DeliverySlots/101?deliveryType=3");
    expect(status).toBe(400);
    expect(body).toMatchObject({ Success: false, Code: "bad_request", Field: "deliveryType" });
  });
});

describe("Order/Order: a basket priced on the server", () => {
  it("prices lines as (item + options) × quantity, adds 0.50 € and the delivery fee in mode 1", async () => {
    const pickup = await call("POST", "/Order/Order", { body: basket() });
    expect(pickup.status).toBe(200);
    expect(pickup.body.Data).toMatchObject({
      OrderItems: [
        {
          Name: "Blanquette de veau",
          Quantity: 2,
          Price: 12.5,
          PriceIncludingOptionSetItems: 14,
          LineTotal: 28,
        },
        { Name: "Limonade artisanale", Quantity: 1, LineTotal: 4 },
      ],
      OrderItemsAmount: 32,
      ServiceChargeAmount: 0.5,
      DeliveryAmount: 0,
      Amount: 32.5,
      Voucher: null,
    });
    const delivery = await call("POST", "/Order/Order", {
      body: basket({ DeliveryType: 1, DeliveryLocation: deliveryTo }),
    });
    expect(delivery.body.Data).toMatchObject({ DeliveryAmount: 3.9, Amount: 36.4 });
  });

  it("refuses unknown or unavailable items, bad options and an empty basket", async () => {
    const hidden = await call("POST", "/Order/Order", {
      body: basket({ OrderItems: [{ MenuItemId: fixture.hidden.id }] }),
    });
    expect(hidden.body).toMatchObject({ Success: false, Code: "item_unavailable" });
    const missingSide = await call("POST", "/Order/Order", {
      body: basket({ OrderItems: [{ MenuItemId: fixture.dish.id }] }),
    });
    expect(missingSide.body).toMatchObject({ Success: false, Code: "invalid_options" });
    const twoSides = await call("POST", "/Order/Order", {
      body: basket({
        OrderItems: [
          {
            MenuItemId: fixture.dish.id,
            MenuItemOptionSetItemIds: [fixture.options.rice.id, fixture.options.gratin.id],
          },
        ],
      }),
    });
    expect(twoSides.body.Code).toBe("invalid_options");
    const foreignOption = await call("POST", "/Order/Order", {
      body: basket({
        OrderItems: [
          { MenuItemId: fixture.drink.id, MenuItemOptionSetItemIds: [fixture.options.bread.id] },
        ],
      }),
    });
    expect(foreignOption.body.Code).toBe("invalid_options");
    const empty = await call("POST", "/Order/Order", { body: basket({ OrderItems: [] }) });
    expect(empty.body).toMatchObject({
      Code: "empty_basket",
      UserMessage: "Votre panier est vide.",
    });
    const priceSent = await call("POST", "/Order/Order", {
      body: basket({ OrderItems: [{ MenuItemId: fixture.drink.id, Price: 0.01 }] }),
    });
    expect(priceSent.body).toMatchObject({ Code: "bad_request", Field: "OrderItems.0" });
  });

  it("refuses a delivery address outside the store's first enabled zone", async () => {
    const { body } = await call("POST", "/Order/Order", {
      body: basket({ DeliveryType: 1, DeliveryLocation: { ...deliveryTo, Postcode: "75001" } }),
    });
    expect(body).toMatchObject({
      Success: false,
      Code: "outside_delivery_zone",
      UserMessage: "Ce magasin ne livre pas à cette adresse.",
    });
    const nearby = await call("POST", "/Order/Order", {
      body: basket({
        DeliveryType: 1,
        DeliveryLocation: { ...deliveryTo, Postcode: "75018", Latitude: 48.884, Longitude: 2.34 },
      }),
    });
    expect(nearby.body.Success).toBe(true);
  });
});

describe("vouchers", () => {
  it("applies the automatic voucher only when its conditions hold, and checks codes", async () => {
    const automatic = await insertTestVoucher(database.db, {
      code: "AUTO3",
      kind: "lump",
      amount: 300,
      isAutomatic: true,
      validOnOrdersOverCents: 3000,
      validForPickup: false,
    });
    await insertTestVoucher(database.db, { code: "DIX", kind: "percentage", amount: 10 });
    await insertTestVoucher(database.db, {
      code: "VIEUX",
      amount: 500,
      expiresAt: new Date("2026-11-01T00:00:00Z"),
    });
    try {
      const delivery = await call("POST", "/Order/Order", {
        body: basket({ DeliveryType: 1, DeliveryLocation: deliveryTo }),
      });
      expect(delivery.body.Data.Voucher).toMatchObject({
        Code: "AUTO3",
        IsAutomatic: true,
        Amount: 3,
      });
      expect(delivery.body.Data.Amount).toBe(33.4); // 32 − 3 + 0.50 + 3.90
      const pickup = await call("POST", "/Order/Order", { body: basket() });
      expect(pickup.body.Data.Voucher).toBeNull();
      const small = await call("POST", "/Order/Order", {
        body: basket({
          DeliveryType: 1,
          DeliveryLocation: deliveryTo,
          OrderItems: [{ MenuItemId: fixture.drink.id }],
        }),
      });
      expect(small.body.Data.Voucher).toBeNull();

      const code = await call("POST", "/Order/ApplyVoucherCodeToOrder", {
        body: basket({ VoucherCode: " dix " }),
      });
      expect(code.body.Data.Voucher).toMatchObject({
        Code: "DIX",
        IsAutomatic: false,
        Amount: 3.2,
      });
      expect(code.body.Data.Amount).toBe(29.3);
      const expired = await call("POST", "/Order/ApplyVoucherCodeToOrder", {
        body: basket({ VoucherCode: "VIEUX" }),
      });
      expect(expired.body).toMatchObject({
        Success: false,
        Code: "voucher_invalid",
        Reason: "expired",
        UserMessage: "Ce code promo a expiré.",
      });
      const unknown = await call("POST", "/Order/ApplyVoucherCodeToOrder", {
        body: basket({ VoucherCode: "NOPE" }),
      });
      expect(unknown.body.UserMessage).toBe("Ce code promo n'existe pas.");
    } finally {
      await database.db
        .update(orderingVoucher)
        .set({ isEnabled: false })
        .where(eq(orderingVoucher.id, automatic.id));
    }
  });
});

/** The card payments the provider took for submissions of these keys (placed attempts). */
const chargesOf = async (keyPrefix: string) => {
  const [row] = await database.db
    .select({ n: count() })
    .from(paymentAttempt)
    .where(
      and(like(paymentAttempt.reference, `%:${keyPrefix}%`), eq(paymentAttempt.status, "placed")),
    );
  return row?.n ?? 0;
};

const ordersWithKey = async (keyPrefix: string) => {
  const [row] = await database.db
    .select({ n: count() })
    .from(orderingOrder)
    .where(like(orderingOrder.idempotencyKey, `%:${keyPrefix}%`));
  return row?.n ?? 0;
};

describe("SubmitOrder", () => {
  it("places the order, charges the total once, and books the slot", async () => {
    const { token, paymentAccountId } = await customerWithCard();
    const [slot] = await slotKeys(101, 2);
    const { status, body } = await call("POST", "/order/SubmitOrder", {
      token,
      headers: { "Idempotency-Key": "place-1" },
      body: {
        ...basket({ DeliverySlotKey: slot?.Key }),
        PaymentAccountId: paymentAccountId,
        AppType: "Web",
        IsWrap: true,
      },
    });
    expect(status).toBe(200);
    expect(body.Success).toBe(true);
    expect(body.Data).toMatchObject({
      OrderState: "Placed",
      Mode: 2,
      Slot: { Key: slot?.Key },
      Amount: 32.5,
      IsWrap: true,
      Store: { PhysicalRestaurantId: 101 },
    });
    const [attempt] = await database.db
      .select()
      .from(paymentAttempt)
      .where(like(paymentAttempt.reference, "%:place-1"));
    expect(attempt).toMatchObject({ amountCents: 3250, status: "placed" });
    const payment = await composed.payments.provider.retrievePayment(
      attempt?.paymentIntentId ?? "",
    );
    expect(payment).toMatchObject({ status: "succeeded", amountReceived: 3250 });
  });

  it("requires an idempotency key", async () => {
    const { token, paymentAccountId } = await customerWithCard();
    const [slot] = await slotKeys(101, 2);
    const { status, body } = await call("POST", "/order/SubmitOrder", {
      token,
      body: { ...basket({ DeliverySlotKey: slot?.Key }), PaymentAccountId: paymentAccountId },
    });
    expect(status).toBe(400);
    expect(body).toMatchObject({ Success: false, Code: "idempotency_key_required" });
  });

  it("answers a retried submission with the first order: one order, one charge", async () => {
    const { token, paymentAccountId } = await customerWithCard();
    const [slot] = await slotKeys(101, 2);
    const submit = () =>
      call("POST", "/order/SubmitOrder", {
        token,
        headers: { "Idempotency-Key": "retry-1" },
        body: { ...basket({ DeliverySlotKey: slot?.Key }), PaymentAccountId: paymentAccountId },
      });
    const [first, racing] = await Promise.all([submit(), submit()]);
    const later = await submit();
    expect(first.body.Data.OrderId).toBeGreaterThan(0);
    expect(racing.body.Data.OrderId).toBe(first.body.Data.OrderId);
    expect(later.body.Data.OrderId).toBe(first.body.Data.OrderId);
    expect(await ordersWithKey("retry-1")).toBe(1);
    expect(await chargesOf("retry-1")).toBe(1);
  });

  it("a declined card: Success false, no order, no charge, the slot not taken", async () => {
    const { token, paymentAccountId } = await customerWithCard("4000000000000341");
    const slots = await slotKeys(101, 1);
    const slot = slots[5];
    const bookedBefore = await booked(fixture.store.id, 1);
    const { status, body } = await call("POST", "/order/SubmitOrder", {
      token,
      headers: { "Idempotency-Key": "declined-1" },
      body: {
        ...basket({ DeliveryType: 1, DeliverySlotKey: slot?.Key, DeliveryLocation: deliveryTo }),
        PaymentAccountId: paymentAccountId,
      },
    });
    expect(status).toBe(402);
    expect(body).toMatchObject({
      Success: false,
      Code: "payment_failed",
      Reason: "card_declined",
      UserMessage: "Votre carte a été refusée. Essayez une autre carte.",
    });
    expect(await ordersWithKey("declined-1")).toBe(0);
    expect(await chargesOf("declined-1")).toBe(0);
    expect(await booked(fixture.store.id, 1)).toBe(bookedBefore);
  });

  it("refuses another customer's card and a delivery without an address", async () => {
    const owner = await customerWithCard();
    const other = await customerWithCard();
    const [slot] = await slotKeys(101, 1);
    const stolen = await call("POST", "/order/SubmitOrder", {
      token: other.token,
      headers: { "Idempotency-Key": "stolen-1" },
      body: {
        ...basket({ DeliveryType: 1, DeliverySlotKey: slot?.Key, DeliveryLocation: deliveryTo }),
        PaymentAccountId: owner.paymentAccountId,
      },
    });
    expect(stolen.body).toMatchObject({ Success: false, Code: "not_found" });
    const noAddress = await call("POST", "/order/SubmitOrder", {
      token: owner.token,
      headers: { "Idempotency-Key": "no-address-1" },
      body: {
        ...basket({ DeliveryType: 1, DeliverySlotKey: slot?.Key }),
        PaymentAccountId: owner.paymentAccountId,
      },
    });
    expect(noAddress.body).toMatchObject({ Success: false, Field: "DeliveryLocation" });
    const noSlot = await call("POST", "/order/SubmitOrder", {
      token: owner.token,
      headers: { "Idempotency-Key": "no-slot-1" },
      body: { ...basket(), PaymentAccountId: owner.paymentAccountId },
    });
    expect(noSlot.body).toMatchObject({
      Success: false,
      Field: "DeliverySlotKey",
      UserMessage: "Choisissez un créneau.",
    });
    expect(await chargesOf("stolen-1")).toBe(0);
  });

  it("refuses a passed slot even if the client still holds its key", async () => {
    const { token, paymentAccountId } = await customerWithCard();
    const [slot] = await slotKeys(101, 2);
    expect(slot?.Key).toBe("2026-11-24 11:00-12:00");
    clock = new Date("2026-11-24T10:05:00Z"); // 11:05 in Paris: the slot has started
    const { body } = await call("POST", "/order/SubmitOrder", {
      token,
      headers: { "Idempotency-Key": "passed-1" },
      body: { ...basket({ DeliverySlotKey: slot?.Key }), PaymentAccountId: paymentAccountId },
    }).finally(() => {
      clock = new Date("2026-11-24T08:30:00Z");
    });
    expect(body).toMatchObject({
      Success: false,
      Code: "slot_unavailable",
      UserMessage: "Ce créneau n'est plus disponible. Choisissez-en un autre.",
    });
  });
});

async function booked(storeId: number, mode: 1 | 2, start?: Date) {
  const rows = await database.db
    .select({ booked: orderingSlotBooking.booked })
    .from(orderingSlotBooking)
    .where(
      and(
        eq(orderingSlotBooking.storeId, storeId),
        eq(orderingSlotBooking.mode, mode),
        ...(start ? [eq(orderingSlotBooking.slotStart, start)] : []),
      ),
    );
  return rows.reduce((sum, row) => sum + row.booked, 0);
}

describe("the confirmation of a paid order (SMS and email)", () => {
  /** The expected slot text of a key: `2026-11-24 11:00-12:00` → `mardi 24 novembre 2026, 11h00–12h00`. */
  // The one slot formatter (platform/format.ts): « mercredi 25 novembre 2026, 12h00–13h00 ».
  const slotText = (key: string) => formatSlot(key);

  async function paidOrder(key: string, options: { email?: string; mode?: 1 | 2 } = {}) {
    const { token, paymentAccountId } = await customerWithCard();
    if (options.email) {
      const saved = await call("POST", "/Account/SetEmailAddress", {
        token,
        body: { Email: options.email },
      });
      expect(saved.status).toBe(200);
    }
    const mode = options.mode ?? 2;
    const slot = (await slotKeys(101, mode))[7];
    const submit = () =>
      call("POST", "/order/SubmitOrder", {
        token,
        headers: { "Idempotency-Key": key },
        body: {
          ...basket({
            DeliverySlotKey: slot?.Key,
            DeliveryType: mode,
            ...(mode === 1 ? { DeliveryLocation: deliveryTo } : {}),
          }),
          PaymentAccountId: paymentAccountId,
        },
      });
    const { status, body } = await submit();
    expect(status).toBe(200);
    const phone = (await call("GET", "/Account/Details", { token })).body.Data.PhoneNumber;
    return {
      orderId: body.Data.OrderId as number,
      orderNumber: body.Data.OrderNumber as number,
      slotKey: slot?.Key ?? "",
      phone,
      submit,
    };
  }

  it("sends the SMS and the email: number, dishes, slot, store and the receipt link", async () => {
    const { orderId, orderNumber, slotKey, phone } = await paidOrder("confirm-1", {
      email: "lea@exemple.fr",
    });
    const link = `https://shop.test/order/confirmation/?orderId=${orderId}&cle=`;

    const [sms, ...olderSms] = await listOutbox(database.db, {
      to: phone,
      kind: "order-confirmation",
    });
    expect(olderSms).toEqual([]);
    expect(sms).toMatchObject({ channel: "sms", status: "pending" });
    expect(sms?.text).toContain(`votre commande n° ${orderNumber} est confirmée`);
    expect(sms?.text).toContain("2 × Blanquette de veau, 1 × Limonade artisanale");
    expect(sms?.text).toContain(
      `Retrait le ${slotText(slotKey)} chez Comptoir 101 (12 rue des Martyrs, 75009 Paris)`,
    );
    expect(sms?.text).toMatch(
      new RegExp(`Votre reçu : ${link.replaceAll("?", "\\?")}[0-9a-f]{32}$`),
    );

    const [email, ...olderEmails] = await listOutbox(database.db, {
      to: "lea@exemple.fr",
      kind: "order-confirmation",
    });
    expect(olderEmails).toEqual([]);
    expect(email?.channel).toBe("email");
    expect(email?.subject).toBe(`Votre commande n° ${orderNumber} est confirmée`);
    const text = email?.text ?? "";
    expect(text).toContain("2 × Blanquette de veau (Gratin) : 28,00\u00a0€");
    expect(text).toContain("1 × Limonade artisanale : 4,00\u00a0€");
    // The fee is a fee, after the dishes; no delivery fee for a pickup.
    expect(text).toContain("Frais de service : 0,50\u00a0€");
    expect(text).not.toContain("× Frais de service");
    expect(text).not.toContain("Frais de livraison");
    expect(text).toContain("Total payé : 32,50\u00a0€");
    // Meals at 10 %, the service fee at 20 % (issue 23 §2).
    expect(text).toContain("dont TVA 10\u00a0% : 2,91\u00a0€");
    expect(text).toContain("dont TVA 20\u00a0% : 0,08\u00a0€");
    expect(text).toContain(`Retrait le ${slotText(slotKey)} chez Comptoir 101`);
    // The invoice, issued with the payment, is linked from the email.
    const [invoice, ...others] = await invoicesOfOrder(database.db, "restauration", orderId);
    expect(others).toEqual([]);
    expect(invoice).toMatchObject({ kind: "invoice", orderNumber, totalCents: 3250 });
    expect(invoice?.document.lines.map((line) => [line.title, line.rateBasisPoints])).toEqual([
      ["Blanquette de veau", 1000],
      ["Limonade artisanale", 1000],
      ["Frais de service", 2000],
    ]);
    expect(text).toContain(
      `Télécharger la facture ${invoice?.number} (PDF) :\nhttps://shop.test/api/invoices/${invoice?.number}.pdf?key=${invoice?.accessKey}`,
    );
    expect(text).toContain(`Voir ma commande et mon reçu :\n${link}`);
    expect(email?.html).toContain("Blanquette de veau (Gratin)");

    // The link's key is the order's: the administrative read tells the storefront which it is.
    const linkKey = /cle=([0-9a-f]{32})/.exec(text)?.[1];
    const order = await api.request(`/ordering/api/v1.0/orders/${orderId}`, {
      headers: { authorization: "Bearer test-ordering-api-token" },
    });
    expect(((await order.json()) as { Data: { LinkKey: string } }).Data.LinkKey).toBe(linkKey);
  });

  it("sends only the SMS when the customer's email is not known, once per order", async () => {
    const { orderId, orderNumber, phone, submit } = await paidOrder("confirm-2", { mode: 1 });
    const messages = await listOutbox(database.db, { to: phone });
    expect(messages.map((message) => [message.channel, message.kind])).toEqual([
      ["sms", "order-confirmation"],
      ["sms", "phone_code"],
    ]);
    expect(messages[0]?.text).toContain(`commande n° ${orderNumber}`);
    expect(messages[0]?.text).toContain("Livraison le ");
    expect(messages[0]?.text).toContain("au 3 rue Bleue, 75009 Paris, préparée par Comptoir 101");
    const emails = await listOutbox(database.db, { channel: "email", kind: "order-confirmation" });
    expect(emails.map((email) => email.text).join("\n")).not.toContain(`n° ${orderNumber} `);

    // A retried submission answers the same order and sends nothing more.
    const before = (await listOutbox(database.db, { kind: "order-confirmation" })).length;
    const replay = await submit();
    expect(replay.body.Data.OrderId).toBe(orderId);
    expect((await listOutbox(database.db, { kind: "order-confirmation" })).length).toBe(before);
  });

  it("sends nothing when the payment is declined", async () => {
    const before = (await listOutbox(database.db, { kind: "order-confirmation" })).length;
    const { token, paymentAccountId } = await customerWithCard("4000000000000341");
    const slot = (await slotKeys(101, 2))[8];
    const declined = await call("POST", "/order/SubmitOrder", {
      token,
      headers: { "Idempotency-Key": "confirm-3" },
      body: { ...basket({ DeliverySlotKey: slot?.Key }), PaymentAccountId: paymentAccountId },
    });
    expect(declined.body.Success).toBe(false);
    expect((await listOutbox(database.db, { kind: "order-confirmation" })).length).toBe(before);
  });
});

describe("slot capacity under load", () => {
  it("100 concurrent submissions on a slot of capacity 5: exactly 5 orders and 5 charges", async () => {
    const busy = await insertTestStore(database.db, { physicalRestaurantId: 202, capacity: 5 });
    const { token, paymentAccountId } = await customerWithCard();
    const [slot] = await slotKeys(202, 2);
    const body = {
      ...basket({ PhysicalRestaurantId: 202, DeliverySlotKey: slot?.Key }),
      OrderItems: [{ MenuItemId: busy.drink.id, Quantity: 1 }],
      PaymentAccountId: paymentAccountId,
    };
    const answers = await Promise.all(
      Array.from({ length: 100 }, (_, i) =>
        call("POST", "/order/SubmitOrder", {
          token,
          headers: { "Idempotency-Key": `load-${i}` },
          body,
        }),
      ),
    );
    const placed = answers.filter((answer) => answer.body.Success === true);
    const refused = answers.filter((answer) => answer.body.Success === false);
    expect(placed).toHaveLength(5);
    expect(refused).toHaveLength(95);
    for (const answer of refused) {
      expect(answer.status).toBe(409);
      expect(answer.body).toMatchObject({
        Code: "slot_full",
        UserMessage: "Ce créneau est complet. Choisissez-en un autre.",
      });
    }
    expect(await ordersWithKey("load-")).toBe(5);
    expect(await chargesOf("load-")).toBe(5);
    expect(await booked(busy.store.id, 2)).toBe(5);
    const after = await slotKeys(202, 2);
    expect(after[0]).toEqual(expect.objectContaining({ Key: slot?.Key, IsFull: true }));
    expect(after[1]?.IsFull).toBe(false);
  });
});

describe("voucher uses under load", () => {
  it("a code with 2 uses left serves exactly 2 of 10 concurrent orders; the others change nothing", async () => {
    const shop = await insertTestStore(database.db, { physicalRestaurantId: 303, capacity: 50 });
    const voucher = await insertTestVoucher(database.db, {
      code: "DEUXFOIS",
      amount: 100,
      maxUses: 2,
    });
    const { token, paymentAccountId } = await customerWithCard();
    const [slot] = await slotKeys(303, 2);
    const body = {
      PhysicalRestaurantId: 303,
      DeliveryType: 2,
      DeliverySlotKey: slot?.Key,
      OrderItems: [{ MenuItemId: shop.drink.id }],
      VoucherCode: "deuxfois",
      PaymentAccountId: paymentAccountId,
    };
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        call("POST", "/order/SubmitOrder", {
          token,
          headers: { "Idempotency-Key": `voucher-${i}` },
          body,
        }),
      ),
    );
    const placed = answers.filter((answer) => answer.body.Success === true);
    expect(placed).toHaveLength(2);
    for (const answer of placed) {
      expect(answer.body.Data.Voucher).toMatchObject({ Code: "DEUXFOIS", Amount: 1 });
      expect(answer.body.Data.Amount).toBe(3.5); // 4 − 1 + 0.50
    }
    for (const answer of answers.filter((answer) => answer.body.Success === false)) {
      expect(answer.body).toMatchObject({ Code: "voucher_invalid", Reason: "exhausted" });
    }
    const [stored] = await database.db
      .select()
      .from(orderingVoucher)
      .where(eq(orderingVoucher.id, voucher.id));
    expect(stored?.uses).toBe(2);
    expect(await ordersWithKey("voucher-")).toBe(2);
    expect(await chargesOf("voucher-")).toBe(2);
    expect(await booked(shop.store.id, 2)).toBe(2);
  });
});
