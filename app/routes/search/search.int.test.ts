import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type ComposedStorefront, composeStorefront } from "#app/testing/composed-storefront.ts";
import { parisDay } from "#platform/format.ts";
import { zeroResultQueries } from "#platform/search/index.ts";

/**
 * The search page when a term finds nothing, through the composed server on the demo catalogue:
 * « Vouliez-vous dire … ? » with a link to the closest query that finds products, and the search
 * counted for the dashboard (not a robot's, not a later page's, never breaking the page).
 */
let composed: ComposedStorefront;

beforeAll(async () => {
  composed = await composeStorefront();
}, 180_000);

afterAll(() => composed?.close());

const BROWSER = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/131.0 Safari/537.36";

async function page(path: string, userAgent = BROWSER) {
  const response = await composed.request(path, { headers: { "user-agent": userAgent } });
  return { response, html: (await response.text()).replaceAll("<!-- -->", "") };
}

/** How many times `term` was counted today. */
async function counted(term: string): Promise<number> {
  const today = parisDay(new Date());
  const found = await zeroResultQueries(composed.database.db, { since: today, limit: 100 });
  return found.find((row) => row.term === term)?.count ?? 0;
}

describe("a search that finds nothing", () => {
  it("says « Aucun résultat » and suggests the closest query that finds products", async () => {
    const { response, html } = await page("/search/?q=Chacolet");
    expect(response.status).toBe(200);
    expect(html).toContain("Aucun résultat");
    expect(html).toMatch(
      /Vouliez-vous dire <a[^>]* href="\/search\/\?q=chocolat"[^>]*>chocolat<\/a>\u00a0\?/,
    );
    // Not kept by the page cache: the next shopper's search is counted too.
    expect(response.headers.get("cache-control")).toBe("no-store");
    expect(response.headers.get("x-cache")).toBe("MISS");

    const followed = await page("/search/?q=chocolat");
    expect(followed.html).toMatch(/class="product-card[ "]/);
    expect(followed.html).not.toContain("Vouliez-vous dire");
  });

  it("counts the search under its normalised term, each time it is served", async () => {
    const before = await counted("chacolet xqzw");
    await page("/search/?q=Chacolet%20%20XQZW");
    await page("/search/?q=chacolet+xqzw");
    expect(await counted("chacolet xqzw")).toBe(before + 2);
  });

  it("does not count a robot's search, nor a later page's", async () => {
    await page("/search/?q=chacolets", "Googlebot/2.1 (+http://www.google.com/bot.html)");
    await page("/search/?q=chacolets&apres=eyJvIjoxMDAsInQiOjB9");
    expect(await counted("chacolets")).toBe(0);
    // A shopper's first page of the same search is.
    expect((await page("/search/?q=chacolets")).html).toContain("Aucun résultat");
    expect(await counted("chacolets")).toBe(1);
  });

  it("suggests nothing when nothing is close, and still says « Aucun résultat »", async () => {
    const { html } = await page("/search/?q=zzzxqw");
    expect(html).toContain("Aucun résultat");
    expect(html).not.toContain("Vouliez-vous dire");
  });

  it("still shows the page when the search cannot be counted", async () => {
    await composed.rows(sql`alter table search_zero_result rename to search_zero_result_away`);
    try {
      const { response, html } = await page("/search/?q=chacolet");
      expect(response.status).toBe(200);
      expect(html).toContain("Aucun résultat");
      expect(html).toContain("Vouliez-vous dire");
    } finally {
      await composed.rows(sql`alter table search_zero_result_away rename to search_zero_result`);
    }
  });
});

describe("a search that names a diet or a label", () => {
  it("shows it as an applied filter whose link searches without it", async () => {
    const { response, html } = await page(`/search/?${new URLSearchParams({ q: "pâtes vegan" })}`);
    expect(response.status).toBe(200);
    expect(html).toContain("Filtres appliqués");
    expect(html).toMatch(
      /<a[^>]* aria-label="Retirer le filtre Vegan" href="\/search\/\?q=p%C3%A2tes"[^>]*>Vegan/,
    );
    expect(html).toMatch(/class="product-card[ "]/);
    const plain = await page("/search/?q=p%C3%A2tes");
    expect(plain.html).not.toContain("Filtres appliqués");
  });
});
