import type { Hono } from "hono";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "#db/client.ts";
import { createTestDatabase } from "#db/testing/index.ts";
import { readChangeLog } from "#platform/backoffice/index.ts";
import { insertCollections } from "#platform/commerce/index.ts";
import { putEntry } from "#platform/content/index.ts";
import { readDocument } from "#platform/documents/index.ts";
import { menuItemIds } from "#seed/content/menu-items.ts";
import { FIXTURE_PRODUCTS } from "#seed/ordering/testing.ts";
import {
  apiTestApp,
  apiTestEnv,
  seedOrderingProductIds,
  serveTestOrdering,
} from "#server/api/testing.ts";

/** The office routes `/api/db/products`, `/api/db/category` and `/api/export/fd/products`. */
const SECRET = "verify-secret-for-tests";
const env = apiTestEnv;
const RESTAURATION = FIXTURE_PRODUCTS.filter((product) => !("grocery" in product));
const ITEM_IDS = menuItemIds(RESTAURATION.map((product) => product.handle));

let database: Database;
let app: Hono;
let ids: Map<string, number>;
let collectionId = 0;

// biome-ignore lint/suspicious/noExplicitAny: answers are read loosely, the assertions check them
type Answer = { status: number; body: any; headers: Headers; text: string };

async function send(
  method: string,
  path: string,
  body?: unknown,
  secret: string | null = SECRET,
): Promise<Answer> {
  const headers: Record<string, string> = { "Content-Type": "application/json" };
  if (secret) headers["X-Comptoir-Verify"] = secret;
  const response = await app.fetch(
    new Request(`http://shop.test/api${path}`, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    }),
  );
  const text = await response.text();
  let parsed: unknown = null;
  try {
    parsed = JSON.parse(text);
  } catch {}
  return { status: response.status, body: parsed, headers: response.headers, text };
}

const miel = (id: number) => ({
  name: "Bœuf bourguignon",
  slug: "boeuf-bourguignon",
  prediscount_price: 14.5,
  isProvince: false,
  tags: ["restauration"],
  fd_content: { MenuItemId: ITEM_IDS.get("boeuf-bourguignon"), Price: 14.5, ImageUrl: "" },
  short_description: `Produit ${id}.`,
});

beforeAll(async () => {
  database = await createTestDatabase();
  ids = await seedOrderingProductIds(database.db);
  await database.db.transaction(async (tx) => {
    const [collection] = await insertCollections(tx, [
      {
        handle: "traiteur",
        title: "Traiteur",
        productIds: [ids.get("boeuf-bourguignon") ?? 0, ids.get("salade-cesar") ?? 0],
      },
    ]);
    collectionId = collection?.id ?? 0;
    for (const product of RESTAURATION) {
      await putEntry(tx, {
        id: `product-${ids.get(product.handle)}`,
        contentType: "product",
        fields: {
          name: product.title,
          slug: product.handle,
          tags: ["restauration"],
          fd_content: {
            MenuItemId: ITEM_IDS.get(product.handle),
            Price: product.priceCents / 100,
            ImageUrl: "",
          },
        },
      });
    }
  });
  serveTestOrdering(database.db, env.ORDERING_API_TOKEN);
  app = apiTestApp(env, database);
});
afterAll(() => database?.close());

describe("without the verify secret", () => {
  it("every office route answers 401 and nothing is written", async () => {
    const stew = ids.get("boeuf-bourguignon") ?? 0;
    const calls: [string, string, unknown?][] = [
      ["PUT", `/db/products/${stew}`, { product: miel(stew) }],
      ["GET", `/db/products/${stew}`],
      ["POST", `/db/category/${collectionId}`],
      ["GET", `/db/category/${collectionId}`],
      ["GET", "/export/fd/products/1101"],
    ];
    for (const [method, path, body] of calls) {
      for (const secret of [null, "not-the-secret-at-all"]) {
        const answer = await send(method, path, body, secret);
        expect(answer, `${method} ${path}`).toMatchObject({
          status: 401,
          body: { success: false, error: "unauthorized" },
        });
      }
    }
    expect(await readDocument(database.db, `products/${stew}`)).toBeUndefined();
    expect(await readDocument(database.db, `category/${collectionId}`)).toBeUndefined();
  });
});

describe("PUT /api/db/products/{id}", () => {
  it("writes the product's document with CouchDB-style revisions", async () => {
    const stew = ids.get("boeuf-bourguignon") ?? 0;
    const created = await send("PUT", `/db/products/${stew}`, { product: miel(stew) });
    expect(created).toMatchObject({ status: 200, body: { ok: true, id: `products/${stew}` } });
    expect(created.body.rev).toMatch(/^1-[0-9a-f]{32}$/);

    const read = await send(
      "GET",
      `/db/products/${encodeURIComponent(`gid://shopify/Product/${stew}`)}`,
    );
    expect(read.body).toMatchObject({
      _id: `products/${stew}`,
      _rev: created.body.rev,
      product: { name: "Bœuf bourguignon", fd_content: { Price: 14.5 } },
    });

    // Without the revision it read, a writer is told of the conflict; with it, it replaces.
    const blind = await send("PUT", `/db/products/${stew}`, { product: miel(stew) });
    expect(blind).toMatchObject({ status: 409, body: { success: false, error: "conflict" } });
    const changed = { ...miel(stew), prediscount_price: 16 };
    const updated = await send("PUT", `/db/products/${stew}`, {
      product: changed,
      _rev: created.body.rev,
    });
    expect(updated).toMatchObject({ status: 200, body: { ok: true } });
    expect(updated.body.rev).toMatch(/^2-/);
    const stale = await send("PUT", `/db/products/${stew}`, {
      product: miel(stew),
      _rev: created.body.rev,
    });
    expect(stale.status).toBe(409);
    expect((await send("GET", `/db/products/${stew}`)).body.product.prediscount_price).toBe(16);

    const log = await readChangeLog(database.db, { subject: "boeuf-bourguignon" });
    expect(log.lines.filter((line) => line.subjectType === "product-document")).toHaveLength(2);
    expect(log.lines[0]).toMatchObject({ staffEmail: "api", action: "document" });
  });

  it("refuses bad bodies, a slug that is not the product's, and unknown products", async () => {
    const salad = ids.get("salade-cesar") ?? 0;
    const key = `products/${salad}`;
    const cases: [unknown, string][] = [
      [undefined, "expected object"],
      [{ product: { ...miel(salad), slug: "salade-cesar", price: 3 } }, "product"],
      [{ product: { ...miel(salad), slug: "salade-cesar", name: "" } }, "product.name"],
      [
        { product: { ...miel(salad), slug: "salade-cesar", prediscount_price: -1 } },
        "product.prediscount_price",
      ],
      [{ product: { ...miel(salad), slug: "salade-cesar" }, extra: true }, ""],
      [{ product: miel(salad) }, "product.slug: must be the product's handle (salade-cesar)"],
    ];
    for (const [body, error] of cases) {
      const answer = await send("PUT", `/db/products/${salad}`, body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(answer.body.success).toBe(false);
      expect(answer.body.error).toContain(error);
    }
    expect(await readDocument(database.db, key)).toBeUndefined();

    expect((await send("PUT", "/db/products/999999", { product: miel(1) })).status).toBe(404);
    expect((await send("PUT", "/db/products/abc", { product: miel(1) })).status).toBe(404);
    expect((await send("GET", "/db/products/999999")).status).toBe(404);
  });
});

describe("POST /api/db/category/{id}", () => {
  it("builds the category's document from the catalogue, its products in order", async () => {
    const first = await send("POST", `/db/category/${collectionId}`);
    expect(first).toMatchObject({
      status: 200,
      body: { ok: true, id: `category/${collectionId}`, products: 2 },
    });
    const read = await send(
      "GET",
      `/db/category/${encodeURIComponent(`gid://shopify/Collection/${collectionId}`)}`,
    );
    expect(read.body.category).toMatchObject({
      handle: "traiteur",
      title: "Traiteur",
      parent: null,
      productCount: 2,
      products: [
        {
          handle: "boeuf-bourguignon",
          id: `gid://shopify/Product/${ids.get("boeuf-bourguignon")}`,
        },
        { handle: "salade-cesar" },
      ],
    });
    // Nothing changed: the same revision.
    const again = await send("POST", `/db/category/${collectionId}`, {});
    expect(again.body.rev).toBe(first.body.rev);
  });

  it("wants an empty body and a known category", async () => {
    expect((await send("POST", `/db/category/${collectionId}`, { title: "x" })).status).toBe(400);
    expect((await send("POST", "/db/category/999999")).status).toBe(404);
    expect((await send("POST", "/db/category/traiteur")).status).toBe(404);
  });
});

describe("GET /api/export/fd/products/{storeId}", () => {
  it("downloads the store's restauration products as CSV", async () => {
    const answer = await send("GET", "/export/fd/products/1101");
    expect(answer.status).toBe(200);
    expect(answer.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(answer.headers.get("content-disposition")).toMatch(
      /^attachment; filename="flipdish-produits-1101-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const lines = answer.text
      .replace(/^\uFEFF/, "")
      .trimEnd()
      .split("\r\n");
    expect(lines[0]).toBe("MenuItemId;Section;Handle;Name;Price;IsAvailable;ImageUrl");
    expect(lines).toContain(
      `${ITEM_IDS.get("boeuf-bourguignon")};Plats cuisinés;boeuf-bourguignon;Bœuf bourguignon;14.50;true;`,
    );
    // Grocery products are not on the menus.
    expect(answer.text).not.toContain("pain-de-campagne");
    expect(lines).toHaveLength(1 + RESTAURATION.length);
  });

  it("says what the pickup point does not sell, and 404 for an unknown store", async () => {
    const pickup = await send("GET", "/export/fd/products/1103");
    expect(pickup.text).toContain(
      `${ITEM_IDS.get("caviar-oscietre")};Poissons fumés et caviar;caviar-oscietre;Caviar osciètre;89.00;false;`,
    );
    expect((await send("GET", "/export/fd/products/9999")).status).toBe(404);
    expect((await send("GET", "/export/fd/products/abc")).status).toBe(404);
  });
});
