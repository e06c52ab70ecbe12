import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getPage } from "#app/lib/content/content.server.ts";
import { type ComposedStorefront, composeStorefront } from "#app/testing/composed-storefront.ts";
import {
  newsletterSubscriberCount,
  normaliseEmail,
  subscribeToNewsletter,
} from "#platform/notify/index.ts";

/**
 * The newsletter page, the privacy centre's server side (GTM id in the root data), the resource
 * routes of recently viewed products and category paths, brand merchandising and category
 * pushes, through the composed server on the seeded demo data.
 */
let composed: ComposedStorefront;
let database: ComposedStorefront["database"];
let request: ComposedStorefront["request"];

const ORIGIN = "http://localhost";

beforeAll(async () => {
  composed = await composeStorefront({
    env: { GTM_ID: "GTM-TEST123" },
    remoteAddress: "203.0.113.21",
  });
  database = composed.database;
  request = (path, init) => composed.request(`${ORIGIN}${path}`, init);
  // Compiles the storefront once, so no test pays for it.
  await (await request("/")).arrayBuffer();
}, 180_000);

afterAll(() => composed?.close());

const subscribe = (email: string) =>
  request("/newsletter/", {
    method: "POST",
    headers: { origin: ORIGIN, "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ email }).toString(),
  });

describe("newsletter", () => {
  it("shows the form on /newsletter/", async () => {
    const response = await request("/newsletter/");
    const html = await response.text();
    expect(response.status, html.slice(0, 2000)).toBe(200);
    expect(html).toContain("<h1>Newsletter</h1>");
    expect(html).toMatch(/<label[^>]*for="newsletter-email"[^>]*>Votre adresse email<\/label>/);
    expect(html).toContain('data-page-type="newsletter"');
  });

  it("refuses an invalid address with a clear message, storing nothing", async () => {
    const before = await newsletterSubscriberCount(database.db);
    const response = await subscribe("pas-une-adresse");
    expect(response.status).toBe(400);
    expect(await response.text()).toContain("Veuillez saisir une adresse email valide");
    expect(await newsletterSubscriberCount(database.db)).toBe(before);
  });

  it("stores an address once, lower-cased, and confirms twice", async () => {
    const first = await subscribe("  Jeanne.Martin@Example.fr ");
    expect(first.status).toBe(200);
    expect(await first.text()).toContain("Votre adresse est bien inscrite à notre newsletter.");
    const again = await subscribe("jeanne.martin@example.fr");
    expect(again.status).toBe(200);
    expect(await again.text()).toContain("Cette adresse est déjà inscrite");
    const rows = (await database.db.execute(
      sql`select email from notify_newsletter_subscriber where email like 'jeanne.martin%'`,
    )) as unknown as { rows: { email: string }[] };
    expect(rows.rows).toEqual([{ email: "jeanne.martin@example.fr" }]);
  });

  it("subscribes over the own API, which answers in its own shape", async () => {
    const post = (body: unknown) =>
      request("/api/newsletter", {
        method: "POST",
        headers: { origin: ORIGIN, "content-type": "application/json" },
        body: JSON.stringify(body),
      });
    const created = await post({ email: " Api.Client@Example.fr" });
    expect(await created.json()).toEqual({
      success: true,
      response: { email: "api.client@example.fr", created: true },
    });
    const invalid = await post({ email: "nope" });
    expect(invalid.status).toBe(400);
    expect(await invalid.json()).toEqual({ success: false, error: "invalid_email" });
    expect((await post("not an object")).status).toBe(400);
  });

  it("subscribes idempotently at the module level", async () => {
    expect(normaliseEmail("a@b")).toBeNull();
    expect(normaliseEmail("x y@example.fr")).toBeNull();
    expect(normaliseEmail("Paul@Example.COM")).toBe("paul@example.com");
    expect(await subscribeToNewsletter(database.db, "paul@example.com")).toEqual({ created: true });
    expect(await subscribeToNewsletter(database.db, "paul@example.com")).toEqual({
      created: false,
    });
  });

  // Last of the block: it uses up the allowance of this test's client address.
  it("counts the form's tries against the shopper's address, and says when to wait", async () => {
    let response: Response | undefined;
    for (let attempt = 0; attempt < 11; attempt++) {
      response = await subscribe(`essai.${attempt}@example.fr`);
      if (response.status === 429) break;
    }
    expect(response?.status).toBe(429);
    expect(await response?.text()).toContain("Trop de tentatives");
  });
});

describe("privacy centre and tracking on the server", () => {
  it("sends the tag manager id with the page data, never the tag manager itself", async () => {
    const html = await (await request("/")).text();
    expect(html).toContain("GTM-TEST123");
    expect(html).not.toContain("googletagmanager.com");
    // The dialog opens after hydration only: nothing of it in the shared HTML.
    expect(html).not.toContain("Vos choix en matière de cookies");
  });

  it("keeps the footer's Cookies link working without JavaScript", async () => {
    const html = await (await request("/")).text();
    expect(html).toMatch(/<a href="\/cms\/cookies\/" aria-haspopup="dialog">Cookies<\/a>/);
  });
});

describe("resource routes", () => {
  it("/categories.json gives sub-categories their full path", async () => {
    const response = await request("/categories.json");
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toContain("public");
    const { paths } = (await response.json()) as { paths: Record<string, string> };
    const values = Object.values(paths);
    expect(values.length).toBeGreaterThan(5);
    expect(values.some((path) => /^\/c\/[^/]+\/[^/]+\/$/.test(path))).toBe(true);
    // A sample at each depth: the category route accepts exactly these paths.
    const sample = [1, 2, 3].flatMap((depth) =>
      values.filter((path) => path.split("/").length - 3 === depth).slice(0, 2),
    );
    expect(sample.length).toBeGreaterThanOrEqual(4);
    for (const path of sample) {
      const page = await request(path);
      expect(page.status, path).toBe(200);
    }
  });

  it("/produits-vus.json answers cards in the order asked, unknown handles left out", async () => {
    const { paths } = (await (await request("/categories.json")).json()) as {
      paths: Record<string, string>;
    };
    const listing = await (await request(Object.values(paths)[0] ?? "/")).text();
    const handles = [...new Set([...listing.matchAll(/href="\/p\/([^/"]+)\/"/g)].map((m) => m[1]))]
      .filter((handle): handle is string => handle !== undefined)
      .slice(0, 2);
    expect(handles).toHaveLength(2);
    const asked = [handles[1], "n-existe-pas", handles[0]].join(",");
    const response = await request(`/produits-vus.json?handles=${asked}`);
    expect(response.status).toBe(200);
    // A JSON resource never goes near the page cache (decision 002).
    expect(response.headers.get("x-cache")).toBeNull();
    expect(response.headers.get("cache-control")).toMatch(/private/);
    const body = (await response.json()) as { products: { handle: string }[] };
    expect(body.products.map((product) => product.handle)).toEqual([handles[1], handles[0]]);
  });
});

describe("merchandising", () => {
  it("puts a brand's selected products first on page 1", async () => {
    const brands = (await database.db.execute(
      sql`select handle from commerce_metaobject where type = 'produit_marque' order by handle limit 40`,
    )) as unknown as { rows: { handle: string }[] };
    let checked = 0;
    for (const { handle } of brands.rows) {
      const page = await getPage("pageMarque", handle);
      const selected = (page?.fields.selected_products as { fields: { slug: string } }[]) ?? [];
      if (selected.length < 2) continue;
      const html = await (await request(`/m/${handle}/`)).text();
      const shown = [...html.matchAll(/href="\/p\/([^/"]+)\/"/g)].map((m) => m[1]);
      const unique = [...new Set(shown)];
      expect(unique.slice(0, selected.length)).toEqual(selected.map((entry) => entry.fields.slug));
      checked += 1;
      if (checked === 2) break;
    }
    expect(checked).toBeGreaterThan(0);
  });

  it("shows a top category's push banner from the content service", async () => {
    const { paths } = (await (await request("/categories.json")).json()) as {
      paths: Record<string, string>;
    };
    const tops = Object.entries(paths).filter(([, path]) => /^\/c\/[^/]+\/$/.test(path));
    let checked = 0;
    for (const [handle, path] of tops) {
      const page = await getPage("pageCategorie", handle);
      const push = page?.fields.push as { fields: { title: string } } | undefined;
      if (!push) continue;
      const html = await (await request(path)).text();
      expect(html).toContain(
        `class="push-block" aria-label="${push.fields.title.replace(/'/g, "&#x27;")}"`,
      );
      checked += 1;
    }
    expect(checked).toBeGreaterThan(0);
  });
});
