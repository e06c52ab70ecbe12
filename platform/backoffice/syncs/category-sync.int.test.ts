import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "#db/client.ts";
import { createTestDatabase } from "#db/testing/index.ts";
import { syncCategories } from "#platform/backoffice/syncs/category-sync.ts";
import { insertCollections } from "#platform/commerce/index.ts";
import {
  entityStatus,
  findEntry,
  publishEntry,
  putEntry,
  updateEntry,
} from "#platform/content/index.ts";

/**
 * The category sync against records that editors are working on: a new sub-category's link goes
 * into its parent's draft and published copy, each keeping its own list, and the editors' other
 * fields, their pending drafts and a record whose slug they changed are left as they are
 * (decision 027).
 */
const ACTOR = { id: null, email: "sync@comptoir.test" };
const EDITOR = "redaction@comptoir.test";
const link = (id: string) => ({ sys: { type: "Link", linkType: "Entry", id } });

let database: Database;

/** Saves an editor's draft of an entry: its fields with these changed. */
async function editDraft(id: string, changes: Record<string, unknown>) {
  const entry = await findEntry(database.db, id);
  await updateEntry(
    { db: database.db, by: EDITOR },
    { id, version: entry?.revision ?? 0, fields: { ...entry?.fields, ...changes } },
  );
}

beforeAll(async () => {
  database = await createTestDatabase();
  await database.db.transaction(async (tx) => {
    await insertCollections(tx, [
      { handle: "traiteur", title: "Traiteur" },
      { handle: "entrees", title: "Entrées", metafields: { category_parent: "traiteur" } },
      { handle: "desserts", title: "Desserts", metafields: { category_parent: "traiteur" } },
      { handle: "plats", title: "Plats", metafields: { category_parent: "traiteur" } },
      { handle: "froides", title: "Entrées froides", metafields: { category_parent: "entrees" } },
    ]);
  });
  // The top category and two sub-categories are published; editors then save drafts of them.
  await putEntry(database.db, {
    id: "category-traiteur",
    contentType: "pageCategorie",
    fields: {
      title: "Traiteur",
      slug: "traiteur",
      sub_categories: [link("category-entrees"), link("category-desserts")],
    },
  });
  await putEntry(database.db, {
    id: "category-entrees",
    contentType: "subCategory",
    fields: { title: "Entrées", slug: "entrees", category: link("category-traiteur") },
  });
  await putEntry(database.db, {
    id: "category-desserts",
    contentType: "subCategory",
    fields: { title: "Desserts", slug: "desserts", category: link("category-traiteur") },
  });
  await editDraft("category-traiteur", {
    title: "Traiteur maison",
    sub_categories: [link("category-desserts"), link("category-entrees")],
  });
  await editDraft("category-entrees", { description: "Brouillon de la rédaction." });
  await editDraft("category-desserts", { slug: "desserts-maison" });
});

afterAll(() => database?.close());

const sync = () => syncCategories(database.db, { actor: ACTOR, action: "sync-categories-bdd" });

describe("syncCategories", () => {
  it("adds the new sub-categories to both copies of their parent and publishes no editor's draft", async () => {
    const top = await findEntry(database.db, "category-traiteur");
    const entrees = await findEntry(database.db, "category-entrees");
    const desserts = await findEntry(database.db, "category-desserts");
    expect(await sync()).toMatchObject({
      collections: 5,
      documents: 5,
      created: ["plats", "froides"],
      present: 3,
    });

    const topNow = await findEntry(database.db, "category-traiteur");
    expect(topNow && entityStatus(topNow)).toBe("changed");
    expect(topNow?.publishedVersion).toBe(top?.publishedVersion);
    expect(topNow?.fields).toMatchObject({
      title: "Traiteur maison",
      sub_categories: [link("category-desserts"), link("category-entrees"), link("category-plats")],
    });
    expect(topNow?.publishedFields).toMatchObject({
      title: "Traiteur",
      sub_categories: [link("category-entrees"), link("category-desserts"), link("category-plats")],
    });

    const entreesNow = await findEntry(database.db, "category-entrees");
    expect(entreesNow && entityStatus(entreesNow)).toBe("changed");
    expect(entreesNow?.publishedVersion).toBe(entrees?.publishedVersion);
    expect(entreesNow?.fields).toMatchObject({
      description: "Brouillon de la rédaction.",
      sub_categories: [link("category-froides")],
    });
    expect(entreesNow?.publishedFields).toMatchObject({
      sub_categories: [link("category-froides")],
    });
    expect(entreesNow?.publishedFields).not.toHaveProperty("description");

    // The record whose slug an editor changed is found by its id, not made again.
    expect(await findEntry(database.db, "category-desserts")).toMatchObject({
      revision: desserts?.revision,
      fields: { slug: "desserts-maison" },
      publishedFields: { slug: "desserts" },
    });

    // The new records are published, the third level linked to both of its parents.
    const froides = await findEntry(database.db, "category-froides");
    expect(froides && entityStatus(froides)).toBe("published");
    expect(froides?.fields).toMatchObject({
      category: link("category-traiteur"),
      subcategory: link("category-entrees"),
    });
  });

  it("changes nothing the second time, and the editor's draft still publishes", async () => {
    const ids = ["traiteur", "entrees", "desserts", "plats", "froides"].map(
      (handle) => `category-${handle}`,
    );
    const before = await Promise.all(ids.map((id) => findEntry(database.db, id)));
    expect(await sync()).toMatchObject({ documents: 0, created: [], present: 5 });
    const after = await Promise.all(ids.map((id) => findEntry(database.db, id)));
    expect(after.map((entry) => entry?.revision)).toEqual(before.map((entry) => entry?.revision));

    const top = before[0];
    const published = await publishEntry(
      { db: database.db },
      { id: "category-traiteur", version: top?.revision ?? 0 },
    );
    expect(published.publishedFields).toMatchObject({
      title: "Traiteur maison",
      sub_categories: [link("category-desserts"), link("category-entrees"), link("category-plats")],
    });
  });
});
