import type { Database, Db } from "#db/client.ts";
import { phoneLoginLimits } from "#platform/ordering/customers/phone-login.ts";
import { createOrderingApi } from "#platform/ordering/http.ts";
import {
  type OpeningHours,
  orderingDeliveryZone,
  orderingMenu,
  orderingMenuSection,
  orderingOptionSet,
  orderingOptionSetItem,
  orderingSectionItem,
  orderingStore,
  orderingVoucher,
} from "#platform/ordering/schema.ts";
import { cardEntryRoutes, createPayments, createTestProvider } from "#platform/payments/index.ts";
import { payOnPage, startSandbox, TEST_WEBHOOK_SECRET } from "#platform/payments/testing.ts";

/** Every day, lunch and dinner, in Paris time. */
export const TEST_OPENING_HOURS: OpeningHours = Object.fromEntries(
  ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"].map((day) => [
    day,
    [
      { start: "11:00", end: "14:00" },
      { start: "18:00", end: "21:00" },
    ],
  ]),
);

/** The enabled zone's own terms, when a test needs them (default: the store's fee, no minimum). */
export type TestZoneTerms = {
  feeCents?: number | null;
  minimumOrderCents?: number;
  freeDeliveryThresholdCents?: number | null;
};

/**
 * A store with its menu for integration tests: a 12,50 € dish with a required sauce (+0 € or
 * +1,50 €) and an optional extra (+1 €), a 4 € drink, a delivery zone over two Paris postcodes,
 * a 3,90 € delivery fee and one-hour slots of the given capacity; `zone` sets
 * the enabled zone's fee, minimum order and free-delivery threshold.
 */
export async function insertTestStore(
  db: Db,
  options: { physicalRestaurantId: number; capacity?: number; name?: string; zone?: TestZoneTerms },
) {
  const [menu] = await db.insert(orderingMenu).values({ name: "Menu test" }).returning();
  if (!menu) throw new Error("menu not stored");
  const [store] = await db
    .insert(orderingStore)
    .values({
      physicalRestaurantId: options.physicalRestaurantId,
      name: options.name ?? `Comptoir ${options.physicalRestaurantId}`,
      menuId: menu.id,
      deliveryFeeCents: 390,
      address: "12 rue des Martyrs",
      postcode: "75009",
      city: "Paris",
      latitude: 48.8786,
      longitude: 2.3393,
      openingHours: TEST_OPENING_HOURS,
      slotLeadMinutes: 60,
      slotIntervalMinutes: 60,
      slotDaysAhead: 3,
      deliveryCapacity: options.capacity ?? 5,
      pickupCapacity: options.capacity ?? 5,
    })
    .returning();
  if (!store) throw new Error("store not stored");
  await db.insert(orderingDeliveryZone).values([
    { storeId: store.id, name: "Désactivée", isEnabled: false, postcodes: ["75001"], position: 0 },
    {
      storeId: store.id,
      name: "Paris 9-10",
      postcodes: ["75009", "75010"],
      radiusMetres: 1500,
      position: 1,
      ...options.zone,
    },
  ]);
  const [section] = await db
    .insert(orderingMenuSection)
    .values({ menuId: menu.id, name: "Plats" })
    .returning();
  if (!section) throw new Error("section not stored");
  const [dish, drink, hidden] = await db
    .insert(orderingSectionItem)
    .values([
      {
        sectionId: section.id,
        name: "Blanquette de veau",
        priceCents: 1250,
        productHandle: "blanquette",
      },
      { sectionId: section.id, name: "Limonade artisanale", priceCents: 400, position: 1 },
      {
        sectionId: section.id,
        name: "Plat retiré",
        priceCents: 900,
        isAvailable: false,
        position: 2,
      },
    ])
    .returning();
  if (!dish || !drink || !hidden) throw new Error("items not stored");
  const [sauce, extra] = await db
    .insert(orderingOptionSet)
    .values([
      { menuItemId: dish.id, name: "Accompagnement", minSelectCount: 1, maxSelectCount: 1 },
      {
        menuItemId: dish.id,
        name: "Supplément",
        minSelectCount: 0,
        maxSelectCount: 1,
        position: 1,
      },
    ])
    .returning();
  if (!sauce || !extra) throw new Error("option sets not stored");
  const [rice, gratin, bread] = await db
    .insert(orderingOptionSetItem)
    .values([
      { optionSetId: sauce.id, name: "Riz", priceCents: 0 },
      { optionSetId: sauce.id, name: "Gratin", priceCents: 150, position: 1 },
      { optionSetId: extra.id, name: "Pain de campagne", priceCents: 100 },
    ])
    .returning();
  if (!rice || !gratin || !bread) throw new Error("options not stored");
  return { store, menu, dish, drink, hidden, options: { rice, gratin, bread } };
}

export type TestVoucher = typeof orderingVoucher.$inferInsert;

export async function insertTestVoucher(db: Db, voucher: Omit<TestVoucher, "whiteLabel">) {
  const [row] = await db
    .insert(orderingVoucher)
    .values({ whiteLabel: "comptoir", ...voucher })
    .returning();
  if (!row) throw new Error("voucher not stored");
  return row;
}

type FetchApp = { request: (path: string, init?: RequestInit) => Response | Promise<Response> };

/** Calls the ordering API in-process; answers the status, the headers and the parsed JSON body. */
export async function callOrdering(
  app: FetchApp,
  method: string,
  path: string,
  options: { body?: unknown; token?: string; headers?: Record<string, string> } = {},
) {
  const headers: Record<string, string> = { ...options.headers };
  if (options.body !== undefined) headers["content-type"] = "application/json";
  if (options.token !== undefined) headers["x-customer-token"] = options.token;
  const res = await app.request(`/ordering${path}`, {
    method,
    headers,
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  // biome-ignore lint/suspicious/noExplicitAny: answers are checked field by field.
  return { status: res.status, headers: res.headers, body: (await res.json()) as any };
}

/** How a test sends a shopper's requests to a hosted page (fetch, or a composed app's `request`). */
export type SendRequest = (url: string, init?: RequestInit) => Promise<Response>;

/** The test provider's approved card, and the titres-restaurant test card (docs/payments.md). */
export const TEST_CARD = "4242 4242 4242 4242";
export const TEST_MEAL_VOUCHER_CARD = "5036 1500 0000 0018";

/**
 * Saves a bank card as a shopper does (issue 48): a setup session, its hosted page filled in
 * with plain form posts, the return with `setup_session_id`, then `POST
 * /Payment/CardPaymentAccount { SetupSessionId }`. Answers that call (`body.Data` is the account).
 */
export async function saveCard(
  api: FetchApp,
  token: string,
  card: string | { number: string; expiry?: string; cvc?: string } = TEST_CARD,
  options: { challenge?: "pass" | "fail"; send?: SendRequest } = {},
) {
  const setup = await callOrdering(api, "POST", "/Payment/CardPaymentAccount/Setup", {
    token,
    body: {},
  });
  if (setup.status !== 200) throw new Error(`card setup refused: ${JSON.stringify(setup.body)}`);
  const page = await payOnPage(
    setup.body.Data.SetupUrl,
    typeof card === "string" ? { number: card } : card,
    options.challenge,
    options.send,
  );
  const back = new URL(page.headers.get("Location") ?? "", setup.body.Data.SetupUrl);
  const sessionId = back.searchParams.get("setup_session_id");
  if (!sessionId) throw new Error(`the setup page did not send back (${page.status} ${back})`);
  return callOrdering(api, "POST", "/Payment/CardPaymentAccount", {
    token,
    body: { SetupSessionId: sessionId },
  });
}

/**
 * Saves a titres-restaurant card as a shopper does: the processor's card-entry page (served by
 * `pages`, e.g. `cardEntryRoutes({ db })` or the composed server) filled in with a plain form
 * post, the return with `card_entry`, then `POST /Payment/CardPaymentAccount { CardEntryId }`.
 */
export async function saveMealVoucherCard(
  api: FetchApp,
  pages: FetchApp,
  token: string,
  card: string | { number: string; expiry?: string; cvc?: string } = TEST_MEAL_VOUCHER_CARD,
) {
  const entry = await callOrdering(api, "POST", "/Payment/MealVoucherPaymentAccount/Setup", {
    token,
    body: {},
  });
  if (entry.status !== 200) throw new Error(`card entry refused: ${JSON.stringify(entry.body)}`);
  const typed = typeof card === "string" ? { number: card } : card;
  const page = await pages.request(entry.body.Data.CardEntryUrl, {
    method: "POST",
    body: new URLSearchParams({
      number: typed.number,
      expiry: typed.expiry ?? "12/30",
      cvc: typed.cvc ?? "123",
    }),
    redirect: "manual",
  });
  const back = new URL(page.headers.get("Location") ?? "", entry.body.Data.CardEntryUrl);
  const entryId = back.searchParams.get("card_entry");
  if (!entryId) throw new Error(`the card-entry page did not send back (${page.status})`);
  return callOrdering(api, "POST", "/Payment/CardPaymentAccount", {
    token,
    body: { CardEntryId: entryId },
  });
}

/**
 * The ordering API as server/platform.ts composes it for card payments, on a test database: the
 * embedded test provider on a local port (its hosted pages reached with `fetch`), the payments
 * core, and the processor's card-entry pages (`pages`). `close()` stops the provider.
 */
export async function orderingApiWithPayments(
  database: Database,
  now: () => Date,
  options: Partial<Parameters<typeof createOrderingApi>[0]> = {},
) {
  const clock = {
    get now() {
      return now();
    },
  };
  const sandbox = await startSandbox(database, clock);
  const provider = createTestProvider({ ...sandbox.context, webhookSecret: TEST_WEBHOOK_SECRET });
  const quiet = { info() {}, warn() {}, error() {} };
  const payments = createPayments({ db: database.db, provider, logger: quiet, now });
  const api = createOrderingApi({
    db: database.db,
    apiToken: "test-ordering-api-token",
    whiteLabel: "comptoir",
    publicOrigin: "https://shop.test",
    now,
    phoneLoginLimits: phoneLoginLimits(),
    payments,
    ...options,
  });
  const pages = cardEntryRoutes({ db: database.db, now });
  return { api, payments, sandbox, pages, close: () => sandbox.close() };
}

/** Receipt fixtures and PDF text extraction, for tests and browser journeys. */
export { pdfTextLines, sampleReceipt } from "./receipts/testing.ts";
