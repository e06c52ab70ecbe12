import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { invalidateContentCache } from "#app/lib/content/content.server.ts";
import { type ComposedStorefront, composeStorefront } from "#app/testing/composed-storefront.ts";

/**
 * The content pages through the composed server (storefront, rules, content and commerce
 * services) on the seeded demo data: what a visitor's first request gets, before any JavaScript.
 */
let composed: ComposedStorefront;
let request: ComposedStorefront["request"];
let rows: ComposedStorefront["rows"];

beforeAll(async () => {
  composed = await composeStorefront();
  ({ request, rows } = composed);
  invalidateContentCache();
}, 180_000);

afterAll(() => composed?.close());

async function page(path: string) {
  const response = await request(path);
  return { status: response.status, html: await response.text() };
}

/** The JSON-LD objects of a page. */
function jsonLdOf(html: string): Record<string, unknown>[] {
  return [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/gs)].map(
    (match) => JSON.parse(match[1] ?? "{}") as Record<string, unknown>,
  );
}

const canonical = (html: string) => /<link rel="canonical" href="([^"]+)"/.exec(html)?.[1];
const pageType = (html: string) => /data-page-type="([^"]*)"/.exec(html)?.[1];

describe("the home page and pages made of blocks", () => {
  it("renders the home entry's banner, calls to action and a carousel of every kind", async () => {
    const { status, html } = await page("/");
    expect(status).toBe(200);
    expect(pageType(html)).toBe("homepage");
    expect(canonical(html)).toMatch(/\/$/);
    expect(html).toContain("Le goût des bonnes choses");
    expect(html).toContain("Comment ça marche ?");
    for (const kind of [
      "product",
      "related-products",
      "news",
      "discovery",
      "argument",
      "highlights",
      "brand",
      "product-images",
      "article-gallery",
      "store-discovery",
    ]) {
      expect(html).toContain(`carousel carousel--${kind}"`);
    }
    expect(html.match(/aria-roledescription="carousel"/g)?.length).toBe(10);
    expect(html).toContain('aria-roledescription="diapositive"');
    // Product cards with the commerce service's prices and links to the product pages.
    expect(html).toMatch(/class="product-card[^"]*"/);
    expect(html).toMatch(/href="\/p\/[a-z0-9-]+\/"/);
    expect(html).toMatch(/\d+,\d{2}\s€/);
    // The first banner is the LCP image; carousel pictures load lazily.
    expect(html).toMatch(/<img[^>]*fetchPriority="high"|<img[^>]*fetchpriority="high"/);
    expect(jsonLdOf(html).some((ld) => ld["@type"] === "Organization")).toBe(true);
  });

  it("leaves archived products out of product carousels", async () => {
    const archived = await rows(
      sql`select handle from commerce_product where archived = true limit 20`,
    );
    const { html } = await page("/");
    for (const row of archived) expect(html).not.toContain(`href="/p/${row.handle}/"`);
  });

  it("renders a seasonal page at /e/{slug}/ and 404s an unknown one", async () => {
    const noel = await page("/e/noel/");
    expect(noel.status).toBe(200);
    expect(noel.html).toContain("Noël au Comptoir");
    expect(canonical(noel.html)).toMatch(/\/e\/noel\/$/);
    const home = await page("/e/accueil/");
    expect(new URL(canonical(home.html) ?? "").pathname).toBe("/");
    expect((await page("/e/nulle-part/")).status).toBe(404);
  });
});

describe("editorial pages", () => {
  it("renders a CMS page's rich text with its slug as page type", async () => {
    const { status, html } = await page("/cms/mentions-legales/");
    expect(status).toBe(200);
    expect(pageType(html)).toBe("mentions-legales");
    expect(html).toMatch(/<h1>[^<]+<\/h1>/);
    expect(html).toContain('class="rich-text"');
    expect(canonical(html)).toMatch(/\/cms\/mentions-legales\/$/);
  });

  it("answers 404 for an unknown CMS page", async () => {
    const { status, html } = await page("/cms/xyz/");
    expect(status).toBe(404);
    expect(html).toContain("This page could not be found");
  });

  it("groups the FAQ's questions by category in <details>, with FAQPage JSON-LD", async () => {
    const { status, html } = await page("/faq/");
    expect(status).toBe(200);
    expect(html).toContain("Questions fréquentes");
    expect(html.match(/<details class="faq__item">/g)?.length).toBe(17);
    expect(html).toContain("<summary");
    expect(html).toContain("Comment passer commande ?");
    const faq = jsonLdOf(html).find((ld) => ld["@type"] === "FAQPage");
    expect(faq?.mainEntity).toHaveLength(17);
  });

  it("shows each store's address, hours and phone from the ordering service, with Store JSON-LD", async () => {
    const { status, html } = await page("/magasin/");
    expect(status).toBe(200);
    expect(pageType(html)).toBe("magasin");
    expect(html).toContain("42 boulevard Haussmann");
    expect(html).toContain("Du lundi au samedi");
    expect(html).toContain("10h00–20h00");
    expect(html).toContain('href="tel:+33142681010"');
    const graph = jsonLdOf(html).flatMap((ld) => (ld["@graph"] as Record<string, unknown>[]) ?? []);
    const stores = graph.filter((ld) => ld["@type"] === "GroceryStore");
    expect(stores.map((store) => store.name)).toEqual([
      "Comptoir Haussmann",
      "Comptoir Rive Gauche",
      "Point retrait Bastille",
    ]);
    expect(stores[0]?.address).toMatchObject({ postalCode: "75009", addressLocality: "Paris" });
    expect(stores[0]?.parentOrganization).toMatchObject({ legalName: "Comptoir SAS" });
  });
});

describe("the blog", () => {
  it("lists posts newest first, nine a page, with a second page", async () => {
    const first = await page("/blog/");
    expect(first.status).toBe(200);
    expect(pageType(first.html)).toBe("home-blog");
    expect(first.html.match(/class="article-card"/g)?.length).toBe(9);
    expect(first.html).toContain('href="/blog/?page=2"');
    const second = await page("/blog/?page=2");
    expect(second.status).toBe(200);
    expect(second.html.match(/class="article-card"/g)?.length).toBe(2);
    expect((await page("/blog/?page=9")).status).toBe(404);
  });

  it("shows a post with Article JSON-LD and related posts", async () => {
    const { status, html } = await page("/b/bien-conserver-ses-fromages/");
    expect(status).toBe(200);
    expect(pageType(html)).toBe("single-blog");
    expect(html).toContain("Bien conserver ses fromages");
    expect(html).toContain("Claire, fromagère");
    expect(html).toContain("À lire aussi");
    expect(html).toContain('property="og:type" content="article"');
    const article = jsonLdOf(html).find((ld) => ld["@type"] === "Article");
    expect(article).toMatchObject({
      headline: "Bien conserver ses fromages",
      author: { "@type": "Person", name: "Claire, fromagère" },
    });
    expect(article?.datePublished).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(jsonLdOf(html).some((ld) => ld["@type"] === "BreadcrumbList")).toBe(true);
  });

  it("lists a category's posts at /b/{category}/ and 404s an unknown slug", async () => {
    const { status, html } = await page("/b/recettes/");
    expect(status).toBe(200);
    expect(html.match(/class="article-card"/g)?.length).toBe(4);
    expect((await page("/b/nulle-part/")).status).toBe(404);
  });
});

describe("sitemap and filtered landing pages", () => {
  it("lists categories, brands, CMS pages and posts on /sitemap/", async () => {
    const { status, html } = await page("/sitemap/");
    expect(status).toBe(200);
    expect(html).toContain("Plan du site");
    expect(html).toMatch(/href="\/c\/[a-z0-9-]+\/"/);
    expect(html).toMatch(/href="\/c\/[a-z0-9-]+\/[a-z0-9-]+\/"/);
    expect(html).toMatch(/href="\/m\/[a-z0-9-]+\/"/);
    expect(html).toContain('href="/cms/mentions-legales/"');
    expect(html).toContain('href="/b/bien-conserver-ses-fromages/"');
    expect(html).toContain('href="/e/noel/"');
  });

  it("lists pages, categories, brands, CMS pages, posts and products in /sitemap.xml", async () => {
    const response = await request("/sitemap.xml");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toContain("application/xml");
    const xml = await response.text();
    const locs = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1] ?? "").pathname);
    expect(locs).toContain("/");
    expect(locs).toContain("/cms/mentions-legales/");
    expect(locs).toContain("/b/bien-conserver-ses-fromages/");
    expect(locs).toContain("/b/recettes/");
    expect(locs).toContain("/e/noel/");
    expect(locs.some((loc) => /^\/c\/[a-z0-9-]+\/[a-z0-9-]+\/$/.test(loc))).toBe(true);
    expect(locs.some((loc) => loc.startsWith("/m/"))).toBe(true);
    const [live] = await rows(
      sql`select count(*)::int as n from commerce_product where archived = false`,
    );
    expect(locs.filter((loc) => loc.startsWith("/p/")).length).toBe(live?.n);
    const archived = await rows(
      sql`select handle from commerce_product where archived = true limit 5`,
    );
    for (const row of archived) expect(locs).not.toContain(`/p/${row.handle}/`);
  });

  it("lists a category's products under a diet at /f/{category}/{diet}/", async () => {
    const landing = await page("/f/epicerie-salee/sans-gluten/");
    expect(landing.status).toBe(200);
    expect(pageType(landing.html)).toBe("landing-filtre");
    expect(landing.html).toContain("<h1>Épicerie salée : sans gluten</h1>");
    expect(canonical(landing.html)).toMatch(/\/f\/epicerie-salee\/sans-gluten\/$/);
    // The same products as the category page with that diet ticked.
    const category = await page("/c/epicerie-salee/?regime=sans-gluten");
    const handles = (html: string) =>
      [...html.matchAll(/class="product-card__link" href="(\/p\/[^"]+)"/g)].map((m) => m[1]);
    expect(handles(landing.html).length).toBeGreaterThan(0);
    expect(handles(landing.html)).toEqual(handles(category.html));
    expect(landing.html).toContain('href="/c/epicerie-salee/?regime=sans-gluten"');
  });

  it("answers 404 for an unknown category or filter", async () => {
    expect((await page("/f/epicerie-salee/inconnu/")).status).toBe(404);
    expect((await page("/f/nulle-part/sans-gluten/")).status).toBe(404);
  });
});
