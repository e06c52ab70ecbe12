import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "#db/client.ts";
import { createTestDatabase } from "#db/testing/index.ts";
import { authorisationWarning } from "#platform/backoffice/orders/authorisation.ts";
import { captureWeighedOrder, weighOrder } from "#platform/backoffice/orders/capture.ts";
import { changeOrderStatus, refundOrder } from "#platform/backoffice/orders/order-actions.ts";
import { orderDetail } from "#platform/backoffice/orders/orders.ts";
import {
  recordGroceryProviderRefunds,
  recordRestaurantProviderRefunds,
} from "#platform/backoffice/orders/provider-refunds.ts";
import { adminOrderEvent } from "#platform/backoffice/schema.ts";
import { createStaff, type Staff } from "#platform/backoffice/staff.ts";
import { commerceMetafield, commerceOrder, commerceOrderLine } from "#platform/commerce/tables.ts";
import { invoicesOfOrder } from "#platform/invoices/index.ts";
import { orderingCustomer, orderingOrder, orderingStore } from "#platform/ordering/tables.ts";
import { createTestProvider, type PaymentProvider } from "#platform/payments/index.ts";
import { payOnPage, startSandbox, TEST_WEBHOOK_SECRET } from "#platform/payments/testing.ts";
import { authorisedCents } from "#platform/sold-by-weight.ts";

/**
 * The back office's money through the payment provider (issue 48, item 5 and 6): refunds of
 * orders paid on the provider's hosted page, partial then full, capped, once per staff action;
 * `charge.refunded` from the provider's dashboard recorded once; a sold-by-weight order weighed
 * and captured at its weighed amount, never above its authorisation, or released when cancelled;
 * the authorisation's expiry warning. The test provider runs in-process, paid through its hosted
 * page with plain form posts.
 */

const NOW = new Date("2026-12-01T09:00:00.000Z");
const clock = { now: NOW };
let database: Database;
let sandbox: Awaited<ReturnType<typeof startSandbox>>;
let provider: PaymentProvider;
let admin: Staff;
let inserted = 0;

/** A payment made on the hosted page: its PaymentIntent. */
async function paidIntent(amountCents: number, captureMethod: "automatic" | "manual") {
  const session = await provider.createCheckoutSession({
    mode: "payment",
    currency: "eur",
    successUrl: "https://comptoir.example/retour?session={CHECKOUT_SESSION_ID}",
    lines: [{ name: "Commande Comptoir", unitAmount: amountCents, quantity: 1 }],
    captureMethod,
  });
  const answer = await payOnPage(session.url ?? "", { number: "4242424242424242" });
  expect(answer.status).toBe(303);
  const paid = await provider.retrieveCheckoutSession(session.id, { withPayment: true });
  if (!paid.paymentIntentId) throw new Error("not paid");
  return paid.paymentIntentId;
}

const COMTE = 9101;

async function groceryOrder(values: {
  totalCents: number;
  paymentIntentId: string;
  authorised?: { cents: number; at: Date };
  lines?: {
    title: string;
    variantTitle: string;
    productId: number | null;
    quantity: number;
    totalCents: number;
  }[];
}): Promise<number> {
  const [row] = await database.db
    .insert(commerceOrder)
    .values({
      statusKey: `key-${++inserted}`,
      email: "camille@example.com",
      phone: "+33612345678",
      processedAt: NOW,
      financialStatus: values.authorised ? "AUTHORIZED" : "PAID",
      subtotalCents: values.totalCents,
      totalTaxCents: 0,
      totalCents: values.totalCents,
      deliveryMethod: "Retrait au comptoir",
      paymentIntentId: values.paymentIntentId,
      paymentAuthorisedCents: values.authorised?.cents ?? null,
      paymentAuthorisedAt: values.authorised?.at ?? null,
      createdAt: NOW,
    })
    .returning({ id: commerceOrder.id });
  if (!row) throw new Error("no order");
  for (const [index, line] of (values.lines ?? []).entries()) {
    await database.db.insert(commerceOrderLine).values({
      orderId: row.id,
      position: index + 1,
      title: line.title,
      variantTitle: line.variantTitle,
      productId: line.productId,
      quantity: line.quantity,
      unitPriceCents: Math.round(line.totalCents / line.quantity),
      originalTotalCents: line.totalCents,
      discountedTotalCents: line.totalCents,
      taxRateBasisPoints: 550,
    });
  }
  return row.id;
}

async function events(kind: "grocery" | "restaurant", orderId: number) {
  return database.db
    .select()
    .from(adminOrderEvent)
    .where(and(eq(adminOrderEvent.kind, kind), eq(adminOrderEvent.orderId, orderId)));
}

beforeAll(async () => {
  database = await createTestDatabase();
  sandbox = await startSandbox(database, clock);
  provider = createTestProvider({ ...sandbox.context, webhookSecret: TEST_WEBHOOK_SECRET });
  admin = await createStaff(database.db, {
    email: "direction@comptoir.test",
    name: "Direction",
    role: "admin",
    password: "un mot de passe solide",
  });
  // Comté AOP sold by weight at 39,50 €/kg.
  await database.db.insert(commerceMetafield).values([
    {
      ownerType: "PRODUCT",
      ownerId: COMTE,
      namespace: "custom",
      key: "sold_by_weight",
      type: "boolean",
      value: "true",
    },
    {
      ownerType: "PRODUCT",
      ownerId: COMTE,
      namespace: "custom",
      key: "price_per_kg",
      type: "number_decimal",
      value: "39.50",
    },
  ]);
});
afterAll(async () => {
  await sandbox?.close();
  await database?.close();
});

describe("refunds through the provider", () => {
  it("refunds part then the rest, refuses more, and refunds a double click once", async () => {
    const intent = await paidIntent(4200, "automatic");
    const id = await groceryOrder({ totalCents: 4200, paymentIntentId: intent });
    const ref = { kind: "grocery" as const, id };
    const refund = (amountCents: number, key: string) =>
      refundOrder(
        database.db,
        admin,
        ref,
        { amountCents, idempotencyKey: key, cancel: false },
        NOW,
        provider,
      );

    expect(await refund(1200, "key-a")).toEqual({ ok: true });
    // The same form sent twice: one refund.
    expect(await refund(1200, "key-a")).toEqual({ ok: true });
    expect(await provider.listRefunds(intent)).toHaveLength(1);
    const over = await refund(3100, "key-b");
    expect(over).toMatchObject({ ok: false, code: "exceeds" });
    expect(over.ok ? "" : over.message).toBe(
      "Le remboursement (31,00\u00a0€) dépasse ce qui reste à rembourser sur ce paiement (30,00\u00a0€).",
    );
    expect(await refund(3000, "key-c")).toEqual({ ok: true });

    const detail = await orderDetail(database.db, ref, NOW);
    expect(detail?.provider).toMatchObject({ capturedCents: 4200, refundedCents: 4200 });
    expect(detail?.provider?.refunds.map((r) => [r.amountCents, r.origin]).sort()).toEqual([
      [1200, "office"],
      [3000, "office"],
    ]);
    const [order] = await database.db.select().from(commerceOrder).where(eq(commerceOrder.id, id));
    expect(order).toMatchObject({ totalRefundedCents: 4200, financialStatus: "REFUNDED" });
    expect((await events("grocery", id)).filter((e) => e.action === "refund")).toHaveLength(2);
    // And the provider's webhook, reporting the office's refunds, adds nothing.
    await database.db.transaction((tx) =>
      recordGroceryProviderRefunds(
        tx,
        { paymentIntentId: intent, amountRefunded: 4200, refunds: [] },
        NOW,
      ),
    );
    const reported = await provider.listRefunds(intent);
    const again = await database.db.transaction((tx) =>
      recordGroceryProviderRefunds(
        tx,
        { paymentIntentId: intent, amountRefunded: 4200, refunds: reported },
        NOW,
      ),
    );
    expect(again).toBe(0);
  });

  it("records a refund made in the provider's dashboard once, replayed twice", async () => {
    const intent = await paidIntent(3450, "automatic");
    const [row] = await database.db
      .insert(orderingStore)
      .values({ physicalRestaurantId: 9201, name: "Comptoir Haussmann" })
      .returning({ id: orderingStore.id });
    const [customer] = await database.db
      .insert(orderingCustomer)
      .values({ phone: "+33698765432", name: "Louis Petit", email: "louis@example.com" })
      .returning({ id: orderingCustomer.id });
    const [order] = await database.db
      .insert(orderingOrder)
      .values({
        storeId: row?.id ?? 0,
        customerId: customer?.id ?? 0,
        mode: 2,
        slotKey: "2026-12-01 12:00-13:00",
        slotStart: new Date("2026-12-01T11:00:00.000Z"),
        lines: [],
        subtotalCents: 3400,
        serviceFeeCents: 50,
        totalCents: 3450,
        paymentIntentId: intent,
        idempotencyKey: "order-dashboard",
        createdAt: NOW,
        updatedAt: NOW,
      })
      .returning({ id: orderingOrder.id });
    const orderId = order?.id ?? 0;
    // Someone refunds 12,00 € in the provider's dashboard (no metadata of ours).
    await provider.refundPayment(intent, { amount: 1200 });
    const refunds = await provider.listRefunds(intent);
    const report = { paymentIntentId: intent, amountRefunded: 1200, refunds };
    const first = await database.db.transaction((tx) =>
      recordRestaurantProviderRefunds(tx, report, NOW),
    );
    const second = await database.db.transaction((tx) =>
      recordRestaurantProviderRefunds(tx, report, NOW),
    );
    expect([first, second]).toEqual([1, 0]);
    const history = (await events("restaurant", orderId)).filter((e) => e.action === "refund");
    expect(history).toMatchObject([
      { amountCents: 1200, staffEmail: "tableau de bord du prestataire de paiement" },
    ]);
    const detail = await orderDetail(database.db, { kind: "restaurant", id: orderId }, NOW);
    expect(detail?.provider).toMatchObject({ capturedCents: 3450, refundedCents: 1200 });
    // An unknown PaymentIntent records nothing.
    const unknown = await database.db.transaction((tx) =>
      recordGroceryProviderRefunds(tx, { ...report, paymentIntentId: "pi_inconnu" }, NOW),
    );
    expect(unknown).toBe(0);
  });
});

describe("sold by weight: capture at the weighed amount", () => {
  /** An order of 500 g of comté (19,75 €) and a jar of honey (8,00 €), authorised with the margin. */
  async function weighedOrder(authorisedAt = NOW) {
    const total = 1975 + 800;
    const authorised = authorisedCents(total, 1975);
    const intent = await paidIntent(authorised, "manual");
    const id = await groceryOrder({
      totalCents: total,
      paymentIntentId: intent,
      authorised: { cents: authorised, at: authorisedAt },
      lines: [
        {
          title: "Comté AOP 18 mois",
          variantTitle: "500 g",
          productId: COMTE,
          quantity: 1,
          totalCents: 1975,
        },
        {
          title: "Miel de lavande",
          variantTitle: "250 g",
          productId: null,
          quantity: 1,
          totalCents: 800,
        },
      ],
    });
    return { id, intent, authorised };
  }

  it("captures the weighed amount, under the authorisation, and invoices it", async () => {
    const { id, intent, authorised } = await weighedOrder();
    expect(authorised).toBe(2775 + 297);
    const notYet = await captureWeighedOrder(
      database.db,
      provider,
      admin,
      id,
      { idempotencyKey: "c1" },
      NOW,
    );
    expect(notYet).toMatchObject({ ok: false });
    expect(notYet.ok ? "" : notYet.message).toContain("Pesez chaque article vendu au poids");
    const weighed = await weighOrder(database.db, id, new Map([[1, 540]]));
    // 540 g at 39,50 €/kg: 21,33 €.
    expect(weighed.ok && weighed.weighing).toMatchObject({
      orderedTotalCents: 2775,
      weighedTotalCents: 2133 + 800,
      lines: [{ position: 1, weighedGrams: 540, weighedTotalCents: 2133, pricePerKgCents: 3950 }],
    });
    const captured = await captureWeighedOrder(
      database.db,
      provider,
      admin,
      id,
      { idempotencyKey: "c1" },
      NOW,
    );
    expect(captured).toEqual({ ok: true, capturedCents: 2933 });
    // « Encaisser » twice: captured once.
    expect(
      await captureWeighedOrder(database.db, provider, admin, id, { idempotencyKey: "c1" }, NOW),
    ).toEqual({
      ok: true,
      capturedCents: 2933,
    });
    expect(await provider.retrievePayment(intent)).toMatchObject({
      status: "succeeded",
      amountReceived: 2933,
    });
    const [order] = await database.db.select().from(commerceOrder).where(eq(commerceOrder.id, id));
    expect(order).toMatchObject({
      totalCents: 2933,
      paymentCapturedCents: 2933,
      financialStatus: "PAID",
    });
    const [invoice] = await invoicesOfOrder(database.db, "epicerie", id);
    expect(invoice).toMatchObject({ kind: "invoice", totalCents: 2933 });
    expect(invoice?.document.lines[0]).toMatchObject({
      title: "Comté AOP 18 mois",
      detail: "500 g commandés, pesé 540 g",
      totalCents: 2133,
    });
    expect((await events("grocery", id)).map((e) => [e.action, e.amountCents])).toEqual([
      ["capture", 2933],
    ]);
    // Then refunded in part, through the provider, within what was captured.
    const refund = await refundOrder(
      database.db,
      admin,
      { kind: "grocery", id },
      { amountCents: 3000, idempotencyKey: "w-r1", cancel: false },
      NOW,
      provider,
    );
    expect(refund).toMatchObject({ ok: false, code: "exceeds" });
  });

  it("refuses a weighed amount above the authorisation, capturing nothing", async () => {
    const { id, intent } = await weighedOrder();
    await weighOrder(database.db, id, new Map([[1, 700]]));
    const refused = await captureWeighedOrder(
      database.db,
      provider,
      admin,
      id,
      { idempotencyKey: "c2" },
      NOW,
    );
    // 700 g: 27,65 € + 8,00 € = 35,65 €, above 30,72 €.
    expect(refused).toEqual({
      ok: false,
      message:
        "Le montant pesé (35,65\u00a0€) dépasse le montant autorisé (30,72\u00a0€) : retirez un article ou contactez le client.",
    });
    expect(await provider.retrievePayment(intent)).toMatchObject({ status: "requires_capture" });
    const [order] = await database.db.select().from(commerceOrder).where(eq(commerceOrder.id, id));
    expect(order).toMatchObject({ totalCents: 2775, paymentCapturedCents: null });
  });

  it("releases the authorisation when the order is cancelled before its capture", async () => {
    const { id, intent } = await weighedOrder();
    const refusedRefund = await refundOrder(
      database.db,
      admin,
      { kind: "grocery", id },
      { amountCents: 500, idempotencyKey: "w-r2", cancel: false },
      NOW,
      provider,
    );
    expect(refusedRefund).toMatchObject({ ok: false, code: "not_captured" });
    const cancelled = await changeOrderStatus(
      database.db,
      admin,
      { kind: "grocery", id },
      "cancelled",
      NOW,
      {
        provider,
      },
    );
    expect(cancelled).toEqual({ ok: true });
    expect(await provider.retrievePayment(intent)).toMatchObject({
      status: "canceled",
      amountReceived: 0,
    });
    expect(await provider.listRefunds(intent)).toEqual([]);
    const [order] = await database.db.select().from(commerceOrder).where(eq(commerceOrder.id, id));
    expect(order).toMatchObject({ status: "cancelled", financialStatus: "VOIDED" });
  });

  it("warns from 24 hours before the authorisation lapses", async () => {
    const authorisedAt = new Date("2026-11-30T13:00:00.000Z");
    const order = {
      paymentIntentId: "pi_x",
      paymentAuthorisedAt: authorisedAt,
      paymentCapturedCents: null,
      status: "received",
    };
    expect(authorisationWarning(order, new Date("2026-12-06T12:59:00.000Z"))).toBeNull();
    expect(authorisationWarning(order, new Date("2026-12-06T14:00:00.000Z"))).toBe(
      "Autorisation de paiement : expire le lundi 7 décembre à 14h00 — encaissez avant.",
    );
    expect(authorisationWarning(order, new Date("2026-12-07T15:00:00.000Z"))).toBe(
      "Autorisation de paiement expirée depuis le lundi 7 décembre à 14h00 : l'encaissement risque d'être refusé, contactez le client.",
    );
    expect(
      authorisationWarning(
        { ...order, paymentCapturedCents: 100 },
        new Date("2026-12-07T15:00:00.000Z"),
      ),
    ).toBeNull();
    const { id } = await weighedOrder(authorisedAt);
    const detail = await orderDetail(
      database.db,
      { kind: "grocery", id },
      new Date("2026-12-06T14:00:00.000Z"),
    );
    expect(detail?.warning).toBe(
      "Autorisation de paiement : expire le lundi 7 décembre à 14h00 — encaissez avant.",
    );
  });
});
