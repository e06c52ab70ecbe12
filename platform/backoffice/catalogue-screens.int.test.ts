import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "#db/client.ts";
import { readChangeLog } from "#platform/backoffice/change-log.ts";
import {
  closeTestServer,
  composeSignedInServer,
  createAdminTestDatabase,
  formPost,
  type TestRequest,
} from "#platform/backoffice/testing.ts";
import { insertProducts, readEditableProduct } from "#platform/commerce/index.ts";
import { commerceProduct, commerceVariant } from "#platform/commerce/tables.ts";

/** The catalogue screens of the admin area through the composed server (sign-in, CSRF, forms). */
const EMAIL = "caisse@comptoir.test";
const PASSWORD = "un mot de passe solide";

let server: Awaited<ReturnType<typeof composeSignedInServer>>;
let database: Database;
let request: TestRequest;
let session: { cookie: string; csrf: string };

beforeAll(async () => {
  database = await createAdminTestDatabase({ email: EMAIL, password: PASSWORD });
  await database.db.transaction((tx) =>
    insertProducts(tx, [
      {
        handle: "miel-de-lavande",
        title: "Miel de lavande",
        vendor: "Les Ruchers",
        variants: [{ priceCents: 1250, sku: "MIEL-250", barcode: "3760000000017" }],
        metafields: { origin: "Provence" },
      },
      {
        handle: "confiture-d-abricot",
        title: "Confiture d'abricot",
        vendor: "Les Ruchers",
        variants: [{ priceCents: 600, compareAtPriceCents: 700 }],
      },
    ]),
  );
  server = await composeSignedInServer(database, { email: EMAIL, password: PASSWORD });
  ({ request, session } = server);
});

afterAll(() => closeTestServer(server, database));

const form = formPost;

const page = async (path: string) =>
  (await request(path, { headers: { cookie: session.cookie } })).text();

const post = (path: string, fields: Record<string, string>) =>
  request(path, form({ _csrf: session.csrf, ...fields }, { cookie: session.cookie }));

/** The product form as the browser sends it, with the product's current values. */
const productForm = (changes: Record<string, string> = {}) => ({
  intent: "save",
  title: "Miel de lavande",
  vendor: "Les Ruchers",
  productType: "",
  tags: "",
  descriptionHtml: "",
  seoTitle: "",
  seoDescription: "",
  "variant.0.price": "12,50",
  "variant.0.compareAt": "",
  "variant.0.sku": "MIEL-250",
  "variant.0.barcode": "3760000000017",
  "variant.0.available": "on",
  "mf.origin": "Provence",
  "mf.marque": "",
  "mf.max_quantity": "",
  "mf.produit_associe": "",
  ...changes,
});

describe("the catalogue screens", () => {
  it("lists products matching a search, 50 a page", async () => {
    const html = await page("/middleware/products/?q=MIEL-250");
    expect(html).toContain('href="/middleware/products/miel-de-lavande/"');
    expect(html).toContain("1 produit(s) — page 1 sur 1");
    expect(html).not.toContain("Confiture");
  });

  it("refuses a bad price next to its field and saves nothing", async () => {
    const res = await post(
      "/middleware/products/miel-de-lavande/",
      productForm({ title: "Miel jamais enregistré", "variant.0.price": "douze" }),
    );
    expect(res.status).toBe(400);
    const html = await res.text();
    expect(html).toContain("Rien n&#x27;a été enregistré");
    expect(html).toContain("Écrivez un prix en euros, par exemple 12,50.");
    // What staff typed is given back.
    expect(html).toContain('value="Miel jamais enregistré"');
    const product = await readEditableProduct(database.db, { handle: "miel-de-lavande" });
    expect(product?.title).toBe("Miel de lavande");
  });

  it("refuses an incomplete nutrition declaration field by field, and saves a complete one", async () => {
    const partial = await post(
      "/middleware/products/miel-de-lavande/",
      productForm({
        "mf.energy_value": "1 304 kJ / 307 kcal",
        "mf.glucids": "82 g",
        "mf.sugars": "90 g",
      }),
    );
    expect(partial.status).toBe(400);
    const html = await partial.text();
    expect(html).toContain("Ne peut dépasser les glucides.");
    expect(html).toContain("Obligatoire dès qu&#x27;une valeur nutritionnelle est donnée.");
    expect(
      (await readEditableProduct(database.db, { handle: "miel-de-lavande" }))?.metafields.glucids,
    ).toBeUndefined();

    const declaration = {
      "mf.energy_value": "1 345 kJ / 317 kcal",
      "mf.lipids": "0 g",
      "mf.acids": "0 g",
      "mf.glucids": "79 g",
      "mf.sugars": "79 g",
      "mf.proteins": "0,3 g",
      "mf.salt": "0,01 g",
    };
    const saved = await post("/middleware/products/miel-de-lavande/", productForm(declaration));
    expect(saved.status).toBe(200);
    const honey = await readEditableProduct(database.db, { handle: "miel-de-lavande" });
    expect(honey?.metafields).toMatchObject({ sugars: "79 g", proteins: "0,3 g" });
    const cleared = Object.fromEntries(Object.keys(declaration).map((key) => [key, ""]));
    expect((await post("/middleware/products/miel-de-lavande/", productForm(cleared))).status).toBe(
      200,
    );
  });

  it("sets the VAT rate from its list and refuses any other", async () => {
    const html = await page("/middleware/products/miel-de-lavande/");
    expect(html).toContain('<option value="5.5" selected="">5,5 % (alimentation)</option>');
    const refused = await post(
      "/middleware/products/miel-de-lavande/",
      productForm({ "mf.vat_rate": "19.6" }),
    );
    expect(refused.status).toBe(400);
    expect(await refused.text()).toContain("Choisissez un taux de TVA : 5,5 %, 10 % ou 20 %.");
    const saved = await post(
      "/middleware/products/miel-de-lavande/",
      productForm({ "mf.vat_rate": "20" }),
    );
    expect(saved.status).toBe(200);
    const honey = await readEditableProduct(database.db, { handle: "miel-de-lavande" });
    expect(honey?.metafields.vat_rate).toBe("20");
    const [row] = await database.db
      .select({ rate: commerceProduct.vatRateBasisPoints })
      .from(commerceProduct)
      .where(eq(commerceProduct.handle, "miel-de-lavande"));
    expect(row?.rate).toBe(2000);
    await post("/middleware/products/miel-de-lavande/", productForm({ "mf.vat_rate": "5.5" }));
  });

  it("refuses to save over an edit made meanwhile", async () => {
    const res = await post(
      "/middleware/products/miel-de-lavande/",
      productForm({ title: "Miel périmé", updatedAt: "2020-01-01T00:00:00.000Z" }),
    );
    expect(res.status).toBe(400);
    expect(await res.text()).toContain("modifié par quelqu&#x27;un d&#x27;autre entre-temps");
    const product = await readEditableProduct(database.db, { handle: "miel-de-lavande" });
    expect(product?.title).toBe("Miel de lavande");
  });

  it("refuses a form without its CSRF token", async () => {
    const res = await request(
      "/middleware/products/miel-de-lavande/",
      form({ ...productForm({ title: "Piraté" }), _csrf: "faux" }, { cookie: session.cookie }),
    );
    expect(res.status).toBe(403);
  });

  it("saves an edit, confirms it and writes the change log", async () => {
    const res = await post(
      "/middleware/products/miel-de-lavande/",
      productForm({ "variant.0.price": "11,90", "variant.0.compareAt": "12,50", "mf.alcohol": "" }),
    );
    const body = await res.text();
    expect(res.status).toBe(200);
    expect(body).toContain("Modifications enregistrées.");
    const product = await readEditableProduct(database.db, { handle: "miel-de-lavande" });
    expect(product?.variants[0]).toMatchObject({ priceCents: 1190, compareAtPriceCents: 1250 });
    const log = await readChangeLog(database.db, { subject: "miel-de-lavande" });
    expect(log.lines[0]).toMatchObject({ staffEmail: EMAIL, action: "modification" });
    expect(log.lines[0]?.changes).toEqual([
      { field: "Prix", before: "12,50 €", after: "11,90 €" },
      { field: "Prix barré", before: "", after: "12,50 €" },
    ]);
  });

  it("counts a variant's stock when staff type it, and leaves a count the form did not change", async () => {
    const path = "/middleware/products/miel-de-lavande/";
    // The product as the previous test left it.
    const asSaved = (changes: Record<string, string>) =>
      productForm({ "variant.0.price": "11,90", "variant.0.compareAt": "12,50", ...changes });
    const stockOf = async () =>
      (await readEditableProduct(database.db, { handle: "miel-de-lavande" }))?.variants[0]
        ?.quantityAvailable;
    const bad = await post(path, asSaved({ "variant.0.stock": "douze" }));
    expect(bad.status).toBe(400);
    expect(await bad.text()).toContain(
      "Écrivez un nombre entier d&#x27;unités, 0 ou plus (ou laissez vide : stock non compté).",
    );
    expect(await stockOf()).toBeNull();

    const counted = await post(path, asSaved({ "variant.0.stock": "12" }));
    expect(counted.status).toBe(200);
    expect(await stockOf()).toBe(12);
    const log = await readChangeLog(database.db, { subject: "miel-de-lavande" });
    expect(log.lines[0]?.changes).toEqual([{ field: "Stock", before: "non compté", after: "12" }]);

    // Two jars sold while the screen was open: saving the form as shown keeps the count at 10.
    await database.db
      .update(commerceVariant)
      .set({ quantityAvailable: 10 })
      .where(eq(commerceVariant.sku, "MIEL-250"));
    const shown = { "variant.0.stock": "12", "variant.0.stockShown": "12" };
    expect((await post(path, asSaved(shown))).status).toBe(200);
    expect(await stockOf()).toBe(10);

    // Emptied, the stock is no longer counted.
    const uncounted = { "variant.0.stock": "", "variant.0.stockShown": "10" };
    expect((await post(path, asSaved(uncounted))).status).toBe(200);
    expect(await stockOf()).toBeNull();
    expect(await page(path)).toContain("Stock de Unique");
  });

  it("archives a product from its screen", async () => {
    const res = await post("/middleware/products/confiture-d-abricot/", { intent: "archive" });
    expect(res.status).toBe(200);
    const product = await readEditableProduct(database.db, { handle: "confiture-d-abricot" });
    expect(product?.archived).toBe(true);
    await post("/middleware/products/confiture-d-abricot/", { intent: "unarchive" });
  });

  it("previews a bulk price change without writing, then applies it", async () => {
    const query = "q=ruchers&operation=pourcent&valeur=-10";
    const preview = await page(`/middleware/product-price/?${query}`);
    expect(preview).toContain("Aperçu");
    expect(preview).toContain("10,71\u00a0€");
    expect(preview).toContain("Appliquer à 2 prix");
    const unchanged = await readEditableProduct(database.db, { handle: "confiture-d-abricot" });
    expect(unchanged?.variants[0]?.priceCents).toBe(600);

    const res = await post("/middleware/product-price/", {
      q: "ruchers",
      operation: "pourcent",
      valeur: "-10",
    });
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe(
      "/middleware/product-price/?q=ruchers&applique=2&variantes=2",
    );
    const done = await page(res.headers.get("location") ?? "");
    expect(done).toContain("Modifications enregistrées : 2 prix sur 2 produit(s).");
    const miel = await readEditableProduct(database.db, { handle: "miel-de-lavande" });
    expect(miel?.variants[0]).toMatchObject({ priceCents: 1071, compareAtPriceCents: 1250 });
    const confiture = await readEditableProduct(database.db, { handle: "confiture-d-abricot" });
    expect(confiture?.variants[0]).toMatchObject({ priceCents: 540, compareAtPriceCents: 700 });
    const log = await readChangeLog(database.db, { subject: "confiture-d-abricot" });
    expect(log.lines[0]).toMatchObject({ action: "prix en masse" });
    expect(log.lines[0]?.changes).toEqual([{ field: "Prix", before: "6,00 €", after: "5,40 €" }]);
  });

  it("uploads an image from the images screen and refuses a fake one", async () => {
    const png = await sharp({ create: { width: 8, height: 6, channels: 3, background: "#396" } })
      .png()
      .toBuffer();
    const upload = async (name: string, bytes: Uint8Array<ArrayBuffer>) => {
      const body = new FormData();
      body.set("_csrf", session.csrf);
      body.set("fichier", new File([bytes], name));
      return request("/middleware/images/", {
        method: "POST",
        body,
        headers: { cookie: session.cookie },
      });
    };
    const stored = await upload("Étal.jpg", png);
    expect(stored.status).toBe(200);
    expect(await stored.text()).toMatch(
      /Image enregistrée sous uploads\/etal-[0-9a-f]{8}\.png \(8 × 6 px\)/,
    );
    const refused = await upload("script.png", new TextEncoder().encode("<?php echo 1; ?>"));
    expect(refused.status).toBe(400);
    expect(await refused.text()).toContain(
      "Ce fichier n&#x27;est pas une image JPEG, PNG ou WebP.",
    );
    const library = await page("/middleware/images/");
    expect(library).toContain("1 image(s)");
  });

  it("downloads the product feed from its screen", async () => {
    expect(await page("/middleware/export-flux-produit/")).toContain("2 produit(s) dans le flux");
    const csv = await request("/middleware/export-flux-produit/produits.csv", {
      headers: { cookie: session.cookie },
    });
    expect(csv.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect((await csv.text()).split("\r\n")[1]).toContain("miel-de-lavande");
    const anonymous = await request("/middleware/export-flux-produit/produits.xml");
    expect(anonymous.status).toBe(302);
  });

  it("refuses a bulk operation without a valid value", async () => {
    const html = await page("/middleware/product-price/?operation=prix&valeur=0");
    expect(html).toContain("Indiquez un prix d&#x27;au moins 0,01 €");
    expect(html).not.toContain("Aperçu");
  });
});
