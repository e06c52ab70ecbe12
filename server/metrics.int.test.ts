import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { getRequestListener } from "@hono/node-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "#db/client.ts";
import { createTestDatabase, testEngine } from "#db/testing/index.ts";
import {
  type CatalogueFixture,
  seedCartFixture,
  slotAttributes,
} from "#platform/commerce/testing.ts";
import { listOutbox } from "#platform/notify/index.ts";
import { callOrdering, insertTestStore, saveCard } from "#platform/ordering/testing.ts";
import { payOnPage } from "#platform/payments/testing.ts";
import { startMetricsServer } from "#server/metrics.ts";
import { closeGracefully } from "#server/shutdown.ts";
import { TEST_SECRETS } from "#server/test-env.ts";
import { composedShops } from "#server/testing.ts";

/**
 * `/metrics` over real HTTP on both engines: the composed shop served on a loopback port, driven
 * as a browser and the services' clients would (pages, a cart, a grocery checkout, a declined card,
 * a restauration order), then scraped and read as Prometheus would read it.
 */

const STORE = 101;

let database: Database;
let shops: Awaited<ReturnType<typeof composedShops>>;
let fixture: CatalogueFixture;
let dish: Awaited<ReturnType<typeof insertTestStore>>;
const servers: Server[] = [];

/** Serves a composed shop's app on a loopback port; answers its origin. */
async function serve(app: { fetch: (request: Request) => Response | Promise<Response> }) {
  const server = createServer(getRequestListener(app.fetch));
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

let restricted: string;
let shop: string;
let composed: ReturnType<Awaited<ReturnType<typeof composedShops>>["shop"]>;

beforeAll(async () => {
  database = await createTestDatabase();
  fixture = await seedCartFixture(database.db);
  dish = await insertTestStore(database.db, { physicalRestaurantId: STORE, capacity: 50 });
  shops = await composedShops(database);
  // The shop whose scrape sources count (the last composed) is the one the flow drives.
  restricted = await serve(
    shops.shop({ ADMIN_ALLOWLIST: "10.0.0.0/8", TRUSTED_PROXIES: "127.0.0.1" }).app,
  );
  composed = shops.shop();
  shop = await serve(composed.app);
});

afterAll(async () => {
  await Promise.all(servers.map((server) => closeGracefully(server, 1000)));
  await shops?.close();
  await database?.close();
});

/** The samples of an exposition, by `name{label="value",…}` as written (labels in their order). */
function parseExposition(text: string): Map<string, number> {
  const samples = new Map<string, number>();
  for (const line of text.split("\n")) {
    if (line === "" || line.startsWith("#")) continue;
    const match = /^([a-zA-Z_:][\w:]*(?:\{.*\})?) (\S+)$/.exec(line);
    if (!match?.[1] || match[2] === undefined) throw new Error(`not an exposition line: ${line}`);
    samples.set(match[1], Number(match[2]));
  }
  return samples;
}

async function scrape(origin = shop): Promise<Map<string, number>> {
  const res = await fetch(`${origin}/metrics`);
  expect(res.status).toBe(200);
  return parseExposition(await res.text());
}

/** A sample's value; the sample must be there. */
function sample(samples: Map<string, number>, key: string): number {
  const value = samples.get(key);
  if (value === undefined) throw new Error(`no sample ${key}`);
  return value;
}

const ordering = {
  request: (path: string, init?: RequestInit) => fetch(`${shop}${path}`, init),
};

/** The first free slot of the test store for a mode, as the shop offers it now. */
async function firstSlot(mode: 1 | 2): Promise<string> {
  const { body } = await callOrdering(
    ordering,
    "GET",
    `/Restaurant/DeliverySlots/${STORE}?deliveryType=${mode}`,
  );
  const slot = (body.Data as { Key: string; IsFull: boolean }[]).find((slot) => !slot.IsFull);
  if (!slot) throw new Error("no free slot");
  return slot.Key;
}

/** A pickup cart of one Comté, made through the Storefront API; answers its checkout path. */
async function pickupCart(slotKey: string): Promise<string> {
  const res = await fetch(`${shop}/api/2024-01/graphql.json`, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      "X-Shopify-Storefront-Access-Token": TEST_SECRETS.COMMERCE_STOREFRONT_TOKEN,
    },
    body: JSON.stringify({
      query: `mutation MetricsCart($input: CartInput) {
        cartCreate(input: $input) { cart { id checkoutUrl } userErrors { message } }
      }`,
      variables: {
        input: {
          lines: [{ merchandiseId: fixture.comte.variantId, quantity: 1 }],
          attributes: slotAttributes({ mode: 2, physicalRestaurantId: STORE, slotKey }),
        },
      },
    }),
  });
  const { data } = (await res.json()) as {
    data: { cartCreate: { cart: { id: string; checkoutUrl: string } } };
  };
  expect(data.cartCreate.cart.id).toMatch(/^gid:\/\/shopify\/Cart\//);
  const url = new URL(data.cartCreate.cart.checkoutUrl);
  return `${url.pathname}${url.search}`;
}

/**
 * The hosted checkout submitted, then the card typed on the test provider's hosted page; an
 * approved card's return to the shop followed once. Answers the hosted page's answer.
 */
async function pay(path: string, cardNumber: string) {
  const begun = await fetch(`${shop}${path}`, {
    method: "POST",
    redirect: "manual",
    headers: { "content-type": "application/x-www-form-urlencoded", origin: shop },
    body: new URLSearchParams({
      email: "paul@example.fr",
      phone: "06 12 34 56 78",
      firstName: "Paul",
      lastName: "Durand",
    }).toString(),
  });
  expect(begun.status).toBe(303);
  const hosted = new URL(begun.headers.get("Location") ?? "");
  expect(hosted.pathname).toMatch(/^\/test-payments\/pay\/cs_test_/);
  const paid = await payOnPage(`${shop}${hosted.pathname}`, { number: cardNumber });
  if (paid.status !== 303) return paid;
  const back = new URL(paid.headers.get("Location") ?? "");
  return fetch(`${shop}${back.pathname}${back.search}`, { redirect: "manual" });
}

/** A restauration order by a customer signed in by SMS code, paid with a saved card. */
async function restaurationOrder(slotKey: string) {
  const asked = await callOrdering(ordering, "POST", "/Account/RequestPhoneLoginCodeSms", {
    body: { PhoneNumber: "07 00 00 00 42" },
  });
  const [sms] = await listOutbox(database.db, { to: asked.body.Data.PhoneNumber });
  const code = /(\d{6})/.exec(sms?.text ?? "")?.[1];
  const signed = await callOrdering(ordering, "POST", "/Account/LoginUsingPhoneNumber", {
    body: { PhoneNumber: "07 00 00 00 42", RequestId: asked.body.Data.RequestId, Code: code },
  });
  const token = signed.body.Data.Token as string;
  // The card saved on the provider's hosted setup page, reached on the shop's loopback port.
  const card = await saveCard(ordering, token, "4242424242424242", {
    send: (url, init) => {
      const page = new URL(url);
      return fetch(`${shop}${page.pathname}${page.search}`, init);
    },
  });
  return callOrdering(ordering, "POST", "/order/SubmitOrder", {
    token,
    headers: { "Idempotency-Key": "metrics-1" },
    body: {
      PhysicalRestaurantId: STORE,
      DeliveryType: 2,
      DeliverySlotKey: slotKey,
      OrderItems: [
        {
          MenuItemId: dish.dish.id,
          Quantity: 1,
          MenuItemOptionSetItemIds: [dish.options.rice.id],
        },
      ],
      PaymentAccountId: card.body.Data.PaymentAccountId,
    },
  });
}

describe("/metrics", () => {
  // A whole shop flow (a card saved on the hosted setup page too): 90 s on a loaded machine.
  it("counts requests, the page cache, orders, slot bookings and declines; reads the pool and the outbox", async () => {
    const before = await scrape();
    const moved = (after: Map<string, number>, key: string) =>
      sample(after, key) - sample(before, key);

    // A page rendered, then served from the page cache.
    expect((await fetch(`${shop}/`)).headers.get("x-cache")).toBe("MISS");
    expect((await fetch(`${shop}/`)).headers.get("x-cache")).toBe("HIT");
    // A grocery order, then a declined card on another cart.
    const slotKey = await firstSlot(2);
    const placed = await pay(await pickupCart(slotKey), "4242 4242 4242 4242");
    expect(placed.status).toBe(303);
    const declined = await pay(await pickupCart(slotKey), "4000 0000 0000 0002");
    expect(declined.status).toBe(402);
    expect(await declined.text()).toContain("Votre carte a été refusée.");
    // The provider's webhook tells the shop of the refusal.
    await composed.platform.deliverTestEvents?.();
    // A restauration order.
    const submitted = await restaurationOrder(slotKey);
    expect(submitted.body.Success).toBe(true);

    const after = await scrape();
    expect(moved(after, 'comptoir_http_requests_total{kind="page",status="2xx"}')).toBe(2);
    // Two carts created; two checkouts sent to the provider's page, one return redirected to its
    // confirmation (the refusal is the provider's page's, counted as `other`).
    expect(moved(after, 'comptoir_http_requests_total{kind="api-storefront",status="2xx"}')).toBe(
      2,
    );
    expect(moved(after, 'comptoir_http_requests_total{kind="api-storefront",status="3xx"}')).toBe(
      3,
    );
    expect(moved(after, 'comptoir_http_requests_total{kind="api-storefront",status="4xx"}')).toBe(
      0,
    );
    expect(moved(after, 'comptoir_http_requests_total{kind="other",status="4xx"}')).toBe(1);
    expect(
      moved(after, 'comptoir_http_requests_total{kind="api-ordering",status="2xx"}'),
    ).toBeGreaterThanOrEqual(5);
    // The first scrape is counted once answered, after its own exposition was written.
    expect(moved(after, 'comptoir_http_requests_total{kind="health",status="2xx"}')).toBe(1);
    // Timed: the two pages (the test provider's pages count as `other`).
    expect(moved(after, 'comptoir_http_request_duration_seconds_count{kind="page"}')).toBe(2);
    expect(
      moved(after, 'comptoir_http_request_duration_seconds_bucket{le="+Inf",kind="page"}'),
    ).toBe(2);
    expect(moved(after, 'comptoir_page_cache_requests_total{result="hit"}')).toBe(1);
    expect(moved(after, 'comptoir_page_cache_requests_total{result="miss"}')).toBe(1);
    expect(sample(after, "comptoir_page_cache_entries")).toBeGreaterThanOrEqual(1);

    expect(moved(after, 'comptoir_orders_total{kind="grocery"}')).toBe(1);
    expect(moved(after, 'comptoir_orders_total{kind="restauration"}')).toBe(1);
    // Each payment's hold books its place: the declined one's too, given back when it expires.
    expect(moved(after, 'comptoir_slot_bookings_total{kind="grocery",outcome="booked"}')).toBe(2);
    expect(moved(after, 'comptoir_slot_bookings_total{kind="restauration",outcome="booked"}')).toBe(
      1,
    );
    expect(moved(after, 'comptoir_payment_failures_total{reason="card_declined"}')).toBe(1);

    const engine = testEngine();
    expect(
      sample(after, `comptoir_db_pool_connections{engine="${engine}"}`),
    ).toBeGreaterThanOrEqual(1);
    expect(
      sample(after, `comptoir_db_pool_idle_connections{engine="${engine}"}`),
    ).toBeGreaterThanOrEqual(0);
    expect(sample(after, `comptoir_db_pool_waiting_requests{engine="${engine}"}`)).toBe(0);

    // The grocery confirmation (email, no SMTP: it waits) and the restauration one and the
    // sign-in code (SMS, which always wait).
    expect(moved(after, 'comptoir_outbox_pending_messages{channel="email"}')).toBe(1);
    expect(moved(after, 'comptoir_outbox_pending_messages{channel="sms"}')).toBeGreaterThanOrEqual(
      2,
    );
    expect(
      sample(after, 'comptoir_outbox_oldest_pending_age_seconds{channel="sms"}'),
    ).toBeGreaterThanOrEqual(0);
    expect(sample(after, 'comptoir_outbox_given_up_messages{channel="email"}')).toBe(0);

    // prom-client's process metrics, the event-loop lag among them.
    expect(sample(after, "nodejs_eventloop_lag_seconds")).toBeGreaterThanOrEqual(0);
    expect(after.has("nodejs_eventloop_lag_p99_seconds")).toBe(true);
    expect(after.has("process_resident_memory_bytes")).toBe(true);
  }, 90_000);

  it("answers the admin allow-list only, through the trusted proxies, and is never cached", async () => {
    const res = await fetch(`${shop}/metrics`);
    expect(res.headers.get("content-type")).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(res.headers.get("cache-control")).toBe("no-store");
    expect(res.headers.get("x-cache")).toBeNull();

    // 127.0.0.1 is a trusted proxy there, and the allow-list is 10.0.0.0/8.
    expect((await fetch(`${restricted}/metrics`)).status).toBe(403);
    const outsider = await fetch(`${restricted}/metrics`, {
      headers: { "X-Forwarded-For": "203.0.113.9" },
    });
    expect(outsider.status).toBe(403);
    expect(await outsider.text()).not.toContain("comptoir_");
    const office = await fetch(`${restricted}/metrics`, {
      headers: { "X-Forwarded-For": "10.1.2.3" },
    });
    expect(office.status).toBe(200);
    expect(await office.text()).toContain("# TYPE comptoir_http_requests_total counter");
  });

  it("serves only /metrics on METRICS_PORT, and nothing of it on the shop's port then", async () => {
    const metrics = await startMetricsServer({ port: 0, host: "127.0.0.1" });
    servers.push(metrics);
    const origin = `http://127.0.0.1:${(metrics.address() as AddressInfo).port}`;
    const samples = await scrape(origin);
    expect(samples.has('comptoir_orders_total{kind="grocery"}')).toBe(true);
    expect((await fetch(`${origin}/`)).status).toBe(404);
    expect((await fetch(`${origin}/healthz`)).status).toBe(404);

    const separate = await serve(shops.shop({ METRICS_PORT: "0" }).app);
    const onShopPort = await fetch(`${separate}/metrics`, { redirect: "manual" });
    expect(onShopPort.status).toBe(404);
    expect(await onShopPort.text()).not.toContain("comptoir_");

    await closeGracefully(metrics, 1000);
    expect(metrics.listening).toBe(false);
  });
});
