import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "#db/client.ts";
import { createTestDatabase } from "#db/testing/index.ts";
import { entityStatus } from "#platform/content/editing/render.ts";
import { validateEntry } from "#platform/content/editing/validation.ts";
import { contentAsset, contentEntry } from "#platform/content/schema.ts";

/**
 * The demo content is published, as shoppers see it, and every entry of it passes the model's
 * rules: an editor can change any of them and publish it again.
 */

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase({ seeded: true });
});
afterAll(() => database?.close());

describe("the demo content", () => {
  it("is all published, its published copy its draft", async () => {
    const entries = await database.db.select().from(contentEntry);
    const assets = await database.db.select().from(contentAsset);
    expect(entries.length).toBeGreaterThan(100);
    for (const row of [...entries, ...assets]) expect(entityStatus(row)).toBe("published");
    for (const row of entries) expect(row.publishedFields).toEqual(row.fields);
    for (const row of assets) {
      expect(row.publishedFields).toEqual({
        title: row.title,
        description: row.description,
        file: row.file,
      });
    }
  });

  it("passes every rule of the model, so that each entry can be published again", async () => {
    const entries = await database.db.select().from(contentEntry);
    const refused: unknown[] = [];
    for (const row of entries) {
      const { errors, unresolved } = await validateEntry(database.db, row);
      if (errors.length > 0 || unresolved.length > 0)
        refused.push({ id: row.id, errors, unresolved });
    }
    expect(refused).toEqual([]);
  }, 120_000);
});
