import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hrefOf } from "#app/components/layout/search-overlay.tsx";
import { type ComposedStorefront, composeStorefront } from "#app/testing/composed-storefront.ts";

/**
 * Every address a shopper can follow from the shop's map and its navigation leads to a page
 * (issue 18, "dead artisan links"): the links of /sitemap/, of the main menu and of the footer as
 * the server renders them, and the predictive search's suggestions as the overlay builds them,
 * each requested through the composed server on the seeded demo data.
 */
let composed: ComposedStorefront;
let request: ComposedStorefront["request"];

beforeAll(async () => {
  composed = await composeStorefront();
  ({ request } = composed);
}, 180_000);

afterAll(() => composed?.close());

async function html(path: string): Promise<string> {
  const response = await request(path);
  expect(response.status, path).toBe(200);
  return response.text();
}

/** The part of a page from the tag that opens with `start` to the first `end` after it. */
function part(page: string, start: string, end: string): string {
  const from = page.indexOf(start);
  expect(from, `${start} in the page`).toBeGreaterThanOrEqual(0);
  const to = page.indexOf(end, from);
  expect(to, `${end} after ${start}`).toBeGreaterThan(from);
  return page.slice(from, to);
}

/** The shop's own addresses an `<a href>` of this HTML leads to, without their fragment. */
function internalLinks(fragment: string): string[] {
  const hrefs = [...fragment.matchAll(/<a\b[^>]*\shref="([^"]*)"/g)].map((match) =>
    (match[1] ?? "").replace(/&amp;/g, "&").replace(/#.*$/, ""),
  );
  return [...new Set(hrefs.filter((href) => href.startsWith("/") && !href.startsWith("//")))];
}

/** The addresses that do not answer 200, with what they answered. */
async function deadLinks(paths: readonly string[]): Promise<string[]> {
  const dead: string[] = [];
  for (const path of paths) {
    const response = await request(path);
    await response.arrayBuffer();
    if (response.status !== 200) dead.push(`${path} → ${response.status}`);
  }
  return dead;
}

describe("an artisan's address", () => {
  it("is /nos-artisans/c/{slug}/, its own page, wherever the shop links to an artisan", async () => {
    const list = await html("/nos-artisans/");
    const tiles = [
      ...part(list, 'aria-label="Nos artisans partenaires"', "</ul>").matchAll(
        /<a\b[^>]*\shref="([^"]+)"[^>]*>[\s\S]*?<span class="brand-tile__name">([^<]+)<\/span>/g,
      ),
    ].map((match) => ({ href: match[1] ?? "", name: (match[2] ?? "").replace(/&#x27;/g, "'") }));
    expect(tiles.length).toBe(20);
    for (const { href, name } of tiles) {
      expect(href).toMatch(/^\/nos-artisans\/c\/[a-z0-9-]+\/$/);
      const page = await html(href);
      // The artisan's portrait, not a department's list: a slug shared with a department would
      // show the department here.
      expect(page, href).toContain(`<h1>${name.replace(/'/g, "&#x27;")}</h1>`);
      expect(page).toContain('class="artisan-page__quote"');
      expect(page).toContain(`<link rel="canonical" href="http://localhost:3000${href}"/>`);
    }
    const addresses = new Set(tiles.map((tile) => tile.href));
    const brandPages = new Set(tiles.map((tile) => tile.href.replace("/nos-artisans/c/", "/m/")));
    // The department lists, the home page's artisans carousel, the menu and the sitemap.
    for (const path of ["/nos-artisans/c/fromagerie/", "/", "/sitemap/"]) {
      const links = internalLinks(await html(path));
      const artisans = links.filter((link) => addresses.has(link));
      expect(artisans.length, path).toBeGreaterThan(0);
      expect(
        links.filter((link) => brandPages.has(link)),
        path,
      ).toEqual([]);
    }
    expect((await request("/nos-artisans/c/artisan-inconnu/")).status).toBe(404);
  }, 300_000);
});

describe("the shop's links", () => {
  it("of the sitemap page all lead to a page", async () => {
    const page = await html("/sitemap/");
    const links = internalLinks(part(page, '<div class="sitemap__sections"', "</main>"));
    // Categories, brands, artisans, content pages and blog posts: hundreds of pages.
    expect(links.length).toBeGreaterThan(100);
    expect(links.some((link) => link.startsWith("/nos-artisans/c/"))).toBe(true);
    expect(await deadLinks(links)).toEqual([]);
  }, 300_000);

  it("of the main menu and the footer all lead to a page", async () => {
    const page = await html("/");
    const menu = internalLinks(part(page, 'id="navigation-principale"', "</nav>"));
    const footer = internalLinks(part(page, '<footer class="site-footer"', "</footer>"));
    expect(menu.length).toBeGreaterThan(20);
    expect(footer.length).toBeGreaterThan(5);
    expect(await deadLinks([...new Set([...menu, ...footer])])).toEqual([]);
  }, 300_000);

  it("of the predictive search's suggestions all lead to a page", async () => {
    const paths = (
      (await (await request("/categories.json")).json()) as { paths: Record<string, string> }
    ).paths;
    type Hit = { handle: string };
    type Results = Record<"products" | "collections" | "marques" | "artisans", Hit[]>;
    const kinds = [
      ["products", "product"],
      ["collections", "category"],
      ["marques", "brand"],
      ["artisans", "artisan"],
    ] as const;
    const suggested = new Map<string, Set<string>>(kinds.map(([key]) => [key, new Set()]));
    for (const term of [
      "fromage",
      "chocolat",
      "miel",
      "huile",
      "vin",
      "maison",
      "affinage",
      "domaine",
    ]) {
      const response = await request(
        `/api/search/predictive?${new URLSearchParams({ q: term, limit: "6" })}`,
      );
      const body = (await response.json()) as { success: boolean; response: Results };
      expect(body.success, term).toBe(true);
      for (const [key, type] of kinds) {
        for (const hit of body.response[key])
          suggested.get(key)?.add(hrefOf(type, hit.handle, paths));
      }
    }
    for (const [key, links] of suggested) expect(links.size, key).toBeGreaterThan(0);
    expect(await deadLinks([...suggested.values()].flatMap((links) => [...links]))).toEqual([]);
  }, 300_000);
});
