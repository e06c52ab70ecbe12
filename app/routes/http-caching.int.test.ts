import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type ComposedStorefront, composeStorefront } from "#app/testing/composed-storefront.ts";
import { applyPriceChange, giveBackStock, takeStock } from "#platform/commerce/index.ts";
import { findEntry, updateEntry } from "#platform/content/index.ts";
import { testEnv } from "#server/test-env.ts";
import { withinOneSecond } from "#server/testing.ts";

/**
 * HTTP caching through the composed server on the demo data (issue 51): every route family
 * answers its `Cache-Control`; a page for everyone names what it shows in `Surrogate-Key`, has a
 * strong `ETag` and answers a matching `If-None-Match` with an empty 304; a price written in a
 * transaction purges, once it commits, the pages that show the product (its page, its category)
 * and no other; a content publish purges the pages that show the entry.
 */
const env = testEnv();
let composed: ComposedStorefront;
let request: ComposedStorefront["request"];
let product: { id: number; handle: string; title: string };

beforeAll(async () => {
  composed = await composeStorefront();
  ({ request } = composed);
  const [row] = await composed.rows(sql`select p.id, p.handle, p.title from commerce_product p
    join commerce_collection_product cp on cp.product_id = p.id
    join commerce_collection c on c.id = cp.collection_id and c.handle = 'fromagerie'
    where not p.archived and not (p.tags @> array['unavailable']::text[])
    order by cp.position, p.id limit 1`);
  product = row as typeof product;
}, 180_000);

afterAll(() => composed?.close());

async function get(path: string, headers: Record<string, string> = {}) {
  const response = await request(path, { headers });
  return { response, body: await response.text() };
}

const keysOf = (response: Response) =>
  (response.headers.get("surrogate-key") ?? "").split(" ").filter(Boolean);
const cached = (path: string) => composed.pageCache.pages().some((page) => page.url === path);

describe("Cache-Control by route family", () => {
  it("makes the pages that are the same for everyone public, with a shared max-age", async () => {
    for (const path of ["/", "/c/fromagerie/", `/p/${product.handle}/`, "/faq/", "/sitemap/"]) {
      const { response } = await get(path);
      expect(response.status, path).toBe(200);
      expect(response.headers.get("cache-control"), path).toBe(
        `public, max-age=1, stale-while-revalidate=9, s-maxage=${env.SHARED_CACHE_MAX_AGE_SECONDS}`,
      );
      expect(response.headers.get("etag"), path).toMatch(/^"[\w-]+"$/);
      expect(keysOf(response), path).toContain("all");
      expect(response.headers.get("cache-tag"), path).toBe(keysOf(response).join(","));
    }
  });

  it("makes the category paths public too, named by the catalogue's reference data", async () => {
    const { response } = await get("/categories.json");
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe(
      `public, max-age=1, stale-while-revalidate=9, s-maxage=${env.SHARED_CACHE_MAX_AGE_SECONDS}`,
    );
    expect(keysOf(response)).toEqual(["all", "catalogue-reference"]);
    expect(cached("/categories.json")).toBe(false);
  });

  it("stores nothing personal anywhere", async () => {
    const personal = [
      "/cart/",
      "/visitor.json",
      "/cart.json",
      "/account/login/",
      "/account/",
      "/middleware/login/",
      "/api/search/predictive?q=miel",
    ];
    for (const path of personal) {
      const { response } = await get(path);
      const policy = response.headers.get("cache-control") ?? "";
      expect(policy, `${path} (${response.status})`).toMatch(/no-store/);
      expect(response.headers.has("surrogate-key"), path).toBe(false);
    }
    // A signed-in shopper's product page: not public, not named, not kept.
    const signedIn = await get(`/p/${product.handle}/`, { cookie: "customerAccessToken=abc" });
    expect(signedIn.response.headers.get("cache-control")).toBe("no-store");
    expect(signedIn.response.headers.has("surrogate-key")).toBe(false);
  });
});

describe("surrogate keys", () => {
  it("name the product on its page, and the category and its products on the category", async () => {
    const page = await get(`/p/${product.handle}/`);
    expect(keysOf(page.response)).toContain(`product-${product.id}`);
    const [collection] = await composed.rows(
      sql`select id from commerce_collection where handle = 'fromagerie'`,
    );
    const category = await get("/c/fromagerie/");
    expect(keysOf(category.response)).toEqual(
      expect.arrayContaining([`collection-${collection?.id}`, `product-${product.id}`]),
    );
  });

  it("name the content entries a page shows, the menu's and the footer's among them", async () => {
    const ids = await composed.rows(sql`select id from content_entry
      where content_type in ('main_menu', 'footer')
        or (content_type = 'homepage' and published_fields->>'slug' = 'accueil')`);
    expect(ids).toHaveLength(3);
    const home = await get("/");
    expect(keysOf(home.response)).toEqual(
      expect.arrayContaining(ids.map((row) => `entry-${row.id}`)),
    );
    // What the entries' links bring (blocks, pushes, images) is not named: some 1 300 keys for
    // the menu alone. A publish of one names the entries that show it (server/
    // content-publishing.int.test.ts: the home page's hero).
    expect(keysOf(home.response)).not.toContain("entry-banner-accueil");
    expect(keysOf(home.response).length).toBeLessThan(100);
    const blog = await get("/blog/");
    expect(keysOf(blog.response)).toContain("type-blogpost");
    const search = await get("/search/?q=miel");
    expect(keysOf(search.response)).toContain("product-search");
  });

  it("are the same on a page rendered from reads kept in memory", async () => {
    composed.pageCache.purge();
    const first = keysOf((await get(`/p/${product.handle}/`)).response);
    composed.pageCache.purge();
    const again = keysOf((await get(`/p/${product.handle}/`)).response);
    expect(again).toEqual(first);
  });
});

describe("conditional requests", () => {
  it("answer 304 with no body when the page has not changed, 200 when it has", async () => {
    const path = `/p/${product.handle}/`;
    const { response } = await get(path, { "accept-encoding": "gzip" });
    const etag = response.headers.get("etag") ?? "";
    expect(etag).toMatch(/-gzip"$/);
    const unchanged = await get(path, { "accept-encoding": "gzip", "if-none-match": etag });
    expect(unchanged.response.status).toBe(304);
    expect(unchanged.body).toBe("");
    expect(unchanged.response.headers.get("etag")).toBe(etag);
    expect(unchanged.response.headers.get("cache-control")).toMatch(/^public/);
    const other = await get(path, { "accept-encoding": "gzip", "if-none-match": '"autre"' });
    expect(other.response.status).toBe(200);
  });
});

describe("purges by key", () => {
  it("drop, at the commit of a price change, the product's page and category, and no other", async () => {
    const pages = [`/p/${product.handle}/`, "/c/fromagerie/", "/faq/"];
    composed.pageCache.purge();
    for (const path of pages) await get(path);
    expect(pages.every(cached)).toBe(true);

    await composed.database.db.transaction(async (tx) => {
      await applyPriceChange(tx, { query: product.title }, { kind: "set", cents: 4321 });
      // Not before the commit: a page read now would still see the old price.
      expect(cached(pages[0] ?? "")).toBe(true);
    });
    expect(await withinOneSecond(() => !cached(pages[0] ?? "") && !cached(pages[1] ?? ""))).toBe(
      true,
    );
    expect(cached("/faq/")).toBe(true);
    const fresh = await get(pages[0] ?? "");
    expect(fresh.response.headers.get("x-cache")).toBe("MISS");
    expect(fresh.body).toContain("43,21");
  });

  it("drop a product's page and category when its last counted unit is taken, and when it comes back", async () => {
    const [counted] =
      await composed.rows(sql`select p.handle, v.id as variant from commerce_product p
      join commerce_variant v on v.product_id = p.id
      join commerce_collection_product cp on cp.product_id = p.id
      join commerce_collection c on c.id = cp.collection_id and c.handle = 'fromagerie'
      where not p.archived and p.available_for_sale and p.id <> ${product.id}
        and (select count(*) from commerce_variant w where w.product_id = p.id) = 1
      order by cp.position, p.id limit 1`);
    const variantId = Number(counted?.variant);
    const pages = [`/p/${counted?.handle}/`, "/c/fromagerie/", "/faq/"];
    await composed.rows(
      sql`update commerce_variant set quantity_available = 2 where id = ${variantId}`,
    );
    const take = (quantity: number) =>
      composed.database.db.transaction((tx) =>
        takeStock(tx, [{ variantId, quantity, title: "Fromage" }]),
      );
    composed.pageCache.purge();
    for (const path of pages) await get(path);

    // One of two units: still for sale, nothing purged.
    const first = await take(1);
    await composed.database.db.transaction((tx) =>
      applyPriceChange(tx, { query: product.title }, { kind: "set", cents: 4322 }),
    );
    expect(await withinOneSecond(() => !cached(`/p/${product.handle}/`))).toBe(true);
    expect(cached(pages[0] ?? "")).toBe(true);

    // The last one: the product is no longer for sale, its pages go.
    const last = await take(1);
    expect(await withinOneSecond(() => !cached(pages[0] ?? "") && !cached(pages[1] ?? ""))).toBe(
      true,
    );
    expect(cached("/faq/")).toBe(true);
    expect((await get(pages[0] ?? "")).body).toContain("schema.org/OutOfStock");

    // Given back (a payment that failed): for sale again, purged again.
    await composed.database.db.transaction((tx) => giveBackStock(tx, [...first, ...last]));
    expect(await withinOneSecond(() => !cached(pages[0] ?? ""))).toBe(true);
    expect((await get(pages[0] ?? "")).body).toContain("schema.org/InStock");
    await composed.rows(
      sql`update commerce_variant set quantity_available = null where id = ${variantId}`,
    );
  });

  it("drop nothing when the write rolls back", async () => {
    const [other] = await composed.rows(sql`select p.handle, p.title from commerce_product p
      join commerce_collection_product cp on cp.product_id = p.id
      join commerce_collection c on c.id = cp.collection_id and c.handle = 'cave'
      where not p.archived order by p.id limit 1`);
    const path = `/p/${product.handle}/`;
    const otherPath = `/p/${other?.handle}/`;
    for (const page of [path, otherPath]) await get(page);
    await composed.database.db
      .transaction(async (tx) => {
        await applyPriceChange(tx, { query: product.title }, { kind: "set", cents: 1234 });
        throw new Error("rolled back");
      })
      .catch(() => {});
    // Notices arrive in commit order: once the next write's purge is here, the rolled-back one
    // would have been too.
    await composed.database.db.transaction((tx) =>
      applyPriceChange(tx, { query: String(other?.title) }, { kind: "set", cents: 999 }),
    );
    expect(await withinOneSecond(() => !cached(otherPath))).toBe(true);
    expect(cached(path)).toBe(true);
  });

  it("drop, after a content publish, the pages that show the entry, and keep the others", async () => {
    const pages = ["/faq/", `/p/${product.handle}/`];
    composed.pageCache.purge();
    for (const path of pages) await get(path);
    const by = "editrice@comptoir.test";
    const entry = await findEntry(composed.database.db, "page-faq");
    const saved = await updateEntry(
      { db: composed.database.db, by },
      {
        id: "page-faq",
        version: entry?.revision ?? 0,
        fields: { ...entry?.fields, title: "Toutes vos questions" },
      },
    );
    const published = await request(
      "/content-management/spaces/comptoir/environments/master/entries/page-faq/published",
      {
        method: "PUT",
        headers: {
          authorization: `Bearer ${env.CONTENT_MANAGEMENT_TOKEN}`,
          "x-contentful-version": String(saved.revision),
        },
      },
    );
    expect(published.status).toBe(200);
    expect(cached("/faq/")).toBe(false);
    expect(cached(`/p/${product.handle}/`)).toBe(true);
    expect((await get("/faq/")).body).toContain("Toutes vos questions");
  });
});
