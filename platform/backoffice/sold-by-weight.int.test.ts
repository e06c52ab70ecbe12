import { asc } from "drizzle-orm";
import type { Hono } from "hono";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "#db/client.ts";
import { readChangeLog } from "#platform/backoffice/change-log.ts";
import { groceryPreparation } from "#platform/backoffice/orders/odp-grocery.ts";
import {
  closeTestServer,
  composeSignedInServer,
  createAdminTestDatabase,
  formPost,
  type TestRequest,
} from "#platform/backoffice/testing.ts";
import {
  type EditableProduct,
  insertProducts,
  readEditableProduct,
} from "#platform/commerce/index.ts";
import {
  commerceMetafield,
  commerceOrder,
  commerceOrderLine,
  commerceProduct,
  commerceVariant,
} from "#platform/commerce/tables.ts";
import { soldByWeightFields } from "#platform/sold-by-weight.ts";
import { apiTestApp } from "#server/api/testing.ts";
import { testEnv } from "#server/test-env.ts";

/**
 * Products sold by weight in the back office (platform/sold-by-weight.ts): the product form's
 * « Vendu au poids » and price per kilogram, the import's `sold_by_weight` column, their French
 * refusals that write nothing, and the weight to cut on the preparation sheet and the order page.
 */
const EMAIL = "fromager@comptoir.test";
const PASSWORD = "un mot de passe solide";
const SECRET = "verify-secret-for-tests";

let server: Awaited<ReturnType<typeof composeSignedInServer>>;
let database: Database;
let request: TestRequest;
let session: { cookie: string; csrf: string };
let api: Hono;

beforeAll(async () => {
  database = await createAdminTestDatabase({ email: EMAIL, password: PASSWORD });
  await database.db.transaction((tx) =>
    insertProducts(tx, [
      {
        handle: "comte-aop-18-mois",
        title: "Comté AOP 18 mois",
        vendor: "Fromagerie Marcel Petite",
        variants: [
          { title: "250 g", priceCents: 988, sku: "COMTE-250" },
          { title: "500 g", priceCents: 1975, sku: "COMTE-500" },
          { title: "1 kg", priceCents: 3950, sku: "COMTE-1000" },
        ],
        metafields: soldByWeightFields(3950),
      },
      {
        handle: "tomme-de-savoie",
        title: "Tomme de Savoie",
        vendor: "Fruitière des Aravis",
        variants: [
          { title: "250 g", priceCents: 900 },
          { title: "500 g", priceCents: 1700 },
        ],
      },
      {
        handle: "miel-de-lavande",
        title: "Miel de lavande",
        vendor: "Les Ruchers",
        variants: [{ priceCents: 1250, sku: "MIEL-250" }],
      },
    ]),
  );
  server = await composeSignedInServer(database, { email: EMAIL, password: PASSWORD });
  ({ request, session } = server);
  api = apiTestApp(testEnv({ ADMIN_VERIFY_SECRET: SECRET }), database);
});
afterAll(() => closeTestServer(server, database));

const page = async (path: string) =>
  (await request(path, { headers: { cookie: session.cookie } })).text();

/** React writes an apostrophe as `&#x27;`: the page's text as a reader sees it. */
const readable = (html: string) => html.replace(/&#x27;/g, "'").replace(/&quot;/g, '"');

async function product(handle: string): Promise<EditableProduct> {
  const found = await readEditableProduct(database.db, { handle });
  if (!found) throw new Error(`no product ${handle}`);
  return found;
}

/** The product form as the browser sends it: the product's values, then `changes`. */
async function saveForm(handle: string, changes: Record<string, string>) {
  const current = await product(handle);
  const fields: Record<string, string> = {
    _csrf: session.csrf,
    intent: "save",
    title: current.title,
    vendor: current.vendor,
    productType: "",
    tags: "",
    descriptionHtml: "",
    seoTitle: "",
    seoDescription: "",
    "mf.marque": "",
    "mf.max_quantity": "",
    "mf.produit_associe": "",
    "mf.vat_rate": "5.5",
  };
  for (const [index, variant] of current.variants.entries()) {
    fields[`variant.${index}.price`] = (variant.priceCents / 100).toFixed(2).replace(".", ",");
    fields[`variant.${index}.compareAt`] = "";
    fields[`variant.${index}.sku`] = variant.sku ?? "";
    fields[`variant.${index}.barcode`] = "";
    fields[`variant.${index}.available`] = "on";
  }
  return request(
    `/middleware/products/${handle}/`,
    formPost({ ...fields, ...changes }, { cookie: session.cookie }),
  );
}

const prices = (found: EditableProduct) =>
  found.variants.map((variant) => [variant.title, variant.priceCents]);

/** Everything a refused import could have touched. */
async function catalogueState() {
  const db = database.db;
  return {
    products: await db.select().from(commerceProduct).orderBy(asc(commerceProduct.id)),
    variants: await db.select().from(commerceVariant).orderBy(asc(commerceVariant.id)),
    metafields: await db.select().from(commerceMetafield).orderBy(asc(commerceMetafield.id)),
    log: (await readChangeLog(db, {})).lines.length,
  };
}

async function importCsv(csv: string) {
  const response = await api.fetch(
    new Request("http://shop.test/api/import/products", {
      method: "POST",
      headers: { "Content-Type": "text/csv", "X-Comptoir-Verify": SECRET },
      body: csv,
    }),
  );
  // biome-ignore lint/suspicious/noExplicitAny: answers are read loosely, the assertions check them
  return { status: response.status, body: (await response.json()) as any };
}

describe("the product form", () => {
  it("shows a product sold by weight ticked, its price per kilogram, and its weights' prices computed", async () => {
    const html = readable(await page("/middleware/products/comte-aop-18-mois/"));
    expect(html).toMatch(/<input type="checkbox"[^>]* name="mf.sold_by_weight" checked=""\/>/);
    expect(html).toContain("Vendu au poids, coupé à la demande");
    expect(html).toMatch(/name="mf.price_per_kg" value="39,50"/);
    expect(html).toMatch(/readOnly=""[^>]* name="variant.0.price" value="9,88"/);
    expect(html).toContain("Calculé depuis le prix au kilo.");
  });

  it("sells a product by weight at the price per kilogram typed, every weight priced from it, whatever its price fields say", async () => {
    const res = await saveForm("tomme-de-savoie", {
      "mf.sold_by_weight": "on",
      "mf.price_per_kg": "32,90",
      "variant.0.price": "1,00",
    });
    expect(res.status).toBe(200);
    const tomme = await product("tomme-de-savoie");
    // 32,90 €/kg: 250 g is 8,225 €, 8,23 €.
    expect(prices(tomme)).toEqual([
      ["250 g", 823],
      ["500 g", 1645],
    ]);
    expect(tomme.metafields).toMatchObject({
      sold_by_weight: true,
      price_per_kg: "32.90",
    });
    const log = await readChangeLog(database.db, { subject: "tomme-de-savoie" });
    expect(log.lines[0]?.changes).toEqual(
      expect.arrayContaining([
        { field: "Vendu au poids, coupé à la demande", before: "non", after: "oui" },
        { field: "Prix au kilo (€)", before: "", after: "32,90 €" },
        { field: "Prix (250 g)", before: "9,00 €", after: "8,23 €" },
      ]),
    );
  });

  it("refuses in French a product whose variant is not a weight, or no price per kilogram, and saves nothing", async () => {
    const before = await catalogueState();
    const unique = await saveForm("miel-de-lavande", {
      "mf.sold_by_weight": "on",
      "mf.price_per_kg": "50,00",
    });
    expect(unique.status).toBe(400);
    expect(readable(await unique.text())).toContain(
      "Un produit vendu au poids se décline en poids (250 g, 500 g, 1 kg…) : « Unique » n'en est pas un.",
    );
    const priceless = await saveForm("comte-aop-18-mois", {
      "mf.sold_by_weight": "on",
      "mf.price_per_kg": "",
    });
    expect(priceless.status).toBe(400);
    expect(readable(await priceless.text())).toContain(
      "Indiquez le prix au kilo d'un produit vendu au poids, par exemple 34,00.",
    );
    expect(await catalogueState()).toEqual(before);
  });

  it("stops selling by weight when the box is unticked, and the prices are typed again", async () => {
    const res = await saveForm("tomme-de-savoie", {
      "variant.0.price": "9,00",
      "variant.1.price": "17,00",
    });
    expect(res.status).toBe(200);
    const tomme = await product("tomme-de-savoie");
    expect(prices(tomme)).toEqual([
      ["250 g", 900],
      ["500 g", 1700],
    ]);
    expect(tomme.metafields.sold_by_weight).toBeUndefined();
    expect(tomme.metafields.price_per_kg).toBeUndefined();
  });
});

describe("the products import's sold_by_weight column", () => {
  it("creates a product sold by weight from its price per kilogram: 250 g, 500 g and 1 kg", async () => {
    const answer = await importCsv(
      "handle;title;price;sku;sold_by_weight\nbeaufort-d-ete;Beaufort d'été;48,60;BEAUFORT;oui",
    );
    expect(answer.body).toEqual({ success: true, response: { created: 1, updated: 0 } });
    const beaufort = await product("beaufort-d-ete");
    expect(prices(beaufort)).toEqual([
      ["250 g", 1215],
      ["500 g", 2430],
      ["1 kg", 4860],
    ]);
    expect(beaufort.variants[0]?.sku).toBe("BEAUFORT");
    expect(beaufort.metafields).toMatchObject({
      sold_by_weight: true,
      price_per_kg: "48.60",
      quantity: "250",
      unit: "g",
    });
  });

  it("reads the price of a product already sold by weight as its price per kilogram, without the column", async () => {
    const answer = await importCsv(
      "handle;title;price;compare_at_price\ncomte-aop-18-mois;Comté AOP 18 mois;42,00;46,00",
    );
    expect(answer.body).toEqual({ success: true, response: { created: 0, updated: 1 } });
    const comte = await product("comte-aop-18-mois");
    expect(
      comte.variants.map((variant) => [variant.priceCents, variant.compareAtPriceCents]),
    ).toEqual([
      [1050, 1150],
      [2100, 2300],
      [4200, 4600],
    ]);
    expect(comte.metafields.price_per_kg).toBe("42.00");
  });

  it("refuses in French a product whose variant is not a weight, or a word that is not oui or non, and imports nothing", async () => {
    const before = await catalogueState();
    const answer = await importCsv(
      [
        "handle;title;price;sold_by_weight",
        "tomme-de-savoie;Tomme de Savoie;30,00;oui",
        "miel-de-lavande;Miel de lavande;40,00;oui",
        "morbier;Morbier;28,00;peut-être",
      ].join("\n"),
    );
    expect(answer.status).toBe(400);
    expect(answer.body.lines).toEqual([
      { line: 4, field: "sold_by_weight", message: "doit être oui ou non (1/0, true/false)" },
    ]);
    const notWeights = await importCsv(
      [
        "handle;title;price;sold_by_weight",
        "tomme-de-savoie;Tomme de Savoie;30,00;oui",
        "miel-de-lavande;Miel de lavande;40,00;oui",
      ].join("\n"),
    );
    expect(notWeights.status).toBe(400);
    expect(notWeights.body.lines).toEqual([
      {
        line: 3,
        field: "sold_by_weight",
        message:
          "Un produit vendu au poids se décline en poids (250 g, 500 g, 1 kg…) : « Unique » n'en est pas un.",
      },
    ]);
    expect(await catalogueState()).toEqual(before);
  });

  it("stops selling a product by weight on « non »: its price is the first variant's again", async () => {
    const answer = await importCsv(
      "handle;title;price;sold_by_weight\nbeaufort-d-ete;Beaufort d'été;13,00;non",
    );
    expect(answer.body).toEqual({ success: true, response: { created: 0, updated: 1 } });
    const beaufort = await product("beaufort-d-ete");
    expect(prices(beaufort)).toEqual([
      ["250 g", 1300],
      ["500 g", 2430],
      ["1 kg", 4860],
    ]);
    expect(beaufort.metafields.sold_by_weight).toBeUndefined();
  });
});

describe("an order of a cheese sold by weight", () => {
  let orderId = 0;
  beforeAll(async () => {
    const comte = await product("comte-aop-18-mois");
    const miel = await product("miel-de-lavande");
    const [order] = await database.db
      .insert(commerceOrder)
      .values({
        statusKey: "key",
        email: "camille@example.com",
        processedAt: new Date("2026-11-24T10:00:00.000Z"),
        financialStatus: "PAID",
        subtotalCents: 5450,
        totalTaxCents: 284,
        totalCents: 5500,
        deliveryMethod: "Retrait au comptoir",
      })
      .returning({ id: commerceOrder.id });
    orderId = order?.id ?? 0;
    const line = { orderId, taxRateBasisPoints: 550 };
    await database.db.insert(commerceOrderLine).values([
      {
        ...line,
        position: 1,
        title: comte.title,
        variantTitle: "500 g",
        productId: comte.id,
        quantity: 2,
        unitPriceCents: 2100,
        originalTotalCents: 4200,
        discountedTotalCents: 4200,
      },
      {
        ...line,
        position: 2,
        title: miel.title,
        variantTitle: "Default Title",
        productId: miel.id,
        quantity: 1,
        unitPriceCents: 1250,
        originalTotalCents: 1250,
        discountedTotalCents: 1250,
      },
    ]);
  });

  it("tells the counter the weight to cut on the preparation sheet", async () => {
    const sheet = await groceryPreparation(database.db, orderId);
    expect(sheet?.lines).toEqual([
      expect.objectContaining({ name: "Comté AOP 18 mois", quantity: 2, cut: "2 × 500 g (1 kg)" }),
      expect.objectContaining({ name: "Miel de lavande", quantity: 1, cut: null }),
    ]);
    const html = await page(`/middleware/odp/?grocery=${orderId}`);
    expect(html).toContain('<th scope="col">À couper</th>');
    expect(html).toContain("<strong>2 × 500 g (1 kg)</strong>");
  });

  it("says it on the back office's order page", async () => {
    const html = await page(`/middleware/orders/epicerie-${orderId}/`);
    const articles = /<section class="admin-card" aria-label="Articles">[\s\S]*?<\/section>/.exec(
      html,
    )?.[0];
    expect(articles).toContain(
      "(500 g)<!-- --> · À couper : 2 × 500 g (1 kg), Remplacement accepté",
    );
    // The honey is not cut.
    expect(articles?.match(/À couper/g)).toHaveLength(1);
  });
});
