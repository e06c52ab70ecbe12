import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type ComposedStorefront, composeStorefront } from "#app/testing/composed-storefront.ts";
import { ensureFirstAdmin } from "#platform/backoffice/index.ts";
import { formPost, OFFICE_ADDRESS, signInStaff } from "#platform/backoffice/testing.ts";

/**
 * The pentest's stored XSS (issue 16), through the composed server on the demo catalogue: a
 * product description carrying a script and an event handler, written by the import API, by the
 * admin product screen, or straight into the database, never reaches the product page as markup
 * that runs.
 */
const STAFF = { email: "securite@comptoir.test", password: "un mot de passe solide" };
const VERIFY_SECRET = "stored-xss-test-verify-secret";
const PAYLOAD = "<p>Un miel doux.</p><img src=x onerror=alert(1)><script>alert(2)</script>";

let composed: ComposedStorefront;
let session: { cookie: string; csrf: string };

beforeAll(async () => {
  composed = await composeStorefront({
    env: { ADMIN_VERIFY_SECRET: VERIFY_SECRET },
    remoteAddress: OFFICE_ADDRESS,
  });
  await ensureFirstAdmin(composed.database.db, STAFF);
  session = await signInStaff(composed.request, STAFF);
}, 180_000);

afterAll(() => composed?.close());

/** The product page as a shopper gets it; a query string of its own so no cached copy answers. */
async function productPage(handle: string, visit: string) {
  const res = await composed.request(`/p/${handle}/?visite=${visit}`);
  expect(res.status).toBe(200);
  return res.text();
}

function expectNeutralised(html: string) {
  expect(html).toContain("Un miel doux.");
  expect(html).not.toMatch(/onerror/i);
  expect(html).not.toContain("alert(");
}

async function storedDescription(handle: string) {
  const [row] = await composed.rows(
    sql`select description_html from commerce_product where handle = ${handle}`,
  );
  return String(row?.description_html);
}

describe("a malicious product description", () => {
  it("imported through the import API is stored and rendered without script or handler", async () => {
    const res = await composed.request("/api/import/products", {
      method: "POST",
      headers: { "content-type": "application/json", "x-comptoir-verify": VERIFY_SECRET },
      body: JSON.stringify([
        {
          handle: "miel-piege",
          title: "Miel piégé",
          vendor: "Les Ruchers",
          price: "12,50",
          description: PAYLOAD,
          available: "oui",
        },
      ]),
    });
    expect(await res.json()).toMatchObject({ success: true, response: { created: 1 } });
    expect(await storedDescription("miel-piege")).toBe('<p>Un miel doux.</p><img src="x" />');
    expectNeutralised(await productPage("miel-piege", "1"));
  });

  it("saved from the admin product screen is stored and rendered without them", async () => {
    const res = await composed.request(
      "/middleware/products/miel-piege/",
      formPost(
        {
          _csrf: session.csrf,
          intent: "save",
          title: "Miel piégé",
          vendor: "Les Ruchers",
          productType: "",
          tags: "",
          descriptionHtml: `${PAYLOAD}<a href="javascript:alert(3)">lien</a>`,
          seoTitle: "",
          seoDescription: "",
          "variant.0.price": "12,50",
          "variant.0.compareAt": "",
          "variant.0.sku": "",
          "variant.0.barcode": "",
          "variant.0.available": "on",
          "mf.marque": "",
          "mf.max_quantity": "",
          "mf.produit_associe": "",
        },
        { cookie: session.cookie },
      ),
    );
    expect(await res.text()).toContain("Modifications enregistrées.");
    expect(await storedDescription("miel-piege")).toBe(
      '<p>Un miel doux.</p><img src="x" /><a>lien</a>',
    );
    const html = await productPage("miel-piege", "2");
    expectNeutralised(html);
    expect(html).not.toContain("javascript:");
  });

  it("written straight into the database is still neutralised when the page renders", async () => {
    const [row] = await composed.rows(
      sql`select handle from commerce_product where archived = false order by id desc limit 1 offset 3`,
    );
    const handle = String(row?.handle);
    await composed.rows(
      sql`update commerce_product set description_html = ${PAYLOAD} where handle = ${handle}`,
    );
    expect(await storedDescription(handle)).toBe(PAYLOAD);
    expectNeutralised(await productPage(handle, "3"));
  });
});
