import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "#db/client.ts";
import { createTestDatabase } from "#db/testing/index.ts";
import { saveUrlRedirect } from "#platform/commerce/index.ts";
import { composedShops, type ShopRequest } from "#server/testing.ts";

/**
 * The storefront follows the shop's URL redirects (server/rules/url-redirects.ts) through the
 * composed server: a 301 where a page would answer 404, with the request's query string when the
 * target has none; never over a live page, an API path, or a write.
 */
let database: Database;
let shops: Awaited<ReturnType<typeof composedShops>>;
let request: ShopRequest;

beforeAll(async () => {
  database = await createTestDatabase();
  for (const redirect of [
    { path: "/pages/notre-magasin", target: "/magasin/" },
    { path: "/ancienne-promo", target: "/search/?q=miel" },
    { path: "/partenaire", target: "https://exemple.fr/comptoir" },
    // The cart page is always live; the FAQ answers 404 while it has no content (this database).
    { path: "/panier", target: "/blog/" },
    { path: "/faq", target: "/blog/" },
    // An API path: never redirected.
    { path: "/api/ancienne-route", target: "/blog/" },
  ]) {
    const saved = await database.db.transaction((tx) =>
      saveUrlRedirect(tx, redirect, { by: "test" }),
    );
    if (!saved.ok) throw new Error(JSON.stringify(saved.errors));
  }
  shops = await composedShops(database);
  request = shops.shop().request;
}, 120_000);

afterAll(async () => {
  await shops?.close();
  await database?.close();
});

describe("URL redirects on the storefront", () => {
  it("answers 301 to the target where the page would be missing, whatever the case", async () => {
    const res = await request("/pages/Notre-Magasin/");
    expect(res.status).toBe(301);
    expect(res.headers.get("location")).toBe("/magasin/");
    expect(res.headers.get("cache-control")).toBe("public, max-age=3600");
    expect(await res.text()).toBe("");
  });

  it("first adds the trailing slash, as to every page, then redirects", async () => {
    const bare = await request("/pages/notre-magasin");
    expect(bare.status).toBe(301);
    expect(bare.headers.get("location")).toBe("/pages/notre-magasin/");
  });

  it("keeps the request's query string unless the target has its own", async () => {
    const kept = await request("/pages/notre-magasin/?utm_source=lettre");
    expect(kept.headers.get("location")).toBe("/magasin/?utm_source=lettre");
    const own = await request("/ancienne-promo/?utm_source=lettre");
    expect(own.headers.get("location")).toBe("/search/?q=miel");
  });

  it("leads to another site's https address", async () => {
    const res = await request("/partenaire/");
    expect(res.status).toBe(301);
    expect(res.headers.get("location")).toBe("https://exemple.fr/comptoir");
  });

  it("answers a HEAD as a GET", async () => {
    const res = await request("/pages/notre-magasin/", { method: "HEAD" });
    expect(res.status).toBe(301);
    expect(res.headers.get("location")).toBe("/magasin/");
  });

  it("never shadows a live page, but stands in for one that is gone", async () => {
    expect((await request("/panier/")).status).toBe(200);
    const gone = await request("/faq/");
    expect(gone.status).toBe(301);
    expect(gone.headers.get("location")).toBe("/blog/");
  });

  it("leaves a missing page without redirect, an API path and a write alone", async () => {
    expect((await request("/nulle-part/")).status).toBe(404);
    expect((await request("/api/ancienne-route")).status).not.toBe(301);
    const write = await request("/pages/notre-magasin/", {
      method: "POST",
      headers: {
        origin: "http://localhost:3000",
        "content-type": "application/x-www-form-urlencoded",
      },
      body: "a=1",
    });
    expect(write.status).not.toBe(301);
  });
});
