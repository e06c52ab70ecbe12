import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Suggestions } from "#app/lib/search/suggestions.ts";
import { type ComposedStorefront, composeStorefront } from "#app/testing/composed-storefront.ts";
import { unitPriceLabel, variantMeasure } from "#platform/unit-price.ts";

/**
 * GET /search/suggestions.json through the composed server on the demo catalogue: the search
 * overlay's products come with a small thumbnail, their price and price per unit, beside the
 * index's categories, brands and artisans.
 */
let composed: ComposedStorefront;

beforeAll(async () => {
  composed = await composeStorefront();
}, 180_000);

afterAll(() => composed?.close());

async function suggestions(q: string) {
  const response = await composed.request(`/search/suggestions.json?${new URLSearchParams({ q })}`);
  return { status: response.status, body: (await response.json()) as Suggestions };
}

describe("search suggestions", () => {
  it("give a product its thumbnail, its first variant's price and its price per unit", async () => {
    const [row] = await composed.rows(sql`select p.handle, p.title, v.title as variant,
        v.price_cents, q.value as quantity, u.value as unit
      from commerce_product p
      join commerce_variant v on v.product_id = p.id and v.position = 1
      join commerce_metafield q on q.owner_type = 'PRODUCT' and q.owner_id = p.id
        and q.key = 'quantity'
      join commerce_metafield u on u.owner_type = 'PRODUCT' and u.owner_id = p.id
        and u.key = 'unit'
      where not p.archived and not p.hide_in_search
        and exists (select 1 from commerce_image i where i.product_id = p.id)
      order by p.id limit 1`);
    const wanted = row as {
      handle: string;
      title: string;
      variant: string;
      price_cents: number;
      quantity: string;
      unit: string;
    };
    expect(wanted).toBeDefined();

    const { status, body } = await suggestions(wanted.title);
    expect(status).toBe(200);
    const product = body.products.find((candidate) => candidate.handle === wanted.handle);
    expect(product).toBeDefined();
    expect(product?.title).toBe(wanted.title);
    expect(product?.price).toBe(wanted.price_cents);
    // The unit price computed from the first variant's price and net quantity.
    const measure = variantMeasure(wanted.variant, wanted.quantity, wanted.unit);
    expect(measure).not.toBeNull();
    if (measure) expect(product?.unitLabel).toContain(unitPriceLabel(wanted.price_cents, measure));
    // Small webp renderings, 64 px wide and 128 px for dense screens; drawn 48 px wide.
    expect(product?.image?.src).toMatch(/^\/cdn\/images\/.+[?&]width=64\b/);
    expect(product?.image?.srcSet).toMatch(/width=64\S* 64w, \/cdn\/images\/\S+width=128\S* 128w$/);
    expect(product?.image?.width).toBe(48);
    expect(product?.image?.height).toBeGreaterThan(0);
    const thumbnail = await composed.request(product?.image?.src ?? "");
    expect(thumbnail.status).toBe(200);
    expect(thumbnail.headers.get("content-type")).toBe("image/webp");
  });

  it("keep the index's categories, brands and artisans beside the products", async () => {
    const { body } = await suggestions("fromage");
    expect(body.products.length).toBeGreaterThan(0);
    expect(body.products.length).toBeLessThanOrEqual(6);
    expect(body.collections.map((hit) => hit.handle)).toContain("fromagerie");
    expect(Array.isArray(body.marques)).toBe(true);
    expect(Array.isArray(body.artisans)).toBe(true);
  });

  it("answer nothing under 3 characters, and refuse a term too long in French", async () => {
    const short = await suggestions("fr");
    expect(short.status).toBe(200);
    expect(short.body).toEqual({ products: [], collections: [], marques: [], artisans: [] });
    const response = await composed.request(`/search/suggestions.json?q=${"a".repeat(201)}`);
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      error: "La recherche est limitée à 200 caractères.",
    });
  });
});
