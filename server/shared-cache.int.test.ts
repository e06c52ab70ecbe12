import type { AddressInfo } from "node:net";
import { createServer } from "node:net";
import { serve } from "@hono/node-server";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "#db/client.ts";
import { createTestDatabase } from "#db/testing/index.ts";
import { applyPriceChange } from "#platform/commerce/index.ts";
import { findEntry, updateEntry } from "#platform/content/index.ts";
import { testEnv } from "#server/test-env.ts";
import { composedShops, withinOneSecond } from "#server/testing.ts";
import { startVarnish, type Varnish, varnishConfig } from "../scripts/varnish.ts";

/**
 * The shared cache in front of the shop (issue 51): Debian's Varnish with xkey
 * (scripts/ensure-varnish.sh installs it), run with the repository's own
 * deploy/varnish/comptoir.vcl in front of the composed shop served over HTTP. A public page is a
 * HIT on its second request; a price written purges, at its commit, the product's page and its
 * category there within a second; a content publish purges the pages showing the entry; the
 * account page and a signed-in shopper's pages are never stored; the isProvince marker keeps
 * its own copy; a purge without the token is refused.
 */
const TOKEN = "purge-token-for-the-tests-0123456789";

let database: Database;
let shops: Awaited<ReturnType<typeof composedShops>>;
let backend: ReturnType<typeof serve>;
let varnish: Varnish;
let front: string;
let product: { handle: string; title: string };

async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((listening) => probe.listen(0, "127.0.0.1", listening));
  const { port } = probe.address() as AddressInfo;
  await new Promise((closed) => probe.close(closed));
  return port;
}

beforeAll(async () => {
  database = await createTestDatabase({ seeded: true });
  const [row] = (
    (await database.db.execute(sql`select p.handle, p.title from commerce_product p
      join commerce_collection_product cp on cp.product_id = p.id
      join commerce_collection c on c.id = cp.collection_id and c.handle = 'fromagerie'
      where not p.archived and not (p.tags @> array['unavailable']::text[])
      order by cp.position, p.id limit 1`)) as unknown as { rows: (typeof product)[] }
  ).rows;
  if (!row) throw new Error("no product in the fromagerie");
  product = row;

  const varnishPort = await freePort();
  front = `http://127.0.0.1:${varnishPort}`;
  shops = await composedShops(database);
  const shop = shops.shop({ SHARED_CACHE_PURGE_URL: front, SHARED_CACHE_PURGE_TOKEN: TOKEN });
  await shop.listening;
  // The storefront's first page compiles it (Vite): done here, not in the first test's time.
  await (await shop.request("/")).arrayBuffer();
  shop.pageCache.purge();
  backend = serve({ fetch: shop.app.fetch, port: 0, hostname: "127.0.0.1" });
  await new Promise((listening) => backend.once("listening", listening));
  const backendPort = (backend.address() as AddressInfo).port;

  varnish = await startVarnish({
    port: varnishPort,
    vcl: varnishConfig([backendPort, backendPort], TOKEN),
  });
}, 300_000);

afterAll(async () => {
  await varnish?.stop();
  await new Promise((closed) => backend?.close(closed));
  await shops?.close();
  await database?.close();
});

async function get(path: string, headers: Record<string, string> = {}) {
  const response = await fetch(`${front}${path}`, { headers, redirect: "manual" });
  return { response, body: await response.text(), cache: response.headers.get("x-shared-cache") };
}

describe("Varnish in front of the shop", () => {
  it("serves a public page from its cache on the second request, without the keys", async () => {
    expect((await get("/faq/")).cache).toBe("MISS");
    const second = await get("/faq/");
    expect(second.cache).toBe("HIT");
    expect(second.response.status).toBe(200);
    for (const header of ["surrogate-key", "cache-tag", "xkey", "x-url"]) {
      expect(second.response.headers.has(header), header).toBe(false);
    }
  });

  it("keeps a copy per isProvince marker, whatever other cookies say", async () => {
    const province = { cookie: "isProvince=true; _ga=GA1.1.1" };
    expect((await get("/c/fromagerie/", { cookie: "consent=1" })).cache).toBe("MISS");
    expect((await get("/c/fromagerie/", { cookie: "other=2" })).cache).toBe("HIT");
    expect((await get("/c/fromagerie/", province)).cache).toBe("MISS");
    expect((await get("/c/fromagerie/", province)).cache).toBe("HIT");
  });

  it("never stores the account page, nor a signed-in shopper's pages", async () => {
    for (let round = 0; round < 2; round++) {
      const account = await get("/account/login/");
      expect(account.cache).not.toBe("HIT");
      const signedIn = await get("/faq/", { cookie: "customerAccessToken=abc" });
      expect(signedIn.cache).toBe("PASS");
    }
  });

  it("drops the product's page and category within a second of a price's commit", async () => {
    const paths = [`/p/${product.handle}/`, "/c/fromagerie/"];
    for (const path of paths) {
      await get(path);
      expect((await get(path)).cache, path).toBe("HIT");
    }
    await database.db.transaction((tx) =>
      applyPriceChange(tx, { query: product.title }, { kind: "set", cents: 4567 }),
    );
    for (const path of paths) {
      expect(
        await withinOneSecond(async () => (await get(path)).body.includes("45,67")),
        path,
      ).toBe(true);
    }
    expect((await get("/faq/")).cache).toBe("HIT");
  });

  it("drops the pages that show an entry within a second of its publish", async () => {
    await get("/faq/");
    expect((await get("/faq/")).cache).toBe("HIT");
    const env = testEnv();
    const entry = await findEntry(database.db, "page-faq");
    const saved = await updateEntry(
      { db: database.db, by: "editrice@comptoir.test" },
      {
        id: "page-faq",
        version: entry?.revision ?? 0,
        fields: { ...entry?.fields, title: "Les réponses du comptoir" },
      },
    );
    const published = await fetch(
      `${front}/content-management/spaces/comptoir/environments/master/entries/page-faq/published`,
      {
        method: "PUT",
        headers: {
          authorization: `Bearer ${env.CONTENT_MANAGEMENT_TOKEN}`,
          "x-contentful-version": String(saved.revision),
        },
      },
    );
    expect(published.status).toBe(200);
    expect(
      await withinOneSecond(async () =>
        (await get("/faq/")).body.includes("Les réponses du comptoir"),
      ),
    ).toBe(true);
  });

  it("refuses a purge without the token, and takes one with it", async () => {
    const refused = await fetch(front, { method: "PURGE", headers: { "X-Purge-Keys": "all" } });
    expect(refused.status).toBe(403);
    await get("/faq/");
    expect((await get("/faq/")).cache).toBe("HIT");
    const purged = await fetch(front, {
      method: "PURGE",
      headers: { "X-Purge-Keys": "all", "X-Purge-Token": TOKEN },
    });
    expect(purged.status).toBe(200);
    expect(Number(purged.headers.get("x-purged"))).toBeGreaterThan(0);
    expect((await get("/faq/")).cache).toBe("MISS");
  });
});
