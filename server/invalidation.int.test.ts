import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "#db/client.ts";
import { createTestDatabase, testEngine } from "#db/testing/index.ts";
import { VERIFY_HEADER } from "#server/api/verify.ts";
import { INVALIDATION_CHANNEL, type Invalidation, Invalidations } from "#server/invalidation.ts";
import { testEnv } from "#server/test-env.ts";
import { composedShops, withinOneSecond } from "#server/testing.ts";

/**
 * What a write makes stale reaches every instance (issue 20, item 2). Two instances of the shop
 * on one database, each with its own page cache and its own bus: on PostgreSQL a purge made on A
 * empties B's cache within a second, through NOTIFY and B's LISTEN only; an instance that lost
 * its listening connection listens again and drops everything it kept, since it may have missed
 * events. On PGlite, which belongs to one process, the bus is local.
 */
const logger = pino({ level: "silent" });

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase({ seeded: true });
});
afterAll(() => database?.close());

describe("the bus", () => {
  it("runs this instance's handlers at once, once", async () => {
    const bus = new Invalidations({ database, logger });
    await bus.start();
    const heard: Invalidation[] = [];
    bus.on("pages", (event) => heard.push(event));
    bus.on("catalogue", (event) => heard.push(event));
    bus.publish({ kind: "pages", url: "/p/comte/" });
    expect(heard).toEqual([{ kind: "pages", url: "/p/comte/" }]);
    // Its own notification, back from PostgreSQL, is not applied a second time.
    await new Promise((next) => setTimeout(next, 200));
    expect(heard).toHaveLength(1);
    await bus.stop();
  });

  it.runIf(testEngine() === "postgres")(
    "carries an event to another instance, and only what it names",
    async () => {
      const a = new Invalidations({ database, logger });
      const b = new Invalidations({ database, logger });
      await b.start();
      const heard: Invalidation[] = [];
      b.on("catalogue", (event) => heard.push(event));
      b.on("ordering-menus", (event) => heard.push(event));
      a.publish({ kind: "catalogue" });
      expect(await withinOneSecond(() => heard.length === 1)).toBe(true);
      expect(heard).toEqual([{ kind: "catalogue" }]);
      // Not a kind of ours, or not JSON: ignored.
      const pool = database.client as import("pg").Pool;
      await pool.query("select pg_notify($1, $2)", [INVALIDATION_CHANNEL, "{not json"]);
      await pool.query("select pg_notify($1, $2)", [
        INVALIDATION_CHANNEL,
        JSON.stringify({ origin: "x", event: { kind: "everything" } }),
      ]);
      a.publish({ kind: "ordering-menus" });
      expect(await withinOneSecond(() => heard.length === 2)).toBe(true);
      expect(heard[1]).toEqual({ kind: "ordering-menus" });
      await b.stop();
    },
  );
});

describe.runIf(testEngine() === "postgres")("two instances of the shop on one database", () => {
  let shops: Awaited<ReturnType<typeof composedShops>>;
  const secret = testEnv().ADMIN_VERIFY_SECRET;

  beforeAll(async () => {
    shops = await composedShops(database);
  });
  afterAll(() => shops?.close());

  it("a purge on A empties B's page cache within a second; a lost channel is listened again", async () => {
    const a = shops.shop();
    const b = shops.shop();
    await b.invalidations.start();
    try {
      const page = async () => (await b.request("/faq/")).headers.get("x-cache");
      expect(await page()).toBe("MISS");
      expect(await page()).toBe("HIT");

      const purged = await a.request("/api/purge", {
        method: "POST",
        headers: { "content-type": "application/json", [VERIFY_HEADER]: secret },
        body: JSON.stringify({}),
      });
      expect(purged.status).toBe(200);
      expect(await withinOneSecond(() => b.pageCache.pages().length === 0)).toBe(true);
      expect(await page()).toBe("MISS");
      expect(await page()).toBe("HIT");

      // B's listening connection is cut (a PostgreSQL restart, a proxy's timeout): B listens
      // again and, having perhaps missed events, drops what it kept.
      const pool = database.client as import("pg").Pool;
      await pool.query(
        "select pg_terminate_backend(pid) from pg_stat_activity where query = $1 and pid <> pg_backend_pid()",
        [`listen ${INVALIDATION_CHANNEL}`],
      );
      expect(
        await withinOneSecond(async () => {
          return b.pageCache.pages().length === 0;
        }),
      ).toBe(true);
      expect(await page()).toBe("MISS");
      // And hears A again.
      expect(await page()).toBe("HIT");
      await a.request("/api/purge", {
        method: "POST",
        headers: { "content-type": "application/json", [VERIFY_HEADER]: secret },
        body: JSON.stringify({ url: "/faq/" }),
      });
      expect(await withinOneSecond(() => b.pageCache.pages().length === 0)).toBe(true);
    } finally {
      await b.invalidations.stop();
    }
  }, 60_000);

  it("a synonym edit on A drops B's search pages, and only those, within a second", async () => {
    const a = shops.shop();
    const b = shops.shop();
    await b.invalidations.start();
    try {
      for (const path of ["/search/?q=brut", "/faq/"]) {
        await b.request(path);
        expect((await b.request(path)).headers.get("x-cache")).toBe("HIT");
      }
      // What the synonyms screen publishes once an edit has committed.
      a.invalidations.publish({ kind: "search-synonyms" });
      const urls = () => b.pageCache.pages().map((page) => page.url);
      expect(await withinOneSecond(() => !urls().some((url) => url.startsWith("/search/")))).toBe(
        true,
      );
      expect(urls()).toContain("/faq/");
    } finally {
      await b.invalidations.stop();
    }
  }, 60_000);

  it("a content entry published on A shows on B's next page within a second", async () => {
    const a = shops.shop();
    const b = shops.shop();
    await b.invalidations.start();
    const token = testEnv().CONTENT_MANAGEMENT_TOKEN;
    const entry = "/content-management/spaces/comptoir/environments/master/entries/page-faq";
    const send = (method: string, path: string, version?: number, body?: unknown) =>
      a.request(path, {
        method,
        headers: {
          authorization: `Bearer ${token}`,
          "content-type": "application/json",
          ...(version === undefined ? {} : { "x-contentful-version": String(version) }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
    try {
      const page = () => b.request("/faq/");
      expect((await page()).headers.get("x-cache")).toBe("MISS");
      expect((await page()).headers.get("x-cache")).toBe("HIT");

      const current = (await (await send("GET", entry)).json()) as {
        sys: { version: number };
        fields: { title: Record<string, string> };
      };
      const [locale = "fr"] = Object.keys(current.fields.title);
      const fields = { ...current.fields, title: { [locale]: "Vos questions, nos réponses" } };
      const saved = await send("PUT", entry, current.sys.version, { fields });
      expect(saved.status).toBe(200);
      const { sys } = (await saved.json()) as { sys: { version: number } };
      expect((await send("PUT", `${entry}/published`, sys.version)).status).toBe(200);

      // B kept the page: the publish on A, heard through LISTEN, drops it.
      expect(await withinOneSecond(() => b.pageCache.pages().length === 0)).toBe(true);
      const fresh = await page();
      expect(fresh.headers.get("x-cache")).toBe("MISS");
      expect(await fresh.text()).toContain("Vos questions, nos réponses");
    } finally {
      await b.invalidations.stop();
    }
  }, 60_000);
});
