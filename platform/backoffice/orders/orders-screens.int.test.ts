import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "#db/client.ts";
import { createStaff } from "#platform/backoffice/staff.ts";
import {
  closeTestServer,
  composeSignedInServer,
  createAdminTestDatabase,
  formPost,
  signInStaff,
  type TestRequest,
} from "#platform/backoffice/testing.ts";
import { commerceOrder } from "#platform/commerce/tables.ts";
import { chargeCard, tokenizeCard } from "#platform/payments/index.ts";
import { paymentRefund } from "#platform/payments/tables.ts";

/**
 * The order screens through the composed server: the list and the detail open to operators,
 * closed to editors; status changes from the detail; a refund refused with 403 to an operator
 * (nothing changed) and made by an administrator, shown on the detail as the processor has it.
 */
const ADMIN = { email: "direction@comptoir.test", password: "un mot de passe solide" };
const OPERATOR = { email: "operateur@comptoir.test", password: "un autre mot de passe" };
const EDITOR = { email: "redaction@comptoir.test", password: "encore un mot de passe" };
const NOW = new Date("2026-11-24T09:00:00.000Z");

let database: Database;
let server: Awaited<ReturnType<typeof composeSignedInServer>>;
let request: TestRequest;
let operator: { cookie: string; csrf: string };
let editor: { cookie: string; csrf: string };
let order: { id: number; number: number; chargeId: string };

beforeAll(async () => {
  database = await createAdminTestDatabase(ADMIN);
  await createStaff(database.db, { ...OPERATOR, name: "Opérateur", role: "operator" });
  await createStaff(database.db, { ...EDITOR, name: "Rédaction", role: "editor" });
  const card = await tokenizeCard(
    database.db,
    { number: "4242 4242 4242 4242", expMonth: 12, expYear: 2030, cvc: "123" },
    NOW,
  );
  if (!card.ok) throw new Error(card.message);
  const charged = await chargeCard(
    database.db,
    { token: card.card.token, amountCents: 4250, idempotencyKey: "screen-charge", description: "" },
    NOW,
  );
  if (!charged.ok) throw new Error(charged.message);
  const [row] = await database.db
    .insert(commerceOrder)
    .values({
      statusKey: "key",
      email: "camille@example.com",
      phone: "+33612345678",
      processedAt: NOW,
      financialStatus: "PAID",
      subtotalCents: 4250,
      totalTaxCents: 220,
      totalCents: 4250,
      deliveryMethod: "Retrait au comptoir",
      paymentChargeId: charged.chargeId,
    })
    .returning({ id: commerceOrder.id, number: commerceOrder.orderNumber });
  if (!row) throw new Error("no order");
  order = { ...row, chargeId: charged.chargeId };
  server = await composeSignedInServer(database, ADMIN);
  request = server.request;
  operator = await signInStaff(request, OPERATOR);
  editor = await signInStaff(request, EDITOR);
}, 180_000);

afterAll(() => closeTestServer(server, database));

const detailPath = () => `/middleware/orders/epicerie-${order.id}/`;

function post(session: { cookie: string; csrf: string }, fields: Record<string, string>) {
  return request(
    detailPath(),
    formPost({ ...fields, _csrf: session.csrf }, { cookie: session.cookie }),
  );
}

async function refunds() {
  return database.db.select().from(paymentRefund).where(eq(paymentRefund.chargeId, order.chargeId));
}

describe("the order screens", () => {
  it("list the order for an operator, in French, and stay closed to an editor", async () => {
    const list = await request("/middleware/orders/", { headers: { cookie: operator.cookie } });
    const html = await list.text();
    expect(list.status).toBe(200);
    expect(html).toContain(`n° ${order.number}`);
    expect(html).toContain("Reçue");
    expect(html).toContain("Épicerie");
    const closed = await request("/middleware/orders/", { headers: { cookie: editor.cookie } });
    expect(closed.status).toBe(403);
  });

  it("move the order along from its detail, and refuse a refund to an operator", async () => {
    const moved = await post(operator, { intent: "status", to: "preparing" });
    expect(moved.status).toBe(200);
    expect(await moved.text()).toContain("Statut changé : En préparation.");

    const key = "6f1c2d3e-4a5b-4c6d-8e7f-001122334455";
    const refused = await post(operator, { intent: "refund", amount: "10", key, cancel: "on" });
    expect(refused.status).toBe(403);
    expect(await refunds()).toEqual([]);
    const [row] = await database.db
      .select({ status: commerceOrder.status })
      .from(commerceOrder)
      .where(eq(commerceOrder.id, order.id));
    expect(row?.status).toBe("preparing");
  });

  it("let an administrator cancel with a partial refund, shown on the detail", async () => {
    const key = "0a1b2c3d-4e5f-4a6b-8c7d-8e9fa0b1c2d3";
    const admin = server.session;
    const done = await post(admin, { intent: "refund", amount: "12,50", key, cancel: "on" });
    expect(done.status).toBe(200);
    expect(await done.text()).toContain("Commande annulée, 12,50");
    // The same form sent twice: one refund.
    await post(admin, { intent: "refund", amount: "12,50", key, cancel: "on" });
    expect((await refunds()).map((refund) => refund.amountCents)).toEqual([1250]);
    const page = await (await request(detailPath(), { headers: { cookie: admin.cookie } })).text();
    expect(page).toContain("Annulée");
    expect(page).toMatch(/Remboursé :\s*(<!-- -->)?\s*<span data-testid="refunded">12,50/);
    expect(page).toMatch(/•••• (<!-- -->)?4242/);
  });
});
