import type { Hono } from "hono";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Database } from "#db/client.ts";
import { createTestDatabase } from "#db/testing/index.ts";
import { menuItemIds } from "#seed/content/menu-items.ts";
import { FIXTURE_PRODUCTS, seedOrderingFixture } from "#seed/ordering/testing.ts";
import { flipdishRoutes } from "#server/api/flipdish.ts";
import { apiTestApp, apiTestEnv, serveTestOrdering } from "#server/api/testing.ts";

const env = apiTestEnv;
const VERIFY = { "X-Comptoir-Verify": "verify-secret-for-tests" };
const MENU = 4101;
const STEW = menuItemIds(
  FIXTURE_PRODUCTS.filter((product) => !("grocery" in product)).map((product) => product.handle),
).get("boeuf-bourguignon");

let database: Database;
let api: Hono;
/** The administrative paths the routes asked for, in order. */
const calls: string[] = [];
let orderingDown: false | "503" | "no answer" = false;

beforeAll(async () => {
  database = await createTestDatabase();
  await seedOrderingFixture(database.db);
  serveTestOrdering(database.db, env.ORDERING_API_TOKEN, (request) => {
    const url = new URL(request.url);
    calls.push(`${request.method} ${url.pathname}${url.search}`);
    if (orderingDown === "no answer") throw new TypeError("fetch failed");
    if (orderingDown) return new Response("down", { status: 503 });
    return undefined;
  });
  api = apiTestApp(env, database, flipdishRoutes);
});
afterAll(() => database?.close());
beforeEach(() => {
  calls.length = 0;
  orderingDown = false;
});

function call(method: string, path: string, init: RequestInit = {}) {
  return api.fetch(new Request(`http://shop.test/api${path}`, { method, ...init }));
}

async function json(response: Response | Promise<Response>, status = 200) {
  const answered = await response;
  const body = await answered.json();
  expect({ status: answered.status, body }).toMatchObject({ status });
  // biome-ignore lint/suspicious/noExplicitAny: the tests read the API's JSON as they please
  return body as any;
}

const webhook = (name: string, body?: unknown, headers: Record<string, string> = VERIFY) =>
  call("POST", `/webhooks/${name}`, {
    headers: { "Content-Type": "application/json", ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });

describe("GET /api/flipdish/*", () => {
  it("lists the stores that deliver, with their fee, menu and address", async () => {
    await webhook("stores");
    const stores = await json(call("GET", "/flipdish/stores"));
    expect(stores.map((store: { Name: string }) => store.Name)).toEqual([
      "Comptoir Haussmann",
      "Comptoir Rive Gauche",
    ]);
    expect(stores[1]).toMatchObject({
      StoreId: 1102,
      PhysicalRestaurantId: 2102,
      MenuId: MENU,
      DeliveryFee: 4.9,
      Address: { Line1: "18 rue du Bac", Postcode: "75007", City: "Paris" },
    });
  });

  it("answers one store, and 404 or 400 otherwise", async () => {
    expect((await json(call("GET", "/flipdish/stores/1101"))).Name).toBe("Comptoir Haussmann");
    expect(await json(call("GET", "/flipdish/stores/4242"), 404)).toEqual({
      success: false,
      error: "not_found",
    });
    await json(call("GET", "/flipdish/stores/abc"), 404);
  });

  it("answers the pickup points, and 404 for a store without pickup", async () => {
    const points = await json(call("GET", "/flipdish/pickupstores"));
    expect(points).toHaveLength(3);
    expect((await json(call("GET", "/flipdish/pickupstores/1103"))).Name).toBe(
      "Point retrait Bastille",
    );
    await json(call("GET", "/flipdish/pickupstores/9"), 404);
  });

  it("answers a menu with its sections and items, and 404 for an unknown one", async () => {
    const menu = await json(call("GET", `/flipdish/menus/${MENU}`));
    expect(menu.MenuSections[1]).toMatchObject({
      Name: "Plats cuisinés",
      MenuItems: [{ MenuItemId: STEW, Name: "Bœuf bourguignon", Price: 14.5 }],
    });
    await json(call("GET", "/flipdish/menus/77"), 404);
  });

  it("keeps what it read in memory: the ordering service is asked once", async () => {
    await webhook("stores");
    await webhook("menus");
    calls.length = 0;
    for (let i = 0; i < 3; i++) {
      await json(call("GET", "/flipdish/stores"));
      await json(call("GET", "/flipdish/stores/1101"));
      await json(call("GET", `/flipdish/menus/${MENU}`));
    }
    expect(calls).toEqual([
      "GET /ordering/api/v1.0/stores",
      `GET /ordering/api/v1.0/menus/${MENU}`,
    ]);
  });

  it.each(["503", "no answer"] as const)(
    "answers 502 when the ordering service fails (%s), and asks again next time",
    async (failure) => {
      await webhook("menus");
      orderingDown = failure;
      expect(await json(call("GET", `/flipdish/menus/${MENU}`), 502)).toEqual({
        success: false,
        error: "ordering_unavailable",
      });
      orderingDown = false;
      await json(call("GET", `/flipdish/menus/${MENU}`));
    },
  );
});

describe("POST /api/webhooks/*", () => {
  it.each(["stores", "pickupstores", "menus", "product"])(
    "%s refuses a call without the verify header with 401 and does nothing",
    async (name) => {
      const body = await json(
        webhook(name, { fd_content: { MenuItemId: STEW, Price: 1 } }, {}),
        401,
      );
      expect(body).toEqual({ success: false, error: "unauthorized" });
      expect(calls).toEqual([]);
    },
  );

  it("stores and pickupstores make the next read ask the ordering service again", async () => {
    await json(call("GET", "/flipdish/stores"));
    for (const name of ["stores", "pickupstores"]) {
      calls.length = 0;
      await json(webhook(name));
      await json(call("GET", "/flipdish/stores"));
      expect(calls).toEqual(["GET /ordering/api/v1.0/stores"]);
    }
  });

  it("menus makes the next menu read ask again", async () => {
    await json(call("GET", `/flipdish/menus/${MENU}`));
    await json(webhook("menus"));
    calls.length = 0;
    await json(call("GET", `/flipdish/menus/${MENU}`));
    expect(calls).toEqual([`GET /ordering/api/v1.0/menus/${MENU}`]);
  });

  it("product pushes the product's name, price and availability to its menu item", async () => {
    await json(call("GET", `/flipdish/menus/${MENU}`));
    const body = await json(
      webhook("product", {
        name: "Bœuf bourguignon du dimanche",
        slug: "boeuf-bourguignon",
        tags: ["restauration", "unavailable"],
        fd_content: { MenuItemId: STEW, Price: 15.9, ImageUrl: "/cdn/images/p/boeuf.svg" },
      }),
    );
    const section = (await json(call("GET", `/flipdish/menus/${MENU}`))).MenuSections[1];
    expect(body).toEqual({
      success: true,
      updated: [{ MenuId: MENU, MenuSectionId: section.MenuSectionId, MenuItemId: STEW }],
    });
    expect(section.MenuItems[0]).toMatchObject({
      Name: "Bœuf bourguignon du dimanche",
      Price: 15.9,
      ImageUrl: "/cdn/images/p/boeuf.svg",
      IsAvailable: false,
    });
  });

  it("product does nothing for a product that is not on a menu", async () => {
    expect(await json(webhook("product", { name: "Comté 24 mois", tags: [] }))).toEqual({
      success: true,
      updated: [],
    });
    expect(
      await json(webhook("product", { name: "Inconnu", fd_content: { MenuItemId: 999_999 } })),
    ).toEqual({ success: true, updated: [] });
  });

  it("product refuses a body that is not a product with 400", async () => {
    for (const body of ["not json", JSON.stringify({ fd_content: { MenuItemId: "x" } })]) {
      const response = await call("POST", "/webhooks/product", {
        headers: { "Content-Type": "application/json", ...VERIFY },
        body,
      });
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({ success: false, error: "invalid_product" });
    }
  });
});
