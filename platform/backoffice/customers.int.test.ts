import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "#db/client.ts";
import {
  CustomerGone,
  customerFile,
  eraseCustomer,
  exportCustomer,
  searchCustomers,
  setCustomerDisabled,
} from "#platform/backoffice/customers.ts";
import { adminAuditLog } from "#platform/backoffice/schema.ts";
import {
  closeTestServer,
  composeSignedInServer,
  createAdminTestDatabase,
  formPost,
} from "#platform/backoffice/testing.ts";
import { customerByAccessToken, hashPassword, signIn } from "#platform/commerce/index.ts";
import {
  commerceCustomer,
  commerceCustomerAddress,
  commerceCustomerToken,
  commerceMetafield,
  commerceOrder,
  commerceOrderLine,
  commerceShoppingList,
} from "#platform/commerce/tables.ts";
import { userDocument } from "#platform/documents/tables.ts";
import { queueEmail, queueSms, subscribeToNewsletter } from "#platform/notify/index.ts";
import { notifyNewsletterSubscriber, notifyOutbox } from "#platform/notify/tables.ts";
import { customerForToken, issueCustomerToken } from "#platform/ordering/index.ts";
import {
  orderingCustomer,
  orderingCustomerToken,
  orderingOrder,
  orderingPaymentAccount,
} from "#platform/ordering/tables.ts";
import { insertTestStore } from "#platform/ordering/testing.ts";

/**
 * The customers screen's rules on a real database: a person found by name, email or phone
 * across both kinds of records, their GDPR export, disabling, and erasure (orders kept
 * anonymised, the rest deleted, in one transaction, logged without the personal data).
 */
const EMAIL = "direction@comptoir.test";
const PASSWORD = "un mot de passe solide";
const NOW = new Date("2026-11-20T10:00:00.000Z");
const CAMILLE = "camille.martin@exemple.fr";
const CAMILLE_PHONE = "+33612345678";
const CAMILLE_PASSWORD = "motdepasse123";

let database: Database;
let server: Awaited<ReturnType<typeof composeSignedInServer>>;
let staff: { id: number; email: string; name: string; role: "admin" };
let ids: {
  camille: number;
  camilleOrdering: number;
  jules: number;
  alice: number;
  groceryOrders: number[];
  restaurantOrder: number;
};

async function groceryOrder(
  db: Database["db"],
  values: { customerId: number | null; email: string; total: number; refunded?: number },
) {
  const [order] = await db
    .insert(commerceOrder)
    .values({
      customerId: values.customerId,
      statusKey: `key-${Math.random()}`,
      email: values.email,
      phone: CAMILLE_PHONE,
      processedAt: NOW,
      financialStatus: "PAID",
      subtotalCents: values.total,
      totalTaxCents: Math.round(values.total / 20),
      totalCents: values.total,
      totalRefundedCents: values.refunded ?? 0,
      deliveryMethod: "SHIPPING",
      note: "Digicode 1234, Camille",
      shippingAddress: {
        firstName: "Camille",
        lastName: "Martin",
        company: null,
        address1: "3 rue des Lilas",
        address2: null,
        city: "Paris",
        zip: "75011",
        province: null,
        countryCode: "FR",
        phone: CAMILLE_PHONE,
      },
    })
    .returning({ id: commerceOrder.id });
  if (!order) throw new Error("order not stored");
  await db.insert(commerceOrderLine).values({
    orderId: order.id,
    position: 0,
    title: "Comté 18 mois",
    quantity: 2,
    unitPriceCents: values.total / 2,
    originalTotalCents: values.total,
    discountedTotalCents: values.total,
    taxRateBasisPoints: 550,
  });
  return order.id;
}

beforeAll(async () => {
  database = await createAdminTestDatabase({ email: EMAIL, password: PASSWORD });
  const db = database.db;
  const passwordHash = await hashPassword(CAMILLE_PASSWORD);
  const [camille, alice] = await db
    .insert(commerceCustomer)
    .values([
      {
        email: CAMILLE,
        firstName: "Camille",
        lastName: "Martin",
        phone: CAMILLE_PHONE,
        state: "ENABLED",
        acceptsMarketing: true,
        passwordHash,
      },
      {
        email: "alice.durand@exemple.fr",
        firstName: "Alice",
        lastName: "Durand",
        state: "ENABLED",
      },
    ])
    .returning({ id: commerceCustomer.id });
  if (!camille || !alice) throw new Error("customers not stored");
  await db.insert(commerceCustomerAddress).values({
    customerId: camille.id,
    firstName: "Camille",
    lastName: "Martin",
    address1: "3 rue des Lilas",
    city: "Paris",
    zip: "75011",
  });
  await db
    .insert(commerceShoppingList)
    .values({ customerId: camille.id, title: "Apéro", items: ["gid://shopify/Product/1"] });
  await db.insert(commerceMetafield).values({
    ownerType: "CUSTOMER",
    ownerId: camille.id,
    namespace: "custom",
    key: "wishlist",
    type: "list.product_reference",
    value: JSON.stringify(["gid://shopify/Product/2", "gid://shopify/Product/3"]),
  });
  await db.insert(userDocument).values({
    key: `user/${camille.id}-bookmarks`,
    ownerCustomerId: camille.id,
    rev: "1-0123456789abcdef0123456789abcdef",
    body: { ids: ["gid://shopify/Product/2"] },
  });
  const groceryOrders = [
    await groceryOrder(db, { customerId: camille.id, email: CAMILLE, total: 4200, refunded: 500 }),
    // A guest order with the same email is hers too.
    await groceryOrder(db, { customerId: null, email: CAMILLE, total: 1800 }),
  ];
  await groceryOrder(db, { customerId: alice.id, email: "alice.durand@exemple.fr", total: 998 });

  const store = await insertTestStore(db, {
    physicalRestaurantId: 9301,
    name: "Comptoir Bastille",
  });
  const [camilleOrdering, jules] = await db
    .insert(orderingCustomer)
    .values([
      { phone: CAMILLE_PHONE, name: "Camille M.", smsPromotionsEnabled: true },
      { phone: "+33698765432", name: "Jules Bernard", email: "jules@exemple.fr" },
    ])
    .returning({ id: orderingCustomer.id });
  if (!camilleOrdering || !jules) throw new Error("ordering customers not stored");
  await db.insert(orderingPaymentAccount).values({
    customerId: camilleOrdering.id,
    cardToken: "tok_secret_visa",
    brand: "Visa",
    last4: "4242",
    expMonth: 12,
    expYear: 2030,
  });
  const [restaurantOrder] = await db
    .insert(orderingOrder)
    .values({
      storeId: store.store.id,
      customerId: camilleOrdering.id,
      mode: 1,
      slotKey: "2026-11-19 12:00-13:00",
      slotStart: new Date("2026-11-19T11:00:00.000Z"),
      deliveryLocation: { address: "3 rue des Lilas", postcode: "75011", city: "Paris" },
      lines: [
        {
          menuItemId: 1,
          name: "Croque-monsieur",
          quantity: 1,
          unitPriceCents: 1250,
          options: [],
          lineTotalCents: 1250,
        },
      ],
      subtotalCents: 1250,
      serviceFeeCents: 0,
      totalCents: 1640,
      idempotencyKey: "camille-1",
    })
    .returning({ id: orderingOrder.id });
  if (!restaurantOrder) throw new Error("order not stored");
  await db.transaction((tx) => issueCustomerToken(tx, camilleOrdering.id, NOW));

  await queueEmail(db, {
    kind: "order_confirmation",
    to: CAMILLE,
    subject: "Votre commande",
    text: "Bonjour Camille, merci pour votre commande livrée au 3 rue des Lilas.",
    html: "<p>Bonjour Camille</p>",
  });
  await queueSms(db, { kind: "phone_code", to: CAMILLE_PHONE, text: "Votre code : 123456" });
  await queueEmail(db, {
    kind: "activation",
    to: "alice.durand@exemple.fr",
    subject: "Activez votre compte",
    text: "Bonjour Alice",
    html: "<p>Bonjour Alice</p>",
  });
  await subscribeToNewsletter(db, CAMILLE);
  await subscribeToNewsletter(db, "alice.durand@exemple.fr");

  // Enough other people for a second page.
  await db.insert(commerceCustomer).values(
    Array.from({ length: 30 }, (_, i) => ({
      email: `client${i}@pagination.test`,
      firstName: "Client",
      lastName: `Pagination ${i}`,
    })),
  );

  ids = {
    camille: camille.id,
    camilleOrdering: camilleOrdering.id,
    jules: jules.id,
    alice: alice.id,
    groceryOrders,
    restaurantOrder: restaurantOrder.id,
  };
  server = await composeSignedInServer(database, { email: EMAIL, password: PASSWORD });
  staff = { id: 1, email: EMAIL, name: "Administrateur", role: "admin" };
}, 120_000);

afterAll(() => closeTestServer(server, database));

describe("search", () => {
  it("finds a person by name, email or phone, both kinds of records together", async () => {
    for (const query of [
      "camille",
      "MARTIN",
      "camille.martin@",
      "06 12 34 56 78",
      "+33612345678",
    ]) {
      const { entries } = await searchCustomers(database.db, query, 1);
      expect(
        entries.map((entry) => entry.ref),
        query,
      ).toEqual([`c${ids.camille}`]);
      expect(entries[0]?.ordering.map((customer) => customer.id)).toEqual([ids.camilleOrdering]);
    }
  });

  it("finds an ordering customer who has no account on their own", async () => {
    const { entries } = await searchCustomers(database.db, "0698765432", 1);
    expect(entries.map((entry) => [entry.ref, entry.name, entry.commerce])).toEqual([
      [`o${ids.jules}`, "Jules Bernard", null],
    ]);
  });

  it("pages by 25", async () => {
    const first = await searchCustomers(database.db, "pagination", 1);
    const second = await searchCustomers(database.db, "pagination", 2);
    expect([first.entries.length, first.hasNext]).toEqual([25, true]);
    expect([second.entries.length, second.hasNext]).toEqual([5, false]);
  });

  it("opens the same person from the ordering record", async () => {
    const file = await customerFile(database.db, { kind: "ordering", id: ids.camilleOrdering });
    expect(file?.ref).toBe(`c${ids.camille}`);
    expect(file?.commerce?.orders.map((order) => order.id).sort()).toEqual(
      [...ids.groceryOrders].sort(),
    );
    expect(file?.ordering[0]?.cards).toEqual([
      { id: expect.any(Number), brand: "Visa", last4: "4242", expMonth: 12, expYear: 2030 },
    ]);
    expect(file?.newsletter).toBe(true);
  });
});

describe("export", () => {
  it("holds both modules' records, messages and the newsletter, never secrets; it is logged", async () => {
    const data = await exportCustomer(
      database.db,
      staff,
      { kind: "commerce", id: ids.camille },
      NOW,
    );
    const text = JSON.stringify(data);
    expect(data?.commerce?.account.email).toBe(CAMILLE);
    expect(data?.commerce?.addresses).toHaveLength(1);
    expect(data?.commerce?.shoppingLists.map((list) => list.title)).toEqual(["Apéro"]);
    expect(data?.commerce?.metafields.map((field) => field.key)).toEqual(["wishlist"]);
    expect(data?.commerce?.orders.map((order) => order.lines.map((line) => line.title))).toEqual([
      ["Comté 18 mois"],
      ["Comté 18 mois"],
    ]);
    expect(data?.savedDocuments.map((document) => document.key)).toEqual([
      `user/${ids.camille}-bookmarks`,
    ]);
    expect(data?.ordering[0]?.orders.map((order) => order.totalCents)).toEqual([1640]);
    expect(data?.ordering[0]?.cards.map((card) => card.last4)).toEqual(["4242"]);
    expect(data?.messages.map((message) => message.kind).sort()).toEqual([
      "order_confirmation",
      "phone_code",
    ]);
    expect(data?.newsletter.map((row) => row.email)).toEqual([CAMILLE]);
    expect(text).not.toContain("scrypt$");
    expect(text).not.toContain("tok_secret_visa");
    expect(text).not.toContain("Alice");
    const [line] = await database.db
      .select()
      .from(adminAuditLog)
      .where(eq(adminAuditLog.action, "export"));
    expect(line?.subjectId).toBe(`c${ids.camille}`);
    expect(JSON.stringify(line)).not.toContain(CAMILLE);
  });
});

describe("disabling", () => {
  it("stops both sign-ins and ends the sessions; enabling lets the person in again", async () => {
    const db = database.db;
    const before = await signIn(db, { email: CAMILLE, password: CAMILLE_PASSWORD }, NOW);
    if (!before.ok) throw new Error("sign-in refused");
    const token = before.value.token.accessToken;
    expect(await customerByAccessToken(db, token, NOW)).not.toBeNull();

    await setCustomerDisabled(db, staff, { kind: "commerce", id: ids.camille }, true, NOW);
    expect(await customerByAccessToken(db, token, NOW)).toBeNull();
    const refused = await signIn(db, { email: CAMILLE, password: CAMILLE_PASSWORD }, NOW);
    expect(refused.ok ? null : refused.errors.map((e) => [e.code, e.message])).toEqual([
      [
        "CUSTOMER_DISABLED",
        "Connexion impossible avec ce compte. Contactez la boutique pour en savoir plus.",
      ],
    ]);
    // A wrong password still says only that the credentials are wrong.
    const wrong = await signIn(db, { email: CAMILLE, password: "pas le bon" }, NOW);
    expect(wrong.ok ? null : wrong.errors[0]?.code).toBe("UNIDENTIFIED_CUSTOMER");
    expect(
      await db
        .select()
        .from(orderingCustomerToken)
        .where(eq(orderingCustomerToken.customerId, ids.camilleOrdering)),
    ).toEqual([]);
    const ordering = await db.transaction((tx) => issueCustomerToken(tx, ids.camilleOrdering, NOW));
    expect(await customerForToken(db, ordering, NOW)).toBeNull();

    await setCustomerDisabled(db, staff, { kind: "commerce", id: ids.camille }, false, NOW);
    expect((await signIn(db, { email: CAMILLE, password: CAMILLE_PASSWORD }, NOW)).ok).toBe(true);
    expect((await customerForToken(db, ordering, NOW))?.id).toBe(ids.camilleOrdering);
    const lines = await db
      .select({ action: adminAuditLog.action })
      .from(adminAuditLog)
      .where(eq(adminAuditLog.subjectType, "customer"));
    expect(lines.map((line) => line.action)).toEqual(["export", "disable", "enable"]);
  });
});

describe("the screens", () => {
  it("lists, exports as a file and refuses an erasure without the right confirmation", async () => {
    const headers = { cookie: server.session.cookie };
    const list = await (
      await server.request("/middleware/customers/?q=camille", { headers })
    ).text();
    expect(list).toContain(`/middleware/customers/c${ids.camille}/`);
    expect(list).toContain("Compte boutique + Restauration (téléphone)");

    const page = await (
      await server.request(`/middleware/customers/c${ids.camille}/`, { headers })
    ).text();
    expect(page).toContain("Visa se terminant par 4242");
    expect(page).toContain("Liste « Apéro » : 1 produit");
    expect(page).toContain(`/middleware/orders/?q=`);

    const exported = await server.request(
      `/middleware/customers/c${ids.camille}/export/`,
      formPost({ _csrf: server.session.csrf }, headers),
    );
    expect(exported.status).toBe(200);
    expect(exported.headers.get("content-disposition")).toContain("attachment");
    expect((await exported.json()).commerce.account.email).toBe(CAMILLE);

    const noCsrf = await server.request(
      `/middleware/customers/c${ids.camille}/export/`,
      formPost({}, headers),
    );
    expect(noCsrf.status).toBe(403);

    const refused = await server.request(
      `/middleware/customers/c${ids.camille}/`,
      formPost(
        { _csrf: server.session.csrf, intent: "erase", confirmation: "alice.durand@exemple.fr" },
        headers,
      ),
    );
    expect(await refused.text()).toContain("Rien n&#x27;a été effacé.");
    expect(
      await database.db.select().from(commerceCustomer).where(eq(commerceCustomer.id, ids.camille)),
    ).toHaveLength(1);
  });
});

describe("erasure", () => {
  it("keeps the orders anonymised for the accounts and deletes the rest, in one go", async () => {
    const db = database.db;
    const summary = await eraseCustomer(db, staff, { kind: "commerce", id: ids.camille }, NOW);
    expect(summary).toMatchObject({
      anonymisedGroceryOrders: 2,
      anonymisedRestaurantOrders: 1,
      deletedDocuments: 1,
      erasedMessages: 2,
      deletedNewsletterSubscriptions: 1,
    });

    // Gone: the account and everything hanging from it.
    expect(
      await db.select().from(commerceCustomer).where(eq(commerceCustomer.id, ids.camille)),
    ).toEqual([]);
    for (const table of [commerceCustomerAddress, commerceCustomerToken, commerceShoppingList]) {
      expect(await db.select().from(table).where(eq(table.customerId, ids.camille))).toEqual([]);
    }
    expect(
      await db.select().from(commerceMetafield).where(eq(commerceMetafield.ownerId, ids.camille)),
    ).toEqual([]);
    expect(await db.select().from(userDocument)).toEqual([]);
    expect(
      await db
        .select()
        .from(orderingPaymentAccount)
        .where(eq(orderingPaymentAccount.customerId, ids.camilleOrdering)),
    ).toEqual([]);
    expect((await db.select().from(notifyNewsletterSubscriber)).map((row) => row.email)).toEqual([
      "alice.durand@exemple.fr",
    ]);

    // Kept: the orders, their amounts, lines and dates, without who placed them.
    const orders = await db.select().from(commerceOrder).orderBy(commerceOrder.id);
    const kept = orders.filter((order) => ids.groceryOrders.includes(order.id));
    expect(
      kept.map((order) => [
        order.customerId,
        order.email,
        order.phone,
        order.note,
        order.shippingAddress?.lastName,
        order.shippingAddress?.address1,
        order.shippingAddress?.countryCode,
        order.totalCents,
        order.totalRefundedCents,
        order.processedAt.toISOString(),
      ]),
    ).toEqual([
      [null, null, null, null, "effacé", "effacé", "FR", 4200, 500, NOW.toISOString()],
      [null, null, null, null, "effacé", "effacé", "FR", 1800, 0, NOW.toISOString()],
    ]);
    expect(
      await db.select({ title: commerceOrderLine.title }).from(commerceOrderLine),
    ).toHaveLength(3);
    // Alice's order is untouched.
    expect(orders.find((order) => order.customerId === ids.alice)?.email).toBe(
      "alice.durand@exemple.fr",
    );

    const [restaurant] = await db
      .select()
      .from(orderingOrder)
      .where(eq(orderingOrder.id, ids.restaurantOrder));
    expect([
      restaurant?.deliveryLocation?.address,
      restaurant?.totalCents,
      restaurant?.lines[0]?.name,
    ]).toEqual(["effacé", 1640, "Croque-monsieur"]);
    const [anchor] = await db
      .select()
      .from(orderingCustomer)
      .where(eq(orderingCustomer.id, ids.camilleOrdering));
    expect([anchor?.phone, anchor?.name, anchor?.email, anchor?.erasedAt?.toISOString()]).toEqual([
      `erased:${ids.camilleOrdering}`,
      null,
      null,
      NOW.toISOString(),
    ]);

    // Messages keep that they were sent, not to whom nor what; others are untouched.
    const messages = await db.select().from(notifyOutbox).orderBy(notifyOutbox.seq);
    expect(
      messages.map((message) => [message.kind, message.to, message.text, message.status]),
    ).toEqual([
      ["order_confirmation", "effacé", "(contenu effacé)", "erased"],
      ["phone_code", "effacé", "(contenu effacé)", "erased"],
      ["activation", "alice.durand@exemple.fr", "Bonjour Alice", "pending"],
    ]);

    // Nobody is left to find, and the log names records, not people.
    expect((await searchCustomers(db, "camille", 1)).entries).toEqual([]);
    expect((await searchCustomers(db, "0612345678", 1)).entries).toEqual([]);
    const [line] = await db.select().from(adminAuditLog).where(eq(adminAuditLog.action, "erase"));
    expect(line?.subjectId).toBe(`c${ids.camille}`);
    expect(JSON.stringify(line)).not.toMatch(/camille|martin|0612|33612/i);

    await expect(
      eraseCustomer(db, staff, { kind: "commerce", id: ids.camille }, NOW),
    ).rejects.toBeInstanceOf(CustomerGone);
  });

  it("of two staff erasing at once, one erases and the other is told", async () => {
    const db = database.db;
    const [jules] = await db
      .select()
      .from(orderingCustomer)
      .where(eq(orderingCustomer.id, ids.jules));
    expect(jules?.erasedAt).toBeNull();
    const results = await Promise.allSettled([
      eraseCustomer(db, staff, { kind: "ordering", id: ids.jules }, NOW),
      eraseCustomer(db, staff, { kind: "ordering", id: ids.jules }, NOW),
    ]);
    expect(results.filter((result) => result.status === "fulfilled")).toHaveLength(1);
    const rejected = results.find((result) => result.status === "rejected");
    expect(rejected?.status === "rejected" && rejected.reason).toBeInstanceOf(CustomerGone);
    const lines = await db
      .select()
      .from(adminAuditLog)
      .where(eq(adminAuditLog.subjectId, `o${ids.jules}`));
    expect(lines).toHaveLength(1);
  });
});
