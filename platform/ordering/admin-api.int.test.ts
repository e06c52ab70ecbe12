import { Hono } from "hono";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "#db/client.ts";
import { createTestDatabase } from "#db/testing/index.ts";
import { orderingAdminRoutes } from "#platform/ordering/admin-api.ts";
import { orderingCustomer, orderingOrder } from "#platform/ordering/schema.ts";
import { menuItemIds } from "#seed/content/menu-items.ts";
import { DEMO_MENU_ID } from "#seed/ordering/data.ts";
import { FIXTURE_PRODUCTS, seedOrderingFixture } from "#seed/ordering/testing.ts";

const TOKEN = "test-ordering-api-token";
const HAUSSMANN = 1101;
const BASTILLE = 1103;
const IDS = menuItemIds(
  FIXTURE_PRODUCTS.filter((product) => !("grocery" in product)).map((product) => product.handle),
);
const SALAD = IDS.get("salade-cesar") ?? 0;
const STEW = IDS.get("boeuf-bourguignon") ?? 0;
const CAVIAR = IDS.get("caviar-oscietre") ?? 0;

let database: Database;
let app: Hono;
let orderId: number;
const sections = new Map<string, number>();

beforeAll(async () => {
  database = await createTestDatabase();
  await seedOrderingFixture(database.db);
  app = new Hono().route(
    "/ordering",
    orderingAdminRoutes({ db: database.db, apiToken: TOKEN, whiteLabel: "comptoir" }),
  );
  const menu = (await (await call("GET", `/menus/${DEMO_MENU_ID}`)).json()) as {
    Data: { MenuSections: { MenuSectionId: number; Name: string }[] };
  };
  for (const section of menu.Data.MenuSections) sections.set(section.Name, section.MenuSectionId);
  orderId = await insertOrder();
});
afterAll(() => database?.close());

function call(
  method: string,
  path: string,
  init: { body?: string; contentType?: string; token?: string | null } = {},
) {
  const headers = new Headers();
  const token = init.token === undefined ? TOKEN : init.token;
  if (token !== null) headers.set("Authorization", `Bearer ${token}`);
  if (init.contentType) headers.set("Content-Type", init.contentType);
  return app.fetch(
    new Request(`http://ordering.test/ordering/api/v1.0${path}`, {
      method,
      headers,
      body: init.body,
    }),
  );
}

async function json(response: Response | Promise<Response>, status = 200) {
  const answered = await response;
  const body = await answered.json();
  expect({ status: answered.status, body }).toMatchObject({ status });
  // biome-ignore lint/suspicious/noExplicitAny: the tests read the API's JSON as they please
  return body as any;
}

const itemPath = (section: string, itemId: number) =>
  `/menus/${DEMO_MENU_ID}/sections/${sections.get(section)}/sectionitems/${itemId}`;

async function insertOrder() {
  const [customer] = await database.db
    .insert(orderingCustomer)
    .values({ phone: "+33612345678", name: "Camille Martin" })
    .returning();
  const [order] = await database.db
    .insert(orderingOrder)
    .values({
      storeId: HAUSSMANN,
      customerId: customer?.id ?? 0,
      mode: 1,
      slotKey: "2026-11-24 12:00-13:00",
      slotStart: new Date("2026-11-24T11:00:00.000Z"),
      deliveryLocation: { address: "3 rue Lafayette", postcode: "75009", city: "Paris" },
      lines: [
        {
          menuItemId: STEW,
          name: "Bœuf bourguignon",
          quantity: 2,
          unitPriceCents: 1450,
          options: [{ optionSetItemId: 7, name: "Gratin dauphinois", priceCents: 250 }],
          lineTotalCents: 3400,
        },
      ],
      subtotalCents: 3400,
      voucherId: 5101,
      voucherCode: "BIENVENUE",
      discountCents: 500,
      serviceFeeCents: 50,
      deliveryFeeCents: 590,
      totalCents: 3540,
      idempotencyKey: "order-1",
    })
    .returning({ id: orderingOrder.id });
  return order?.id ?? 0;
}

describe("the bearer credential", () => {
  it.each([
    ["no credential", null],
    ["a wrong credential", "not-the-token"],
    ["a longer credential", `${TOKEN}x`],
  ])("refuses %s with 401 in Flipdish's error shape", async (_label, token) => {
    const body = await json(call("GET", "/stores", { token }), 401);
    expect(body).toEqual({
      Success: false,
      Code: "unauthorized",
      UserMessage: expect.stringContaining("jeton"),
    });
  });

  it.each([
    ["GET", "/stores/1101"],
    ["GET", "/stores/1101/deliveryzones"],
    ["GET", `/menus/${DEMO_MENU_ID}`],
    ["GET", `/menus/${DEMO_MENU_ID}/sections/1/sectionitems/1001`],
    ["POST", `/menus/${DEMO_MENU_ID}/sections/1/sectionitems/1001`],
    ["DELETE", `/menus/${DEMO_MENU_ID}/sections/1/sectionitems/1001`],
    ["PUT", `/menus/${DEMO_MENU_ID}/menuitem/1001/metadata/store/1101`],
    ["GET", `/menus/${DEMO_MENU_ID}/metadata/store/1101`],
    ["GET", "/comptoir/vouchers/summaries?pageSize=500"],
    ["GET", "/vouchers/5101"],
    ["GET", "/orders/1"],
  ])("refuses %s %s without the credential", async (method, path) => {
    await json(call(method, path, { token: null }), 401);
  });

  it("changes nothing without it", async () => {
    await json(
      call("POST", itemPath("Entrées et salades", SALAD), {
        token: null,
        contentType: "text/json",
        body: JSON.stringify({ Name: "Piratée" }),
      }),
      401,
    );
    const item = await json(call("GET", itemPath("Entrées et salades", SALAD)));
    expect(item.Data.Name).toBe("Salade César");
  });
});

describe("stores", () => {
  it("lists the stores with their fee, menu and address", async () => {
    const body = await json(call("GET", "/stores"));
    expect(body.Data.map((store: { Name: string }) => store.Name)).toEqual([
      "Comptoir Haussmann",
      "Comptoir Rive Gauche",
      "Point retrait Bastille",
    ]);
    expect(body.Data[0]).toMatchObject({
      StoreId: HAUSSMANN,
      PhysicalRestaurantId: 2101,
      MenuId: DEMO_MENU_ID,
      DeliveryFee: 5.9,
      DeliveryEnabled: true,
      PickupEnabled: true,
      Address: {
        Line1: "42 boulevard Haussmann",
        Postcode: "75009",
        City: "Paris",
        DisplayString: "42 boulevard Haussmann, 75009 Paris",
        Coordinates: { Latitude: expect.closeTo(48.87, 2), Longitude: expect.closeTo(2.33, 2) },
      },
    });
    expect(body.Data[0].OpeningHours).toContainEqual({
      DayOfWeek: "Sunday",
      StartTime: "10:00",
      EndTime: "13:00",
    });
  });

  it("answers one store, 404 for an unknown one and 400 for an id that is not one", async () => {
    expect((await json(call("GET", `/stores/${BASTILLE}`))).Data.Name).toBe(
      "Point retrait Bastille",
    );
    expect(await json(call("GET", "/stores/999"), 404)).toMatchObject({ Code: "not_found" });
    expect(await json(call("GET", "/stores/abc"), 400)).toMatchObject({
      Code: "bad_request",
      Field: "storeId",
    });
  });
});

describe("GET stores/{storeId}/deliveryzones", () => {
  it("answers the first enabled zone, skipping a disabled one listed before it", async () => {
    const body = await json(call("GET", `/stores/${HAUSSMANN}/deliveryzones`));
    expect(body.Data).toHaveLength(1);
    expect(body.Data[0]).toMatchObject({
      Name: "Paris rive droite",
      IsEnabled: true,
      DeliveryFee: 5.9,
      Postcodes: expect.arrayContaining(["75001", "75020"]),
    });
  });

  it("answers an empty list for a store without an enabled zone", async () => {
    expect(await json(call("GET", `/stores/${BASTILLE}/deliveryzones`))).toEqual({ Data: [] });
  });

  it("answers 404 for an unknown store", async () => {
    await json(call("GET", "/stores/4242/deliveryzones"), 404);
  });
});

describe("menus", () => {
  it("answers a menu with its sections, items and option sets", async () => {
    const body = await json(call("GET", `/menus/${DEMO_MENU_ID}`));
    expect(body.Data.Name).toBe("La carte du Comptoir");
    expect(body.Data.MenuSections.map((section: { Name: string }) => section.Name)).toEqual([
      "Entrées et salades",
      "Plats cuisinés",
      "Poissons fumés et caviar",
      "Formules",
    ]);
    expect(body.Data.MenuSections[3].MenuItems).toMatchObject([
      { MenuItemId: 2001, Name: "Formule déjeuner du Comptoir", Price: 113 },
    ]);
    const stew = body.Data.MenuSections[1].MenuItems[0];
    expect(stew).toMatchObject({ MenuItemId: STEW, Name: "Bœuf bourguignon", Price: 14.5 });
    expect(stew.MenuItemOptionSets[0]).toMatchObject({
      Name: "Accompagnement",
      MinSelectCount: 1,
      MaxSelectCount: 1,
    });
    expect(stew.MenuItemOptionSets[0].OptionSetItems[3]).toMatchObject({
      Name: "Gratin dauphinois",
      Price: 2.5,
    });
  });

  it("answers 404 for an unknown menu", async () => {
    await json(call("GET", "/menus/1"), 404);
  });
});

describe("menu section items", () => {
  it("answers an item of a section", async () => {
    const body = await json(call("GET", itemPath("Entrées et salades", SALAD)));
    expect(body.Data).toMatchObject({
      MenuItemId: SALAD,
      Name: "Salade César",
      Price: 9.5,
      IsAvailable: true,
      MenuItemOptionSets: [{ Name: "Pour compléter" }],
    });
  });

  it("answers 404 for an item asked in another section or menu, or unknown", async () => {
    await json(call("GET", itemPath("Plats cuisinés", SALAD)), 404);
    const otherMenu = `/menus/9/sections/${sections.get("Entrées et salades")}/sectionitems/${SALAD}`;
    await json(call("GET", otherMenu), 404);
    await json(call("GET", itemPath("Entrées et salades", 123)), 404);
  });

  it("updates an item from a text/json body and keeps the change", async () => {
    const body = await json(
      call("POST", itemPath("Entrées et salades", SALAD), {
        contentType: "text/json",
        body: JSON.stringify({ MenuItemId: SALAD, Name: "Salade César du chef", Price: 10.9 }),
      }),
    );
    expect(body.Data).toMatchObject({ Name: "Salade César du chef", Price: 10.9 });
    const again = await json(call("GET", itemPath("Entrées et salades", SALAD)));
    expect(again.Data).toMatchObject({ Name: "Salade César du chef", Price: 10.9 });
  });

  it("takes application/json too", async () => {
    const body = await json(
      call("POST", itemPath("Entrées et salades", SALAD), {
        contentType: "application/json",
        body: JSON.stringify({ IsAvailable: false }),
      }),
    );
    expect(body.Data.IsAvailable).toBe(false);
  });

  it("marks an item as alcohol (Flipdish's MenuItem.Alcohol), and back", async () => {
    const before = await json(call("GET", itemPath("Entrées et salades", SALAD)));
    expect(before.Data.Alcohol).toBe(false);
    const body = await json(
      call("POST", itemPath("Entrées et salades", SALAD), {
        contentType: "application/json",
        body: JSON.stringify({ Alcohol: true }),
      }),
    );
    expect(body.Data.Alcohol).toBe(true);
    const again = await json(call("GET", itemPath("Entrées et salades", SALAD)));
    expect(again.Data.Alcohol).toBe(true);
    await json(
      call("POST", itemPath("Entrées et salades", SALAD), {
        contentType: "application/json",
        body: JSON.stringify({ Alcohol: false }),
      }),
    );
  });

  it.each([
    ["a body that is not JSON", "{ Name:", "body"],
    ["an unknown field", JSON.stringify({ Colour: "rouge" }), ""],
    ["a negative price", JSON.stringify({ Price: -1 }), "Price"],
    ["an empty name", JSON.stringify({ Name: " " }), "Name"],
    ["another item's id", JSON.stringify({ MenuItemId: STEW, Name: "X" }), "MenuItemId"],
  ])("refuses %s with 400 and changes nothing", async (_label, payload, field) => {
    const body = await json(
      call("POST", itemPath("Entrées et salades", SALAD), {
        contentType: "text/json",
        body: payload,
      }),
      400,
    );
    expect(body).toMatchObject({ Success: false, Code: "bad_request" });
    if (field) expect(body.Field).toBe(field);
    const item = await json(call("GET", itemPath("Entrées et salades", SALAD)));
    expect(item.Data.Name).toBe("Salade César du chef");
  });

  it("answers 404 when updating an unknown item", async () => {
    await json(
      call("POST", itemPath("Entrées et salades", 77), {
        contentType: "text/json",
        body: JSON.stringify({ Name: "Fantôme" }),
      }),
      404,
    );
  });

  it("deletes an item with its option sets, then answers 404 for it", async () => {
    const path = itemPath("Plats cuisinés", STEW);
    const body = await json(call("DELETE", path));
    expect(body).toMatchObject({ Success: true, Data: { MenuItemId: STEW } });
    await json(call("GET", path), 404);
    await json(call("DELETE", path), 404);
    const menu = await json(call("GET", `/menus/${DEMO_MENU_ID}`));
    expect(menu.Data.MenuSections[1].MenuItems).toEqual([]);
  });
});

describe("menu item metadata per store", () => {
  const metadataPath = (storeId: number) => `/menus/${DEMO_MENU_ID}/metadata/store/${storeId}`;
  const putPath = (itemId: number, storeId: number) =>
    `/menus/${DEMO_MENU_ID}/menuitem/${itemId}/metadata/store/${storeId}`;

  it("reads the seeded availability of the pickup point", async () => {
    const body = await json(call("GET", metadataPath(BASTILLE)));
    expect(body.Data).toEqual({
      MenuId: DEMO_MENU_ID,
      StoreId: BASTILLE,
      MenuItemMetadata: [
        { MenuItemId: CAVIAR, StoreId: BASTILLE, Key: "IsAvailable", Value: "false" },
      ],
    });
  });

  it("sets a value, then replaces it, for one store only", async () => {
    const first = await json(
      call("PUT", putPath(SALAD, HAUSSMANN), {
        contentType: "text/json",
        body: JSON.stringify({ Key: "Stock", Value: "12" }),
      }),
    );
    expect(first.Data).toEqual({
      MenuItemId: SALAD,
      StoreId: HAUSSMANN,
      Key: "Stock",
      Value: "12",
    });
    await json(
      call("PUT", putPath(SALAD, HAUSSMANN), {
        contentType: "application/json",
        body: JSON.stringify({ Key: "Stock", Value: "3" }),
      }),
    );
    const read = await json(call("GET", metadataPath(HAUSSMANN)));
    expect(read.Data.MenuItemMetadata).toEqual([
      { MenuItemId: SALAD, StoreId: HAUSSMANN, Key: "Stock", Value: "3" },
    ]);
    const other = await json(call("GET", metadataPath(1102)));
    expect(other.Data.MenuItemMetadata).toEqual([]);
  });

  it("answers 404 for an unknown store, menu or item", async () => {
    const body = JSON.stringify({ Key: "Stock", Value: "1" });
    await json(call("PUT", putPath(SALAD, 999), { body }), 404);
    await json(call("PUT", putPath(5, HAUSSMANN), { body }), 404);
    await json(
      call("PUT", `/menus/77/menuitem/${SALAD}/metadata/store/${HAUSSMANN}`, { body }),
      404,
    );
    await json(call("GET", metadataPath(999)), 404);
    await json(call("GET", `/menus/77/metadata/store/${HAUSSMANN}`), 404);
  });

  it("refuses a body without a key with 400", async () => {
    const body = await json(
      call("PUT", putPath(SALAD, HAUSSMANN), { body: JSON.stringify({ Value: "1" }) }),
      400,
    );
    expect(body.Field).toBe("Key");
  });
});

describe("vouchers", () => {
  it("summarises the white label's vouchers, 500 to a page", async () => {
    const body = await json(call("GET", "/comptoir/vouchers/summaries?pageSize=500"));
    expect(body).toMatchObject({ Page: 1, Limit: 500, TotalRecordCount: 4 });
    expect(body.Data.map((voucher: { Code: string }) => voucher.Code)).toEqual([
      "BIENVENUE",
      "RETRAIT10",
      "ETE2025",
      "OFFERT3",
    ]);
    expect(body.Data[0]).toEqual({
      VoucherId: 5101,
      Code: "BIENVENUE",
      Description: "5 € offerts dès 30 € d'achat",
      VoucherType: "LumpDiscount",
      IsEnabled: true,
      IsAutomaticallyApplied: false,
      ExpiryDate: null,
      ValidOnOrdersOver: 30,
      IsValidForDeliveryOrders: true,
      IsValidForPickupOrders: true,
      LumpDiscountDetails: { DiscountAmount: 5 },
      PercentDiscountDetails: null,
      Currency: "EUR",
    });
    expect(body.Data[1]).toMatchObject({
      VoucherType: "PercentageDiscount",
      IsValidForDeliveryOrders: false,
      LumpDiscountDetails: null,
      PercentDiscountDetails: { PercentageDiscount: 10 },
    });
    expect(body.Data[2].ExpiryDate).toBe("2025-08-31T21:59:59.000Z");
    expect(body.Data[3]).toMatchObject({
      IsAutomaticallyApplied: true,
      ValidOnOrdersOver: 50,
      LumpDiscountDetails: { DiscountAmount: 3 },
    });
  });

  it("pages", async () => {
    const body = await json(call("GET", "/comptoir/vouchers/summaries?pageSize=3&page=2"));
    expect(body).toMatchObject({ Page: 2, Limit: 3, TotalRecordCount: 4 });
    expect(body.Data.map((voucher: { Code: string }) => voucher.Code)).toEqual(["OFFERT3"]);
  });

  it.each(["501", "0", "abc", "-1", "2.5"])("refuses pageSize=%s with 400", async (size) => {
    const body = await json(call("GET", `/comptoir/vouchers/summaries?pageSize=${size}`), 400);
    expect(body).toMatchObject({ Code: "bad_request", Field: "pageSize" });
  });

  it("answers 404 for another white label", async () => {
    await json(call("GET", "/autre-marque/vouchers/summaries?pageSize=500"), 404);
  });

  it("answers one voucher, and 404 for an unknown one", async () => {
    const body = await json(call("GET", "/vouchers/5104"));
    expect(body.Data).toMatchObject({ VoucherId: 5104, Code: "OFFERT3", MaxUses: null, Uses: 0 });
    await json(call("GET", "/vouchers/1"), 404);
  });
});

describe("GET orders/{id}", () => {
  it("answers the order with its store, mode, slot, lines, totals, voucher and customer", async () => {
    const body = await json(call("GET", `/orders/${orderId}`));
    expect(body.Data).toMatchObject({
      OrderId: orderId,
      OrderState: "Placed",
      Mode: 1,
      DeliveryType: "Delivery",
      Store: { StoreId: HAUSSMANN, Name: "Comptoir Haussmann" },
      Slot: { Key: "2026-11-24 12:00-13:00", Start: "2026-11-24T11:00:00.000Z" },
      DeliveryLocation: { Line1: "3 rue Lafayette", Postcode: "75009", City: "Paris" },
      Customer: { Name: "Camille Martin", PhoneNumber: "+33612345678" },
      OrderItems: [
        {
          MenuItemId: STEW,
          Quantity: 2,
          Price: 14.5,
          PriceIncludingOptionSetItems: 17,
          OrderItemOptions: [{ Name: "Gratin dauphinois", Price: 2.5 }],
          LineTotal: 34,
        },
      ],
      Voucher: { VoucherId: 5101, Code: "BIENVENUE", Amount: 5 },
      OrderItemsAmount: 34,
      ServiceChargeAmount: 0.5,
      DeliveryAmount: 5.9,
      Amount: 35.4,
      Currency: "EUR",
    });
  });

  it("answers 404 for an unknown order", async () => {
    expect(await json(call("GET", "/orders/987654"), 404)).toMatchObject({
      Success: false,
      Code: "not_found",
    });
  });
});
