import { asc } from "drizzle-orm";
import type { Hono } from "hono";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "#db/client.ts";
import { createTestDatabase } from "#db/testing/index.ts";
import { readChangeLog } from "#platform/backoffice/change-log.ts";
import {
  insertCollections,
  insertProducts,
  readEditableProduct,
} from "#platform/commerce/index.ts";
import {
  commerceCollection,
  commerceMetafield,
  commerceProduct,
  commerceVariant,
} from "#platform/commerce/tables.ts";
import { apiTestApp } from "#server/api/testing.ts";
import { testEnv } from "#server/test-env.ts";

/** The import and delete routes of the office API, through the API's router, on a real database. */
const SECRET = "verify-secret-for-tests";
const env = testEnv({ ADMIN_VERIFY_SECRET: SECRET });

let database: Database;
let app: Hono;

// biome-ignore lint/suspicious/noExplicitAny: answers are read loosely, the assertions check them
type Answer = { status: number; body: any };

async function send(
  method: string,
  path: string,
  body: string,
  type: string,
  secret: string | null = SECRET,
): Promise<Answer> {
  const headers: Record<string, string> = { "Content-Type": type };
  if (secret) headers["X-Comptoir-Verify"] = secret;
  const response = await app.fetch(
    new Request(`http://shop.test${path}`, { method, headers, body }),
  );
  return { status: response.status, body: await response.json() };
}

/** Everything an import could touch, to compare before and after a refused one. */
async function catalogueState() {
  const db = database.db;
  return {
    products: await db.select().from(commerceProduct).orderBy(asc(commerceProduct.id)),
    variants: await db.select().from(commerceVariant).orderBy(asc(commerceVariant.id)),
    collections: await db.select().from(commerceCollection).orderBy(asc(commerceCollection.id)),
    metafields: await db.select().from(commerceMetafield).orderBy(asc(commerceMetafield.id)),
    log: (await readChangeLog(db, {})).lines.length,
  };
}

const HEADER = "handle;title;vendor;price;compare_at_price;sku;barcode;tags;description;available";

/** 100 data lines (file lines 2 to 101), the first updating the seeded honey. */
function hundredLines(bad?: { at: number; price: string }): string {
  const lines = [HEADER];
  for (let index = 1; index <= 100; index++) {
    const handle = index === 1 ? "miel-de-lavande" : `produit-importe-${index}`;
    const price = bad && index + 1 === bad.at ? bad.price : `${index},50`;
    lines.push(
      `${handle};Produit ${index};Maison Test;${price};;SKU-${index};;épicerie|import;"Ligne ${index}; avec ""guillemets""";oui`,
    );
  }
  return `\uFEFF${lines.join("\r\n")}\r\n`;
}

beforeAll(async () => {
  database = await createTestDatabase();
  await database.db.transaction(async (tx) => {
    await insertProducts(tx, [
      {
        handle: "miel-de-lavande",
        title: "Miel de lavande",
        vendor: "Les Ruchers",
        seo: { title: "Miel de Provence" },
        variants: [{ priceCents: 1250, sku: "MIEL-250" }],
      },
    ]);
    await insertCollections(tx, [{ handle: "epicerie", title: "Épicerie" }]);
  });
  app = apiTestApp(env, database);
}, 60_000);

afterAll(async () => {
  await database.close();
});

describe("POST /api/import/products", () => {
  it("answers 401 without the verify secret and imports nothing", async () => {
    const before = await catalogueState();
    const answer = await send("POST", "/api/import/products", hundredLines(), "text/csv", null);
    expect(answer).toEqual({ status: 401, body: { success: false, error: "unauthorized" } });
    expect(await catalogueState()).toEqual(before);
  });

  it("reports the one bad line of 100 with its file line number and imports nothing", async () => {
    const before = await catalogueState();
    const answer = await send(
      "POST",
      "/api/import/products",
      hundredLines({ at: 37, price: "douze" }),
      "text/csv; charset=utf-8",
    );
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({
      success: false,
      error: "invalid lines",
      lines: [{ line: 37, field: "price", message: "doit être un prix positif, ex. 12,50" }],
    });
    expect(await catalogueState()).toEqual(before);
  });

  it("imports the 100 lines in one go: 99 created, the existing handle updated", async () => {
    const answer = await send("POST", "/api/import/products", hundredLines(), "text/csv");
    expect(answer).toEqual({
      status: 200,
      body: { success: true, response: { created: 99, updated: 1 } },
    });
    const honey = await readEditableProduct(database.db, { handle: "miel-de-lavande" });
    expect(honey).toMatchObject({
      title: "Produit 1",
      vendor: "Maison Test",
      seoTitle: "Miel de Provence",
      descriptionHtml: 'Ligne 1; avec "guillemets"',
      tags: expect.arrayContaining(["épicerie", "import"]),
    });
    expect(honey?.variants[0]).toMatchObject({ priceCents: 150, sku: "SKU-1" });
    const created = await readEditableProduct(database.db, { handle: "produit-importe-37" });
    expect(created?.variants[0]?.priceCents).toBe(3750);
    const log = await readChangeLog(database.db, { subject: "miel-de-lavande" });
    expect(log.lines[0]).toMatchObject({ staffEmail: "api", action: "import" });
    expect(log.lines[0]?.changes).toContainEqual({ field: "priceCents", before: 1250, after: 150 });
  });

  it("takes JSON, reports every bad field, and refuses a handle given twice", async () => {
    const before = await catalogueState();
    const rows = [
      { handle: "confiture", title: "Confiture", price: 6, compare_at_price: 5 },
      { handle: "Pas Bon", title: "", price: "1.234" },
      { handle: "confiture", title: "Encore", price: "7,00", available: "peut-être" },
    ];
    const answer = await send(
      "POST",
      "/api/import/products",
      JSON.stringify(rows),
      "application/json",
    );
    expect(answer.status).toBe(400);
    expect(answer.body.lines).toEqual([
      { line: 2, field: "compare_at_price", message: "doit être au-dessus du prix" },
      { line: 3, field: "handle", message: "minuscules, chiffres et tirets simples, sans accents" },
      { line: 3, field: "title", message: "obligatoire" },
      { line: 3, field: "price", message: "doit être un prix positif, ex. 12,50" },
      { line: 4, field: "available", message: "doit être oui ou non (1/0, true/false)" },
    ]);
    expect(await catalogueState()).toEqual(before);
  });

  it("marks a product off sale with available = non, and refuses a body that is not CSV or JSON", async () => {
    const csv = 'handle,title,price,available\nconfiture-de-figue,Confiture de figue,"6,90",non\n';
    const answer = await send("POST", "/api/import/products", csv, "text/csv");
    expect(answer.body).toEqual({ success: true, response: { created: 1, updated: 0 } });
    const fig = await readEditableProduct(database.db, { handle: "confiture-de-figue" });
    expect(fig).toMatchObject({ availableForSale: false, tags: ["unavailable"] });
    expect(fig?.variants[0]?.priceCents).toBe(690);
    const refused = await send("POST", "/api/import/products", "<xml/>", "application/xml");
    expect(refused.status).toBe(400);
  });
});

describe("food information columns (INCO)", () => {
  const FOOD_HEADER =
    "handle;title;price;quantity;unit;origin;ingredients;conservation;durability;energy;fat;saturates;carbohydrate;sugars;protein;salt;nutrition_exemption";

  it("fills the custom fields of the columns given, and clears one left empty", async () => {
    const csv = [
      FOOD_HEADER,
      "sables-au-beurre;Sablés au beurre;4,90;150;g;France;Farine de _blé_, _beurre_ (30 %), sucre, _œufs_.;À conserver au sec.;À consommer de préférence avant la date indiquée.;2 079 kJ / 497 kcal;25 g;16 g;62 g;24 g;6,5 g;0,6 g;",
    ].join("\n");
    const answer = await send("POST", "/api/import/products", csv, "text/csv");
    expect(answer.body).toEqual({ success: true, response: { created: 1, updated: 0 } });
    const biscuits = await readEditableProduct(database.db, { handle: "sables-au-beurre" });
    expect(biscuits?.metafields).toMatchObject({
      quantity: "150",
      unit: "g",
      ingredients_composition: "Farine de _blé_, _beurre_ (30 %), sucre, _œufs_.",
      durability_text: "À consommer de préférence avant la date indiquée.",
      energy_value: "2 079 kJ / 497 kcal",
      sugars: "24 g",
      proteins: "6,5 g",
      salt: "0,6 g",
    });
    expect(biscuits?.metafields.nutrition_exemption).toBeUndefined();

    // An update names only the columns it changes: the declaration stays, the origin goes.
    const update =
      "handle;title;price;origin;ingredients\nsables-au-beurre;Sablés au beurre;5,20;;Farine de _blé_, _beurre_.";
    expect((await send("POST", "/api/import/products", update, "text/csv")).body).toEqual({
      success: true,
      response: { created: 0, updated: 1 },
    });
    const updated = await readEditableProduct(database.db, { handle: "sables-au-beurre" });
    expect(updated?.metafields.origin).toBeUndefined();
    expect(updated?.metafields).toMatchObject({
      ingredients_composition: "Farine de _blé_, _beurre_.",
      energy_value: "2 079 kJ / 497 kcal",
      proteins: "6,5 g",
    });
    const log = await readChangeLog(database.db, { subject: "sables-au-beurre" });
    expect(log.lines[0]?.changes).toContainEqual({ field: "origin", before: "France", after: "" });
  });

  it("refuses a declaration with a value missing, a part above its whole, or no unit", async () => {
    const before = await catalogueState();
    const csv = [
      "handle;title;price;energy;fat;saturates;carbohydrate;sugars;protein;salt",
      "huile-de-noix;Huile de noix;9,90;3 700 kJ / 900 kcal;100 g;9 g;0 g;0 g;0 g;",
      "pate-de-fruits;Pâte de fruits;7,50;1 360 kJ / 320 kcal;0 g;0 g;80 g;85 g;0,3;0 g",
    ].join("\n");
    const answer = await send("POST", "/api/import/products", csv, "text/csv");
    expect(answer.status).toBe(400);
    expect(answer.body.lines).toEqual([
      {
        line: 2,
        field: "salt",
        message: "Obligatoire dès qu'une valeur nutritionnelle est donnée.",
      },
      { line: 3, field: "sugars", message: "Ne peut dépasser les glucides." },
      { line: 3, field: "protein", message: "En grammes pour 100 g : « 12,5 g »." },
    ]);
    expect(await catalogueState()).toEqual(before);
  });
});

describe("the VAT rate column", () => {
  it("sets a product's rate, and refuses a rate France does not have", async () => {
    const csv = "handle;title;price;vat_rate\nchampagne-brut;Champagne brut;32,00;20 %";
    expect((await send("POST", "/api/import/products", csv, "text/csv")).body).toEqual({
      success: true,
      response: { created: 1, updated: 0 },
    });
    const champagne = await readEditableProduct(database.db, { handle: "champagne-brut" });
    expect(champagne?.metafields.vat_rate).toBe("20");
    const before = await catalogueState();
    const wrong = "handle;title;price;vat_rate\nchampagne-brut;Champagne brut;32,00;19,6";
    const answer = await send("POST", "/api/import/products", wrong, "text/csv");
    expect(answer.status).toBe(400);
    expect(answer.body.lines).toEqual([
      { line: 2, field: "vat_rate", message: "doit être 5,5, 10 ou 20" },
    ]);
    expect(await catalogueState()).toEqual(before);
  });
});

describe("POST /api/import/categories", () => {
  it("creates and updates categories with their parent", async () => {
    const csv = [
      "handle;title;description;parent",
      "fromages;Fromages;Nos fromages affinés;epicerie",
      "epicerie;Épicerie fine;Le rayon;",
    ].join("\n");
    const answer = await send("POST", "/api/import/categories", csv, "text/csv");
    expect(answer.body).toEqual({ success: true, response: { created: 1, updated: 1 } });
    const rows = await database.db
      .select()
      .from(commerceCollection)
      .orderBy(asc(commerceCollection.id));
    expect(rows.map((row) => [row.handle, row.title])).toEqual([
      ["epicerie", "Épicerie fine"],
      ["fromages", "Fromages"],
    ]);
    const parents = await database.db.select().from(commerceMetafield);
    expect(parents.filter((row) => row.key === "category_parent").map((row) => row.value)).toEqual([
      "epicerie",
    ]);
  });

  it("refuses an unknown parent and imports nothing", async () => {
    const before = await catalogueState();
    const csv = "handle,title,description,parent\nthes,Thés,,boissons\n";
    const answer = await send("POST", "/api/import/categories", csv, "text/csv");
    expect(answer.body).toEqual({
      success: false,
      error: "invalid lines",
      lines: [{ line: 2, field: "parent", message: "catégorie inconnue" }],
    });
    expect(await catalogueState()).toEqual(before);
  });
});

describe("DELETE /api/import/delete/product", () => {
  it("archives the product (never deletes it) and logs it as api", async () => {
    const answer = await send(
      "DELETE",
      "/api/import/delete/product",
      JSON.stringify({ product: { handle: "produit-importe-2" } }),
      "application/json",
    );
    expect(answer).toEqual({ status: 200, body: { success: true } });
    const product = await readEditableProduct(database.db, { handle: "produit-importe-2" });
    expect(product).toMatchObject({ archived: true, tags: expect.arrayContaining(["Archive"]) });
    const log = await readChangeLog(database.db, { subject: "produit-importe-2" });
    expect(log.lines[0]).toMatchObject({ staffEmail: "api", action: "archive" });
  });

  it("answers 404 for an unknown handle and 401 without the secret", async () => {
    const unknown = await send(
      "DELETE",
      "/api/import/delete/product",
      JSON.stringify({ handle: "inconnu" }),
      "application/json",
    );
    expect(unknown).toEqual({ status: 404, body: { success: false, error: "product not found" } });
    const anonymous = await send(
      "DELETE",
      "/api/import/delete/product",
      JSON.stringify({ handle: "produit-importe-3" }),
      "application/json",
      null,
    );
    expect(anonymous.status).toBe(401);
    const product = await readEditableProduct(database.db, { handle: "produit-importe-3" });
    expect(product?.archived).toBe(false);
  });
});
