import type { AddressInfo } from "node:net";
import { OrdersApi, Reject } from "@flipdish/api-client-typescript";
import { type ServerType, serve } from "@hono/node-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "#db/client.ts";
import { createTestDatabase } from "#db/testing/index.ts";
import {
  changeOrderStatus,
  ORDER_API_ACTOR,
  orderActionsForApi,
  orderDetail,
} from "#platform/backoffice/index.ts";
import { listOutbox } from "#platform/notify/index.ts";
import { createOrderingApi } from "#platform/ordering/index.ts";
import { orderingCustomer, orderingOrder } from "#platform/ordering/tables.ts";
import { chargeCard, tokenizeCard } from "#platform/payments/index.ts";
import { seedOrderingFixture } from "#seed/ordering/testing.ts";

/**
 * Conformance: Flipdish's own client (`@flipdish/api-client-typescript`'s `OrdersApi`), over real
 * HTTP, accepts, rejects, dispatches and refunds restauration orders unchanged; each action goes
 * through the order screen's flow (platform/backoffice/orders/order-actions.ts): the flow's rules, the order's
 * history, the customer's email and SMS, the processor's refunds.
 */
const TOKEN = "test-ordering-api-token";
const HAUSSMANN = 1101;
const NOW = new Date("2026-11-24T09:00:00.000Z");

let database: Database;
let server: ServerType;
let orders: OrdersApi;
let anonymous: OrdersApi;
let inserted = 0;

beforeAll(async () => {
  database = await createTestDatabase();
  await seedOrderingFixture(database.db);
  // The service as the server builds it (server/platform.ts), on the back office's flow.
  const app = createOrderingApi({
    db: database.db,
    apiToken: TOKEN,
    whiteLabel: "comptoir",
    publicOrigin: "http://shop.test",
    orderActions: orderActionsForApi(database.db),
    now: () => NOW,
  });
  const port = await new Promise<number>((resolve) => {
    server = serve({ fetch: app.fetch, port: 0, hostname: "127.0.0.1" }, (info: AddressInfo) =>
      resolve(info.port),
    );
  });
  orders = new OrdersApi(`http://127.0.0.1:${port}/ordering`);
  orders.accessToken = TOKEN;
  anonymous = new OrdersApi(`http://127.0.0.1:${port}/ordering`);
});
afterAll(async () => {
  await new Promise((resolve) => (server ? server.close(resolve) : resolve(undefined)));
  await database?.close();
});

/** A placed restauration order of its own customer (so its messages are its own), paid by card. */
async function placedOrder(mode: 1 | 2 = 1) {
  const n = ++inserted;
  const email = `client-${n}@example.com`;
  const phone = `+3361234${String(5600 + n).padStart(4, "0")}`;
  const card = await tokenizeCard(
    database.db,
    { number: "4242 4242 4242 4242", expMonth: 12, expYear: 2030, cvc: "123" },
    NOW,
  );
  if (!card.ok) throw new Error(card.message);
  const charge = await chargeCard(
    database.db,
    { token: card.card.token, amountCents: 3450, idempotencyKey: `charge-${n}`, description: "" },
    NOW,
  );
  if (!charge.ok) throw new Error(charge.message);
  const [customer] = await database.db
    .insert(orderingCustomer)
    .values({ phone, email, name: "Camille Martin" })
    .returning();
  const [order] = await database.db
    .insert(orderingOrder)
    .values({
      storeId: HAUSSMANN,
      customerId: customer?.id ?? 0,
      mode,
      slotKey: "2026-11-24 12:00-13:00",
      slotStart: new Date("2026-11-24T11:00:00.000Z"),
      deliveryLocation:
        mode === 1 ? { address: "3 rue Lafayette", postcode: "75009", city: "Paris" } : null,
      lines: [],
      subtotalCents: 3400,
      serviceFeeCents: 50,
      totalCents: 3450,
      chargeId: charge.chargeId,
      idempotencyKey: `order-${n}`,
    })
    .returning({ id: orderingOrder.id });
  return { id: order?.id ?? 0, email, phone };
}

const detail = async (id: number) => {
  const found = await orderDetail(database.db, { kind: "restaurant", id });
  if (!found) throw new Error("no order");
  return found;
};

const messagesTo = (to: string) => listOutbox(database.db, { to, limit: 500 });

/** What a refused call answered: the client rejects with `{ response, body }`. */
async function refusal(call: Promise<unknown>) {
  try {
    await call;
  } catch (error) {
    const { response, body } = error as { response: { statusCode: number }; body: unknown };
    return { status: response.statusCode, body };
  }
  throw new Error("the call was not refused");
}

describe("acceptOrder", () => {
  it("accepts a placed order: history with the announced time, the customer told", async () => {
    const order = await placedOrder();
    const { response, body } = await orders.acceptOrder(order.id, {
      EstimatedMinutesForDelivery: 25,
    });
    expect(response.statusCode).toBe(200);
    expect(body).toBeUndefined();
    const read = await orders.getOrderById(order.id);
    expect(read.body.Data?.OrderState).toBe("Accepted");
    const { history } = await detail(order.id);
    expect(history).toMatchObject([
      {
        action: "status",
        fromStatus: "Placed",
        toStatus: "Accepted",
        staffEmail: ORDER_API_ACTOR.email,
        note: "Délai annoncé : 25 min",
        at: NOW,
      },
    ]);
    expect((await messagesTo(order.email)).map((m) => m.kind)).toEqual(["order-status"]);
    expect((await messagesTo(order.phone)).map((m) => m.kind)).toEqual(["order-status"]);
  });

  it("refuses an order out of its flow in Flipdish's error shape, changing nothing", async () => {
    const order = await placedOrder();
    await orders.rejectOrder(order.id, { RejectReason: Reject.RejectReasonEnum.TooBusy });
    expect(await refusal(orders.acceptOrder(order.id, {}))).toEqual({
      status: 409,
      body: {
        Success: false,
        Code: "invalid_transition",
        UserMessage: "Impossible de passer cette commande de « Refusée » à « Acceptée ».",
      },
    });
    expect((await detail(order.id)).order.status).toBe("Rejected");
    expect((await detail(order.id)).history).toHaveLength(1);
  });

  it("answers 404 for an unknown order and 401 without the admin credential", async () => {
    expect(await refusal(orders.acceptOrder(999_999, {}))).toMatchObject({
      status: 404,
      body: { Success: false, Code: "not_found" },
    });
    const order = await placedOrder();
    expect(await refusal(anonymous.acceptOrder(order.id, {}))).toMatchObject({
      status: 401,
      body: { Success: false, Code: "unauthorized" },
    });
    expect((await detail(order.id)).order.status).toBe("Placed");
  });
});

describe("rejectOrder", () => {
  it("rejects with Flipdish's reason, written in the history in French", async () => {
    const order = await placedOrder();
    const { response } = await orders.rejectOrder(order.id, {
      RejectReason: Reject.RejectReasonEnum.FoodUnavailable,
    });
    expect(response.statusCode).toBe(200);
    const { order: row, history } = await detail(order.id);
    expect(row.status).toBe("Rejected");
    expect(history).toMatchObject([
      { fromStatus: "Placed", toStatus: "Rejected", note: "Motif : produit indisponible" },
    ]);
    expect(await messagesTo(order.email)).toHaveLength(1);
  });

  it("tells the customer nothing with DoNotNotifyCustomer", async () => {
    const order = await placedOrder();
    await orders.rejectOrder(order.id, {
      RejectReason: Reject.RejectReasonEnum.TooBusy,
      DoNotNotifyCustomer: true,
    });
    expect((await detail(order.id)).order.status).toBe("Rejected");
    expect(await messagesTo(order.email)).toEqual([]);
    expect(await messagesTo(order.phone)).toEqual([]);
  });

  it("refuses an unknown reason with 400 and changes nothing", async () => {
    const order = await placedOrder();
    const wrong = { RejectReason: "Bored" } as unknown as Reject;
    expect(await refusal(orders.rejectOrder(order.id, wrong))).toMatchObject({
      status: 400,
      body: { Success: false, Code: "bad_request", Field: "RejectReason" },
    });
    expect((await detail(order.id)).order.status).toBe("Placed");
  });
});

describe("dispatchOrder", () => {
  it("dispatches a ready delivery order, and refuses one that is not ready", async () => {
    const order = await placedOrder();
    expect(await refusal(orders.dispatchOrder(order.id))).toEqual({
      status: 409,
      body: {
        Success: false,
        Code: "invalid_transition",
        UserMessage: "Impossible de passer cette commande de « Reçue » à « En livraison ».",
      },
    });
    await orders.acceptOrder(order.id, {});
    // The store marks it ready from the order screen: both paths meet in one flow.
    const ref = { kind: "restaurant" as const, id: order.id };
    expect(await changeOrderStatus(database.db, ORDER_API_ACTOR, ref, "Ready", NOW)).toEqual({
      ok: true,
    });
    const { response } = await orders.dispatchOrder(order.id);
    expect(response.statusCode).toBe(200);
    const { order: row, history } = await detail(order.id);
    expect(row.status).toBe("Dispatched");
    expect(history.map((event) => event.toStatus)).toEqual(["Accepted", "Ready", "Dispatched"]);
    expect(await messagesTo(order.email)).toHaveLength(3);
  });

  it("refuses to dispatch a pickup order: it is collected, never delivered", async () => {
    const order = await placedOrder(2);
    await orders.acceptOrder(order.id, {});
    const ref = { kind: "restaurant" as const, id: order.id };
    await changeOrderStatus(database.db, ORDER_API_ACTOR, ref, "Ready", NOW);
    expect(await refusal(orders.dispatchOrder(order.id))).toMatchObject({
      status: 409,
      body: { Code: "invalid_transition" },
    });
    expect((await detail(order.id)).order.status).toBe("Ready");
  });
});

describe("refundOrder", () => {
  it("refunds part of the payment through the processor, logged and told", async () => {
    const order = await placedOrder();
    const { response } = await orders.refundOrder(order.id, {
      RefundAmount: 10.5,
      NotifyCustomer: true,
      RefundReason: "Plat manquant",
    });
    expect(response.statusCode).toBe(200);
    const { order: row, payment, history } = await detail(order.id);
    expect(row.status).toBe("Placed");
    expect(payment).toMatchObject({ amountCents: 3450, refundedCents: 1050 });
    expect(payment?.refunds).toMatchObject([{ amountCents: 1050, reason: "Plat manquant" }]);
    expect(history).toMatchObject([
      { action: "refund", amountCents: 1050, staffEmail: ORDER_API_ACTOR.email },
    ]);
    expect((await messagesTo(order.email)).map((m) => m.kind)).toEqual(["order-refund"]);
    expect((await messagesTo(order.phone)).map((m) => m.kind)).toEqual(["order-refund"]);
  });

  it("never refunds more than is left, and refunds once per Idempotency-Key", async () => {
    const order = await placedOrder();
    const once = { headers: { "Idempotency-Key": "caisse-42" } };
    await orders.refundOrder(order.id, { RefundAmount: 20, NotifyCustomer: false }, once);
    await orders.refundOrder(order.id, { RefundAmount: 20, NotifyCustomer: false }, once);
    expect((await detail(order.id)).payment?.refundedCents).toBe(2000);
    expect(
      await refusal(orders.refundOrder(order.id, { RefundAmount: 14.51, NotifyCustomer: false })),
    ).toEqual({
      status: 400,
      body: {
        Success: false,
        Code: "refund_refused",
        Reason: "exceeds",
        UserMessage: "Le remboursement dépasse ce qui reste à rembourser sur ce paiement.",
      },
    });
    await orders.refundOrder(order.id, { RefundAmount: 14.5, NotifyCustomer: false });
    const { payment, history } = await detail(order.id);
    expect(payment?.refundedCents).toBe(3450);
    expect(history.map((event) => event.amountCents)).toEqual([2000, 1450]);
    // NotifyCustomer false: not a word to the customer.
    expect(await messagesTo(order.email)).toEqual([]);
  });

  it("needs the admin credential and a refund in whole cents", async () => {
    const order = await placedOrder();
    expect(
      await refusal(anonymous.refundOrder(order.id, { RefundAmount: 5, NotifyCustomer: true })),
    ).toMatchObject({ status: 401, body: { Code: "unauthorized" } });
    expect(
      await refusal(orders.refundOrder(order.id, { RefundAmount: 0.005, NotifyCustomer: true })),
    ).toMatchObject({ status: 400, body: { Code: "bad_request", Field: "RefundAmount" } });
    expect(
      await refusal(orders.refundOrder(order.id, { RefundAmount: -5, NotifyCustomer: true })),
    ).toMatchObject({ status: 400, body: { Code: "bad_request", Field: "RefundAmount" } });
    const { payment, history } = await detail(order.id);
    expect(payment?.refundedCents).toBe(0);
    expect(history).toEqual([]);
    expect(await messagesTo(order.email)).toEqual([]);
  });
});
