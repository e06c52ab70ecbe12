import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "#db/client.ts";
import { createTestDatabase } from "#db/testing/index.ts";
import { insertMetaobjects, insertProducts } from "#platform/commerce/index.ts";
import { searchApi } from "#platform/search/http.ts";
import { zeroResultQueries } from "#platform/search/query-log.ts";

let database: Database;
let api: ReturnType<typeof searchApi>;

beforeAll(async () => {
  database = await createTestDatabase();
  await database.db.transaction(async (tx) => {
    await insertMetaobjects(tx, [
      {
        type: "produit_marque",
        handle: "chocolaterie-bonnat",
        fields: { name: "Chocolaterie Bonnat", handle: "chocolaterie-bonnat", is_artisan: true },
      },
    ]);
    await insertProducts(tx, [
      {
        handle: "tablette-chocolat-noir",
        title: "Tablette de chocolat noir 75 %",
        vendor: "Chocolaterie Bonnat",
        variants: [{ priceCents: 690 }],
      },
    ]);
  });
  api = searchApi(database.db, { now: () => new Date("2026-11-20T10:00:00Z") });
});
afterAll(() => database?.close());

describe("GET /api/search/predictive", () => {
  it("answers products and artisans for a term", async () => {
    const res = await api.request("/api/search/predictive?q=chocolat");
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.success).toBe(true);
    expect(body.response.products).toEqual([
      expect.objectContaining({ handle: "tablette-chocolat-noir" }),
    ]);
    expect(body.response.artisans).toEqual([
      expect.objectContaining({ handle: "chocolaterie-bonnat" }),
    ]);
  });

  it("answers nothing under three characters", async () => {
    const body = await (await api.request("/api/search/predictive?q=ch")).json();
    expect(body.response.products).toEqual([]);
  });

  it("refuses a bad query in the API's own error shape", async () => {
    const res = await api.request("/api/search/predictive?q=chocolat&limit=500");
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ success: false, error: expect.stringMatching(/^limit: /) });
    expect((await api.request("/api/search/predictive")).status).toBe(400);
  });
});

describe("GET /api/search/suggest", () => {
  it("answers the closest query that finds products", async () => {
    const res = await api.request("/api/search/suggest?q=chacolet%20noier");
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ success: true, response: { query: "chocolat noir" } });
  });

  it("answers null when there is nothing worth suggesting", async () => {
    const body = await (await api.request("/api/search/suggest?q=xylophone")).json();
    expect(body).toEqual({ success: true, response: { query: null } });
  });

  it("refuses a bad query in the API's own error shape", async () => {
    const missing = await api.request("/api/search/suggest");
    expect(missing.status).toBe(400);
    expect(await missing.json()).toEqual({ success: false, error: expect.stringMatching(/^q: /) });
    const long = await api.request(`/api/search/suggest?q=${"a".repeat(201)}`);
    expect(long.status).toBe(400);
    const extra = await api.request("/api/search/suggest?q=chocolat&limit=3");
    expect(extra.status).toBe(400);
  });
});

describe("POST /api/search/zero-results", () => {
  const post = (body: unknown) =>
    api.request("/api/search/zero-results", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(body),
    });

  it("counts a search that found nothing, under its normalised term, on the API's day", async () => {
    const res = await post({ term: "Chacolet  NOIER" });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ success: true, response: { term: "chacolet noier" } });
    await post({ term: "chacolet noier" });
    expect(await zeroResultQueries(database.db, { since: "2026-11-20" })).toEqual([
      { term: "chacolet noier", count: 2, lastDay: "2026-11-20" },
    ]);
  });

  it("refuses a body without a term in the API's own error shape", async () => {
    for (const body of [{}, { term: "" }, { term: "a".repeat(201) }, { term: "x", more: 1 }]) {
      const res = await post(body);
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual({ success: false, error: expect.any(String) });
    }
    const notJson = await api.request("/api/search/zero-results", {
      method: "POST",
      body: "term=chocolat",
    });
    expect(notJson.status).toBe(400);
  });
});

describe("GET /api/search/intents", () => {
  it("answers the diets and labels a term names, each with the term without it", async () => {
    const res = await api.request(
      `/api/search/intents?${new URLSearchParams({ q: "Pâtes SANS gluten bio" })}`,
    );
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      success: true,
      response: {
        intents: [
          { label: "Sans gluten", without: "Pâtes bio" },
          { label: "Bio", without: "Pâtes SANS gluten" },
        ],
      },
    });
    const none = await (await api.request("/api/search/intents?q=chocolat")).json();
    expect(none).toEqual({ success: true, response: { intents: [] } });
  });

  it("refuses a bad query in the API's own error shape", async () => {
    const missing = await api.request("/api/search/intents");
    expect(missing.status).toBe(400);
    expect(await missing.json()).toEqual({ success: false, error: expect.stringMatching(/^q: /) });
  });
});
