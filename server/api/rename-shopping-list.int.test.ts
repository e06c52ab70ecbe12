import type { Hono } from "hono";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "#db/client.ts";
import { createTestDatabase } from "#db/testing/index.ts";
import { hashPassword, signIn } from "#platform/commerce/index.ts";
import { commerceCustomer } from "#platform/commerce/tables.ts";
import { apiTestApp, apiTestEnv } from "#server/api/testing.ts";

/** POST /api/shopify/rename-shopping-list: an addition to the original routes (issue 8). */
const env = apiTestEnv;
const PASSWORD = "motdepasse-1";
let database: Database;
let app: Hono;
let marie: string;
let paul: string;

async function post(token: string | undefined, route: string, body: unknown) {
  const response = await app.fetch(
    new Request(`http://shop.test/api/shopify/${route}`, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        ...(token ? { cookie: `customerAccessToken=${token}` } : {}),
      },
      body: JSON.stringify(body),
    }),
  );
  // biome-ignore lint/suspicious/noExplicitAny: answers are read loosely, the assertions check them
  return { status: response.status, body: (await response.json()) as any };
}

beforeAll(async () => {
  database = await createTestDatabase();
  const passwordHash = await hashPassword(PASSWORD);
  await database.db.insert(commerceCustomer).values([
    { email: "marie@example.com", passwordHash, state: "ENABLED" },
    { email: "paul@example.com", passwordHash, state: "ENABLED" },
  ]);
  const token = async (email: string) => {
    const outcome = await signIn(database.db, { email, password: PASSWORD }, new Date());
    if (!outcome.ok) throw new Error(`cannot sign ${email} in`);
    return outcome.value.token.accessToken;
  };
  [marie, paul] = await Promise.all([token("marie@example.com"), token("paul@example.com")]);
  app = apiTestApp(env, database);
}, 60_000);

afterAll(async () => {
  await database.close();
});

describe("POST /api/shopify/rename-shopping-list", () => {
  it("renames the customer's own list, keeping its products", async () => {
    const created = await post(marie, "create-shopping-list", { title: "Apéro", productID: [7] });
    const listId = created.body.response.shoppingList.id;
    const renamed = await post(marie, "rename-shopping-list", { listId, title: "  Fête  " });
    expect(renamed).toEqual({
      status: 200,
      body: {
        success: true,
        response: {
          shoppingList: { id: listId, title: "Fête", items: ["gid://shopify/Product/7"] },
        },
      },
    });
  });

  it("refuses another customer's list (403), a bad title (400), a visitor (401)", async () => {
    const created = await post(marie, "create-shopping-list", { title: "Privée" });
    const listId = created.body.response.shoppingList.id;
    expect(await post(paul, "rename-shopping-list", { listId, title: "Volée" })).toEqual({
      status: 403,
      body: { success: false, error: "forbidden" },
    });
    const empty = await post(marie, "rename-shopping-list", { listId, title: "   " });
    expect(empty.status).toBe(400);
    expect(empty.body.error).toMatch(/^title: /);
    expect((await post(marie, "rename-shopping-list", { listId: "abc", title: "x" })).status).toBe(
      400,
    );
    expect((await post(undefined, "rename-shopping-list", { listId, title: "x" })).status).toBe(
      401,
    );
    const lists = await post(marie, "get-shopping-list", { ids: [listId] });
    expect(lists.body.response.shoppingLists[0].title).toBe("Privée");
  });
});
