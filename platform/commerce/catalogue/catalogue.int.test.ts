import { and, asc, eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "#db/client.ts";
import { createTestDatabase } from "#db/testing/index.ts";
import {
  insertCollections,
  insertMetaobjects,
  insertProducts,
  refreshDerivedFields,
  setProductMetafields,
} from "#platform/commerce/catalogue/catalogue.ts";
import { CatalogueInputError, type ProductInput } from "#platform/commerce/catalogue/input.ts";
import {
  commerceCatalogueVersion,
  commerceCollectionProduct,
  commerceImage,
  commerceMetafield,
  commerceMetaobject,
  commerceProduct,
  commerceProductFilterValue,
  commerceVariant,
} from "#platform/commerce/catalogue/schema.ts";
import { toGid } from "#platform/commerce/gid.ts";
import { predictiveSearch } from "#platform/search/index.ts";

let database: Database;
const gids = { brand: "", gluten: "", milk: "", vegan: "", organic: "" };

beforeAll(async () => {
  database = await createTestDatabase();
  const inserted = await database.db.transaction((tx) =>
    insertMetaobjects(tx, [
      {
        type: "produit_marque",
        handle: "maison-test",
        fields: { name: "Maison Test", handle: "maison-test", is_artisan: true },
      },
      { type: "produit_allergenes", handle: "gluten", fields: { title: "Gluten" } },
      { type: "produit_allergenes", handle: "lait", fields: { title: "Lait" } },
      { type: "produit_regime", handle: "vegan", fields: { label: "Vegan" } },
      { type: "produit_label", handle: "ab", fields: { title: "AB" } },
    ]),
  );
  const [brand, gluten, milk, vegan, organic] = inserted.map((row) => row.gid);
  Object.assign(gids, { brand, gluten, milk, vegan, organic });
});
afterAll(() => database?.close());

const insert = (inputs: ProductInput[]) =>
  database.db.transaction((tx) => insertProducts(tx, inputs));

const product = (handle: string, extra: Partial<ProductInput> = {}): ProductInput => ({
  handle,
  title: `Produit ${handle}`,
  variants: [{ priceCents: 1000 }],
  ...extra,
});

async function derived(ids: number[]) {
  return database.db
    .select({
      id: commerceProduct.id,
      priceMinCents: commerceProduct.priceMinCents,
      priceMaxCents: commerceProduct.priceMaxCents,
      compareAtMinCents: commerceProduct.compareAtMinCents,
      compareAtMaxCents: commerceProduct.compareAtMaxCents,
      availableForSale: commerceProduct.availableForSale,
      archived: commerceProduct.archived,
      hideInSearch: commerceProduct.hideInSearch,
    })
    .from(commerceProduct)
    .where(inArray(commerceProduct.id, ids))
    .orderBy(asc(commerceProduct.id));
}

async function filters(ids: number[]) {
  return database.db
    .select()
    .from(commerceProductFilterValue)
    .where(inArray(commerceProductFilterValue.productId, ids))
    .orderBy(
      asc(commerceProductFilterValue.productId),
      asc(commerceProductFilterValue.key),
      asc(commerceProductFilterValue.value),
    );
}

async function one(handle: string, extra: Partial<ProductInput>) {
  const [row] = await insert([product(handle, extra)]);
  const [fields] = await derived([row?.id ?? 0]);
  return fields;
}

describe("insertProducts", () => {
  it("returns the new ids in input order, with variants and images in position", async () => {
    const rows = await insert([
      product("ordre-b", {
        variants: [
          { priceCents: 500, title: "250 g" },
          { priceCents: 900, title: "500 g" },
        ],
        images: [{ url: "/cdn/images/b-1.svg", altText: "B" }, { url: "/cdn/images/b-2.svg" }],
      }),
      product("ordre-a"),
    ]);
    expect(rows.map((row) => row.handle)).toEqual(["ordre-b", "ordre-a"]);
    const [b] = rows;
    const variants = await database.db
      .select({ title: commerceVariant.title, position: commerceVariant.position })
      .from(commerceVariant)
      .where(eq(commerceVariant.productId, b?.id ?? 0))
      .orderBy(commerceVariant.position);
    expect(variants).toEqual([
      { title: "250 g", position: 1 },
      { title: "500 g", position: 2 },
    ]);
    const images = await database.db
      .select({ url: commerceImage.url, position: commerceImage.position })
      .from(commerceImage)
      .where(eq(commerceImage.productId, b?.id ?? 0))
      .orderBy(commerceImage.position);
    expect(images).toEqual([
      { url: "/cdn/images/b-1.svg", position: 1 },
      { url: "/cdn/images/b-2.svg", position: 2 },
    ]);
  });

  it("derives the price range from the variants", async () => {
    expect(
      await one("gamme-de-prix", {
        variants: [{ priceCents: 1200 }, { priceCents: 500 }, { priceCents: 800 }],
      }),
    ).toMatchObject({ priceMinCents: 500, priceMaxCents: 1200 });
  });

  it("counts a compare-at price only where it is above the variant's price", async () => {
    expect(
      await one("prix-barres", {
        variants: [
          { priceCents: 1000, compareAtPriceCents: 1200 },
          { priceCents: 800, compareAtPriceCents: 800 },
          { priceCents: 900, compareAtPriceCents: 500 },
          { priceCents: 700, compareAtPriceCents: 2000 },
        ],
      }),
    ).toMatchObject({ compareAtMinCents: 1200, compareAtMaxCents: 2000 });
    expect(
      await one("sans-prix-barre", {
        variants: [{ priceCents: 1000, compareAtPriceCents: 900 }, { priceCents: 700 }],
      }),
    ).toMatchObject({ compareAtMinCents: null, compareAtMaxCents: null });
  });

  it("archives a product tagged Archive", async () => {
    expect(await one("archive", { tags: ["Archive"] })).toMatchObject({ archived: true });
    expect(await one("non-archive", { tags: ["archive-2020"] })).toMatchObject({
      archived: false,
    });
  });

  it("sells a product when any variant is for sale and it is not tagged unavailable", async () => {
    const variants = [{ priceCents: 100, availableForSale: false }, { priceCents: 200 }];
    expect(await one("dispo", { variants })).toMatchObject({ availableForSale: true });
    expect(
      await one("rupture", { variants: [{ priceCents: 100, availableForSale: false }] }),
    ).toMatchObject({ availableForSale: false });
    expect(await one("bientot", { variants, tags: ["unavailable"] })).toMatchObject({
      availableForSale: false,
    });
  });

  it("hides a product from search by its hideInSearch field", async () => {
    expect(await one("cache", { metafields: { hideInSearch: true } })).toMatchObject({
      hideInSearch: true,
    });
    expect(await one("visible", { metafields: { hideInSearch: false } })).toMatchObject({
      hideInSearch: false,
    });
  });

  it("writes one filter row per list element, with the GID as value", async () => {
    const [row] = await insert([
      product("filtres", {
        metafields: {
          allergens: [gids.gluten, gids.milk],
          regimes: [gids.vegan],
          marque: gids.brand,
          origin: "France",
        },
      }),
    ]);
    const id = row?.id ?? 0;
    expect(await filters([id])).toEqual([
      { productId: id, namespace: "custom", key: "allergens", value: gids.gluten },
      { productId: id, namespace: "custom", key: "allergens", value: gids.milk },
      { productId: id, namespace: "custom", key: "marque", value: gids.brand },
      { productId: id, namespace: "custom", key: "regimes", value: gids.vegan },
    ]);
  });

  it("stores custom fields as Shopify serialises them", async () => {
    const [related] = await insert([product("associe")]);
    const [row] = await insert([
      product("serialise", {
        metafields: {
          max_quantity: 3,
          hideInSearch: false,
          allergens: [gids.milk],
          marque: gids.brand,
          produit_associe: [toGid("Product", related?.id ?? 0)],
          quantity: "250",
          origin: "",
          labelsDetails: [],
        },
      }),
    ]);
    const fields = await database.db
      .select({
        key: commerceMetafield.key,
        type: commerceMetafield.type,
        value: commerceMetafield.value,
      })
      .from(commerceMetafield)
      .where(
        and(
          eq(commerceMetafield.ownerType, "PRODUCT"),
          eq(commerceMetafield.ownerId, row?.id ?? 0),
        ),
      )
      .orderBy(commerceMetafield.key);
    expect(fields).toEqual([
      { key: "allergens", type: "list.metaobject_reference", value: JSON.stringify([gids.milk]) },
      { key: "hideInSearch", type: "boolean", value: "false" },
      { key: "marque", type: "metaobject_reference", value: gids.brand },
      { key: "max_quantity", type: "number_integer", value: "3" },
      {
        key: "produit_associe",
        type: "list.product_reference",
        value: JSON.stringify([toGid("Product", related?.id ?? 0)]),
      },
      { key: "quantity", type: "single_line_text_field", value: "250" },
    ]);
  });

  it("writes the same derived values as refreshDerivedFields", async () => {
    const inputs: ProductInput[] = [
      product("pareil-1", {
        tags: ["Archive", "isProvince"],
        variants: [
          { priceCents: 450, compareAtPriceCents: 600 },
          { priceCents: 990, availableForSale: false },
        ],
        metafields: { hideInSearch: true, allergens: [gids.gluten], marque: gids.brand },
      }),
      product("pareil-2", {
        tags: ["unavailable"],
        variants: [{ priceCents: 0, compareAtPriceCents: 0 }],
        metafields: { labelsDetails: [gids.organic], regimes: [gids.vegan] },
      }),
      product("pareil-3", {
        variants: [{ priceCents: 1500, availableForSale: false, compareAtPriceCents: 1400 }],
      }),
    ];
    const ids = (await insert(inputs)).map((row) => row.id);
    const before = { derived: await derived(ids), filters: await filters(ids) };

    await database.db
      .update(commerceProduct)
      .set({
        priceMinCents: 1,
        priceMaxCents: 1,
        compareAtMinCents: 1,
        compareAtMaxCents: 1,
        availableForSale: true,
        archived: false,
        hideInSearch: false,
      })
      .where(inArray(commerceProduct.id, ids));
    await database.db
      .delete(commerceProductFilterValue)
      .where(inArray(commerceProductFilterValue.productId, ids));
    await database.db.transaction((tx) => refreshDerivedFields(tx, ids));

    expect({ derived: await derived(ids), filters: await filters(ids) }).toEqual(before);
    expect(before.derived.map((row) => row.archived)).toEqual([true, false, false]);
    expect(before.filters).toHaveLength(4);
  });
});

describe("insertProducts refuses bad input, naming the product", () => {
  const refused = async (inputs: ProductInput[], message: RegExp) => {
    const error = await insert(inputs).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(CatalogueInputError);
    expect((error as Error).message).toMatch(message);
  };

  it("a handle with capitals, accents or spaces", async () => {
    await refused([product("Comté AOP")], /"Comté AOP": handle: must be lowercase/);
    await refused([product("comte--aop")], /"comte--aop": handle/);
  });

  it("more than ten variants or images, or none", async () => {
    const variants = Array.from({ length: 11 }, () => ({ priceCents: 100 }));
    await refused([product("trop-de-variantes", { variants })], /"trop-de-variantes": variants/);
    await refused([product("sans-variante", { variants: [] })], /"sans-variante": variants/);
    const images = Array.from({ length: 11 }, (_, n) => ({ url: `/i/${n}.svg` }));
    await refused([product("trop-d-images", { images })], /"trop-d-images": images/);
  });

  it("a negative or fractional price", async () => {
    await refused(
      [product("prix-negatif", { variants: [{ priceCents: -1 }] })],
      /"prix-negatif": variants\.0\.priceCents: must not be negative/,
    );
    await refused(
      [product("prix-decimal", { variants: [{ priceCents: 12.5 }] })],
      /"prix-decimal": variants\.0\.priceCents: must be a whole number of cents/,
    );
  });

  it("an unknown custom field, a wrongly typed value or a dangling reference", async () => {
    const unknown = { couleur: "rouge" } as unknown as ProductInput["metafields"];
    await refused([product("champ-inconnu", { metafields: unknown })], /"champ-inconnu"/);
    await refused(
      [product("mauvais-type", { metafields: { marque: "maison-test" } })],
      /"mauvais-type": metafields\.marque: must be a Metaobject GID/,
    );
    await refused(
      [product("marque-allergene", { metafields: { marque: gids.milk } })],
      /"marque-allergene": metafields\.marque: .* is not a produit_marque metaobject/,
    );
    await refused(
      [product("associe-absent", { metafields: { produit_associe: [toGid("Product", 99999)] } })],
      /"associe-absent": metafields\.produit_associe: .* does not exist/,
    );
  });

  it("a handle given twice, and writes nothing of a refused batch", async () => {
    await refused([product("double"), product("double")], /"double": handle: appears twice/);
    await refused(
      [product("bon-produit"), product("mauvais-produit", { variants: [{ priceCents: -5 }] })],
      /"mauvais-produit"/,
    );
    const found = await database.db
      .select()
      .from(commerceProduct)
      .where(inArray(commerceProduct.handle, ["double", "bon-produit"]));
    expect(found).toEqual([]);
  });
});

describe("setProductMetafields", () => {
  it("updates, removes, and refreshes what derives from the changed fields", async () => {
    const [row] = await insert([
      product("a-modifier", { metafields: { allergens: [gids.gluten], origin: "Italie" } }),
    ]);
    const id = row?.id ?? 0;
    await database.db.transaction((tx) =>
      setProductMetafields(tx, [
        { productId: id, metafields: { allergens: [gids.milk], hideInSearch: true, origin: null } },
      ]),
    );
    expect((await filters([id])).map((filter) => filter.value)).toEqual([gids.milk]);
    expect(await derived([id])).toMatchObject([{ hideInSearch: true }]);
    const keys = await database.db
      .select({ key: commerceMetafield.key })
      .from(commerceMetafield)
      .where(and(eq(commerceMetafield.ownerType, "PRODUCT"), eq(commerceMetafield.ownerId, id)))
      .orderBy(commerceMetafield.key);
    expect(keys.map((field) => field.key)).toEqual(["allergens", "hideInSearch"]);
  });
});

describe("insertCollections", () => {
  it("keeps the products in their manual order and stores the custom fields", async () => {
    const ids = (await insert([product("col-1"), product("col-2"), product("col-3")])).map(
      (row) => row.id,
    );
    const manual = [ids[2], ids[0], ids[1]] as number[];
    const [collection] = await database.db.transaction((tx) =>
      insertCollections(tx, [
        {
          handle: "fromagerie-test",
          title: "Fromagerie",
          productIds: manual,
          metafields: { homecategory: true, category_enfant: ["pates-molles", "chevres"] },
        },
      ]),
    );
    const members = await database.db
      .select({ productId: commerceCollectionProduct.productId })
      .from(commerceCollectionProduct)
      .where(eq(commerceCollectionProduct.collectionId, collection?.id ?? 0))
      .orderBy(commerceCollectionProduct.position);
    expect(members.map((member) => member.productId)).toEqual(manual);
    const fields = await database.db
      .select({ key: commerceMetafield.key, value: commerceMetafield.value })
      .from(commerceMetafield)
      .where(eq(commerceMetafield.ownerType, "COLLECTION"))
      .orderBy(commerceMetafield.key);
    expect(fields).toEqual([
      { key: "category_enfant", value: '["pates-molles","chevres"]' },
      { key: "homecategory", value: "true" },
    ]);
  });

  it("refuses a bad handle, naming it", async () => {
    await expect(
      database.db.transaction((tx) => insertCollections(tx, [{ handle: "Cave ", title: "Cave" }])),
    ).rejects.toThrow(/Invalid collection "Cave ": handle/);
  });
});

describe("insertMetaobjects", () => {
  it("stores every field of the type, typed and serialised, null where not given", async () => {
    const [brand] = await database.db
      .select({ fields: commerceMetaobject.fields })
      .from(commerceMetaobject)
      .where(eq(commerceMetaobject.handle, "maison-test"));
    expect(brand?.fields).toEqual([
      { key: "name", type: "single_line_text_field", value: "Maison Test" },
      { key: "handle", type: "single_line_text_field", value: "maison-test" },
      { key: "is_artisan", type: "boolean", value: "true" },
      { key: "slug", type: "single_line_text_field", value: null },
      { key: "image", type: "url", value: null },
    ]);
  });

  it("refuses a field the type does not have", async () => {
    await expect(
      database.db.transaction((tx) =>
        insertMetaobjects(tx, [
          {
            type: "produit_label",
            handle: "aop",
            fields: { label: "AOP" } as unknown as { title: string },
          },
        ]),
      ),
    ).rejects.toThrow(/Invalid metaobject "aop": fields/);
  });
});

describe("the search index", () => {
  const find = async (query: string) =>
    (await predictiveSearch(database.db, { query })).products.map((hit) => hit.handle);

  it("finds a product as soon as it is written, and its brand", async () => {
    await insert([product("rillettes-du-mans", { title: "Rillettes du Mans pur porc" })]);
    expect(await find("rillettes")).toEqual(["rillettes-du-mans"]);
    expect((await predictiveSearch(database.db, { query: "maison test" })).artisans).toEqual([
      expect.objectContaining({ handle: "maison-test" }),
    ]);
  });

  it("drops a product hidden from search, and an archived one", async () => {
    const [hidden, archived] = await insert([
      product("terrine-de-canard", { title: "Terrine de canard aux figues" }),
      product("terrine-de-lapin", { title: "Terrine de lapin", tags: ["Archive"] }),
    ]);
    expect(await find("terrine")).toEqual(["terrine-de-canard"]);
    await database.db.transaction((tx) =>
      setProductMetafields(tx, [
        { productId: hidden?.id ?? 0, metafields: { hideInSearch: true } },
      ]),
    );
    expect(await find("terrine")).toEqual([]);
    expect(archived?.id).toBeGreaterThan(0);
  });
});

describe("the catalogue version", () => {
  it("moves on with every write, so caches of derived data know they are stale", async () => {
    const version = async () =>
      (await database.db.select().from(commerceCatalogueVersion))[0]?.version ?? -1;
    const before = await version();
    await insert([product("pain-d-epices", { title: "Pain d'épices au miel" })]);
    expect(await version()).toBeGreaterThan(before);
  });
});
