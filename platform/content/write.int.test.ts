import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "#db/client.ts";
import { createTestDatabase } from "#db/testing/index.ts";
import { findEntry, updateEntry } from "#platform/content/editing/entries.ts";
import { listSnapshots } from "#platform/content/editing/history.ts";
import { entityStatus } from "#platform/content/editing/render.ts";
import { putEntry, syncEntryFields } from "#platform/content/write.ts";

/** The shop's own writes (seed, syncs): the draft/published split kept, snapshots of publishes. */

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database?.close());

describe("putEntry", () => {
  it("publishes by default, with a snapshot, and writes a draft only when asked", async () => {
    await putEntry(database.db, {
      id: "p-1",
      contentType: "product",
      fields: { name: "Comté", slug: "comte" },
    });
    expect(await findEntry(database.db, "p-1")).toMatchObject({
      revision: 2,
      publishedVersion: 1,
      publishedFields: { name: "Comté", slug: "comte" },
    });
    await putEntry(database.db, {
      id: "p-1",
      contentType: "product",
      fields: { name: "Comté 18 mois", slug: "comte" },
      publish: false,
    });
    const entry = await findEntry(database.db, "p-1");
    expect(entry && entityStatus(entry)).toBe("changed");
    expect(entry?.publishedFields).toEqual({ name: "Comté", slug: "comte" });
    expect((await listSnapshots(database.db, "p-1")).total).toBe(1);
  });
});

describe("syncEntryFields", () => {
  it("writes a sync's fields in both copies, leaving an editor's draft unpublished", async () => {
    // p-1 has an editor's draft (« Comté 18 mois ») not published.
    await syncEntryFields(database.db, {
      id: "p-1",
      contentType: "product",
      fields: { prediscount_price: 21.5 },
    });
    const entry = await findEntry(database.db, "p-1");
    expect(entry?.fields).toEqual({
      name: "Comté 18 mois",
      slug: "comte",
      prediscount_price: 21.5,
    });
    expect(entry?.publishedFields).toEqual({
      name: "Comté",
      slug: "comte",
      prediscount_price: 21.5,
    });
    expect(entry && entityStatus(entry)).toBe("changed");
  });

  it("publishes an entry again when its draft was its published copy, and creates a new one published", async () => {
    await putEntry(database.db, {
      id: "p-2",
      contentType: "product",
      fields: { name: "Brie", slug: "brie" },
    });
    await syncEntryFields(database.db, {
      id: "p-2",
      contentType: "product",
      fields: { name: "Brie de Meaux", tags: undefined },
    });
    const entry = await findEntry(database.db, "p-2");
    expect(entry && entityStatus(entry)).toBe("published");
    expect(entry?.publishedFields).toEqual({ name: "Brie de Meaux", slug: "brie" });
    expect((await listSnapshots(database.db, "p-2")).total).toBe(2);

    await syncEntryFields(database.db, {
      id: "p-3",
      contentType: "product",
      fields: { name: "Morbier", slug: "morbier" },
    });
    expect(await findEntry(database.db, "p-3")).toMatchObject({
      publishedFields: { name: "Morbier", slug: "morbier" },
    });
  });

  it("keeps a draft a draft", async () => {
    await putEntry(database.db, {
      id: "p-4",
      contentType: "product",
      fields: { name: "Tomme" },
      publish: false,
    });
    const entry = await findEntry(database.db, "p-4");
    await updateEntry(
      { db: database.db },
      { id: "p-4", version: entry?.revision ?? 0, fields: { name: "Tomme de Savoie" } },
    );
    await syncEntryFields(database.db, {
      id: "p-4",
      contentType: "product",
      fields: { slug: "tomme" },
    });
    expect(await findEntry(database.db, "p-4")).toMatchObject({
      fields: { name: "Tomme de Savoie", slug: "tomme" },
      publishedFields: null,
    });
  });

  it("gives each copy the fields a function makes of that copy", async () => {
    // p-1's draft and published copy list their tags in their own ways.
    const before = await findEntry(database.db, "p-1");
    await updateEntry(
      { db: database.db },
      {
        id: "p-1",
        version: before?.revision ?? 0,
        fields: { ...before?.fields, tags: ["affiné", "lait cru"] },
      },
    );
    await syncEntryFields(database.db, {
      id: "p-1",
      contentType: "product",
      fields: (copy) => ({
        tags: [...(Array.isArray(copy.tags) ? copy.tags : []), "fromage"],
      }),
    });
    const entry = await findEntry(database.db, "p-1");
    expect(entry?.fields.tags).toEqual(["affiné", "lait cru", "fromage"]);
    expect(entry?.publishedFields?.tags).toEqual(["fromage"]);
    expect(entry?.publishedVersion).toBe(before?.publishedVersion);
  });
});
