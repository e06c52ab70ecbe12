import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "#db/client.ts";
import { createTestDatabase } from "#db/testing/index.ts";
import {
  insertCollections,
  insertMetaobjects,
  insertProducts,
} from "#platform/commerce/catalogue/catalogue.ts";
import {
  addProductImage,
  editProduct,
  moveProductImage,
  type ProductEdit,
  removeProductImage,
  setArchived,
  setAvailability,
} from "#platform/commerce/catalogue/edit.ts";
import {
  listProductsForAdmin,
  readEditableProduct,
} from "#platform/commerce/catalogue/edit-read.ts";
import { CatalogueInputError, type ProductInput } from "#platform/commerce/catalogue/input.ts";
import { applyPriceChange, previewPriceChange } from "#platform/commerce/catalogue/prices.ts";
import { commerceCatalogueVersion, commerceProduct } from "#platform/commerce/catalogue/schema.ts";
import { saveOriginal } from "#platform/commerce/images/service.ts";
import { predictiveSearch } from "#platform/search/index.ts";

let database: Database;
const gids = { brand: "", otherBrand: "", gluten: "" };
const ids = { miel: 0, comte: 0, plat: 0 };
let collectionId = 0;

const product = (handle: string, extra: Partial<ProductInput> = {}): ProductInput => ({
  handle,
  title: `Produit ${handle}`,
  vendor: "Maison Test",
  variants: [{ priceCents: 1000, sku: `SKU-${handle}` }],
  ...extra,
});

beforeAll(async () => {
  database = await createTestDatabase();
  await database.db.transaction(async (tx) => {
    const refs = await insertMetaobjects(tx, [
      { type: "produit_marque", handle: "ruchers", fields: { name: "Les Ruchers" } },
      { type: "produit_marque", handle: "fromagerie", fields: { name: "La Fromagerie" } },
      { type: "produit_allergenes", handle: "gluten", fields: { title: "Gluten" } },
    ]);
    Object.assign(gids, {
      brand: refs[0]?.gid,
      otherBrand: refs[1]?.gid,
      gluten: refs[2]?.gid,
    });
    const inserted = await insertProducts(tx, [
      product("miel-de-lavande", {
        title: "Miel de lavande",
        metafields: { marque: gids.brand },
        variants: [
          { priceCents: 1250, title: "250 g", sku: "MIEL-250" },
          { priceCents: 2000, compareAtPriceCents: 2400, title: "500 g", sku: "MIEL-500" },
        ],
      }),
      product("comte-18-mois", { title: "Comté 18 mois", metafields: { marque: gids.otherBrand } }),
      product("blanquette", { title: "Blanquette de veau", tags: ["restauration"] }),
    ]);
    [ids.miel, ids.comte, ids.plat] = inserted.map((row) => row.id) as [number, number, number];
    const [collection] = await insertCollections(tx, [
      { handle: "epicerie", title: "Épicerie", productIds: [ids.miel, ids.comte] },
    ]);
    collectionId = collection?.id ?? 0;
    await saveOriginal(tx, {
      path: "uploads/pot-0a1b2c3d.png",
      contentType: "image/png",
      bytes: await png(),
    });
    await saveOriginal(tx, {
      path: "uploads/ruche-4e5f6a7b.png",
      contentType: "image/png",
      bytes: await png(),
    });
  });
});
afterAll(() => database?.close());

function png() {
  return sharp({ create: { width: 4, height: 3, channels: 3, background: "#c90" } })
    .png()
    .toBuffer();
}

const edit = (productId: number, change: ProductEdit) =>
  database.db.transaction((tx) => editProduct(tx, productId, change));

async function version() {
  const [row] = await database.db.select().from(commerceCatalogueVersion);
  return row?.version ?? 0;
}

const fields = {
  title: "Miel de lavande",
  vendor: "Maison Test",
  descriptionHtml: "<p>Doux</p>",
  tags: [],
  seoTitle: null,
  seoDescription: null,
};

describe("editing a product", () => {
  it("saves fields, variants and custom fields, and search and listings follow", async () => {
    const before = await version();
    await edit(ids.miel, {
      fields: { ...fields, title: "Miel de romarin", tags: ["bio", "Archive"] },
      variants: [{ id: (await variantIds(ids.miel))[0] ?? 0, priceCents: 990, sku: "MIEL-R-250" }],
      metafields: { origin: "Provence", allergens: [gids.gluten] },
    });
    const saved = await readEditableProduct(database.db, { id: ids.miel });
    expect(saved?.title).toBe("Miel de romarin");
    // `Archive` is not set through the tag list: the product stays published.
    expect(saved?.tags).toEqual(["bio"]);
    expect(saved?.archived).toBe(false);
    expect(saved?.variants[0]).toMatchObject({ priceCents: 990, sku: "MIEL-R-250" });
    expect(saved?.metafields).toMatchObject({ origin: "Provence", allergens: [gids.gluten] });
    expect(await version()).toBeGreaterThan(before);

    const [row] = await database.db
      .select({ min: commerceProduct.priceMinCents })
      .from(commerceProduct)
      .where(eq(commerceProduct.id, ids.miel));
    expect(row?.min).toBe(990);
    const found = await predictiveSearch(database.db, { query: "romarin", limit: 5 });
    expect(found.products.map((hit) => hit.id)).toContain(ids.miel);
    const gone = await predictiveSearch(database.db, { query: "lavande", limit: 5 });
    expect(gone.products.map((hit) => hit.id)).not.toContain(ids.miel);
    const listed = await listProductsForAdmin(
      database.db,
      { query: "MIEL-R" },
      { number: 1, size: 50 },
    );
    expect(listed.rows.map((r) => r.title)).toEqual(["Miel de romarin"]);
  });

  it("changes nothing when one part is refused", async () => {
    const before = await readEditableProduct(database.db, { id: ids.miel });
    const [first, second] = await variantIds(ids.miel);
    const refused = edit(ids.miel, {
      fields: { ...fields, title: "Titre jamais enregistré" },
      variants: [
        { id: first ?? 0, priceCents: 100 },
        { id: second ?? 0, priceCents: 2000, compareAtPriceCents: 1500 },
      ],
    });
    await expect(refused).rejects.toThrow(CatalogueInputError);
    const wrongBrand = edit(ids.miel, {
      fields: { ...fields, title: "Titre jamais enregistré" },
      metafields: { marque: gids.gluten },
    });
    await expect(wrongBrand).rejects.toThrow(/produit_marque/);
    const otherVariant = edit(ids.miel, {
      variants: [{ id: (await variantIds(ids.comte))[0] ?? 0, priceCents: 1 }],
    });
    await expect(otherVariant).rejects.toThrow(/not a variant of this product/);
    expect(await readEditableProduct(database.db, { id: ids.miel })).toEqual(before);
  });

  it("archives and unarchives, takes off sale and back", async () => {
    const tx = <T>(run: Parameters<Database["db"]["transaction"]>[0]) =>
      database.db.transaction(run) as Promise<T>;
    await tx((t) => setArchived(t, ids.comte, true));
    let comte = await readEditableProduct(database.db, { id: ids.comte });
    expect(comte).toMatchObject({ archived: true, tags: ["Archive"] });
    expect((await predictiveSearch(database.db, { query: "comte", limit: 5 })).products).toEqual(
      [],
    );
    const listed = await listProductsForAdmin(
      database.db,
      { archived: "yes" },
      { number: 1, size: 50 },
    );
    expect(listed.rows.map((row) => row.handle)).toEqual(["comte-18-mois"]);

    await tx((t) => setArchived(t, ids.comte, false));
    await tx((t) => setAvailability(t, ids.comte, false));
    comte = await readEditableProduct(database.db, { id: ids.comte });
    expect(comte).toMatchObject({
      archived: false,
      availableForSale: false,
      tags: ["unavailable"],
    });
    expect(
      (await predictiveSearch(database.db, { query: "comte", limit: 5 })).products,
    ).toHaveLength(1);

    await tx((t) => setAvailability(t, ids.comte, true));
    comte = await readEditableProduct(database.db, { id: ids.comte });
    expect(comte).toMatchObject({ availableForSale: true, tags: [] });
  });

  it("adds, reorders and removes images, refusing a file that is not stored", async () => {
    const run = (work: Parameters<Database["db"]["transaction"]>[0]) =>
      database.db.transaction(work);
    await run((tx) =>
      addProductImage(tx, ids.plat, { path: "uploads/pot-0a1b2c3d.png", altText: "Pot" }),
    );
    await run((tx) =>
      addProductImage(tx, ids.plat, { path: "uploads/ruche-4e5f6a7b.png", altText: null }),
    );
    await run((tx) => moveProductImage(tx, ids.plat, 2, -1));
    let images = (await readEditableProduct(database.db, { id: ids.plat }))?.images ?? [];
    expect(images.map((image) => [image.position, image.url, image.width])).toEqual([
      [1, "/cdn/images/uploads/ruche-4e5f6a7b.png", 4],
      [2, "/cdn/images/uploads/pot-0a1b2c3d.png", 4],
    ]);
    await expect(
      run((tx) => addProductImage(tx, ids.plat, { path: "uploads/absente.png", altText: null })),
    ).rejects.toThrow(/not a stored image/);
    await expect(run((tx) => moveProductImage(tx, ids.plat, 1, -1))).rejects.toThrow(
      CatalogueInputError,
    );
    await run((tx) => removeProductImage(tx, ids.plat, 1));
    images = (await readEditableProduct(database.db, { id: ids.plat }))?.images ?? [];
    expect(images.map((image) => image.url)).toEqual(["/cdn/images/uploads/pot-0a1b2c3d.png"]);
  });
});

describe("the admin product list", () => {
  it("filters by collection, brand, restauration and text", async () => {
    const handles = async (filter: Parameters<typeof listProductsForAdmin>[1]) =>
      (await listProductsForAdmin(database.db, filter, { number: 1, size: 50 })).rows.map(
        (row) => row.handle,
      );
    expect(await handles({ collectionId })).toEqual(["comte-18-mois", "miel-de-lavande"]);
    expect(await handles({ brandId: Number(gids.otherBrand.split("/").pop()) })).toEqual([
      "comte-18-mois",
    ]);
    expect(await handles({ restauration: "yes" })).toEqual(["blanquette"]);
    expect(await handles({ restauration: "no", query: "maison" })).toHaveLength(2);
    expect(await handles({ query: "100%_" })).toEqual([]);
    const paged = await listProductsForAdmin(database.db, {}, { number: 2, size: 2 });
    expect(paged).toMatchObject({ total: 3 });
    expect(paged.rows).toHaveLength(1);
  });
});

describe("bulk prices", () => {
  it("previews without writing, then applies in one go with the derived prices", async () => {
    const selection = { collectionId };
    const before = await readEditableProduct(database.db, { id: ids.comte });
    const plan = await previewPriceChange(database.db, selection, {
      kind: "promo-percent",
      percent: 20,
    });
    expect(plan.productCount).toBe(2);
    const comteLine = plan.lines.find((line) => line.productId === ids.comte);
    expect(comteLine).toMatchObject({
      before: { priceCents: 1000, compareAtPriceCents: null },
      after: { priceCents: 800, compareAtPriceCents: 1000 },
    });
    expect(await readEditableProduct(database.db, { id: ids.comte })).toEqual(before);

    await database.db.transaction((tx) =>
      applyPriceChange(tx, selection, { kind: "promo-percent", percent: 20 }),
    );
    const comte = await readEditableProduct(database.db, { id: ids.comte });
    expect(comte?.variants[0]).toMatchObject({ priceCents: 800, compareAtPriceCents: 1000 });
    const [row] = await database.db
      .select({ min: commerceProduct.priceMinCents, compare: commerceProduct.compareAtMinCents })
      .from(commerceProduct)
      .where(eq(commerceProduct.id, ids.comte));
    expect(row).toEqual({ min: 800, compare: 1000 });

    // Raising the price above the compare-at price drops the compare-at price.
    await database.db.transaction((tx) =>
      applyPriceChange(tx, selection, { kind: "amount", cents: 500 }),
    );
    expect((await readEditableProduct(database.db, { id: ids.comte }))?.variants[0]).toMatchObject({
      priceCents: 1300,
      compareAtPriceCents: null,
    });
  });
});

async function variantIds(productId: number): Promise<number[]> {
  return ((await readEditableProduct(database.db, { id: productId }))?.variants ?? []).map(
    (variant) => variant.id,
  );
}
