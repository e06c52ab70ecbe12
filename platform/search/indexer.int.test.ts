import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database, Db } from "#db/client.ts";
import { createTestDatabase } from "#db/testing/index.ts";
import { catalogueSearchSource as source } from "#platform/commerce/index.ts";
import {
  commerceCollection,
  commerceMetaobject,
  commerceProduct,
} from "#platform/commerce/tables.ts";
import {
  indexCollections,
  indexMetaobjects,
  indexProducts,
  type RebuildProgress,
  rebuildSearchIndex,
  removeFromIndex,
  syncSearchIndex,
} from "#platform/search/indexer.ts";
import { predictiveSearch, searchProducts } from "#platform/search/search.ts";
import { rows } from "#platform/search/sql.ts";
import {
  insertTestBrands,
  insertTestCollections,
  insertTestProducts,
  setTestProductTags,
} from "#platform/search/testing.ts";

let database: Database;
let db: Db;
beforeAll(async () => {
  database = await createTestDatabase();
  db = database.db;
});
afterAll(() => database?.close());

const productHits = async (query: string) =>
  (await predictiveSearch(db, { query })).products.map((hit) => hit.title);

/** The index's content, in a stable order, to compare two ways of building it. */
async function indexContent() {
  const result = (await db.execute(sql`
    select kind, ref_id, handle, title, subtitle, tags, body, head_vector::text, search_vector::text
    from search_document order by kind, ref_id`)) as unknown as { rows: unknown[] };
  const words = (await db.execute(sql`
    select word, stem, (select array_agg(deletion order by deletion) from search_term_deletion d
      where d.word = t.word) as deletions
    from search_term t order by word`)) as unknown as { rows: unknown[] };
  return { documents: result.rows, words: words.rows };
}

describe("indexing products", () => {
  it("follows a product through its changes, one call after each write", async () => {
    const [id = 0] = await insertTestProducts(db, [
      {
        handle: "rillettes-du-mans",
        title: "Rillettes du Mans",
        vendor: "Maison Prunier",
        descriptionHtml:
          "<p>Cuites longuement, <em>d&eacute;licieuses</em> sur du pain grill&eacute;.</p>",
        tags: ["restauration", "terrine"],
      },
    ]);
    expect(await productHits("rillettes")).toEqual([]);
    await db.transaction((tx) => indexProducts(tx, source, [id]));
    expect(await productHits("rillettes")).toEqual(["Rillettes du Mans"]);
    // Entities and tags are text; technical tags are not.
    expect(await productHits("delicieuses")).toEqual(["Rillettes du Mans"]);
    expect(await productHits("terrine")).toEqual(["Rillettes du Mans"]);
    expect(await productHits("restauration")).toEqual([]);

    await db
      .update(commerceProduct)
      .set({ title: "Rillettes de canard" })
      .where(eq(commerceProduct.id, id));
    await indexProducts(db, source, [id]);
    expect(await productHits("canard")).toEqual(["Rillettes de canard"]);
    expect(await productHits("mans")).toEqual([]);

    await setTestProductTags(db, id, ["Archive"]);
    await indexProducts(db, source, [id]);
    expect(await productHits("rillettes")).toEqual([]);

    await setTestProductTags(db, id, []);
    await db.update(commerceProduct).set({ hideInSearch: true }).where(eq(commerceProduct.id, id));
    await indexProducts(db, source, [id]);
    expect(await productHits("rillettes")).toEqual([]);

    await db.update(commerceProduct).set({ hideInSearch: false }).where(eq(commerceProduct.id, id));
    await syncSearchIndex(db, source, { products: [id] });
    expect(await productHits("rillettes")).toEqual(["Rillettes de canard"]);

    await db.delete(commerceProduct).where(eq(commerceProduct.id, id));
    await indexProducts(db, source, [id]);
    expect(await productHits("rillettes")).toEqual([]);
    expect((await searchProducts(db, source, { query: "rillettes", first: 10 })).totalCount).toBe(
      0,
    );
  });

  it("leaves unchanged documents alone", async () => {
    const [id = 0] = await insertTestProducts(db, [
      { handle: "sel-de-guerande", title: "Sel de Guérande" },
    ]);
    await indexProducts(db, source, [id]);
    const stamp = sql`select xmin::text, updated_at from search_document
      where kind = 'product' and ref_id = ${id}`;
    const before = await rows(db, stamp);
    await indexProducts(db, source, [id, id]);
    expect(await rows(db, stamp)).toEqual(before);
  });

  it("takes documents out on request", async () => {
    const [id = 0] = await insertTestProducts(db, [
      { handle: "piment-espelette", title: "Piment d'Espelette" },
    ]);
    await indexProducts(db, source, [id]);
    expect(await productHits("espelette")).toEqual(["Piment d'Espelette"]);
    await removeFromIndex(db, "product", [id]);
    expect(await productHits("espelette")).toEqual([]);
  });
});

describe("indexing collections and brands", () => {
  it("drops archived collections", async () => {
    const [id = 0] = await insertTestCollections(db, [{ handle: "truffes", title: "Truffes" }]);
    await indexCollections(db, source, [id]);
    expect((await predictiveSearch(db, { query: "truffes" })).collections).toEqual([
      { id, handle: "truffes", title: "Truffes" },
    ]);
    await db.execute(sql`
      insert into commerce_metafield (owner_type, owner_id, namespace, key, type, value)
      values ('COLLECTION', ${id}, 'custom', 'category_archived', 'boolean', 'true')`);
    await indexCollections(db, source, [id]);
    expect((await predictiveSearch(db, { query: "truffes" })).collections).toEqual([]);
  });

  it("moves a brand between marques and artisans", async () => {
    const [id = 0] = await insertTestBrands(db, [
      { handle: "moulin-castelas", name: "Moulin Castelas" },
    ]);
    await indexMetaobjects(db, source, [id]);
    let found = await predictiveSearch(db, { query: "castelas" });
    expect(found.marques.map((hit) => hit.id)).toEqual([id]);
    expect(found.artisans).toEqual([]);

    await db
      .update(commerceMetaobject)
      .set({
        fields: [
          { key: "name", type: "single_line_text_field", value: "Moulin Castelas" },
          { key: "is_artisan", type: "boolean", value: "true" },
        ],
      })
      .where(eq(commerceMetaobject.id, id));
    await indexMetaobjects(db, source, [id]);
    found = await predictiveSearch(db, { query: "castelas" });
    expect(found.marques).toEqual([]);
    expect(found.artisans.map((hit) => hit.id)).toEqual([id]);

    await removeFromIndex(db, "marque", [id]);
    expect((await predictiveSearch(db, { query: "castelas" })).artisans).toEqual([]);
  });
});

describe("rebuilding", () => {
  it("gives the index that indexing each change gave, without the words nobody uses", async () => {
    // Earlier tests took documents out behind the catalogue's back: start from the catalogue.
    await rebuildSearchIndex(db, source);
    const [typo = 0] = await insertTestProducts(db, [
      { handle: "camembert-typo", title: "Camenbert au calvados", vendor: "Ferme Gillot" },
    ]);
    await indexProducts(db, source, [typo]);
    // The title is fixed, the dictionary still knows the typo until a rebuild.
    await db
      .update(commerceProduct)
      .set({ title: "Camembert au calvados" })
      .where(eq(commerceProduct.id, typo));
    await indexProducts(db, source, [typo]);
    const incremental = await indexContent();
    expect(incremental.words).toContainEqual(expect.objectContaining({ word: "camenbert" }));

    const progress: RebuildProgress[] = [];
    const result = await rebuildSearchIndex(db, source, {
      onProgress: (step) => progress.push(step),
    });
    const rebuilt = await indexContent();
    expect(rebuilt.documents).toEqual(incremental.documents);
    expect(rebuilt.words).toEqual(
      incremental.words.filter((row) => (row as { word: string }).word !== "camenbert"),
    );
    expect(result.documents).toBe(rebuilt.documents.length);
    expect(progress.at(-1)).toEqual({ phase: "cleanup", done: 1, total: 1 });
    expect(progress).toContainEqual(
      expect.objectContaining({ phase: "products", done: expect.any(Number) }),
    );
    // The typo is now corrected like any other.
    expect(await productHits("camenbert")).toEqual(["Camembert au calvados"]);
  });

  it("drops documents whose source was deleted behind the index's back", async () => {
    const [id = 0] = await insertTestCollections(db, [{ handle: "ephemere", title: "Éphémère" }]);
    await indexCollections(db, source, [id]);
    await db.delete(commerceCollection).where(eq(commerceCollection.id, id));
    expect((await predictiveSearch(db, { query: "ephemere" })).collections).toHaveLength(1);
    await rebuildSearchIndex(db, source);
    expect((await predictiveSearch(db, { query: "ephemere" })).collections).toEqual([]);
  });
});
