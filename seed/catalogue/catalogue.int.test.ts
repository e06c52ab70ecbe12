import { asc, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "#db/client.ts";
import { createTestDatabase } from "#db/testing/index.ts";
import { toGid } from "#platform/commerce/index.ts";
import {
  commerceCollection,
  commerceCollectionProduct,
  commerceFile,
  commerceImage,
  commerceMetafield,
  commerceMetaobject,
  commerceProduct,
  commerceVariant,
} from "#platform/commerce/tables.ts";
import { energyFieldOf, gramsOf, NUTRITION_ROWS } from "#platform/nutrition.ts";
import { DEMO_PRODUCTS } from "#seed/catalogue/index.ts";
import { seedDatabase } from "#seed/index.ts";

let database: Database;
beforeAll(async () => {
  // The run's seeded template is `seedDatabase(database, { seed: 1 })` (db/testing/global-setup.ts):
  // its copy saves a whole seed, and "seeding again" below seeds afresh to compare.
  database = await createTestDatabase({ seeded: true });
});
afterAll(() => database?.close());

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;
async function query<T>(db: Database, statement: ReturnType<typeof sql>) {
  return rowsOf<T>(await db.db.execute(statement));
}
async function count(statement: ReturnType<typeof sql>, db = database): Promise<number> {
  const [row] = await query<{ n: number | string }>(db, statement);
  return Number(row?.n ?? 0);
}
const share = async (tag: string) =>
  (await count(sql`select count(*) as n from commerce_product where ${tag} = any(tags)`)) /
  DEMO_PRODUCTS;

/** Collection handle → its custom fields, parsed. */
async function collectionFields() {
  const rows = await query<{ handle: string; key: string; value: string }>(
    database,
    sql`select c.handle, m.key, m.value from commerce_collection c
      join commerce_metafield m on m.owner_type = 'COLLECTION' and m.owner_id = c.id`,
  );
  const fields = new Map<string, Record<string, string>>();
  for (const row of rows)
    fields.set(row.handle, { ...fields.get(row.handle), [row.key]: row.value });
  return fields;
}

async function products(db: Database) {
  return db.db.select().from(commerceProduct).orderBy(asc(commerceProduct.id));
}

describe("the demo catalogue", () => {
  it("has about 600 products with their variants, images and custom fields", async () => {
    expect(await count(sql`select count(*) as n from commerce_product`)).toBe(DEMO_PRODUCTS);
    const variants = await count(sql`select count(*) as n from commerce_variant`);
    expect(variants).toBeGreaterThanOrEqual(DEMO_PRODUCTS);
    expect(variants).toBeLessThan(DEMO_PRODUCTS * 2);
    const images = await count(sql`select count(*) as n from commerce_image`);
    expect(images).toBeGreaterThan(DEMO_PRODUCTS * 2);
    expect(images).toBeLessThanOrEqual(DEMO_PRODUCTS * 4);
    const fields = await count(
      sql`select count(*) as n from commerce_metafield where owner_type = 'PRODUCT'`,
    );
    expect(fields).toBeGreaterThan(DEMO_PRODUCTS * 10);
  });

  it("gives every product at least one variant and one image, each image a stored original", async () => {
    expect(
      await count(sql`select count(*) as n from commerce_product p
        where not exists (select 1 from commerce_variant v where v.product_id = p.id)
           or not exists (select 1 from commerce_image i where i.product_id = p.id)`),
    ).toBe(0);
    expect(
      await count(sql`select count(*) as n from commerce_image i
        where not exists (select 1 from commerce_file f where '/cdn/images/' || f.path = i.url)`),
    ).toBe(0);
    const [file] = await database.db
      .select()
      .from(commerceFile)
      .where(sql`${commerceFile.path} like 'products/%'`)
      .limit(1);
    expect(file?.contentType).toBe("image/svg+xml");
    expect(file?.bytes.toString("utf8")).toMatch(/^<svg /);
    expect(file?.width).toBeGreaterThan(0);
  });

  it("has 8 top categories, about 40 sub-categories and a third level", async () => {
    const fields = await collectionFields();
    const tops = [...fields].filter(([, field]) => field.homecategory === "true");
    expect(tops.map(([handle]) => handle).sort()).toEqual([
      "boucherie-charcuterie",
      "boulangerie-patisserie",
      "cave",
      "epicerie-salee",
      "epicerie-sucree",
      "fromagerie",
      "fruits-et-legumes",
      "traiteur",
    ]);
    const subs = [...fields].filter(
      ([, field]) => field.category_parent && !field.category_grand_parent,
    );
    expect(subs.length).toBeGreaterThanOrEqual(35);
    expect(subs.length).toBeLessThanOrEqual(50);
    expect(fields.get("vins-rouges")).toMatchObject({
      category_parent: "vins",
      category_grand_parent: "cave",
    });
    expect(JSON.parse(fields.get("cave")?.category_enfant ?? "[]")).toContain("vins");
  });

  it("puts in each category all the products of the categories below it", async () => {
    const fields = await collectionFields();
    const members = await database.db
      .select({ handle: commerceCollection.handle, productId: commerceCollectionProduct.productId })
      .from(commerceCollectionProduct)
      .innerJoin(
        commerceCollection,
        eq(commerceCollection.id, commerceCollectionProduct.collectionId),
      );
    const byHandle = new Map<string, Set<number>>();
    for (const member of members) {
      byHandle.set(member.handle, (byHandle.get(member.handle) ?? new Set()).add(member.productId));
    }
    for (const [handle, field] of fields) {
      const children: string[] = JSON.parse(field.category_enfant ?? "[]");
      if (children.length === 0) continue;
      const below = new Set(children.flatMap((child) => [...(byHandle.get(child) ?? [])]));
      expect([...(byHandle.get(handle) ?? [])].sort(), handle).toEqual([...below].sort());
    }
    const tops = [...fields].filter(([, field]) => field.homecategory === "true");
    const inTops = tops.reduce((sum, [handle]) => sum + (byHandle.get(handle)?.size ?? 0), 0);
    expect(inTops).toBe(DEMO_PRODUCTS);
  });

  it("keeps manual positions 1, 2, 3… in every collection", async () => {
    expect(
      await count(sql`select count(*) as n from (
        select collection_id, max(position) as top, count(*) as members
        from commerce_collection_product group by collection_id
      ) c where top <> members`),
    ).toBe(0);
  });

  it("has one archived sub-category with its text, and push blocks on a few collections", async () => {
    const fields = [...(await collectionFields()).values()];
    const archived = fields.filter((field) => field.category_archived === "true");
    expect(archived).toHaveLength(1);
    expect(archived[0]?.category_archived_text).toMatch(/\w+/);
    const pushes = fields.filter((field) => field.push_title);
    expect(pushes.length).toBeGreaterThanOrEqual(3);
    expect(pushes[0]).toMatchObject({
      push_link: expect.stringMatching(/^\/c\//),
      push_image: expect.stringMatching(/^\/cdn\/images\/collections\//),
    });
  });

  it("has about 80 brands, about 20 of them artisans, each with handle, slug, name and image", async () => {
    const brands = await database.db
      .select()
      .from(commerceMetaobject)
      .where(eq(commerceMetaobject.type, "produit_marque"));
    expect(brands.length).toBeGreaterThanOrEqual(70);
    expect(brands.length).toBeLessThanOrEqual(90);
    const value = (fields: { key: string; value: string | null }[], key: string) =>
      fields.find((field) => field.key === key)?.value;
    const artisans = brands.filter((brand) => value(brand.fields, "is_artisan") === "true");
    expect(artisans.length).toBeGreaterThanOrEqual(15);
    expect(artisans.length).toBeLessThanOrEqual(25);
    for (const brand of brands) {
      expect(value(brand.fields, "name")).toBeTruthy();
      expect(value(brand.fields, "handle")).toBe(brand.handle);
      expect(value(brand.fields, "slug")).toBe(brand.handle);
      expect(value(brand.fields, "image")).toMatch(/^\/cdn\/images\/brands\/.+\.svg$/);
    }
    // The vendor is the brand's name, and the marque field points at that brand.
    expect(
      await count(sql`select count(*) as n from commerce_product p
        join commerce_metafield m on m.owner_type = 'PRODUCT' and m.owner_id = p.id and m.key = 'marque'
        join commerce_metaobject b on 'gid://shopify/Metaobject/' || b.id = m.value
        where b.fields @> jsonb_build_array(jsonb_build_object('key', 'name', 'value', p.vendor))`),
    ).toBe(DEMO_PRODUCTS);
  });

  it("has the 14 EU allergens, diets and labels", async () => {
    const handles = async (type: string) =>
      (
        await database.db
          .select({ handle: commerceMetaobject.handle })
          .from(commerceMetaobject)
          .where(eq(commerceMetaobject.type, type))
      ).map((row) => row.handle);
    expect(await handles("produit_allergenes")).toHaveLength(14);
    expect(await handles("produit_regime")).toEqual(
      expect.arrayContaining([
        "vegetarien",
        "vegan",
        "sans-gluten",
        "sans-lactose",
        "halal",
        "casher",
      ]),
    );
    expect(await handles("produit_label")).toEqual(
      expect.arrayContaining(["ab", "label-rouge", "aop", "igp", "aoc", "bleu-blanc-coeur"]),
    );
    const perProduct = await query<{ n: number }>(
      database,
      sql`select max(jsonb_array_length(value::jsonb)) as n from commerce_metafield
        where owner_type = 'PRODUCT' and key = 'allergens'`,
    );
    // Every allergen the ingredients hold is listed (claims.int.test.ts): a salad or a pastry
    // may hold five.
    expect(perProduct[0]?.n).toBeGreaterThanOrEqual(3);
    expect(perProduct[0]?.n).toBeLessThanOrEqual(6);
  });

  it("declares every product's nutrition as INCO asks, adding up, or says why it is exempt", async () => {
    const rows = await query<{ id: number; key: string; value: string }>(
      database,
      sql`select owner_id as id, key, value from commerce_metafield where owner_type = 'PRODUCT'`,
    );
    const fields = new Map<number, Record<string, string>>();
    for (const row of rows) fields.set(row.id, { ...fields.get(row.id), [row.key]: row.value });
    let declared = 0;
    let exempt = 0;
    for (const [id, field] of fields) {
      expect(field.durability_text, `product ${id}`).toBeTruthy();
      if (field.nutrition_exemption) {
        expect(field.nutrition_exemption).toMatch(/^Exempté de déclaration nutritionnelle : /);
        expect(field.energy_value).toBeUndefined();
        exempt += 1;
        continue;
      }
      for (const { key } of NUTRITION_ROWS) expect(field[key], `${key} of ${id}`).toBeTruthy();
      const grams = (key: string) => gramsOf(field[key] ?? "") ?? Number.NaN;
      const [fat, saturates, carbohydrate, sugars, protein, salt] = [
        "lipids",
        "acids",
        "glucids",
        "sugars",
        "proteins",
        "salt",
      ].map(grams) as [number, number, number, number, number, number];
      expect(saturates).toBeLessThanOrEqual(fat);
      expect(sugars).toBeLessThanOrEqual(carbohydrate);
      expect(fat + carbohydrate + protein + salt).toBeLessThanOrEqual(100);
      // Annex XIV: 37 kJ (9 kcal) a gram of fat, 17 kJ (4 kcal) of carbohydrate or protein.
      const energy = energyFieldOf(field.energy_value ?? "");
      expect(energy, `energy of ${id}`).not.toBeNull();
      expect(
        Math.abs((energy?.kj ?? 0) - (37 * fat + 17 * carbohydrate + 17 * protein)),
      ).toBeLessThanOrEqual(1);
      expect(
        Math.abs((energy?.kcal ?? 0) - (9 * fat + 4 * carbohydrate + 4 * protein)),
      ).toBeLessThanOrEqual(1);
      declared += 1;
    }
    expect(declared).toBeGreaterThan(DEMO_PRODUCTS * 0.6);
    expect(exempt).toBeGreaterThan(DEMO_PRODUCTS * 0.05);
  });

  it("emphasises the allergens inside the list of ingredients", async () => {
    const rows = await query<{ value: string; allergens: string }>(
      database,
      sql`select i.value, a.value as allergens from commerce_metafield i
        join commerce_metafield a on a.owner_type = 'PRODUCT' and a.owner_id = i.owner_id
          and a.key = 'allergens'
        where i.owner_type = 'PRODUCT' and i.key = 'ingredients_composition'`,
    );
    const withAllergens = rows.filter(
      (row) =>
        (JSON.parse(row.allergens) as string[]).length > 0 && !row.value.startsWith("Composition"),
    );
    expect(withAllergens.length).toBeGreaterThan(100);
    for (const row of withAllergens) expect(row.value).toMatch(/_[^_]+_/);
    const bread = rows.find((row) => row.value.startsWith("Farine de "));
    expect(bread?.value).toMatch(/^Farine de _blé_/);
    expect(rows.some((row) => row.value.includes("_beurre de cacao_"))).toBe(false);
  });

  it("tags some products with each special tag", async () => {
    expect(await share("Archive")).toBeGreaterThan(0.005);
    expect(await share("Archive")).toBeLessThan(0.05);
    expect(await share("unavailable")).toBeGreaterThan(0.01);
    expect(await share("unavailable")).toBeLessThan(0.06);
    expect(await share("isClickCollectOnly")).toBeGreaterThan(0.02);
    expect(await share("isProvince")).toBeGreaterThan(0.05);
    // Every traiteur product is a restauration product; every cave product is age-limited.
    expect(
      await count(sql`select count(*) as n from commerce_product p
        join commerce_collection_product cp on cp.product_id = p.id
        join commerce_collection c on c.id = cp.collection_id
        join commerce_metafield top on top.owner_type = 'COLLECTION' and top.owner_id = c.id
          and top.key = 'homecategory' and top.value = 'true'
        where (c.handle = 'traiteur') <> ('restauration' = any(p.tags))
           or (c.handle = 'cave') <> ('ageLimit' = any(p.tags))`),
    ).toBe(0);
    expect(await share("restauration")).toBeGreaterThan(0.05);
    expect(
      await count(sql`select count(*) as n from commerce_product p where 'ageLimit' = any(tags)
        and not exists (select 1 from commerce_metafield m where m.owner_type = 'PRODUCT'
          and m.owner_id = p.id and m.key = 'alcohol')`),
    ).toBe(0);
  });

  it("prices products realistically, with compare-at prices on about 15 %", async () => {
    const [prices] = await query<{ low: number; high: number; compared: number | string }>(
      database,
      sql`select min(price_min_cents) as low, max(price_max_cents) as high,
        count(*) filter (where compare_at_min_cents is not null) as compared
        from commerce_product`,
    );
    expect(prices?.low).toBeGreaterThanOrEqual(50);
    expect(prices?.high).toBeLessThan(200_000);
    expect(Number(prices?.compared) / DEMO_PRODUCTS).toBeGreaterThan(0.08);
    expect(Number(prices?.compared) / DEMO_PRODUCTS).toBeLessThan(0.25);
    // Every product's net quantity is one the unit price is computed from (no hand-typed one).
    expect(
      await count(sql`select count(*) as n from commerce_product p
        where not exists (select 1 from commerce_metafield q where q.owner_type = 'PRODUCT'
            and q.owner_id = p.id and q.key = 'quantity' and q.value ~ '^[0-9]+(,[0-9]+)?$')
          or not exists (select 1 from commerce_metafield u where u.owner_type = 'PRODUCT'
            and u.owner_id = p.id and u.key = 'unit' and u.value in ('g', 'kg', 'cl', 'l', 'pièce', 'part'))`),
    ).toBe(0);
    expect(
      await count(sql`select count(*) as n from commerce_metafield
        where owner_type = 'PRODUCT' and key like 'price_unit%'`),
    ).toBe(0);
    expect(
      await count(sql`select count(*) as n from commerce_metafield
        where owner_type = 'PRODUCT' and key = 'max_quantity'`),
    ).toBeGreaterThan(10);
  });

  it("sells the pressed cheeses by weight, 250 g, 500 g and 1 kg at one price per kilogram, and nothing else", async () => {
    const rows = await query<{
      type: string;
      per_kg: string;
      titles: string[];
      prices: number[];
    }>(
      database,
      sql`select p.product_type as type, kg.value as per_kg,
          array_agg(v.title order by v.position) as titles,
          array_agg(v.price_cents order by v.position) as prices
        from commerce_product p
          join commerce_metafield sold on sold.owner_type = 'PRODUCT' and sold.owner_id = p.id
            and sold.key = 'sold_by_weight' and sold.value = 'true'
          left join commerce_metafield kg on kg.owner_type = 'PRODUCT' and kg.owner_id = p.id
            and kg.key = 'price_per_kg'
          join commerce_variant v on v.product_id = p.id
        group by p.id, kg.value`,
    );
    expect(rows.length).toBeGreaterThan(5);
    expect(
      await count(
        sql`select count(*) as n from commerce_product where product_type = 'Pâtes pressées'`,
      ),
    ).toBe(rows.length);
    for (const row of rows) {
      expect(row.type).toBe("Pâtes pressées");
      expect(row.titles).toEqual(["250 g", "500 g", "1 kg"]);
      const perKg = Math.round(Number(row.per_kg) * 100);
      expect(row.prices.map(Number)).toEqual(
        [250, 500, 1000].map((g) => Math.round((perKg * g) / 1000)),
      );
    }
  });

  it("relates products to up to ten others of their own category", async () => {
    const rows = await query<{ id: number; type: string; value: string }>(
      database,
      sql`select p.id, p.product_type as type, m.value from commerce_product p
        join commerce_metafield m on m.owner_type = 'PRODUCT' and m.owner_id = p.id
          and m.key = 'produit_associe'`,
    );
    expect(rows.length).toBeGreaterThan(DEMO_PRODUCTS * 0.9);
    const types = new Map(
      (await database.db.select().from(commerceProduct)).map((p) => [p.id, p.productType]),
    );
    for (const row of rows) {
      const related: string[] = JSON.parse(row.value);
      expect(related.length).toBeLessThanOrEqual(10);
      expect(related).not.toContain(toGid("Product", row.id));
      for (const gid of related) {
        expect(types.get(Number(gid.split("/").at(-1)))).toBe(row.type);
      }
    }
  });

  it("has the words the search examples look for", async () => {
    const titled = (pattern: string) =>
      count(sql`select count(*) as n from commerce_product where title ilike ${pattern}`);
    expect(await titled("%épicerie%")).toBeGreaterThanOrEqual(3);
    expect(await titled("camembert%")).toBeGreaterThanOrEqual(1);
    expect(await titled("%chocolat noir%")).toBeGreaterThanOrEqual(3);
    expect(await titled("%chocolat au lait%")).toBeGreaterThanOrEqual(1);
    expect(
      await count(sql`select count(*) as n from commerce_product
        where title ~* '\\mnoir\\M' and title !~* 'chocolat'`),
    ).toBeGreaterThanOrEqual(3);
    expect(
      await count(sql`select count(*) as n from commerce_product
        where title ilike '%fromage%' or description_html ilike '%fromage%'`),
    ).toBeGreaterThanOrEqual(10);
  });
});

describe("seeding the catalogue again", () => {
  it("gives identical products for the same seed", async () => {
    const again = await createTestDatabase();
    try {
      await seedDatabase(again, { seed: 1 });
      expect(await products(again)).toEqual(await products(database));
      const fields = (db: Database) =>
        db.db
          .select()
          .from(commerceMetafield)
          .orderBy(asc(commerceMetafield.ownerType), asc(commerceMetafield.id));
      expect(await fields(again)).toEqual(await fields(database));
      const images = (db: Database) =>
        db.db.select().from(commerceImage).orderBy(asc(commerceImage.id));
      expect(await images(again)).toEqual(await images(database));
    } finally {
      await again.close();
    }
  });

  it("scales to more products that start with the demo ones and reuse its image files", async () => {
    const larger = await createTestDatabase();
    try {
      await seedDatabase(larger, { seed: 1, products: DEMO_PRODUCTS + 150 });
      const all = await products(larger);
      expect(all).toHaveLength(DEMO_PRODUCTS + 150);
      expect(new Set(all.map((product) => product.handle)).size).toBe(all.length);
      const demo = await products(database);
      expect(all.slice(0, DEMO_PRODUCTS).map((p) => [p.handle, p.title, p.priceMinCents])).toEqual(
        demo.map((p) => [p.handle, p.title, p.priceMinCents]),
      );
      const productFiles = (db: Database) =>
        count(sql`select count(*) as n from commerce_file where path like 'products/%'`, db);
      expect(await productFiles(larger)).toBe(await productFiles(database));
      expect(
        await count(
          sql`select count(*) as n from commerce_image i
            where not exists (select 1 from commerce_file f where '/cdn/images/' || f.path = i.url)`,
          larger,
        ),
      ).toBe(0);
      const variants = await larger.db.select({ n: sql<number>`count(*)` }).from(commerceVariant);
      expect(Number(variants[0]?.n)).toBeGreaterThanOrEqual(DEMO_PRODUCTS + 150);
    } finally {
      await larger.close();
    }
  });
});
