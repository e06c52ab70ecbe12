import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "#db/client.ts";
import { createTestDatabase } from "#db/testing/index.ts";
import { insertMetaobjects, insertProducts } from "#platform/commerce/index.ts";
import { searchApi } from "#platform/search/http.ts";

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
  api = searchApi(database.db);
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
