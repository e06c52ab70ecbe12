import { sql } from "drizzle-orm";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { configureService } from "#app/lib/services.server.ts";
import { storefrontQuery } from "#app/lib/storefront.server.ts";
import type { Database } from "#db/client.ts";
import { createTestDatabase } from "#db/testing/index.ts";
import { createOrderingApi } from "#platform/ordering/index.ts";
import { orderingSlotBooking } from "#platform/ordering/tables.ts";
import { Invalidations } from "#server/invalidation.ts";
import { createPlatform } from "#server/platform.ts";
import { testEnv } from "#server/test-env.ts";
import { action as checkoutAction } from "../order/order-checkout.tsx";
import { loader as addressLoader } from "./order-mode.address.ts";
import { action as saveAction } from "./order-mode.save.ts";
import { loader as slotsLoader } from "./order-mode.slots.ts";
import { loader as storesLoader } from "./order-mode.stores.ts";

/**
 * The order-mode routes and the grocery checkout preparation on the seeded demo data (PGlite),
 * the ordering service running on a fixed clock: Tuesday 24 November 2026, 10:00 in Paris.
 */
const NOW = new Date("2026-11-24T09:00:00.000Z");
const ORIGIN = "http://shop.test";
let database: Database;

// The routes read nothing else from the context than the client's address (optional).
const context = {
  get() {
    throw new Error("no server context in this test");
  },
};
// Each route's own argument type: a request, the context and no params.
const args = (request: Request) => ({ request, context, params: {} }) as never;

const get = (path: string, cookie = "") =>
  new Request(`${ORIGIN}${path}`, { headers: cookie ? { cookie } : {} });

function post(path: string, fields: Record<string, string>, cookie = "", json = true) {
  const headers: Record<string, string> = {};
  if (json) headers.accept = "application/json";
  if (cookie) headers.cookie = cookie;
  return new Request(`${ORIGIN}${path}`, {
    method: "POST",
    body: new URLSearchParams(fields),
    headers,
  });
}

/** A `Cookie` header from `Set-Cookie` lines (deletions dropped). */
function jar(response: Response, base: Record<string, string> = {}): string {
  const map = new Map(Object.entries(base));
  for (const line of response.headers.getSetCookie()) {
    const [pair = ""] = line.split(";");
    const eq = pair.indexOf("=");
    if (line.includes("Max-Age=0")) map.delete(pair.slice(0, eq));
    else map.set(pair.slice(0, eq), pair.slice(eq + 1));
  }
  return [...map].map(([name, value]) => `${name}=${value}`).join("; ");
}

beforeAll(async () => {
  database = await createTestDatabase({ seeded: true });
  const env = testEnv({ PUBLIC_URL: ORIGIN });
  const logger = pino({ level: "silent" });
  createPlatform({ env, database, logger, invalidations: new Invalidations({ database, logger }) });
  // The ordering service again, on the fixed clock.
  const ordering = createOrderingApi({
    db: database.db,
    apiToken: env.ORDERING_API_TOKEN,
    whiteLabel: env.ORDERING_WHITE_LABEL,
    publicOrigin: env.PUBLIC_URL,
    now: () => NOW,
  });
  configureService("ordering", {
    baseUrl: "http://ordering.embedded",
    handler: (request) => ordering.fetch(request),
    headers: { Authorization: `Bearer ${env.ORDERING_API_TOKEN}` },
  });
}, 180_000);

afterAll(async () => {
  await database?.close();
});

describe("GET /order-mode/slots.json", () => {
  it("lists a store's slots for a mode from the fixed clock, never cached", async () => {
    const response = await slotsLoader(args(get("/order-mode/slots.json?location=2101&mode=1")));
    expect(response.status).toBe(200);
    expect(response.headers.get("Cache-Control")).toContain("no-store");
    const body = await response.json();
    expect(body.Success).toBe(true);
    // 10:00 in Paris plus the 2 h lead time: the first slot is 12:00.
    expect(body.Data[0]).toMatchObject({ key: "2026-11-24 12:00-13:00", isFull: false });
    expect(
      body.Data.every((s: { key: string }) => /^\d{4}-\d\d-\d\d \d\d:\d\d-\d\d:\d\d$/.test(s.key)),
    ).toBe(true);
  });

  it("refuses a bad query and passes the service's refusal on", async () => {
    const bad = await slotsLoader(args(get("/order-mode/slots.json?location=abc&mode=3")));
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ Success: false, Code: "bad_request" });
    const unknown = await slotsLoader(args(get("/order-mode/slots.json?location=9999&mode=1")));
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toMatchObject({ Success: false, Code: "not_found" });
  });

  it("offers no delivery slot at a pickup-only point", async () => {
    const response = await slotsLoader(args(get("/order-mode/slots.json?location=2103&mode=1")));
    expect((await response.json()).Data).toEqual([]);
  });
});

describe("GET /order-mode/stores.json", () => {
  it("lists the stores offering pickup", async () => {
    const body = await (await storesLoader(args(get("/order-mode/stores.json")))).json();
    expect(body.Data.map((s: { id: number; name: string }) => [s.id, s.name])).toEqual([
      [2101, "Comptoir Haussmann"],
      [2102, "Comptoir Rive Gauche"],
      [2103, "Point retrait Bastille"],
    ]);
  });
});

describe("GET /order-mode/address.json", () => {
  const check = async (query: Record<string, string>) => {
    const response = await addressLoader(
      args(get(`/order-mode/address.json?${new URLSearchParams(query)}`)),
    );
    return { status: response.status, body: await response.json() };
  };
  const paris = { address: "3 rue Bleue", city: "Paris" };

  it("finds the store whose first enabled zone covers the address", async () => {
    const right = await check({ ...paris, postcode: "75009" });
    expect(right.body.Data).toEqual({
      store: {
        id: 2101,
        name: "Comptoir Haussmann",
        deliveryFee: 5.9,
        minimumOrder: 0,
        freeDeliveryOver: null,
      },
      isProvince: false,
    });
    const left = await check({ ...paris, postcode: "75 007" });
    expect(left.body.Data.store.id).toBe(2102);
  });

  it("refuses an Île-de-France address outside the zones", async () => {
    const { status, body } = await check({
      address: "1 rue",
      city: "Versailles",
      postcode: "78000",
    });
    expect(status).toBe(400);
    expect(body).toMatchObject({
      Success: false,
      Code: "outside_delivery_zone",
      Field: "postcode",
    });
    expect(body.UserMessage).toMatch(/^Nous ne livrons pas encore cette adresse/);
  });

  it("accepts a province address for groceries only", async () => {
    const province = { address: "1 rue de la République", city: "Lyon", postcode: "69001" };
    expect((await check(province)).body.Data).toEqual({ store: null, isProvince: true });
    const restauration = await check({ ...province, restauration: "1" });
    expect(restauration.status).toBe(400);
    expect(restauration.body.UserMessage).toMatch(/Paris uniquement/);
  });

  it("names the missing field in French", async () => {
    const { status, body } = await check({
      address: "3 rue Bleue",
      city: "Paris",
      postcode: "759",
    });
    expect(status).toBe(400);
    expect(body).toMatchObject({
      Code: "invalid_address",
      Field: "postcode",
      UserMessage: "Saisissez un code postal à 5 chiffres.",
    });
  });
});

describe("POST /order-mode/", () => {
  const delivery = {
    mode: "1",
    address: "3 rue Bleue",
    postcode: "75009",
    city: "Paris",
    slot: "2026-11-24 13:00-14:00",
  };

  it("saves a delivery with its slot in one-day cookies and answers the state", async () => {
    const response = await saveAction(args(post("/order-mode/", delivery)));
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(body.Data).toMatchObject({
      mode: 1,
      deliveryLocationId: 2101,
      deliveryAddress: { address: "3 rue Bleue", postcode: "75009", city: "Paris" },
      deliverySlot: { slot: "2026-11-24 13:00-14:00", day: "2026-11-24" },
      // 12:00 is still free: 13:00 is for later.
      preOrder: true,
      isProvince: false,
    });
    const lines = response.headers.getSetCookie();
    expect(lines.find((l) => l.startsWith("mode="))).toContain("Max-Age=86400");
    expect(lines.some((l) => l.includes("HttpOnly"))).toBe(false);
    expect(jar(response)).toContain("deliveryLocationId=2101");
  });

  it("refuses a full slot and a slot no longer offered", async () => {
    await database.db.insert(orderingSlotBooking).values({
      storeId: 1101,
      mode: 1,
      slotStart: new Date("2026-11-24T11:00:00.000Z"),
      booked: 6,
    });
    const slots = await (
      await slotsLoader(args(get("/order-mode/slots.json?location=2101&mode=1")))
    ).json();
    expect(slots.Data[0]).toMatchObject({ key: "2026-11-24 12:00-13:00", isFull: true });

    const full = await saveAction(
      args(post("/order-mode/", { ...delivery, slot: "2026-11-24 12:00-13:00" })),
    );
    expect(full.status).toBe(409);
    expect(await full.json()).toMatchObject({
      Code: "slot_full",
      UserMessage: "Ce créneau est complet. Choisissez-en un autre.",
    });
    expect(full.headers.getSetCookie()).toEqual([]);

    const passed = await saveAction(
      args(post("/order-mode/", { ...delivery, slot: "2026-11-24 10:00-11:00" })),
    );
    expect(passed.status).toBe(409);
    expect((await passed.json()).Code).toBe("slot_unavailable");
    await database.db.execute(sql`delete from ordering_slot_booking`);
  });

  it("saves a pickup store, and then only another slot", async () => {
    const response = await saveAction(
      args(post("/order-mode/", { mode: "2", store: "2103", slot: "2026-11-24 12:00-13:00" })),
    );
    expect((await response.json()).Data).toMatchObject({
      mode: 2,
      pickupLocationId: 2103,
      deliverySlot: { slot: "2026-11-24 12:00-13:00" },
      preOrder: false,
    });
    const cookie = jar(response);
    const slotOnly = await saveAction(
      args(post("/order-mode/", { intent: "slot", slot: "2026-11-25 15:00-16:00" }, cookie)),
    );
    expect((await slotOnly.json()).Data).toMatchObject({
      mode: 2,
      pickupLocationId: 2103,
      deliverySlot: { slot: "2026-11-25 15:00-16:00", day: "2026-11-25" },
    });
  });

  it("refuses an unknown store and a store without pickup mode", async () => {
    const unknown = await saveAction(
      args(post("/order-mode/", { mode: "2", store: "999", slot: "x" })),
    );
    expect(unknown.status).toBe(404);
    expect((await unknown.json()).UserMessage).toBe("Ce magasin n'existe pas.");
    const noMode = await saveAction(args(post("/order-mode/", { slot: "x" })));
    expect((await noMode.json()).Code).toBe("bad_request");
  });

  it("saves a province delivery without store or slot", async () => {
    const response = await saveAction(
      args(post("/order-mode/", { mode: "1", address: "1 rue", postcode: "69001", city: "Lyon" })),
    );
    expect((await response.json()).Data).toMatchObject({
      mode: 1,
      isProvince: true,
      deliveryLocationId: null,
      deliverySlot: null,
    });
  });

  it("redirects a plain form back to its page", async () => {
    const response = await saveAction(
      args(post("/order-mode/", { ...delivery, returnTo: "/c/epicerie-salee/" }, "", false)),
    );
    expect(response.status).toBe(303);
    expect(response.headers.get("Location")).toBe("/c/epicerie-salee/");
    expect(jar(response)).toContain("mode=1");
    // `/\t/evil.example` is what `returnTo=/%09/evil.example` in a form body decodes to.
    for (const returnTo of [
      "//evil.example/",
      "/\t/evil.example",
      "/%09/evil.example",
      "/\\evil",
    ]) {
      const offsite = await saveAction(
        args(post("/order-mode/", { ...delivery, returnTo }, "", false)),
      );
      expect(offsite.headers.get("Location"), returnTo).toBe("/");
    }
  });
});

describe("POST /order/checkout/ (checkout preparation)", () => {
  type Row = Record<string, unknown>;
  const variantOf = async (restauration: boolean) => {
    const result = (await database.db.execute(sql`select v.id from commerce_variant v
      join commerce_product p on p.id = v.product_id
      where p.archived = false and v.available_for_sale and p.available_for_sale
        and not (p.tags @> array['unavailable']::text[])
        and (p.tags @> array['restauration']::text[]) = ${restauration}
      order by v.id limit 1`)) as unknown as { rows: Row[] };
    return `gid://shopify/ProductVariant/${result.rows[0]?.id}`;
  };

  async function cartWith(variant: string): Promise<string> {
    const data = await storefrontQuery<{ cartCreate: { cart: { id: string } } }>(
      `mutation($input: CartInput!) { cartCreate(input: $input) { cart { id } userErrors { message } } }`,
      {
        input: {
          lines: [{ merchandiseId: variant, quantity: 2 }],
          attributes: [
            { key: "source", value: "web" },
            { key: "deliverySlot", value: "old" },
          ],
          delivery: {
            addresses: [
              {
                selected: true,
                address: {
                  deliveryAddress: { address1: "1 ancienne rue", zip: "75001", city: "Paris" },
                },
              },
            ],
          },
        },
      },
    );
    return data.cartCreate.cart.id;
  }

  const cartState = async (id: string) =>
    (
      await storefrontQuery<{
        cart: {
          checkoutUrl: string;
          note: string | null;
          attributes: { key: string; value: string }[];
          discountCodes: { code: string }[];
          delivery: {
            addresses: { selected: boolean; address: { address1: string; city: string } }[];
          };
        };
      }>(
        `query($id: ID!) { cart(id: $id) { checkoutUrl note attributes { key value }
          discountCodes { code } delivery { addresses { selected address { ... on CartDeliveryAddress { address1 city } } } } } }`,
        { id },
      )
    ).cart;

  const modeCookies = [
    "mode=1",
    "deliveryLocationId=2101",
    `deliveryAddress=${encodeURIComponent(JSON.stringify({ address: "3 rue Bleue", postcode: "75009", city: "Paris" }))}`,
    `deliverySlot=${encodeURIComponent(JSON.stringify({ slot: "2026-11-24 12:00-13:00", day: "2026-11-24" }))}`,
    "preOrder=false",
    "isProvince=false",
    "isWrap=true",
  ].join("; ");

  it("copies the order mode, note and codes, replaces the address and redirects to the hosted checkout", async () => {
    const id = await cartWith(await variantOf(false));
    const cookie = `cartId=${encodeURIComponent(id)}; ${modeCookies}`;
    const response = await checkoutAction(
      args(
        post(
          "/order/checkout/",
          { note: "Sonner deux fois", discountCodes: "bienvenue10" },
          cookie,
          false,
        ),
      ),
    );
    expect(response.status).toBe(303);
    const location = response.headers.get("Location") ?? "";
    expect(location).toMatch(new RegExp(`^${ORIGIN}/checkout/[^/]+/\\?key=`));

    const cart = await cartState(id);
    expect(cart.checkoutUrl).toBe(location);
    const attributes = Object.fromEntries(cart.attributes.map((a) => [a.key, a.value]));
    expect(attributes).toMatchObject({
      source: "web",
      mode: "1",
      deliverySlot: "2026-11-24 12:00-13:00",
      slotDay: "2026-11-24",
      deliveryLocationId: "2101",
      isWrap: "true",
      isProvince: "false",
    });
    expect(cart.note).toBe("Sonner deux fois");
    expect(cart.discountCodes.map((c) => c.code)).toEqual(["BIENVENUE10"]);
    expect(cart.delivery.addresses).toEqual([
      { selected: true, address: { address1: "3 rue Bleue", city: "Paris" } },
    ]);
  });

  it("links the cart to the signed-in customer, so the order lands in their history", async () => {
    const signIn = await storefrontQuery<{
      customerAccessTokenCreate: { customerAccessToken: { accessToken: string } | null };
    }>(
      `mutation($input: CustomerAccessTokenCreateInput!) {
        customerAccessTokenCreate(input: $input) { customerAccessToken { accessToken } }
      }`,
      { input: { email: "marie.dupont@example.com", password: "Comptoir-2025" } },
    );
    const token = signIn.customerAccessTokenCreate.customerAccessToken?.accessToken;
    expect(token).toBeTruthy();
    const id = await cartWith(await variantOf(false));
    const cookie = `cartId=${encodeURIComponent(id)}; customerAccessToken=${token}; ${modeCookies}`;
    const response = await checkoutAction(args(post("/order/checkout/", {}, cookie, false)));
    expect(response.status).toBe(303);
    const cartToken = /Cart\/([^?]+)/.exec(id)?.[1];
    const result = (await database.db.execute(sql`select cu.email from commerce_cart c
      join commerce_customer cu on cu.id = c.customer_id where c.token = ${cartToken}`)) as unknown as {
      rows: { email: string }[];
    };
    expect(result.rows.map((row) => row.email)).toEqual(["marie.dupont@example.com"]);
  });

  it("prefers the cart form's address and answers JSON to a fetch", async () => {
    const id = await cartWith(await variantOf(false));
    const response = await checkoutAction(
      args(
        post(
          "/order/checkout/",
          {
            address1: "8 rue du Bac",
            zip: "75007",
            city: "Paris",
            firstName: "Léa",
            lastName: "Martin",
          },
          `cartId=${encodeURIComponent(id)}; ${modeCookies}`,
        ),
      ),
    );
    const body = await response.json();
    expect(body).toMatchObject({ ok: true });
    expect(body.checkoutUrl).toContain("/checkout/");
    const cart = await cartState(id);
    expect(cart.delivery.addresses).toEqual([
      { selected: true, address: { address1: "8 rue du Bac", city: "Paris" } },
    ]);
  });

  it("sends a restauration cart to the ordering flow", async () => {
    const id = await cartWith(await variantOf(true));
    const response = await checkoutAction(
      args(post("/order/checkout/", {}, `cartId=${encodeURIComponent(id)}; ${modeCookies}`, false)),
    );
    expect(response.status).toBe(303);
    expect(response.headers.get("Location")).toBe("/order/");
  });

  it("gives no checkout without a cart", async () => {
    const response = await checkoutAction(args(post("/order/checkout/", {}, "", false)));
    expect(response.status).toBe(303);
    expect(response.headers.get("Location")).toBe("/panier/");
    const json = await checkoutAction(args(post("/order/checkout/", {})));
    expect(json.status).toBe(400);
    expect(await json.json()).toEqual({ ok: false, error: "Votre panier est vide." });
  });
});
