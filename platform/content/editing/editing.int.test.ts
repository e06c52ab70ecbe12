import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "#db/client.ts";
import { createTestDatabase } from "#db/testing/index.ts";
import {
  archiveEntry,
  createEntry,
  type EditContext,
  publishEntry,
  restoreSnapshot,
  updateEntry,
} from "#platform/content/editing/entries.ts";
import {
  changesSince,
  compareSnapshot,
  fieldsAtVersion,
  listSnapshots,
} from "#platform/content/editing/history.ts";
import {
  entriesLinkingTo,
  entryEditors,
  listEntriesForEditing,
} from "#platform/content/editing/listing.ts";
import { entityStatus } from "#platform/content/editing/render.ts";
import { validateEntry } from "#platform/content/editing/validation.ts";
import { ContentError, errorsByField } from "#platform/content/errors.ts";
import { linkTo } from "#platform/content/testing.ts";

/**
 * The functions the admin area's content screens call: two editors on one entry, the version
 * history (compare, restore), the lists, and validation before a publish.
 */

let database: Database;
let alice: EditContext;
let bruno: EditContext;

beforeAll(async () => {
  database = await createTestDatabase();
  alice = { db: database.db, by: "alice@comptoir.test" };
  bruno = { db: database.db, by: "bruno@comptoir.test" };
});
afterAll(() => database?.close());

async function refusal(work: Promise<unknown>): Promise<ContentError> {
  const error = await work.then(
    () => null,
    (caught: unknown) => caught,
  );
  if (!(error instanceof ContentError)) throw new Error(`expected a ContentError, got ${error}`);
  return error;
}

describe("two editors, one entry", () => {
  it("refuses the second save with VersionMismatch, and shows what changed meanwhile", async () => {
    const created = await createEntry(alice, {
      id: "faq-1",
      contentType: "faq_question",
      fields: { question: "Livrez-vous le dimanche ?" },
    });
    // Both open version 1; Alice saves first.
    const saved = await updateEntry(alice, {
      id: "faq-1",
      version: created.revision,
      fields: { question: "Livrez-vous le dimanche matin ?" },
    });
    const conflict = await refusal(
      updateEntry(bruno, {
        id: "faq-1",
        version: created.revision,
        fields: { question: "Livrez-vous le samedi ?" },
      }),
    );
    expect(conflict.id).toBe("VersionMismatch");

    const meanwhile = await changesSince(database.db, "faq-1", created.revision);
    expect(meanwhile.entry).toMatchObject({
      revision: saved.revision,
      updatedBy: "alice@comptoir.test",
    });
    expect(meanwhile.changes).toEqual([
      {
        field: "question",
        name: "Question",
        change: "changed",
        before: "Livrez-vous le dimanche ?",
        after: "Livrez-vous le dimanche matin ?",
      },
    ]);
    expect((await changesSince(database.db, "faq-1", saved.revision)).changes).toEqual([]);

    // Bruno overwrites deliberately: with the current version.
    const overwritten = await updateEntry(bruno, {
      id: "faq-1",
      version: meanwhile.entry.revision,
      fields: { question: "Livrez-vous le samedi ?" },
    });
    expect(overwritten).toMatchObject({ revision: 3, updatedBy: "bruno@comptoir.test" });
    // Nothing was lost: every version's fields can still be read.
    expect(await fieldsAtVersion(database.db, "faq-1", 1)).toEqual({
      question: "Livrez-vous le dimanche ?",
    });
    expect(await fieldsAtVersion(database.db, "faq-1", 2)).toEqual({
      question: "Livrez-vous le dimanche matin ?",
    });
    expect(await fieldsAtVersion(database.db, "faq-1", 3)).toEqual({
      question: "Livrez-vous le samedi ?",
    });
    expect(await fieldsAtVersion(database.db, "faq-1", 4)).toBeNull();
  });

  it("reads the fields of the versions publishing made too", async () => {
    const published = await publishEntry(alice, { id: "faq-1", version: 3 });
    await updateEntry(alice, {
      id: "faq-1",
      version: published.revision,
      fields: { question: "Livrez-vous le lundi ?" },
    });
    expect(await fieldsAtVersion(database.db, "faq-1", 3)).toEqual({
      question: "Livrez-vous le samedi ?",
    });
    expect(await fieldsAtVersion(database.db, "faq-1", 4)).toEqual({
      question: "Livrez-vous le samedi ?",
    });
    const since = await changesSince(database.db, "faq-1", 4);
    expect(since.changes.map((change) => change.after)).toEqual(["Livrez-vous le lundi ?"]);
  });
});

describe("the version history", () => {
  it("compares a snapshot with the draft, and restores it as a new draft", async () => {
    let entry = await createEntry(alice, {
      id: "cms-1",
      contentType: "cms",
      fields: { title: "Livraison", slug: "livraison", seoTitle: "Livraison | Comptoir" },
    });
    entry = await publishEntry(alice, { id: "cms-1", version: entry.revision });
    entry = await updateEntry(alice, {
      id: "cms-1",
      version: entry.revision,
      fields: { title: "Livraison et retrait", slug: "livraison" },
    });
    entry = await publishEntry(bruno, { id: "cms-1", version: entry.revision });

    const history = await listSnapshots(database.db, "cms-1");
    expect(history.items.map((snapshot) => [snapshot.version, snapshot.createdBy])).toEqual([
      [3, "bruno@comptoir.test"],
      [1, "alice@comptoir.test"],
    ]);
    const first = history.items[1];
    if (!first) throw new Error("no first snapshot");
    const comparison = await compareSnapshot(database.db, "cms-1", first.id);
    expect(
      comparison.changes
        .filter((change) => change.change !== "unchanged")
        .map((change) => [change.field, change.change, change.before, change.after]),
    ).toEqual([
      ["title", "changed", "Livraison", "Livraison et retrait"],
      ["seoTitle", "removed", "Livraison | Comptoir", undefined],
    ]);

    const stale = await refusal(
      restoreSnapshot(alice, { id: "cms-1", snapshotId: first.id, version: 1 }),
    );
    expect(stale.id).toBe("VersionMismatch");
    const restored = await restoreSnapshot(alice, {
      id: "cms-1",
      snapshotId: first.id,
      version: entry.revision,
    });
    expect(restored.fields).toEqual(first.fields);
    expect(entityStatus(restored)).toBe("changed");
    // Shoppers keep the published version until the restored draft is published.
    expect(restored.publishedFields).toMatchObject({ title: "Livraison et retrait" });
    const missing = await refusal(
      restoreSnapshot(alice, { id: "cms-1", snapshotId: "nope", version: restored.revision }),
    );
    expect(missing.id).toBe("NotFound");
  });
});

describe("the editors' lists", () => {
  it("filters entries by type, status, last editor and text, and sorts them", async () => {
    await createEntry(bruno, {
      id: "cms-2",
      contentType: "cms",
      fields: { title: "Allergènes", slug: "allergenes" },
    });
    const archived = await createEntry(alice, {
      id: "cms-3",
      contentType: "cms",
      fields: { title: "Ancienne page", slug: "ancienne" },
    });
    await archiveEntry(alice, { id: "cms-3", version: archived.revision });

    const ids = async (options: Parameters<typeof listEntriesForEditing>[1]) =>
      (await listEntriesForEditing(database.db, options)).items.map((row) => row.id);
    expect(await ids({ contentType: "cms", order: "title" })).toEqual(["cms-2", "cms-3", "cms-1"]);
    expect(await ids({ contentType: "cms", status: "changed" })).toEqual(["cms-1"]);
    expect(
      await ids({ contentType: "cms", status: ["draft", "archived"], order: "title" }),
    ).toEqual(["cms-2", "cms-3"]);
    expect(await ids({ status: "published" })).toEqual([]);
    expect(await ids({ updatedBy: "bruno@comptoir.test" })).toEqual(["cms-2"]);
    expect(await ids({ search: "ALLERG" })).toEqual(["cms-2"]);
    const page = await listEntriesForEditing(database.db, { contentType: "cms", limit: 1 });
    expect([page.total, page.items.length]).toEqual([3, 1]);
    expect(await entryEditors(database.db)).toEqual(["alice@comptoir.test", "bruno@comptoir.test"]);
  });

  it("finds the entries that use an entry or an asset, in their draft or their published copy", async () => {
    await createEntry(alice, {
      id: "cat-1",
      contentType: "faq_category",
      fields: { title: "Livraison", slug: "livraison", questions: [linkTo("Entry", "faq-1")] },
    });
    await createEntry(alice, {
      id: "cms-img",
      contentType: "cms",
      fields: { title: "Photo", slug: "photo", image: linkTo("Asset", "img-1") },
    });
    expect(
      (await entriesLinkingTo(database.db, { linkType: "Entry", id: "faq-1" })).map(
        (row) => row.id,
      ),
    ).toEqual(["cat-1"]);
    expect(
      (await entriesLinkingTo(database.db, { linkType: "Asset", id: "img-1" })).map(
        (row) => row.id,
      ),
    ).toEqual(["cms-img"]);
    expect(await entriesLinkingTo(database.db, { linkType: "Entry", id: "cat-1" })).toEqual([]);
  });
});

describe("validation before a publish", () => {
  it("tells a screen each field's errors, a slug taken by a draft included", async () => {
    const result = await validateEntry(
      database.db,
      {
        contentType: "cms",
        fields: { title: "", slug: "allergenes", image: linkTo("Asset", "nope") },
      },
      "draft",
    );
    expect(result.errors.map((error) => [error.name, error.path[1]])).toEqual([
      ["required", "title"],
      ["unique", "slug"],
    ]);
    expect(result.unresolved.map((error) => [error.name, error.path[1]])).toEqual([
      ["notResolvable", "image"],
    ]);
    // At publish, only other published entries hold a slug: cms-2 is a draft.
    const publish = await validateEntry(database.db, {
      contentType: "cms",
      fields: { title: "Allergènes bis", slug: "allergenes" },
    });
    expect(publish.errors).toEqual([]);

    const refused = await refusal(
      publishEntry(alice, { id: "cat-1", version: 1 }).then(() =>
        updateEntry(alice, { id: "cat-1", version: 2, fields: { slug: "Pas un slug" } }).then(
          (row) => publishEntry(alice, { id: "cat-1", version: row.revision }),
        ),
      ),
    );
    expect(Object.keys(errorsByField(refused))).toEqual(["title", "slug"]);
  });
});
