import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "#db/client.ts";
import { createTestDatabase } from "#db/testing/index.ts";
import { receiptDataSchema } from "#platform/ordering/receipts/data.ts";
import { renderReceiptPdf } from "#platform/ordering/receipts/pdf.ts";
import { receiptDataForOrder } from "#platform/ordering/receipts/receipts.ts";
import { pdfTextLines } from "#platform/ordering/receipts/testing.ts";
import {
  orderingCustomer,
  orderingOrder,
  orderingPaymentAccount,
} from "#platform/ordering/schema.ts";
import { seedOrderingFixture } from "#seed/ordering/testing.ts";

let database: Database;
let customerId: number;
let paymentAccountId: number;

beforeAll(async () => {
  database = await createTestDatabase();
  await seedOrderingFixture(database.db);
  const [customer] = await database.db
    .insert(orderingCustomer)
    .values({ phone: "+33612345678", name: "Camille Martin", email: "camille@exemple.fr" })
    .returning();
  customerId = customer?.id ?? 0;
  const [account] = await database.db
    .insert(orderingPaymentAccount)
    .values({
      customerId,
      cardToken: "card_test",
      brand: "visa",
      last4: "4242",
      expMonth: 12,
      expYear: 2030,
    })
    .returning();
  paymentAccountId = account?.id ?? 0;
});
afterAll(() => database?.close());

type OrderInsert = typeof orderingOrder.$inferInsert;
let orders = 0;

async function insertOrder(changes: Partial<OrderInsert> = {}) {
  const [order] = await database.db
    .insert(orderingOrder)
    .values({
      storeId: 1101,
      customerId,
      mode: 1,
      slotKey: "2026-11-24 12:00-13:00",
      slotStart: new Date("2026-11-24T11:00:00.000Z"),
      deliveryLocation: {
        address: "3 rue Lafayette",
        postcode: "75009",
        city: "Paris",
        instructions: "Digicode 1234B",
      },
      lines: [
        {
          menuItemId: 1001,
          name: "Bœuf bourguignon",
          quantity: 2,
          unitPriceCents: 1450,
          options: [{ optionSetItemId: 4, name: "Gratin dauphinois", priceCents: 250 }],
          lineTotalCents: 3400,
        },
        {
          menuItemId: 1003,
          name: "Salade César",
          quantity: 1,
          unitPriceCents: 950,
          options: [],
          lineTotalCents: 950,
        },
      ],
      subtotalCents: 4350,
      voucherId: 5101,
      voucherCode: "BIENVENUE",
      discountCents: 500,
      serviceFeeCents: 50,
      deliveryFeeCents: 590,
      totalCents: 4490,
      paymentAccountId,
      chargeId: "ch_1",
      idempotencyKey: `order-${++orders}`,
      createdAt: new Date("2026-11-22T08:15:00.000Z"),
      ...changes,
    })
    .returning({ id: orderingOrder.id });
  return order?.id ?? 0;
}

describe("receiptDataForOrder", () => {
  it("reads a delivery order's receipt from the stored order", async () => {
    const orderId = await insertOrder();
    const receipt = await receiptDataForOrder(database.db, orderId);
    const [numbered] = await database.db
      .select({ orderNumber: orderingOrder.orderNumber })
      .from(orderingOrder)
      .where(eq(orderingOrder.id, orderId));
    expect(receipt).toEqual({
      orderId,
      orderNumber: String(numbered?.orderNumber),
      placedAt: new Date("2026-11-22T08:15:00.000Z"),
      customerId,
      customer: { name: "Camille Martin", email: "camille@exemple.fr", phone: "+33612345678" },
      mode: 1,
      store: {
        name: "Comptoir Haussmann",
        addressLines: ["42 boulevard Haussmann", "75009 Paris"],
      },
      deliveryAddress: {
        addressLines: ["3 rue Lafayette", "75009 Paris"],
        instructions: "Digicode 1234B",
      },
      slot: {
        start: new Date("2026-11-24T11:00:00.000Z"),
        end: new Date("2026-11-24T12:00:00.000Z"),
      },
      lines: [
        {
          name: "Bœuf bourguignon",
          options: [{ name: "Gratin dauphinois", priceCents: 250 }],
          quantity: 2,
          unitPriceCents: 1700,
          totalCents: 3400,
        },
        { name: "Salade César", options: [], quantity: 1, unitPriceCents: 950, totalCents: 950 },
      ],
      subtotalCents: 4350,
      voucher: { code: "BIENVENUE", amountCents: 500 },
      serviceFeeCents: 50,
      deliveryFeeCents: 590,
      totalCents: 4490,
      payment: { brand: "visa", last4: "4242" },
      mealVoucher: null,
      giftWrap: false,
    });
    // What the PDF printer accepts, and prints.
    expect(receiptDataSchema.parse(receipt)).toEqual(receipt);
    const pdf = await renderReceiptPdf(receiptDataSchema.parse(receipt), { compress: false });
    expect(pdfTextLines(pdf).join("\n")).toContain("Comptoir Haussmann");
  });

  it("reads a pickup without voucher, address or card, naming the customer by phone", async () => {
    await database.db.update(orderingCustomer).set({ name: null });
    const orderId = await insertOrder({
      storeId: 1103,
      mode: 2,
      slotKey: "2026-03-29 11:00-12:00",
      // The day summer time starts: the key's local times are two hours ahead of UTC.
      slotStart: new Date("2026-03-29T09:00:00.000Z"),
      deliveryLocation: null,
      voucherId: null,
      voucherCode: null,
      discountCents: 0,
      deliveryFeeCents: 0,
      totalCents: 4400,
      paymentAccountId: null,
      chargeId: null,
    });
    const receipt = await receiptDataForOrder(database.db, orderId);
    expect(receipt).toMatchObject({
      mode: 2,
      customer: { name: "06 12 34 56 78" },
      store: {
        name: "Point retrait Bastille",
        addressLines: ["5 rue de la Roquette", "75011 Paris"],
      },
      deliveryAddress: null,
      slot: { end: new Date("2026-03-29T10:00:00.000Z") },
      voucher: null,
      deliveryFeeCents: 0,
      payment: null,
    });
    expect(receiptDataSchema.safeParse(receipt).success).toBe(true);
  });

  it("names the order's own card first, then its saved account's", async () => {
    // A new card on the hosted payment page: no saved account, the order names the card.
    const hosted = await insertOrder({
      paymentAccountId: null,
      chargeId: null,
      paymentIntentId: "pi_hosted",
      cardBrand: "mastercard",
      cardLast4: "4444",
    });
    expect(await receiptDataForOrder(database.db, hosted)).toMatchObject({
      payment: { brand: "mastercard", last4: "4444" },
    });
    // The card the payment named wins over the account, which may have changed or gone.
    const both = await insertOrder({ cardBrand: "amex", cardLast4: "0005" });
    expect(await receiptDataForOrder(database.db, both)).toMatchObject({
      payment: { brand: "amex", last4: "0005" },
    });
    // An order without its own card (charged by the test processor) reads the saved account.
    const saved = await insertOrder();
    expect(await receiptDataForOrder(database.db, saved)).toMatchObject({
      payment: { brand: "visa", last4: "4242" },
    });
  });

  it("answers null for an unknown order or an id that is not one", async () => {
    expect(await receiptDataForOrder(database.db, 987_654)).toBeNull();
    expect(await receiptDataForOrder(database.db, 0)).toBeNull();
    expect(await receiptDataForOrder(database.db, 2 ** 40)).toBeNull();
  });
});
