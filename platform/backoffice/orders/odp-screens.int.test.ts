import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "#db/client.ts";
import {
  closeTestServer,
  composeSignedInServer,
  createAdminTestDatabase,
} from "#platform/backoffice/testing.ts";
import { orderingCustomer, orderingOrder, orderingStore } from "#platform/ordering/tables.ts";

/** The order preparation screens (odp-list, odp) through the composed server, signed in. */
const EMAIL = "cuisine@comptoir.test";
const PASSWORD = "un mot de passe solide";
const SLOT = "2026-11-24 12:00-13:00";

let server: Awaited<ReturnType<typeof composeSignedInServer>>;
let database: Database;
let storeId: number;
let orderIds: number[];

beforeAll(async () => {
  database = await createAdminTestDatabase({ email: EMAIL, password: PASSWORD });
  const db = database.db;
  const [store] = await db
    .insert(orderingStore)
    .values({ physicalRestaurantId: 9101, name: "Comptoir Haussmann" })
    .returning({ id: orderingStore.id });
  storeId = store?.id ?? 0;
  const [customer] = await db
    .insert(orderingCustomer)
    .values({ phone: "+33612345678", name: "Camille Martin" })
    .returning({ id: orderingCustomer.id });
  const base = {
    storeId,
    customerId: customer?.id ?? 0,
    slotKey: SLOT,
    slotStart: new Date("2026-11-24T11:00:00.000Z"),
    subtotalCents: 1000,
    serviceFeeCents: 50,
    totalCents: 1050,
  };
  const tart = (quantity: number) => ({
    menuItemId: 2,
    name: "Tarte Tatin",
    quantity,
    unitPriceCents: 650,
    options: [{ optionSetItemId: 3, name: "Crème fraîche", priceCents: 0 }],
    lineTotalCents: quantity * 650,
  });
  const rows = await db
    .insert(orderingOrder)
    .values([
      {
        ...base,
        mode: 1,
        deliveryLocation: { address: "3 rue Lafayette", postcode: "75009", city: "Paris" },
        lines: [tart(2)],
        giftWrap: true,
        idempotencyKey: "odp-1",
      },
      { ...base, mode: 2, lines: [tart(3)], idempotencyKey: "odp-2" },
    ])
    .returning({ id: orderingOrder.id });
  orderIds = rows.map((row) => row.id);

  server = await composeSignedInServer(database, { email: EMAIL, password: PASSWORD });
}, 120_000);

afterAll(() => closeTestServer(server, database));

const page = async (path: string) => {
  const response = await server.request(path, { headers: { cookie: server.session.cookie } });
  // React separates adjacent text with empty comments: left out, the text reads as shown.
  return { status: response.status, html: (await response.text()).replaceAll("<!-- -->", "") };
};

describe("the order preparation screens", () => {
  it("lists a day's orders by store and slot, with a link to each sheet", async () => {
    const { status, html } = await page("/middleware/odp-list/?date=2026-11-24");
    expect(status).toBe(200);
    expect(html).toContain("Comptoir Haussmann (2 commandes)");
    expect(html).toContain("Créneau 12:00-13:00");
    expect(html).toContain(`href="/middleware/odp/?order=${orderIds[0]}"`);
    expect(html).toContain("Paquet cadeau");
  });

  it("says so on a day without orders", async () => {
    const { html } = await page("/middleware/odp-list/?date=2026-11-23");
    expect(html).toContain("Aucune commande pour ce jour.");
  });

  it("shows an order's sheet with its lines, customer, address and print hint", async () => {
    const { status, html } = await page(`/middleware/odp/?order=${orderIds[0]}`);
    expect(status).toBe(200);
    expect(html).toContain("Camille Martin");
    expect(html).toContain("+33612345678");
    expect(html).toContain("Livraison : 3 rue Lafayette, 75009 Paris");
    expect(html).toContain("Crème fraîche");
    // The button needs scripts: the server-rendered page names the browser's shortcut instead.
    expect(html).toContain("Pour imprimer : Ctrl+P (⌘+P sur Mac)");
    expect(html).not.toContain("Total à préparer");
  });

  it("adds a slot's quantities up in 'Total à préparer'", async () => {
    const query = new URLSearchParams({ date: "2026-11-24", store: String(storeId), slot: SLOT });
    const { html } = await page(`/middleware/odp/?${query}`);
    expect(html).toContain("Total à préparer");
    expect(html).toMatch(/>5<\/td><td>Tarte Tatin \(Crème fraîche\)</);
    expect(html).toContain("Retrait");
  });

  it("answers 404 for an unknown order", async () => {
    expect((await page("/middleware/odp/?order=999999")).status).toBe(404);
  });
});
