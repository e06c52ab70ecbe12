import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Hono } from "hono";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "#db/client.ts";
import { createTestDatabase } from "#db/testing/index.ts";
import { issueCustomerToken } from "#platform/ordering/index.ts";
import { orderingCustomer, orderingOrder } from "#platform/ordering/tables.ts";
import { pdfTextLines } from "#platform/ordering/testing.ts";
import { seedOrderingFixture } from "#seed/ordering/testing.ts";
import { orderingReceiptLoader, receiptRoutes } from "#server/api/receipts.ts";
import { testEnv } from "#server/test-env.ts";

const NOW = new Date("2026-11-22T09:00:00Z");

let database: Database;
let root: string;
let api: Hono;
let orderId: number;
let orderNumber: number;
let ownerToken: string;
let otherToken: string;

async function newCustomer(phone: string, name: string) {
  const [customer] = await database.db.insert(orderingCustomer).values({ phone, name }).returning();
  if (!customer) throw new Error("no customer");
  const token = await database.db.transaction((tx) => issueCustomerToken(tx, customer.id, NOW));
  return { id: customer.id, token };
}

beforeAll(async () => {
  database = await createTestDatabase();
  root = await mkdtemp(join(tmpdir(), "comptoir-receipts-"));
  await seedOrderingFixture(database.db);
  const owner = await newCustomer("+33612345678", "Camille Martin");
  const other = await newCustomer("+33698765432", "Louis Bernard");
  ownerToken = owner.token;
  otherToken = other.token;
  const [order] = await database.db
    .insert(orderingOrder)
    .values({
      storeId: 1101,
      customerId: owner.id,
      mode: 2,
      slotKey: "2026-11-24 12:00-13:00",
      slotStart: new Date("2026-11-24T11:00:00.000Z"),
      lines: [
        {
          menuItemId: 1003,
          name: "Salade César",
          quantity: 2,
          unitPriceCents: 950,
          options: [],
          lineTotalCents: 1900,
        },
      ],
      subtotalCents: 1900,
      serviceFeeCents: 50,
      totalCents: 1950,
      idempotencyKey: "receipt-route-1",
      createdAt: new Date("2026-11-22T08:15:00.000Z"),
    })
    .returning({ id: orderingOrder.id, orderNumber: orderingOrder.orderNumber });
  orderId = order?.id ?? 0;
  orderNumber = order?.orderNumber ?? 0;

  const env = testEnv({ DATA_DIR: root });
  const deps = { env, database, logger: pino({ level: "silent" }) };
  api = new Hono().route(
    "/api",
    receiptRoutes(deps, { loadReceipt: orderingReceiptLoader(deps, () => NOW) }),
  );
});
afterAll(async () => {
  await rm(root, { recursive: true, force: true });
  await database?.close();
});

function post(body: unknown, headers: Record<string, string> = {}) {
  return api.request("/api/order/receipt", {
    method: "POST",
    headers: { "content-type": "application/json", ...headers },
    body: JSON.stringify(body),
  });
}

describe("receipts of the ordering service", () => {
  it("makes the receipt of the signed-in customer's own order, from the stored order", async () => {
    const res = await post(
      { order: { OrderId: orderId, Amount: 0.01 } },
      { cookie: `tokenId=${encodeURIComponent(ownerToken)}` },
    );
    expect(res.status).toBe(200);
    const { filename } = (await res.json()) as { filename: string };
    const pdf = await api.request(`/api/order/receipt/${filename}`);
    expect(pdf.status).toBe(200);
    const text = pdfTextLines(Buffer.from(await pdf.arrayBuffer()));
    expect(text).toContain(`Commande n° ${orderNumber}`);
    expect(text).toContain("Retrait en magasin");
    expect(text).toContain("Salade César");
    expect(text).toContain("19,50 €");
    expect(text).toContain("mardi 24 novembre 2026, 12h00–13h00");
  });

  it("accepts the ordering API's customer token header", async () => {
    expect((await post({ orderId }, { "x-customer-token": ownerToken })).status).toBe(200);
  });

  it("answers 404 for another customer's order, as for an unknown one", async () => {
    const res = await post({ orderId }, { "x-customer-token": otherToken });
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ success: false, error: "Commande introuvable." });
    expect(
      (await post({ orderId: orderId + 1000 }, { "x-customer-token": ownerToken })).status,
    ).toBe(404);
  });

  it("answers 404 without a valid customer token", async () => {
    expect((await post({ orderId })).status).toBe(404);
    expect((await post({ orderId }, { "x-customer-token": "not-a-token" })).status).toBe(404);
  });
});
