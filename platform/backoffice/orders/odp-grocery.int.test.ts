import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "#db/client.ts";
import { createTestDatabase } from "#db/testing/index.ts";
import { groceryPreparation } from "#platform/backoffice/orders/odp-grocery.ts";
import { commerceOrder, commerceOrderLine } from "#platform/commerce/tables.ts";

/** A grocery order's preparation sheet (the commerce service's orders, `odp?grocery=`). */
let database: Database;
let orderId: number;

beforeAll(async () => {
  database = await createTestDatabase();
  const [order] = await database.db
    .insert(commerceOrder)
    .values({
      statusKey: "key",
      email: "camille@example.com",
      phone: "+33612345678",
      processedAt: new Date("2026-11-24T10:00:00.000Z"),
      financialStatus: "PAID",
      subtotalCents: 2550,
      totalTaxCents: 130,
      totalCents: 3140,
      deliveryMethod: "Livraison à domicile",
      customAttributes: [
        { key: "gift_wrap", value: "true" },
        { key: "gift_message", value: "Pour Louise, avec toute notre affection." },
      ],
      shippingAddress: {
        firstName: "Camille",
        lastName: "Martin",
        company: null,
        address1: "3 rue Bleue",
        address2: "Bâtiment B",
        city: "Paris",
        zip: "75009",
        province: null,
        countryCode: "FR",
        phone: null,
      },
    })
    .returning({ id: commerceOrder.id, number: commerceOrder.orderNumber });
  orderId = order?.id ?? 0;
  const line = { orderId, unitPriceCents: 1250, taxRateBasisPoints: 550 };
  await database.db.insert(commerceOrderLine).values([
    {
      ...line,
      position: 1,
      title: "Miel de lavande",
      variantTitle: "250 g",
      productId: 7,
      quantity: 2,
      originalTotalCents: 2500,
      discountedTotalCents: 2500,
    },
    {
      ...line,
      position: 2,
      title: "Comté AOP 18 mois",
      productId: 8,
      quantity: 1,
      originalTotalCents: 1250,
      discountedTotalCents: 1250,
      customAttributes: [{ key: "substitution", value: "refused" }],
    },
    {
      ...line,
      position: 3,
      title: "Frais de service",
      productId: null,
      quantity: 1,
      unitPriceCents: 50,
      originalTotalCents: 50,
      discountedTotalCents: 50,
    },
  ]);
});
afterAll(() => database?.close());

describe("groceryPreparation", () => {
  it("lists the products to prepare, the customer, the address, the gift and each line's substitution choice, without the service fee", async () => {
    const sheet = await groceryPreparation(database.db, orderId);
    expect(sheet).toMatchObject({
      order: {
        mode: 1,
        modeLabel: "Livraison",
        deliveryLocation: { address: "3 rue Bleue, Bâtiment B", postcode: "75009", city: "Paris" },
        totalCents: 3140,
      },
      lines: [
        { name: "Miel de lavande", quantity: 2, options: ["250 g"], substitute: true },
        { name: "Comté AOP 18 mois", quantity: 1, options: [], substitute: false },
      ],
      store: { name: "Épicerie (livraison)" },
      slot: { label: "" },
      customer: { name: "Camille Martin", phone: "+33612345678", email: "camille@example.com" },
      giftWrap: true,
      giftMessage: "Pour Louise, avec toute notre affection.",
    });
    expect(sheet?.order.id).toBeGreaterThanOrEqual(1001);
    expect(await groceryPreparation(database.db, 999_999)).toBeNull();
  });
});
