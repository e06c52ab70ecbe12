import type { Hono } from "hono";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "#db/client.ts";
import { createTestDatabase } from "#db/testing/index.ts";
import { customerByAccessToken, hashPassword, signIn, toGid } from "#platform/commerce/index.ts";
import { commerceCustomer, commerceProduct } from "#platform/commerce/tables.ts";
import { readDocument } from "#platform/documents/index.ts";
import { apiTestApp, apiTestEnv } from "#server/api/testing.ts";

const env = apiTestEnv;
const PASSWORD = "motdepasse-1";

let database: Database;
let app: Hono;
type Customer = { id: number; token: string };
let marie: Customer;
let paul: Customer;
let products: number[];

/** Two enabled customers, signed in (one password hash, to keep the test quick). */
async function seedCustomers(db: Database["db"]) {
  const passwordHash = await hashPassword(PASSWORD);
  await db.insert(commerceCustomer).values([
    { email: "marie@example.com", passwordHash, state: "ENABLED" },
    { email: "paul@example.com", passwordHash, state: "ENABLED" },
  ]);
  const signedIn = async (email: string): Promise<Customer> => {
    const outcome = await signIn(db, { email, password: PASSWORD }, new Date());
    if (!outcome.ok) throw new Error(`cannot sign ${email} in`);
    return { id: outcome.value.customer.id, token: outcome.value.token.accessToken };
  };
  return Promise.all([signedIn("marie@example.com"), signedIn("paul@example.com")]);
}

// biome-ignore lint/suspicious/noExplicitAny: answers are read loosely, the assertions check them
type Answer = { status: number; body: Record<string, unknown> & { response?: any } };

async function call(
  method: string,
  path: string,
  options: { customer?: Customer; via?: "cookie" | "bearer"; body?: unknown } = {},
): Promise<Answer> {
  const headers: Record<string, string> = { "Content-Type": "application/json" };
  if (options.customer) {
    if (options.via === "bearer") headers.Authorization = `Bearer ${options.customer.token}`;
    else headers.Cookie = `customerAccessToken=${options.customer.token}`;
  }
  const response = await app.fetch(
    new Request(`http://shop.test${path}`, {
      method,
      headers,
      body:
        options.body === undefined
          ? undefined
          : typeof options.body === "string"
            ? options.body
            : JSON.stringify(options.body),
    }),
  );
  return { status: response.status, body: (await response.json()) as Answer["body"] };
}

const post = (path: string, customer: Customer | undefined, body: unknown) =>
  call("POST", `/api/shopify/${path}`, { customer, body });

beforeAll(async () => {
  database = await createTestDatabase();
  [marie, paul] = (await seedCustomers(database.db)) as [Customer, Customer];
  const rows = await database.db
    .insert(commerceProduct)
    .values([
      { handle: "comte", title: "Comté", priceMinCents: 1250, availableForSale: true },
      { handle: "brie", title: "Brie", priceMinCents: 890, availableForSale: true },
      { handle: "ancien", title: "Ancien", archived: true, tags: ["Archive"] },
    ])
    .returning();
  products = rows.map((row) => row.id);
  app = apiTestApp(env, database);
}, 60_000);

afterAll(async () => {
  await database.close();
});

describe("the session of the own routes", () => {
  it("answers 401 without a session, or with an unknown token", async () => {
    expect(await post("update-wishlist", undefined, { wishlist: [] })).toEqual({
      status: 401,
      body: { success: false, error: "unauthorized" },
    });
    const stranger = { id: 0, token: "not-a-token" };
    expect(
      (await call("GET", `/api/db/user/${marie.id}-bookmarks`, { customer: stranger })).status,
    ).toBe(401);
    expect((await call("PUT", "/api/db/cart/1", { customer: stranger, body: {} })).status).toBe(
      401,
    );
  });

  it("accepts the cookie and a bearer token", async () => {
    const byCookie = await post("update-wishlist", marie, { wishlist: [] });
    expect(byCookie.status).toBe(200);
    const byBearer = await call("POST", "/api/shopify/update-wishlist", {
      customer: marie,
      via: "bearer",
      body: { wishlist: [] },
    });
    expect(byBearer.status).toBe(200);
  });
});

describe("POST /api/shopify/update-wishlist", () => {
  it("stores the wishlist as product GIDs in the customer's metafield", async () => {
    const answer = await post("update-wishlist", marie, {
      customerId: marie.id,
      wishlist: [products[0], String(products[1]), toGid("Product", products[0] ?? 0)],
    });
    expect(answer).toEqual({
      status: 200,
      body: {
        success: true,
        response: {
          wishlist: [toGid("Product", products[0] ?? 0), toGid("Product", products[1] ?? 0)],
        },
      },
    });
    expect(await customerByAccessToken(database.db, marie.token, new Date())).not.toBeNull();
  });

  it("refuses another customer's id with 403 and a bad body with 400, changing nothing", async () => {
    expect(await post("update-wishlist", paul, { customerId: marie.id, wishlist: [] })).toEqual({
      status: 403,
      body: { success: false, error: "forbidden" },
    });
    const bad = await post("update-wishlist", marie, { wishlist: ["fromage"] });
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({ success: false, error: "wishlist.0: not a product id" });
    const unknownField = await post("update-wishlist", marie, { wishlist: [], extra: 1 });
    expect(unknownField.status).toBe(400);
    const notJson = await post("update-wishlist", marie, "{");
    expect(notJson.status).toBe(400);
  });
});

describe("shopping lists", () => {
  it("creates, adds, removes, reads and deletes a customer's own lists", async () => {
    const created = await post("create-shopping-list", marie, {
      customerId: `gid://shopify/Customer/${marie.id}`,
      shoppingList: [],
      productID: String(products[0]),
      title: "Apéritif",
    });
    expect(created.status).toBe(200);
    const list = created.body.response.shoppingList;
    expect(list).toEqual({
      id: expect.any(Number),
      title: "Apéritif",
      items: [toGid("Product", products[0] ?? 0)],
    });
    expect(created.body.response.shoppingLists).toEqual([list.id]);

    const added = await post("add-product-to-shopping-list", marie, {
      listId: list.id,
      productsId: [products[1], products[2], products[0]],
    });
    expect(added.body.response.shoppingList.items).toEqual(
      [products[0], products[1], products[2]].map((id) => toGid("Product", id ?? 0)),
    );
    const removed = await post("add-product-to-shopping-list", marie, {
      listId: list.id,
      productsId: products[1],
      remove: true,
    });
    expect(removed.body.response.shoppingList.items).toEqual(
      [products[0], products[2]].map((id) => toGid("Product", id ?? 0)),
    );

    const read = await post("get-shopping-list", marie, { ids: [list.id] });
    expect(read.body.response.shoppingLists).toEqual([
      {
        ...removed.body.response.shoppingList,
        // The archived product stays in the list but is not shown.
        products: [
          {
            id: toGid("Product", products[0] ?? 0),
            handle: "comte",
            title: "Comté",
            vendor: "",
            availableForSale: true,
            price: { amount: "12.5", currencyCode: "EUR" },
          },
        ],
      },
    ]);

    const second = await post("create-shopping-list", marie, { title: "Dimanche" });
    expect(second.body.response.shoppingLists).toEqual([
      list.id,
      second.body.response.shoppingList.id,
    ]);
    const deleted = await post("delete-shopping-list", marie, {
      id: list.id,
      customerId: marie.id,
      shoppingListIds: [list.id],
    });
    expect(deleted.body).toEqual({
      success: true,
      response: { shoppingLists: [second.body.response.shoppingList.id] },
    });
  });

  it("never lets a customer read, change or delete another customer's list", async () => {
    const mine = await post("create-shopping-list", marie, {
      title: "Privée",
      productID: products[0],
    });
    const id = mine.body.response.shoppingList.id;
    const forbidden = { status: 403, body: { success: false, error: "forbidden" } };
    expect(await post("get-shopping-list", paul, { ids: [id] })).toEqual(forbidden);
    expect(
      await post("add-product-to-shopping-list", paul, { listId: id, productsId: products[1] }),
    ).toEqual(forbidden);
    expect(await post("delete-shopping-list", paul, { id })).toEqual(forbidden);
    expect(await post("delete-shopping-list", paul, { id, customerId: marie.id })).toEqual(
      forbidden,
    );
    expect(await post("create-shopping-list", paul, { title: "x", customerId: marie.id })).toEqual(
      forbidden,
    );
    const still = await post("get-shopping-list", marie, { ids: [id] });
    expect(still.body.response.shoppingLists[0].items).toEqual([
      toGid("Product", products[0] ?? 0),
    ]);
  });

  it("answers 400 for bad bodies", async () => {
    expect((await post("create-shopping-list", marie, { title: "  " })).status).toBe(400);
    expect(
      (await post("add-product-to-shopping-list", marie, { listId: "x", productsId: 1 })).status,
    ).toBe(400);
    expect((await post("get-shopping-list", marie, { ids: "1" })).status).toBe(400);
  });
});

describe("saved documents", () => {
  const bookmarks = (id: number) => `/api/db/user/${id}-bookmarks`;

  it("creates, reads and updates with revisions; a stale revision gets 409 and changes nothing", async () => {
    expect(await call("GET", bookmarks(marie.id), { customer: marie })).toEqual({
      status: 404,
      body: { success: false, error: "not_found" },
    });
    const first = await call("PUT", bookmarks(marie.id), {
      customer: marie,
      body: { userData: { bookmarks: ["gid://shopify/Product/1"] } },
    });
    expect(first).toEqual({
      status: 200,
      body: {
        ok: true,
        id: `user/${marie.id}-bookmarks`,
        rev: expect.stringMatching(/^1-[0-9a-f]{32}$/),
      },
    });
    const read = await call("GET", bookmarks(marie.id), { customer: marie });
    expect(read.body).toEqual({
      _id: `user/${marie.id}-bookmarks`,
      _rev: first.body.rev,
      bookmarks: ["gid://shopify/Product/1"],
    });
    const second = await call("PUT", bookmarks(marie.id), {
      customer: marie,
      body: { userData: { bookmarks: [1, 2] }, _rev: first.body.rev },
    });
    expect(second.body.rev).toMatch(/^2-/);

    const conflict = { status: 409, body: { success: false, error: "conflict" } };
    const stale = await call("PUT", bookmarks(marie.id), {
      customer: marie,
      body: { userData: { bookmarks: [] }, _rev: first.body.rev },
    });
    expect(stale).toEqual(conflict);
    const missing = await call("PUT", bookmarks(marie.id), {
      customer: marie,
      body: { userData: { bookmarks: [] } },
    });
    expect(missing).toEqual(conflict);
    expect((await call("GET", bookmarks(marie.id), { customer: marie })).body.bookmarks).toEqual([
      1, 2,
    ]);
  });

  it("keeps shopping lists and the cart as documents too", async () => {
    const lists = await call("PUT", `/api/db/user/${marie.id}-shoppinglists`, {
      customer: marie,
      body: { userData: { shoppingLists: [{ id: 1, title: "Apéritif" }] } },
    });
    expect(lists.status).toBe(200);
    expect(
      (await call("GET", `/api/db/user/${marie.id}-shoppinglists`, { customer: marie })).body,
    ).toMatchObject({
      shoppingLists: [{ id: 1, title: "Apéritif" }],
    });
    const cart = await call("PUT", `/api/db/cart/${marie.id}`, {
      customer: marie,
      body: { userData: { cart: { lines: [{ id: 1, quantity: 2 }] } } },
    });
    expect(cart.status).toBe(200);
    const again = await call("PUT", `/api/db/cart/${marie.id}`, {
      customer: marie,
      body: { userData: { cart: { lines: [] } }, _rev: cart.body.rev },
    });
    expect(again.body.rev).toMatch(/^2-/);
    expect((await call("GET", `/api/db/cart/${marie.id}`, { customer: marie })).body.cart).toEqual({
      lines: [],
    });
  });

  it("refuses another customer's documents with 403, reading or writing", async () => {
    const forbidden = { status: 403, body: { success: false, error: "forbidden" } };
    expect(await call("GET", bookmarks(marie.id), { customer: paul })).toEqual(forbidden);
    expect(await call("GET", `/api/db/user/${marie.id}-shoppinglists`, { customer: paul })).toEqual(
      forbidden,
    );
    const before = await readDocument(database.db, `user/${marie.id}-bookmarks`);
    expect(
      await call("PUT", bookmarks(marie.id), {
        customer: paul,
        body: { userData: { bookmarks: ["volé"] }, _rev: before?.rev },
      }),
    ).toEqual(forbidden);
    expect(
      await call("PUT", `/api/db/cart/${marie.id}`, {
        customer: paul,
        body: { userData: { cart: {} } },
      }),
    ).toEqual(forbidden);
    expect(await call("GET", `/api/db/cart/${marie.id}`, { customer: paul })).toEqual(forbidden);
    expect(await readDocument(database.db, `user/${marie.id}-bookmarks`)).toEqual(before);
  });

  it("answers 400 for a bad body and 404 for an unknown document, changing nothing", async () => {
    const path = `/api/db/user/${paul.id}-bookmarks`;
    const bad = await call("PUT", path, { customer: paul, body: { userData: { bookmarks: "x" } } });
    expect(bad).toEqual({
      status: 400,
      body: { success: false, error: expect.stringContaining("userData.bookmarks") },
    });
    const badRev = await call("PUT", path, {
      customer: paul,
      body: { userData: { bookmarks: [] }, _rev: "pas-une-revision" },
    });
    expect(badRev.status).toBe(400);
    expect(await readDocument(database.db, `user/${paul.id}-bookmarks`)).toBeUndefined();
    expect((await call("GET", `/api/db/user/${paul.id}-favoris`, { customer: paul })).status).toBe(
      404,
    );
  });

  it("lets exactly one of 20 concurrent writes with the same revision win", async () => {
    const path = `/api/db/user/${paul.id}-shoppinglists`;
    const created = await call("PUT", path, {
      customer: paul,
      body: { userData: { shoppingLists: [] } },
    });
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        call("PUT", path, {
          customer: paul,
          body: { userData: { shoppingLists: [`liste-${i}`] }, _rev: created.body.rev },
        }),
      ),
    );
    const winners = answers.flatMap((answer, i) => (answer.status === 200 ? [i] : []));
    expect(winners).toHaveLength(1);
    expect(answers.filter((answer) => answer.status === 409)).toHaveLength(19);
    const stored = await call("GET", path, { customer: paul });
    expect(stored.body).toMatchObject({
      _rev: answers[winners[0] ?? 0]?.body.rev,
      shoppingLists: [`liste-${winners[0]}`],
    });
  });
});
