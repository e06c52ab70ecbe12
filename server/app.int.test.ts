import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { storefrontQuery } from "#app/lib/storefront.server.ts";
import type { Database } from "#db/client.ts";
import { createTestDatabase } from "#db/testing/index.ts";
import { commerceShop } from "#platform/commerce/tables.ts";
import { composedShops } from "#server/testing.ts";

/**
 * The composed server, end to end in-process: the real storefront (loaded through Vite), the
 * real rules and a real database. Requests carry a socket address as @hono/node-server does.
 */
const SHOP_NAME_QUERY = `#graphql
  query ShopName { shop { name } }`;

let database: Database;
let shops: Awaited<ReturnType<typeof composedShops>>;

beforeAll(async () => {
  database = await createTestDatabase();
  shops = await composedShops(database);
});

afterAll(async () => {
  await shops?.close();
  await database?.close();
});

const shop = (overrides: Record<string, string> = {}) => shops.shop(overrides);

describe("the composed server", () => {
  it("redirects a path without its trailing slash, keeping the query", async () => {
    const { request } = shop();
    const faq = await request("/faq");
    expect(faq.status).toBe(301);
    expect(faq.headers.get("location")).toMatch(/\/faq\/$/);
    expect((await request("/faq?x=1")).headers.get("location")).toMatch(/\/faq\/\?x=1$/);
    expect((await request("/c/x?page=2")).status).not.toBe(301);
    expect((await request("/robots.txt")).status).not.toBe(301);
  });

  it("leaves React Router's route-discovery requests alone", async () => {
    const res = await shop().request("/__manifest?paths=%2Ffaq%2F&version=x");
    expect(res.status).not.toBe(301);
  });

  it("renders the home page on the server", async () => {
    const res = await shop().request("/");
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain('<html lang="fr">');
    expect(html).toContain("Bienvenue au Comptoir");
  });

  it("answers an unknown page with 404 and the error page", async () => {
    const res = await shop().request("/nowhere/");
    expect(res.status).toBe(404);
    const html = await res.text();
    expect(html).toContain("This page could not be found");
    expect(html).toContain("Retour à la page d&#x27;accueil");
    expect(html).toContain('href="/faq/"');
  });

  it("serves the second visit of a page from the cache, never /cart.js", async () => {
    const { request } = shop();
    expect((await request("/")).headers.get("x-cache")).toBe("MISS");
    const second = await request("/");
    expect(second.headers.get("x-cache")).toBe("HIT");
    expect(await second.text()).toContain("Bienvenue au Comptoir");
    await request("/cart.js");
    expect((await request("/cart.js")).headers.get("x-cache")).not.toBe("HIT");
  });

  it("gzips pages for browsers that ask, and caches the plain page for those that do not", async () => {
    const { request } = shop();
    const zipped = await request("/", { headers: { "accept-encoding": "gzip, deflate, br" } });
    expect(zipped.headers.get("content-encoding")).toBe("gzip");
    expect(zipped.headers.get("vary")).toMatch(/accept-encoding/i);
    const html = new TextDecoder().decode(
      await new Response(zipped.body?.pipeThrough(new DecompressionStream("gzip"))).arrayBuffer(),
    );
    expect(html).toContain('<html lang="fr">');
    const plain = await request("/");
    expect(plain.headers.get("x-cache")).toBe("HIT");
    expect(plain.headers.get("content-encoding")).toBeNull();
    expect(await plain.text()).toContain('<html lang="fr">');
  });

  it("evicts the least recently used page when an eleventh is cached", async () => {
    const { request, pageCache } = shop();
    await request("/");
    for (let i = 1; i <= 9; i++) await request(`/?p=${i}`);
    await request("/"); // touch: "/" is now the most recently used
    await request("/?p=10"); // the eleventh URL evicts "/?p=1"
    expect(pageCache.size).toBe(10);
    expect((await request("/")).headers.get("x-cache")).toBe("HIT");
    expect((await request("/?p=1")).headers.get("x-cache")).toBe("MISS");
  });

  it("keeps the admin area from outsiders, even with a forged X-Forwarded-For", async () => {
    const { request } = shop({ ADMIN_ALLOWLIST: "192.0.2.0/24", TRUSTED_PROXIES: "10.0.0.1" });
    const outsider = await request("/middleware/");
    expect(outsider.status).toBe(302);
    expect(outsider.headers.get("location")).toBe("/");
    const forged = await request("/middleware/", {
      headers: { "x-forwarded-for": "192.0.2.7" },
    });
    expect(forged.headers.get("location")).toBe("/");

    // Let through, the office is asked to sign in (the admin area's own rule).
    const office = await request("/middleware/", {}, "192.0.2.7");
    expect(office.headers.get("location")).toMatch(/^\/middleware\/login\//);
    const proxied = await request(
      "/middleware/",
      { headers: { "x-forwarded-for": "192.0.2.7" } },
      "10.0.0.1",
    );
    expect(proxied.headers.get("location")).toMatch(/^\/middleware\/login\//);
  });

  it("asks for the site password and lets the visitor back in for 5 days", async () => {
    const { request } = shop({ SITE_PASSWORD: "ouvre-toi" });
    const gated = await request("/c/x/");
    expect(gated.status).toBe(302);
    const form = new URL(gated.headers.get("location") ?? "", "http://shop");
    expect(form.pathname).toBe("/password/");
    expect(form.searchParams.get("redirect")).toBe("/c/x/");

    const wrong = await request(form.pathname, {
      method: "POST",
      body: new URLSearchParams({ password: "non", redirect: "/c/x/" }),
    });
    expect(wrong.status).toBe(401);
    expect(await wrong.text()).toContain("Mot de passe incorrect.");

    const right = await request(form.pathname, {
      method: "POST",
      body: new URLSearchParams({ password: "ouvre-toi", redirect: "/c/x/" }),
    });
    expect(right.headers.get("location")).toBe("/c/x/");
    const cookie = right.headers.get("set-cookie") ?? "";
    expect(cookie).toMatch(/Max-Age=432000/);

    const back = await request("/c/x/", { headers: { cookie: cookie.split(";")[0] ?? "" } });
    expect(back.status).toBe(404); // no such category yet, but past the gate
  });

  it("serves the Storefront API, to browsers with the public token and in-process to the storefront", async () => {
    await database.db
      .insert(commerceShop)
      .values({ name: "Comptoir", primaryDomainUrl: "http://localhost:3000" });
    const { request } = shop({ COMMERCE_STOREFRONT_TOKEN: "a-public-token-for-tests" });
    const res = await request("/api/2024-01/graphql.json", {
      method: "POST",
      headers: {
        "content-type": "application/json",
        "x-shopify-storefront-access-token": "a-public-token-for-tests",
      },
      body: JSON.stringify({ query: "{ shop { name } }" }),
    });
    expect(await res.json()).toEqual({ data: { shop: { name: "Comptoir" } } });

    // The storefront's client reaches the same service without a socket, with the private token.
    const data = await storefrontQuery<{ shop: { name: string } }>(SHOP_NAME_QUERY);
    expect(data.shop.name).toBe("Comptoir");
  });

  it("serves the content delivery API to holders of its token", async () => {
    const { request } = shop({ CONTENT_DELIVERY_TOKEN: "a-content-token-for-tests" });
    const entries = "/content/spaces/comptoir/environments/master/entries";
    const res = await request(`${entries}?access_token=a-content-token-for-tests`);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ sys: { type: "Array" }, items: [] });
    const refused = await request(entries);
    expect(refused.status).toBe(401);
    expect(await refused.json()).toMatchObject({ sys: { id: "AccessTokenInvalid" } });
  });

  it("purges the pages a publish changes, and none for a draft shoppers cannot see", async () => {
    const { request } = shop({ CONTENT_MANAGEMENT_TOKEN: "a-management-token-for-tests" });
    for (const path of ["/", "/sitemap/"]) {
      await request(path);
      expect((await request(path)).headers.get("x-cache"), path).toBe("HIT");
    }
    const entry =
      "/content-management/spaces/comptoir/environments/master/entries/mentions-legales";
    const headers = {
      authorization: "Bearer a-management-token-for-tests",
      "content-type": "application/json",
    };
    const saved = await request(entry, {
      method: "PUT",
      headers: { ...headers, "x-contentful-content-type": "cms" },
      body: JSON.stringify({ fields: { title: "Mentions légales", slug: "mentions-legales" } }),
    });
    expect(saved.status).toBe(201);
    expect((await request("/sitemap/")).headers.get("x-cache")).toBe("HIT");
    const published = await request(`${entry}/published`, {
      method: "PUT",
      headers: { ...headers, "x-contentful-version": "1" },
    });
    expect(published.status).toBe(200);
    // The site map lists the CMS pages (it names their type); the home page shows none of them.
    const map = await request("/sitemap/");
    expect(map.headers.get("x-cache")).toBe("MISS");
    expect(await map.text()).toContain("Mentions légales");
    expect((await request("/")).headers.get("x-cache")).toBe("HIT");
  });

  it("reports liveness and readiness", async () => {
    const { request } = shop({ SITE_PASSWORD: "ouvre-toi" });
    expect((await request("/healthz")).status).toBe(200);
    const ready = await request("/readyz");
    expect(ready.status).toBe(200);
    expect(await ready.json()).toEqual({ status: "ready" });
  });
});

describe("a server composed after another in the same process", () => {
  it("reads its own services, not what the other kept of theirs", async () => {
    const seeded = await createTestDatabase({ seeded: true });
    const demo = await composedShops(seeded);
    try {
      const menu = "Confitures, miels et pâtes à tartiner";
      expect(await (await demo.shop().request("/")).text()).toContain(menu);
      // This file's database is empty: no menu, no products, whatever the demo shop kept.
      const empty = await (await shop().request("/")).text();
      expect(empty).toContain("Bienvenue au Comptoir");
      expect(empty).not.toContain(menu);
    } finally {
      await demo.close();
      await seeded.close();
    }
  });
});
