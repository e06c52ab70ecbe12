import { eq } from "drizzle-orm";
import { Hono } from "hono";
import { expect } from "vitest";
import type { Database, Db } from "#db/client.ts";
import { createTestDatabase } from "#db/testing/index.ts";
import { commerceCart, commerceDiscountCode } from "#platform/commerce/cart/schema.ts";
import {
  commerceImage,
  commerceMetafield,
  commerceProduct,
  commerceVariant,
} from "#platform/commerce/catalogue/schema.ts";
import { checkoutRoutes } from "#platform/commerce/checkout/http.ts";
import {
  addMealVoucher,
  checkoutAndPay,
  testPayments,
  VISA,
} from "#platform/commerce/checkout/testing.ts";
import { commerceCustomer, commerceCustomerToken } from "#platform/commerce/customers/schema.ts";
import { hashToken } from "#platform/commerce/customers/tokens.ts";
import { toGid } from "#platform/commerce/gid.ts";
import { type StorefrontApiOptions, storefrontApi } from "#platform/commerce/graphql/http.ts";
import { commerceOrder } from "#platform/commerce/orders/schema.ts";
import { commerceShop } from "#platform/commerce/schema.ts";
import type { CatalogueSearch } from "#platform/commerce/search-port.ts";
import type { SlotBookings } from "#platform/commerce/slot-port.ts";
import { grocerySlots } from "#platform/ordering/index.ts";
import { insertTestStore } from "#platform/ordering/testing.ts";
import { cardEntryRoutes } from "#platform/payments/index.ts";

/**
 * The commerce module's test setup, shared by its integration tests: the tokens, origin and clock
 * they run with, a migrated test database with the Storefront API app over it (`openTestShop`),
 * the GraphQL request helpers, and the small catalogue with discount codes and a signed-in
 * customer that the cart, `/cart.js`, checkout and order tests use (`seedCartFixture`).
 */
export const PUBLIC_TOKEN = "test-public-token-0123456789";
export const PRIVATE_TOKEN = "test-private-token-0123456789";
export const ORIGIN = "http://shop.test";
/** The tests' clock. */
export const NOW = new Date("2025-06-02T10:00:00.000Z");
export const CUSTOMER_TOKEN = "a".repeat(64);

type ProductSpec = {
  handle: string;
  title: string;
  priceCents: number;
  compareAtCents?: number;
  tags?: string[];
  forSale?: boolean;
  maxQuantity?: number;
};

const PRODUCTS = {
  comte: {
    handle: "comte-aop-18-mois",
    title: "Comté AOP 18 mois",
    priceCents: 1250,
    compareAtCents: 1500,
    maxQuantity: 3,
  },
  miel: { handle: "miel-de-lavande", title: "Miel de lavande", priceCents: 890 },
  truffe: {
    handle: "truffe-noire",
    title: "Truffe noire",
    priceCents: 4500,
    tags: ["unavailable"],
  },
  ancien: { handle: "ancien-produit", title: "Ancien produit", priceCents: 300, tags: ["Archive"] },
  epuise: { handle: "produit-epuise", title: "Produit épuisé", priceCents: 700, forSale: false },
  caviar: { handle: "caviar", title: "Caviar", priceCents: 5000, maxQuantity: 20 },
} satisfies Record<string, ProductSpec>;

export type CatalogueFixture = Record<
  keyof typeof PRODUCTS,
  { productId: number; variantId: string }
> & { customerId: number };

async function insertProduct(db: Db, spec: ProductSpec) {
  const tags = spec.tags ?? [];
  const [product] = await db
    .insert(commerceProduct)
    .values({
      handle: spec.handle,
      title: spec.title,
      vendor: "Maison Test",
      tags,
      priceMinCents: spec.priceCents,
      priceMaxCents: spec.priceCents,
      availableForSale: spec.forSale ?? true,
      archived: tags.includes("Archive"),
    })
    .returning();
  if (!product) throw new Error("product not inserted");
  const [variant] = await db
    .insert(commerceVariant)
    .values({
      productId: product.id,
      sku: spec.handle.toUpperCase(),
      priceCents: spec.priceCents,
      compareAtPriceCents: spec.compareAtCents ?? null,
      availableForSale: spec.forSale ?? true,
    })
    .returning();
  await db.insert(commerceImage).values({
    productId: product.id,
    url: `/cdn/images/products/${spec.handle}-1.svg`,
    altText: spec.title,
  });
  if (spec.maxQuantity !== undefined) {
    await db.insert(commerceMetafield).values({
      ownerType: "PRODUCT",
      ownerId: product.id,
      namespace: "custom",
      key: "max_quantity",
      type: "number_integer",
      value: String(spec.maxQuantity),
    });
  }
  return { productId: product.id, variantId: toGid("ProductVariant", variant?.id ?? 0) };
}

/** Seeds the shop, six products, four discount codes and a signed-in customer. */
export async function seedCartFixture(db: Db): Promise<CatalogueFixture> {
  await db.insert(commerceShop).values({ name: "Comptoir", primaryDomainUrl: ORIGIN });
  const entries = [];
  for (const [name, spec] of Object.entries(PRODUCTS)) {
    entries.push([name, await insertProduct(db, spec)] as const);
  }
  await db.insert(commerceDiscountCode).values([
    {
      code: "BIENVENUE10",
      title: "Bienvenue",
      kind: "percentage",
      value: 10,
      minimumSubtotalCents: 3000,
      startsAt: new Date("2025-01-01T00:00:00Z"),
    },
    {
      code: "NOEL5",
      title: "Noël",
      kind: "fixed",
      value: 500,
      minimumSubtotalCents: 4000,
      startsAt: new Date("2025-01-01T00:00:00Z"),
    },
    {
      code: "ETE2024",
      title: "Été 2024",
      kind: "percentage",
      value: 20,
      startsAt: new Date("2024-06-01T00:00:00Z"),
      endsAt: new Date("2024-09-01T00:00:00Z"),
    },
    {
      code: "ARRET",
      title: "Code désactivé",
      kind: "fixed",
      value: 100,
      enabled: false,
      startsAt: new Date("2025-01-01T00:00:00Z"),
    },
  ]);
  const [customer] = await db
    .insert(commerceCustomer)
    .values({
      email: "claire@example.fr",
      firstName: "Claire",
      lastName: "Martin",
      phone: "+33612345678",
      state: "ENABLED",
    })
    .returning();
  await db.insert(commerceCustomerToken).values({
    customerId: customer?.id ?? 0,
    kind: "access",
    tokenHash: hashToken(CUSTOMER_TOKEN),
    expiresAt: new Date("2025-07-01T00:00:00Z"),
  });
  return {
    ...(Object.fromEntries(entries) as Record<
      keyof typeof PRODUCTS,
      { productId: number; variantId: string }
    >),
    customerId: customer?.id ?? 0,
  };
}

// ---------------------------------------------------------------------------------------------
// The Storefront API app on a test database

/** No search: the search module has its own tests. */
export const NO_SEARCH: CatalogueSearch = {
  predictive: async () => ({ productIds: [], collectionIds: [], queries: [] }),
  matchingProductIds: async () => [],
  searchPage: async () => ({ ids: [], totalCount: 0 }),
};

export type TestApiOptions = Partial<Omit<StorefrontApiOptions, "db">>;
export type TestStorefrontApi = ReturnType<typeof storefrontApi>;

/**
 * The Storefront API app on a database, with the tests' tokens and origin and no search; the
 * system clock unless `now` is given.
 */
export function testStorefrontApi(db: Db, options: TestApiOptions = {}): TestStorefrontApi {
  return storefrontApi({
    db,
    search: NO_SEARCH,
    publicToken: PUBLIC_TOKEN,
    privateToken: PRIVATE_TOKEN,
    publicOrigin: ORIGIN,
    ...options,
  });
}

/** The commerce app on a test database, with the tests' clock (`NOW`). */
export function testApi(db: Db): TestStorefrontApi {
  return testStorefrontApi(db, { now: () => NOW });
}

/**
 * A fresh migrated test database, seeded by `seed` when given, and the Storefront API app over
 * it. The caller closes `database` after its tests; a failed seed closes it here.
 */
export async function openTestShop<Fixture = undefined>(
  options: TestApiOptions & { seed?: (db: Db) => Promise<Fixture> } = {},
): Promise<{ database: Database; api: TestStorefrontApi; fixture: Fixture }> {
  const { seed, ...apiOptions } = options;
  const database = await createTestDatabase();
  try {
    const fixture = (seed ? await seed(database.db) : undefined) as Fixture;
    return { database, api: testStorefrontApi(database.db, apiOptions), fixture };
  } catch (error) {
    await database.close();
    throw error;
  }
}

/** The cart fixture's shop (`seedCartFixture`) on the tests' clock. */
export function openCartTestShop() {
  return openTestShop({ seed: seedCartFixture, now: () => NOW });
}

/**
 * The cart fixture's Storefront API and the hosted checkout (under `/checkout`) on one app, with
 * the given ordering stores to book slots in, as the server composes them.
 */
export async function openCheckoutTestShop(
  stores: Parameters<typeof insertSlotStore>[1][],
  storefrontOrigin = "http://boutique.test",
) {
  const shop = await openCartTestShop();
  for (const store of stores) await insertSlotStore(shop.database.db, store);
  // The clock of the checkout and the provider: a test moves it (a hold's expiry).
  const clock = { now: NOW };
  const now = () => clock.now;
  const { payments, provider, sandbox } = testPayments(shop.database.db, ORIGIN, now);
  const app = new Hono();
  app.route("/", shop.api);
  app.route("/", cardEntryRoutes({ db: shop.database.db, now }));
  app.route("/", sandbox);
  app.route(
    "/checkout",
    checkoutRoutes({
      db: shop.database.db,
      storefrontOrigin,
      checkoutOrigin: ORIGIN,
      slots: TEST_SLOTS,
      payments,
      now,
    }),
  );
  return { ...shop, app, payments, provider, clock };
}

/** A selected delivery address in Paris, as a cart's `delivery.addresses` takes it. */
export const PARIS_DELIVERY = {
  address: {
    deliveryAddress: {
      firstName: "Paul",
      lastName: "Durand",
      address1: "12 rue des Martyrs",
      zip: "75009",
      city: "Paris",
      countryCode: "FR",
    },
  },
  selected: true,
};

/** The hosted checkout's form filled in by Paul Durand (the card is typed on the provider's page). */
export const CHECKOUT_FORM = {
  email: "paul@example.fr",
  phone: "06 12 34 56 78",
  firstName: "Paul",
  lastName: "Durand",
};

/**
 * Submits a form of the hosted checkout (`path` with its `?key=`), as a browser posts it. When
 * the checkout sends the shopper to the provider's hosted page, the card `cardNumber` (the
 * approved test card by default) is typed there and the return followed: the answer is then the
 * checkout's to the return (303 to the confirmation), or the provider page's when it refused the
 * card. `cardNumber` is never sent to the checkout itself.
 */
export async function postCheckoutForm(
  app: Hono,
  path: string,
  fields: Record<string, string>,
  challenge?: "pass" | "fail",
): Promise<Response> {
  const {
    cardNumber,
    cardExpiry: _e,
    cardCvc: _c,
    cardHolder: _h,
    mealVoucherNumber,
    mealVoucherExpiry,
    mealVoucherCvc,
    ...form
  } = fields;
  // A titres-restaurant card is entered first, on the processor's card-entry page.
  if (mealVoucherNumber) {
    const entered = await addMealVoucher(app, ORIGIN, path, {
      number: mealVoucherNumber,
      ...(mealVoucherExpiry ? { expiry: mealVoucherExpiry } : {}),
      ...(mealVoucherCvc ? { cvc: mealVoucherCvc } : {}),
    });
    if (entered.status !== 303) return entered;
  }
  const journey = await checkoutAndPay(app, ORIGIN, path, form, cardNumber ?? VISA, challenge);
  if (journey.back) return journey.back;
  if (journey.paid) return journey.paid;
  return journey.hold;
}

/** The order a cart became, by the cart's token; undefined while there is none. */
export async function orderOfCartToken(db: Db, token: string) {
  const [row] = await db
    .select({ order: commerceOrder })
    .from(commerceOrder)
    .innerJoin(commerceCart, eq(commerceCart.id, commerceOrder.cartId))
    .where(eq(commerceCart.token, token));
  return row?.order;
}

// ---------------------------------------------------------------------------------------------
// GraphQL requests

// biome-ignore lint/suspicious/noExplicitAny: answers are read loosely, the assertions check them
export type Json = Record<string, any>;

/** The headers of a storefront's request: the public access token. */
export const PUBLIC_HEADERS: Readonly<Record<string, string>> = {
  "X-Shopify-Storefront-Access-Token": PUBLIC_TOKEN,
};

/** Posts one GraphQL operation to the app; the answer's status and JSON body. */
export async function postGraphql(
  api: TestStorefrontApi,
  query: string,
  variables: Record<string, unknown> = {},
  headers: Record<string, string> = PUBLIC_HEADERS,
  version = "2024-01",
): Promise<{ status: number; body: Json }> {
  const res = await api.request(`${ORIGIN}/api/${version}/graphql.json`, {
    method: "POST",
    headers: { "content-type": "application/json", ...headers },
    body: JSON.stringify({ query, variables }),
  });
  return { status: res.status, body: (await res.json()) as Json };
}

/** Posts one GraphQL operation to the app; the answer's JSON body. */
export async function graphqlRequest(
  api: TestStorefrontApi,
  query: string,
  variables: Record<string, unknown> = {},
  // biome-ignore lint/suspicious/noExplicitAny: tests read arbitrary GraphQL answers
): Promise<any> {
  return (await postGraphql(api, query, variables)).body;
}

/**
 * `gql` posts an operation and expects HTTP 200; `mutate` calls one mutation and answers its
 * payload, failing on top-level errors. `api` is read at each call: tests open it in `beforeAll`.
 */
export function graphqlHelpers(api: () => TestStorefrontApi) {
  async function gql(
    query: string,
    variables: Json = {},
    headers: Record<string, string> = PUBLIC_HEADERS,
  ): Promise<{ data?: Json; errors?: Json[] }> {
    const { status, body } = await postGraphql(api(), query, variables, headers);
    expect(status).toBe(200);
    return body as { data?: Json; errors?: Json[] };
  }
  async function mutate(query: string, variables: Json, headers?: Record<string, string>) {
    const body = await gql(query, variables, headers);
    expect(body.errors).toBeUndefined();
    return Object.values(body.data ?? {})[0] as Json;
  }
  return { gql, mutate };
}
export { documentsIn, extractGraphqlDocuments, sourceFiles } from "./graphql/documents.ts";

// --- Slots: grocery orders book them in the ordering service's capacity -----------------------

/** The ordering service's slots, as the server wires them (server/platform.ts). */
export const TEST_SLOTS: SlotBookings = grocerySlots;

/** A slot offered at NOW (Monday 2 June 2025, 12:00 in Paris; the test store opens 18:00–21:00). */
export const TEST_SLOT_KEY = "2025-06-02 18:00-19:00";

/**
 * An ordering store with one-hour slots of `capacity` places (delivery and pickup); `zone` sets
 * its delivery zone's fee, minimum order and free-delivery threshold (the store's own fee is
 * 3,90 €, used when the zone has none).
 */
export async function insertSlotStore(db: Db, options: Parameters<typeof insertTestStore>[1]) {
  return (await insertTestStore(db, options)).store;
}

/** The cart attributes the storefront writes for a chosen mode, store and slot. */
export function slotAttributes(choice: {
  mode: 1 | 2;
  physicalRestaurantId: number;
  slotKey?: string;
}): { key: string; value: string }[] {
  const slotKey = choice.slotKey ?? TEST_SLOT_KEY;
  return [
    { key: "mode", value: String(choice.mode) },
    { key: "deliverySlot", value: slotKey },
    { key: "slotDay", value: slotKey.split(" ")[0] ?? "" },
    {
      key: choice.mode === 1 ? "deliveryLocationId" : "pickupLocationId",
      value: String(choice.physicalRestaurantId),
    },
  ];
}

// A placed grocery order, for tests outside the module that need one.
export { placeTestOrder } from "#platform/commerce/checkout/testing.ts";

// The customer API's sign-in mutation and its tests' clock, for tests outside the module.
export {
  LOGIN as CUSTOMER_LOGIN,
  START as CUSTOMER_TEST_START,
} from "#platform/commerce/graphql/customer-testing.ts";
// The coverage of Shopify's schema, for `npm run compat:coverage` (bench/storefront-coverage.ts).
export { COVERAGE_DOC_HEADER, coverageTable } from "./graphql/compatibility/coverage.ts";
// The official Hydrogen starter as a test of the Storefront API, for its ratchet test and
// `npm run compat:hydrogen` (bench/hydrogen-compat.ts).
export {
  formatHydrogenReport,
  runHydrogenStarter,
  STARTER_API_VERSION,
} from "./graphql/compatibility/hydrogen-starter.ts";
export { demoVisit } from "./graphql/compatibility/hydrogen-starter-visit.ts";
export { officialStorefrontSchema } from "./graphql/compatibility/official-schema.ts";
export { STOREFRONT_SDL } from "./graphql/sdl.ts";
