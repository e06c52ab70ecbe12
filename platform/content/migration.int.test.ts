import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "#db/client.ts";
import { createTestDatabase } from "#db/testing/index.ts";
import { findAsset } from "#platform/content/editing/assets.ts";
import { findEntry } from "#platform/content/editing/entries.ts";
import { entityStatus } from "#platform/content/editing/render.ts";
import { createContentApi } from "#platform/content/http.ts";
import { TEST_ACCESS_TOKEN } from "#platform/content/testing.ts";

/**
 * Migration 0040 (drafts): what was published before it stays published, with the fields it
 * showed, in Contentful's "published" state; a draft stays a draft. Rows are written as they
 * were before the migration, then its data statements run on them.
 */

let database: Database;

beforeAll(async () => {
  database = await createTestDatabase();
  await database.db.execute(sql`
    insert into content_entry (id, content_type, fields, revision, published_at) values
      ('cms-old', 'cms', '{"title":"Mentions légales","slug":"mentions-legales"}', 3, now()),
      ('cms-draft', 'cms', '{"title":"Brouillon","slug":"brouillon"}', 2, null)`);
  await database.db.execute(sql`
    insert into content_asset (id, title, description, file, revision, published_at) values
      ('img-old', 'Photo', '', '{"url":"//i.example/a.jpg","fileName":"a.jpg","contentType":"image/jpeg"}', 1, now())`);
  const migration = await readFile(
    join(import.meta.dirname, "../../db/migrations/0040_content_drafts.sql"),
    "utf8",
  );
  const updates = migration
    .split("--> statement-breakpoint")
    .map((statement) => statement.replace(/^\s*--.*$/gm, "").trim())
    .filter((statement) => statement.startsWith("UPDATE"));
  expect(updates).toHaveLength(2);
  for (const statement of updates) await database.db.execute(sql.raw(statement));
});
afterAll(() => database?.close());

describe("migration 0040", () => {
  it("keeps a published entry published with its fields", async () => {
    const entry = await findEntry(database.db, "cms-old");
    expect(entry).toMatchObject({
      revision: 4,
      publishedVersion: 3,
      publishedCounter: 1,
      publishedFields: { title: "Mentions légales", slug: "mentions-legales" },
    });
    expect(entry?.firstPublishedAt).toEqual(entry?.publishedAt);
    expect(entry && entityStatus(entry)).toBe("published");
    const delivery = createContentApi({ db: database.db, accessToken: TEST_ACCESS_TOKEN });
    const res = await delivery.request(
      "/content/spaces/comptoir/environments/master/entries?content_type=cms",
      { headers: { authorization: `Bearer ${TEST_ACCESS_TOKEN}` } },
    );
    const body = (await res.json()) as { items: { sys: { id: string }; fields: unknown }[] };
    expect(body.items.map((item) => [item.sys.id, item.fields])).toEqual([
      ["cms-old", { title: "Mentions légales", slug: "mentions-legales" }],
    ]);
  });

  it("leaves a draft a draft, and keeps a published asset published", async () => {
    const draft = await findEntry(database.db, "cms-draft");
    expect(draft).toMatchObject({ revision: 2, publishedVersion: null, publishedFields: null });
    expect(await findAsset(database.db, "img-old")).toMatchObject({
      revision: 2,
      publishedVersion: 1,
      publishedFields: {
        title: "Photo",
        description: "",
        file: { url: "//i.example/a.jpg", fileName: "a.jpg", contentType: "image/jpeg" },
      },
    });
  });
});
