import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type ComposedStorefront, composeStorefront } from "#app/testing/composed-storefront.ts";

/**
 * Decomposed text (e + U+0301) written into the catalogue, as a Mac export or another client may
 * write it, reaches the pages composed (NFC), so the display typeface draws its own precomposed
 * letters (app/lib/unicode-text.ts, app/styles/fonts.test.ts).
 */
let composed: ComposedStorefront;

beforeAll(async () => {
  composed = await composeStorefront();
}, 180_000);

afterAll(() => composed?.close());

const COMBINING = /[\u0300-\u036f]/;

describe("text from the services", () => {
  it("is composed on the product page", async () => {
    const title = "Pâté de campagne du créneau gourmand";
    const [row] = await composed.rows(sql`update commerce_product
      set title = ${title.normalize("NFD")}
      where id = (select id from commerce_product where not archived order by id desc limit 1)
      returning handle, title`);
    const product = row as { handle: string; title: string };
    expect(product.title).toMatch(COMBINING);

    const page = await composed.request(`/p/${product.handle}/`);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain(`<h1 class="product-page__title">${title}</h1>`);
    expect(html).not.toMatch(COMBINING);
  });
});
