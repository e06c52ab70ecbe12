/**
 * Limits shared across instances (issue 20): on PostgreSQL every instance counts in the
 * `shop_rate_limit` table, so 20 failures spread over two instances use up a limit of 20 and the
 * 21st is refused on either. Each "instance" below is built as the server builds one: its own
 * pool on the database, its own `limiterStore`, its own APIs.
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { type Database, openDatabase } from "#db/client.ts";
import { createTestDatabase, testEngine } from "#db/testing/index.ts";
import {
  graphqlHelpers,
  CUSTOMER_LOGIN as LOGIN,
  PUBLIC_TOKEN,
  CUSTOMER_TEST_START as START,
  testStorefrontApi,
} from "#platform/commerce/testing.ts";
import { createOrderingApi } from "#platform/ordering/index.ts";
import { callOrdering } from "#platform/ordering/testing.ts";
import { limiterStore, memoryStore, RATE_LIMIT_TABLE, RateLimiter } from "#platform/rate-limit.ts";

let database: Database;

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database?.close());

// rate-limiter-flexible reads Date.now(), in both stores: a fixed clock, never a sleep. The
// memory store's timers are faked too, so that only the clock expires its records.
beforeEach(() => {
  vi.useFakeTimers({ toFake: ["Date", "setTimeout", "clearTimeout"] });
  vi.setSystemTime(START);
});
afterEach(() => vi.useRealTimers());

/** Another instance's connection to the same database: a pool of its own. */
async function secondInstance(): Promise<Database> {
  if (database.engine !== "postgres") throw new Error("PostgreSQL only");
  const url = database.client.options.connectionString;
  if (!url) throw new Error("no connection string");
  return openDatabase({ url, poolSize: 2 });
}

/** The Storefront and ordering APIs of one instance, counting in its database's store. */
function instanceApis(db: Database) {
  const store = limiterStore(db);
  const storefront = testStorefrontApi(db.db, {
    exposeErrors: true,
    now: () => START,
    clientIp: (c) => c.req.header("x-test-peer"),
    limiterStore: store,
  });
  const ordering = createOrderingApi({
    db: db.db,
    apiToken: "test-ordering-api-token",
    whiteLabel: "comptoir",
    publicOrigin: "https://shop.test",
    now: () => START,
    clientIp: (c) => c.req.header("x-test-peer") ?? "192.0.2.1",
    limiterStore: store,
  });
  const { gql } = graphqlHelpers(() => storefront);
  return {
    /** A sign-in with a wrong password for `email`, from `peer`: its error code, if any. */
    async failedSignIn(email: string, peer: string) {
      const body = await gql(
        LOGIN,
        { input: { email, password: "mauvais" } },
        { "X-Shopify-Storefront-Access-Token": PUBLIC_TOKEN, "x-test-peer": peer },
      );
      return body.errors?.[0]?.extensions.code ?? "ran";
    },
    /** Asks a phone code for `phone` from `peer`: the answer's status. */
    async phoneCode(phone: string, peer: string) {
      const { status } = await callOrdering(ordering, "POST", "/Account/RequestPhoneLoginCodeSms", {
        body: { PhoneNumber: phone },
        headers: { "x-test-peer": peer },
      });
      return status;
    },
  };
}

describe("the store of the limits", () => {
  it("is the database on PostgreSQL, one per database; memory on PGlite", async () => {
    const store = limiterStore(database);
    expect(limiterStore(database)).toBe(store);
    if (database.engine === "pglite") {
      expect(store).toBe(memoryStore);
      return;
    }
    const counter = new RateLimiter({ name: "store-test", limit: 2, windowMs: 60_000, store });
    await counter.hit("ip:192.0.2.5");
    const { rows } = await database.client.query(
      `select key, points, expire from ${RATE_LIMIT_TABLE} where key like 'store-test:%'`,
    );
    expect(rows).toEqual([
      { key: "store-test:ip:192.0.2.5", points: 1, expire: String(START.getTime() + 60_000) },
    ]);
  });
});

describe.runIf(testEngine() === "postgres")("limits across two instances", () => {
  let other: Database;
  beforeAll(async () => {
    other = await secondInstance();
  });
  afterAll(() => other?.close());

  it("refuses the 21st failed sign-in from an address on either instance", async () => {
    const [one, two] = [instanceApis(database), instanceApis(other)];
    // 20 wrong passwords from one address, on 20 accounts, alternating between the instances.
    for (let i = 0; i < 20; i++) {
      const instance = i % 2 === 0 ? one : two;
      expect(await instance.failedSignIn(`partage${i}@example.com`, "203.0.113.60")).toBe("ran");
    }
    expect(await one.failedSignIn("partage20@example.com", "203.0.113.60")).toBe("THROTTLED");
    expect(await two.failedSignIn("partage20@example.com", "203.0.113.60")).toBe("THROTTLED");
    // Another address is not concerned.
    expect(await two.failedSignIn("partage20@example.com", "203.0.113.61")).toBe("ran");
  }, 60_000);

  it("refuses the 21st phone code asked from an address on either instance", async () => {
    const [one, two] = [instanceApis(database), instanceApis(other)];
    const phone = (i: number) => `06 12 34 ${String(50 + Math.floor(i / 10))} ${10 + (i % 10)}`;
    for (let i = 0; i < 20; i++) {
      const instance = i % 2 === 0 ? two : one;
      expect(await instance.phoneCode(phone(i), "203.0.113.70")).toBe(200);
    }
    expect(await one.phoneCode(phone(20), "203.0.113.70")).toBe(429);
    expect(await two.phoneCode(phone(20), "203.0.113.70")).toBe(429);
    expect(await one.phoneCode(phone(20), "203.0.113.71")).toBe(200);
  }, 60_000);

  it("shares a fixed-window counter (admin sign-in, newsletter, reports) between instances", async () => {
    const counter = (db: Database) =>
      new RateLimiter({ name: "shared", limit: 3, windowMs: 60_000, store: limiterStore(db) });
    const [one, two] = [counter(database), counter(other)];
    expect(await one.hit("ip:a")).toBe(true);
    expect(await two.hit("ip:a")).toBe(true);
    expect(await one.hit("ip:a")).toBe(true);
    expect(await two.isBlocked("ip:a")).toBe(true);
    expect(await two.hit("ip:a")).toBe(false);
    await one.reset("ip:a");
    expect(await two.isBlocked("ip:a")).toBe(false);
  });

  it("keeps counting in memory, per process, while the database is unreachable", async () => {
    const gone = await secondInstance();
    const counter = new RateLimiter({
      name: "unreachable",
      limit: 2,
      windowMs: 60_000,
      store: limiterStore(gone),
    });
    await gone.close();
    expect(await counter.hit("ip:b")).toBe(true);
    expect(await counter.hit("ip:b")).toBe(true);
    expect(await counter.hit("ip:b")).toBe(false);
  });
});
