import { and, eq, sql } from "drizzle-orm";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database, Db } from "#db/client.ts";
import { createTestDatabase } from "#db/testing/index.ts";
import { catalogueChanged } from "#platform/commerce/catalogue/catalogue.ts";
import { editProduct, setArchived, setAvailability } from "#platform/commerce/catalogue/edit.ts";
import { readEditableProduct } from "#platform/commerce/catalogue/edit-read.ts";
import {
  type Facet,
  listingFacets,
  recountFacets,
  startFacetRecount,
} from "#platform/commerce/catalogue/facets.ts";
import {
  commerceCatalogueVersion,
  commerceCollection,
  commerceCollectionFacetCount,
  commerceCollectionFacetStale,
  commerceCollectionProduct,
  commerceProduct,
} from "#platform/commerce/catalogue/schema.ts";

/**
 * Stored facet counts (facets.ts, migration 0022) on the demo catalogue: read from the store
 * when fresh, marked stale by every kind of catalogue write that changes a count, counted live
 * until counted again, and then equal to the live count.
 */

let database: Database;
let db: Db;
let fromagerie: number;

beforeAll(async () => {
  database = await createTestDatabase({ seeded: true });
  db = database.db;
  const [row] = await db
    .select({ id: commerceCollection.id })
    .from(commerceCollection)
    .where(eq(commerceCollection.handle, "fromagerie"));
  fromagerie = row?.id ?? 0;
});

afterAll(async () => {
  await database?.close();
});

const facets = (collectionId: number) =>
  listingFacets(db, { collectionId, sort: "MANUAL", reverse: false });

const count = (found: Facet[], facetId: string, label: string) =>
  found.find((facet) => facet.id === facetId)?.values.find((value) => value.label === label)?.count;

const staleMarks = async (collectionId: number) =>
  (
    await db
      .select({ id: commerceCollectionFacetStale.id })
      .from(commerceCollectionFacetStale)
      .where(eq(commerceCollectionFacetStale.collectionId, collectionId))
  ).length;

/** A product of the Fromagerie, on sale and not archived, with its vendor. */
async function aCheese(offset = 0) {
  const [row] = await db
    .select({ id: commerceProduct.id, vendor: commerceProduct.vendor })
    .from(commerceProduct)
    .innerJoin(
      commerceCollectionProduct,
      eq(commerceCollectionProduct.productId, commerceProduct.id),
    )
    .where(
      and(
        eq(commerceCollectionProduct.collectionId, fromagerie),
        eq(commerceProduct.archived, false),
        eq(commerceProduct.availableForSale, true),
      ),
    )
    .orderBy(commerceProduct.id)
    .offset(offset)
    .limit(1);
  if (!row) throw new Error("the demo Fromagerie has no product on sale");
  return row;
}

/** Counts again, then checks the stored counts equal a live count of the same collection. */
async function expectStoredEqualsLive(collectionId: number) {
  await recountFacets(db);
  expect(await staleMarks(collectionId)).toBe(0);
  const stored = await facets(collectionId);
  // A stale mark sends the read to a live count.
  await db.insert(commerceCollectionFacetStale).values({ collectionId });
  const live = await facets(collectionId);
  await recountFacets(db);
  expect(stored).toEqual(live);
  return stored;
}

describe("a filtered listing's kept counts", () => {
  it("belong to their database: another one at the same catalogue version counts its own", async () => {
    const other = await createTestDatabase({ seeded: true });
    try {
      const available = (on: Db) =>
        listingFacets(on, {
          collectionId: fromagerie,
          filters: [{ available: true }],
          sort: "MANUAL",
          reverse: false,
        });
      const cheese = await aCheese();
      const before = count(await available(db), "filter.p.vendor", cheese.vendor);
      expect(before).toBeGreaterThan(0);
      // The other database renames a vendor by hand and keeps this one's catalogue version.
      const [version] = await db
        .select({ version: commerceCatalogueVersion.version })
        .from(commerceCatalogueVersion);
      await other.db
        .update(commerceProduct)
        .set({ vendor: "Fromagerie d'ailleurs" })
        .where(eq(commerceProduct.id, cheese.id));
      await other.db
        .update(commerceCatalogueVersion)
        .set({ version: version?.version ?? 0 })
        .where(eq(commerceCatalogueVersion.id, 1));
      const theirs = await available(other.db);
      expect(count(theirs, "filter.p.vendor", "Fromagerie d'ailleurs")).toBe(1);
      expect(count(await available(db), "filter.p.vendor", cheese.vendor)).toBe(before);
    } finally {
      await other.close();
    }
  });
});

describe("stored facet counts", () => {
  it("are written for every collection by the seed, and read from the store", async () => {
    const uncounted = await db.execute(sql`
      select c.id from commerce_collection c
      where not exists (select 1 from commerce_collection_facet_count f
        where f.collection_id = c.id and f.facet = 'price')`);
    expect((uncounted as unknown as { rows: unknown[] }).rows).toEqual([]);
    expect(await staleMarks(fromagerie)).toBe(0);

    const before = await facets(fromagerie);
    const inStock = count(before, "filter.v.availability", "En stock") ?? 0;
    expect(inStock).toBeGreaterThan(10);
    // Proof that the read comes from the stored row: change it behind the catalogue's back.
    await db
      .update(commerceCollectionFacetCount)
      .set({ count: 99_999 })
      .where(
        and(
          eq(commerceCollectionFacetCount.collectionId, fromagerie),
          eq(commerceCollectionFacetCount.facet, "available"),
          eq(commerceCollectionFacetCount.value, "true"),
        ),
      );
    expect(count(await facets(fromagerie), "filter.v.availability", "En stock")).toBe(99_999);
    await db.insert(commerceCollectionFacetStale).values({ collectionId: fromagerie });
    const restored = await expectStoredEqualsLive(fromagerie);
    expect(count(restored, "filter.v.availability", "En stock")).toBe(inStock);
  });

  it("go stale when a product is taken off sale or archived, and count it at once", async () => {
    const before = await facets(fromagerie);
    const inStock = count(before, "filter.v.availability", "En stock") ?? 0;
    const cheese = await aCheese();

    await db.transaction((tx) => setAvailability(tx, cheese.id, false));
    expect(await staleMarks(fromagerie)).toBeGreaterThan(0);
    expect(count(await facets(fromagerie), "filter.v.availability", "En stock")).toBe(inStock - 1);
    const recounted = await expectStoredEqualsLive(fromagerie);
    expect(count(recounted, "filter.v.availability", "En stock")).toBe(inStock - 1);

    await db.transaction((tx) => setArchived(tx, cheese.id, true));
    expect(await staleMarks(fromagerie)).toBeGreaterThan(0);
    await expectStoredEqualsLive(fromagerie);

    await db.transaction(async (tx) => {
      await setArchived(tx, cheese.id, false);
      await setAvailability(tx, cheese.id, true);
    });
    const back = await expectStoredEqualsLive(fromagerie);
    expect(count(back, "filter.v.availability", "En stock")).toBe(inStock);
  });

  it("go stale when a product's vendor or filterable values change", async () => {
    const cheese = await aCheese(1);
    const editable = await readEditableProduct(db, { id: cheese.id });
    if (!editable) throw new Error("no editable product");
    await db.transaction((tx) =>
      editProduct(tx, cheese.id, {
        fields: {
          title: editable.title,
          vendor: "Fromagerie du Test",
          productType: editable.productType,
          descriptionHtml: editable.descriptionHtml,
          tags: editable.tags,
          seoTitle: editable.seoTitle,
          seoDescription: editable.seoDescription,
        },
      }),
    );
    expect(await staleMarks(fromagerie)).toBeGreaterThan(0);
    expect(count(await facets(fromagerie), "filter.p.vendor", "Fromagerie du Test")).toBe(1);
    const recounted = await expectStoredEqualsLive(fromagerie);
    expect(count(recounted, "filter.p.vendor", "Fromagerie du Test")).toBe(1);

    // Filterable metafield values (allergens, diets, labels) are rows of their own.
    await db.transaction(async (tx) => {
      await tx.execute(
        sql`delete from commerce_product_filter_value where product_id = ${cheese.id}`,
      );
      await catalogueChanged(tx, { products: [cheese.id] });
    });
    expect(await staleMarks(fromagerie)).toBeGreaterThan(0);
    await expectStoredEqualsLive(fromagerie);
  });

  it("go stale when a collection gains or loses a product, not when its order changes", async () => {
    const cheese = await aCheese(2);
    const [position] = await db
      .select({ value: commerceCollectionProduct.position })
      .from(commerceCollectionProduct)
      .where(
        and(
          eq(commerceCollectionProduct.collectionId, fromagerie),
          eq(commerceCollectionProduct.productId, cheese.id),
        ),
      );
    const inStock = count(await facets(fromagerie), "filter.v.availability", "En stock") ?? 0;

    await db.transaction(async (tx) => {
      await tx
        .delete(commerceCollectionProduct)
        .where(
          and(
            eq(commerceCollectionProduct.collectionId, fromagerie),
            eq(commerceCollectionProduct.productId, cheese.id),
          ),
        );
      await catalogueChanged(tx, { collections: [fromagerie] });
    });
    expect(await staleMarks(fromagerie)).toBeGreaterThan(0);
    expect(count(await facets(fromagerie), "filter.v.availability", "En stock")).toBe(inStock - 1);
    await expectStoredEqualsLive(fromagerie);

    await db.transaction(async (tx) => {
      await tx.insert(commerceCollectionProduct).values({
        collectionId: fromagerie,
        productId: cheese.id,
        position: position?.value ?? 1,
      });
      await catalogueChanged(tx, { collections: [fromagerie] });
    });
    expect(await staleMarks(fromagerie)).toBeGreaterThan(0);
    const back = await expectStoredEqualsLive(fromagerie);
    expect(count(back, "filter.v.availability", "En stock")).toBe(inStock);

    // Merchandising the order moves no count.
    await db
      .update(commerceCollectionProduct)
      .set({ position: sql`${commerceCollectionProduct.position} + 1000` })
      .where(eq(commerceCollectionProduct.collectionId, fromagerie));
    expect(await staleMarks(fromagerie)).toBe(0);
  });

  it("go with a deleted collection, whose stale marks the recount then drops", async () => {
    const [doomed] = await db
      .insert(commerceCollection)
      .values({ handle: "ephemere", title: "Éphémère", descriptionHtml: "" })
      .returning({ id: commerceCollection.id });
    const id = doomed?.id ?? 0;
    const cheese = await aCheese(3);
    await db
      .insert(commerceCollectionProduct)
      .values({ collectionId: id, productId: cheese.id, position: 1 });
    await recountFacets(db);
    expect(count(await facets(id), "filter.v.availability", "En stock")).toBe(1);

    await db.delete(commerceCollection).where(eq(commerceCollection.id, id));
    expect(await staleMarks(id)).toBeGreaterThan(0); // written by the cascade on its way out
    await recountFacets(db);
    expect(await staleMarks(id)).toBe(0);
    const left = await db
      .select()
      .from(commerceCollectionFacetCount)
      .where(eq(commerceCollectionFacetCount.collectionId, id));
    expect(left).toEqual([]);
  });

  it("are counted by the server's recount as soon as it starts", async () => {
    await db.insert(commerceCollectionFacetStale).values({ collectionId: fromagerie });
    const recount = startFacetRecount({
      db,
      logger: pino({ level: "silent" }),
      intervalMs: 60_000,
    });
    await recount.stop(); // waits for the round that starting it began
    expect(await staleMarks(fromagerie)).toBe(0);
  });
});
