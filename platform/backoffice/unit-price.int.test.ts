import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "#db/client.ts";
import { readChangeLog } from "#platform/backoffice/change-log.ts";
import {
  createAdminTestDatabase,
  formPost,
  OFFICE_ADDRESS,
  signInStaff,
  type TestRequest,
} from "#platform/backoffice/testing.ts";
import {
  type EditableProduct,
  insertProducts,
  readEditableProduct,
} from "#platform/commerce/index.ts";
import { composedShops } from "#server/testing.ts";

/**
 * The unit price (« 250 g · 39,60 €/kg ») follows every price change (issue 47): computed from the
 * price and the net quantity whether staff edit the product, change prices in bulk or import
 * them; a hand-typed one only as a deliberate override with its reason, flagged in the form.
 */
const EMAIL = "catalogue@comptoir.test";
const PASSWORD = "un mot de passe solide";
const SECRET = "verify-secret-for-tests";
const TOKEN = "a-public-token-for-tests";
const NBSP = "\u00a0";

let shops: Awaited<ReturnType<typeof composedShops>> | undefined;
let database: Database;
let request: TestRequest;
let session: { cookie: string; csrf: string };

beforeAll(async () => {
  database = await createAdminTestDatabase({ email: EMAIL, password: PASSWORD });
  await database.db.transaction((tx) =>
    insertProducts(tx, [
      {
        handle: "camembert-fermier",
        title: "Camembert fermier",
        vendor: "Ferme du Bois Joli",
        variants: [{ priceCents: 1030, sku: "CAMEMBERT" }],
        metafields: { quantity: "250", unit: "g" },
      },
      {
        handle: "bordeaux-rouge",
        title: "Bordeaux rouge",
        vendor: "Château Lafleur",
        variants: [{ priceCents: 1290, sku: "BORDEAUX" }],
        metafields: { quantity: "75", unit: "cl" },
      },
      {
        handle: "botte-de-radis",
        title: "Botte de radis",
        vendor: "Maraîcher du Vexin",
        variants: [{ priceCents: 320, sku: "RADIS" }],
        metafields: { quantity: "1", unit: "botte" },
      },
    ]),
  );
  shops = await composedShops(database);
  // One shop for staff, shoppers and the import, so that a write purges the pages it serves.
  request = shops.shop(
    { ADMIN_VERIFY_SECRET: SECRET, COMMERCE_STOREFRONT_TOKEN: TOKEN },
    { remoteAddress: OFFICE_ADDRESS },
  ).request;
  session = await signInStaff(request, { email: EMAIL, password: PASSWORD });
});
afterAll(async () => {
  await shops?.close();
  await database?.close();
});

/** React writes an apostrophe as `&#x27;`: the page's text as a reader sees it. */
const readable = (html: string) =>
  html
    .replace(/<!-- -->/g, "")
    .replace(/&#x27;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, "&");

const page = async (path: string, cookie = "") =>
  readable(await (await request(path, cookie ? { headers: { cookie } } : {})).text());

/** What the product page prints under its price: `250 g · 39,60 €/kg`. */
async function unitLine(handle: string): Promise<string | null> {
  const html = await page(`/p/${handle}/`);
  return /<p class="product-page__unit">([^<]*)<\/p>/.exec(html)?.[1] ?? null;
}

/** The first variant's unit price as the Storefront API answers it. */
async function apiUnitPrice(handle: string): Promise<string | null> {
  const response = await request("/api/2024-01/graphql.json", {
    method: "POST",
    headers: { "content-type": "application/json", "x-shopify-storefront-access-token": TOKEN },
    body: JSON.stringify({
      query: `query ($handle: String!) { product(handle: $handle) {
        variants(first: 1) { nodes { unitPrice { amount } } } } }`,
      variables: { handle },
    }),
  });
  const body = (await response.json()) as {
    data: { product: { variants: { nodes: { unitPrice: { amount: string } | null }[] } } };
  };
  return body.data.product.variants.nodes[0]?.unitPrice?.amount ?? null;
}

async function product(handle: string): Promise<EditableProduct> {
  const found = await readEditableProduct(database.db, { handle });
  if (!found) throw new Error(`no product ${handle}`);
  return found;
}

const euros = (cents: number) => (cents / 100).toFixed(2).replace(".", ",");

/** The product form as the browser sends it: the product's values, then `changes`. */
async function saveForm(handle: string, changes: Record<string, string>) {
  const current = await product(handle);
  const values = current.metafields as Record<string, unknown>;
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
    "mf.quantity": String(values.quantity ?? ""),
    "mf.unit": String(values.unit ?? ""),
  };
  if (values.price_unit_override) {
    fields["mf.price_unit_manual"] = "on";
    fields["mf.price_unit_override"] = String(values.price_unit_override);
    fields["mf.price_unit_override_reason"] = String(values.price_unit_override_reason ?? "");
  }
  for (const [index, variant] of current.variants.entries()) {
    fields[`variant.${index}.price`] = euros(variant.priceCents);
    fields[`variant.${index}.compareAt`] = "";
    fields[`variant.${index}.sku`] = variant.sku ?? "";
    fields[`variant.${index}.barcode`] = "";
    fields[`variant.${index}.available`] = "on";
  }
  const merged = { ...fields, ...changes };
  for (const [name, value] of Object.entries(merged)) if (value === "\0") delete merged[name];
  return request(`/middleware/products/${handle}/`, formPost(merged, { cookie: session.cookie }));
}

async function importCsv(csv: string) {
  const response = await request("/api/import/products", {
    method: "POST",
    headers: { "Content-Type": "text/csv", "X-Comptoir-Verify": SECRET },
    body: csv,
  });
  return { status: response.status, body: (await response.json()) as unknown };
}

describe("the unit price follows the price", () => {
  it("is computed on the product page from the price and the net quantity", async () => {
    expect(await unitLine("camembert-fermier")).toBe(`250 g · 41,20${NBSP}€/kg`);
    expect(await unitLine("bordeaux-rouge")).toBe(`75 cl · 17,20${NBSP}€/l`);
    expect(await apiUnitPrice("camembert-fermier")).toBe("41.2");
  });

  it("changes when staff set the Camembert at 9,90 € in the product form: 39,60 €/kg", async () => {
    const form = await page("/middleware/products/camembert-fermier/", session.cookie);
    expect(form).toContain(`Calculé : <strong>41,20${NBSP}€/kg</strong>`);
    const saved = await saveForm("camembert-fermier", { "variant.0.price": "9,90" });
    expect(saved.status).toBe(200);
    expect(await unitLine("camembert-fermier")).toBe(`250 g · 39,60${NBSP}€/kg`);
    expect(await apiUnitPrice("camembert-fermier")).toBe("39.6");
    expect(await page("/middleware/products/camembert-fermier/", session.cookie)).toContain(
      `Calculé : <strong>39,60${NBSP}€/kg</strong> (Unique, 250 g à 9,90 €)`,
    );
  });

  it("changes with a bulk price change, for every product it touches", async () => {
    const response = await request(
      "/middleware/product-price/",
      formPost(
        { _csrf: session.csrf, operation: "pourcent", valeur: "10" },
        { cookie: session.cookie },
      ),
    );
    expect(response.status).toBe(302);
    // 9,90 € + 10 % = 10,89 €: 43,56 €/kg; 12,90 € + 10 % = 14,19 €: 18,92 €/l.
    expect((await product("camembert-fermier")).variants[0]?.priceCents).toBe(1089);
    expect(await unitLine("camembert-fermier")).toBe(`250 g · 43,56${NBSP}€/kg`);
    expect(await unitLine("bordeaux-rouge")).toBe(`75 cl · 18,92${NBSP}€/l`);
  });

  it("is computed for what the import creates and follows the prices it changes", async () => {
    const created = await importCsv(
      "handle;title;price;sku;quantity;unit\nhuile-d-olive;Huile d'olive;18,50;HUILE;50;cl",
    );
    expect(created.body).toEqual({ success: true, response: { created: 1, updated: 0 } });
    expect(await unitLine("huile-d-olive")).toBe(`50 cl · 37,00${NBSP}€/l`);
    const updated = await importCsv("handle;title;price\ncamembert-fermier;Camembert fermier;9,90");
    expect(updated.body).toEqual({ success: true, response: { created: 0, updated: 1 } });
    expect(await unitLine("camembert-fermier")).toBe(`250 g · 39,60${NBSP}€/kg`);
  });
});

describe("a hand-typed unit price", () => {
  it("is refused in French without the label to show or without its reason, and nothing is saved", async () => {
    const before = await product("botte-de-radis");
    const withoutReason = await saveForm("botte-de-radis", {
      "mf.price_unit_manual": "on",
      "mf.price_unit_override": "3,20 € / botte",
      "mf.price_unit_override_reason": "",
    });
    expect(withoutReason.status).toBe(400);
    expect(readable(await withoutReason.text())).toContain(
      "Dites pourquoi ce prix à l'unité est saisi à la main, par exemple « vendu à la botte ».",
    );
    const withoutLabel = await saveForm("botte-de-radis", {
      "mf.price_unit_manual": "on",
      "mf.price_unit_override": "",
      "mf.price_unit_override_reason": "Vendu à la botte",
    });
    expect(withoutLabel.status).toBe(400);
    expect(readable(await withoutLabel.text())).toContain(
      "Indiquez le prix à l'unité à afficher, par exemple 3,20 € / botte.",
    );
    expect(await product("botte-de-radis")).toEqual(before);
  });

  it("shows, deliberately set with its reason, where the quantity cannot be computed, flagged in the form", async () => {
    const form = await page("/middleware/products/botte-de-radis/", session.cookie);
    expect(form).toContain("Non calculable : indiquez la quantité nette");
    expect(await unitLine("botte-de-radis")).toBe("1 botte");
    const saved = await saveForm("botte-de-radis", {
      "mf.price_unit_manual": "on",
      "mf.price_unit_override": "3,20 € / botte",
      "mf.price_unit_override_reason": "Vendu à la botte",
    });
    expect(saved.status).toBe(200);
    expect(await unitLine("botte-de-radis")).toBe("1 botte · 3,20 € / botte");
    const flagged = await page("/middleware/products/botte-de-radis/", session.cookie);
    expect(flagged).toContain("Saisi à la main");
    expect(flagged).toContain(
      "Le site affiche « 3,20 € / botte » au lieu du prix calculé (motif : Vendu à la botte).",
    );
    const log = await readChangeLog(database.db, { subject: "botte-de-radis" });
    expect(log.lines[0]?.changes).toEqual(
      expect.arrayContaining([
        { field: "Prix à l'unité affiché", before: "", after: "3,20 € / botte" },
        { field: "Motif de la saisie à la main", before: "", after: "Vendu à la botte" },
      ]),
    );
  });

  it("goes when the box is unticked: the computed unit price is back", async () => {
    await saveForm("bordeaux-rouge", {
      "mf.price_unit_manual": "on",
      "mf.price_unit_override": "20,00 € / l",
      "mf.price_unit_override_reason": "Essai",
    });
    expect(await unitLine("bordeaux-rouge")).toBe("75 cl · 20,00 € / l");
    const saved = await saveForm("bordeaux-rouge", {
      "mf.price_unit_manual": "\0",
      "mf.price_unit_override": "\0",
      "mf.price_unit_override_reason": "\0",
    });
    expect(saved.status).toBe(200);
    expect((await product("bordeaux-rouge")).metafields.price_unit_override).toBeUndefined();
    expect(await unitLine("bordeaux-rouge")).toBe(`75 cl · 18,92${NBSP}€/l`);
  });
});
