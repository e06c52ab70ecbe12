import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type ComposedStorefront, composeStorefront } from "#app/testing/composed-storefront.ts";

/**
 * The page cache through a browsing journey (issue 18): once the home page, a category and a
 * product are cached, a shopper moving between them without full reloads sends React Router's
 * route discovery (`/__manifest?paths=…`, one per set of links shown or hovered), its data
 * requests (`…/_.data`) and the pages' JSON (visitor, cart, categories, suggestions). None of
 * them takes a place in the cache's ten: the three pages stay hits, and the admin's "Cache des
 * pages" (PageCache.pages()) lists them alone.
 */
let composed: ComposedStorefront;
let request: ComposedStorefront["request"];

beforeAll(async () => {
  composed = await composeStorefront();
  ({ request } = composed);
}, 180_000);

afterAll(() => composed?.close());

async function get(path: string) {
  const response = await request(path);
  await response.arrayBuffer();
  return response;
}

describe("the page cache during a browsing journey", () => {
  it("keeps the home page, a category and a product as hits", async () => {
    const [product] = await composed.rows(sql`select p.handle from commerce_product p
      join commerce_collection_product cp on cp.product_id = p.id
      join commerce_collection c on c.id = cp.collection_id and c.handle = 'fromagerie'
      where not p.archived and not (p.tags @> array['unavailable']::text[])
      order by p.id limit 1`);
    const pages = ["/", "/c/fromagerie/", `/p/${product?.handle}/`];
    composed.pageCache.purge();
    for (const path of pages) expect((await get(path)).headers.get("x-cache"), path).toBe("MISS");
    for (const path of pages) expect((await get(path)).headers.get("x-cache"), path).toBe("HIT");

    const home = await (await request("/")).text();
    const version = /"version":"([^"]+)"/.exec(home)?.[1] ?? "0";
    const routes = (name: string) => `_routes=${encodeURIComponent(`routes/${name}`)}`;
    // Route discovery for more sets of links than the cache has places.
    const manifests = Array.from({ length: composed.pageCache.maxEntries + 5 }, (_, index) => {
      const paths = [`/c/fromagerie/`, `/p/produit-${index}/`, `/c/cave/?page=${index}`];
      return `/__manifest?${new URLSearchParams({ paths: paths.join(","), version })}`;
    });
    const journey = [
      ...manifests,
      `/c/fromagerie/_.data?${routes("catalogue/category")}`,
      `/c/fromagerie/_.data?tri=price-asc&${routes("catalogue/category")}`,
      `${pages[2]}_.data?${routes("catalogue/product")}`,
      "/_.data",
      `/_.data?${routes("home")}`,
      "/visitor.json",
      "/cart.json",
      "/categories.json",
      `/produits-vus.json?handles=${product?.handle}`,
      "/api/search/predictive?q=fromage&limit=6",
      "/favicon.svg",
    ];
    for (const path of journey) await get(path);

    for (const path of pages) expect((await get(path)).headers.get("x-cache"), path).toBe("HIT");
    expect(
      composed.pageCache
        .pages()
        .map((page) => page.url)
        .sort(),
    ).toEqual([...pages].sort());
  });
});
