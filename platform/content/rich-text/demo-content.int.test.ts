import { isDeepStrictEqual } from "node:util";
import { getSchema } from "@tiptap/core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { richTextExtensions } from "#app/components/admin/rich-text-editor/schema.ts";
import type { Database } from "#db/client.ts";
import { createTestDatabase } from "#db/testing/index.ts";
import { CONTENT_TYPES } from "#platform/content/content-types.ts";
import { contentEntry } from "#platform/content/tables.ts";
import { toRichTextDocument } from "./to-contentful.ts";
import { toEditorDocument } from "./to-editor.ts";

type Field = { entry: string; field: string; document: unknown };

let database: Database;
let fields: Field[];

beforeAll(async () => {
  database = await createTestDatabase({ seeded: true });
  const richTextFields = new Map(
    CONTENT_TYPES.map((type) => [
      type.id,
      type.fields.filter((field) => field.type === "RichText").map((field) => field.id),
    ]),
  );
  const entries = await database.db.select().from(contentEntry);
  fields = entries.flatMap((entry) =>
    (richTextFields.get(entry.contentType) ?? [])
      .filter((field) => entry.fields[field] !== undefined)
      .map((field) => ({
        entry: `${entry.contentType} ${entry.id}`,
        field,
        document: entry.fields[field],
      })),
  );
});
afterAll(() => database?.close());

describe("a rich-text round trip over the demo content", () => {
  it("reaches every rich-text field of the content model", () => {
    const reached = new Set(fields.map(({ entry, field }) => `${entry.split(" ")[0]}.${field}`));
    const declared = CONTENT_TYPES.flatMap((type) =>
      type.fields.filter((field) => field.type === "RichText").map((f) => `${type.id}.${f.id}`),
    );
    expect([...reached].sort()).toEqual(declared.sort());
  });

  it("gives every document back identical, through the editor's schema", () => {
    const schema = getSchema(richTextExtensions());
    const changed = fields.filter(({ document }) => {
      const node = schema.nodeFromJSON(toEditorDocument(document));
      node.check();
      // Deep equality, not equal JSON text: the database's jsonb keeps no key order.
      return !isDeepStrictEqual(toRichTextDocument(node.toJSON()), document);
    });
    expect(changed.map(({ entry, field }) => `${entry} ${field}`)).toEqual([]);
    expect(fields.length).toBeGreaterThan(30);
  });
});
