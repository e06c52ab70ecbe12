import { randomBytes } from "node:crypto";
import { sql } from "drizzle-orm";
import type { Db, Tx } from "#db/client.ts";
import { findContentType } from "#platform/content/content-types.ts";
import { type ContentAssetFile, contentAsset, contentEntry } from "#platform/content/schema.ts";

export type PutEntryInput = {
  /** Contentful-style id; generated when omitted. */
  id?: string;
  contentType: string;
  fields: Record<string, unknown>;
  locale?: string;
  /** Published by default; `false` keeps the entry out of the delivery API. */
  publish?: boolean;
};

export type PutAssetInput = {
  id?: string;
  title?: string;
  description?: string;
  file: ContentAssetFile;
  locale?: string;
  publish?: boolean;
};

export type PutResult = { id: string; revision: number };

const ID_PATTERN = /^[A-Za-z0-9._-]{1,64}$/;
const ALPHABET = "0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ";

/** A 22-character base-62 id, like the ones Contentful generates. */
export function newContentId(): string {
  return Array.from(randomBytes(22), (byte) => ALPHABET[byte % ALPHABET.length]).join("");
}

function checkId(id: string): string {
  if (!ID_PATTERN.test(id)) throw new Error(`Invalid content id "${id}"`);
  return id;
}

/**
 * Creates or replaces an entry; a replacement keeps `createdAt` and adds one to `revision`.
 * Fields are checked against the content type: an unknown type or field id is refused.
 */
export async function putEntry(db: Db | Tx, input: PutEntryInput): Promise<PutResult> {
  const type = findContentType(input.contentType);
  if (!type) throw new Error(`Unknown content type "${input.contentType}"`);
  const known = new Set(type.fields.map((field) => field.id));
  const unknown = Object.keys(input.fields).filter((id) => !known.has(id));
  if (unknown.length > 0) {
    throw new Error(`Unknown field(s) for ${type.id}: ${unknown.join(", ")}`);
  }
  const id = checkId(input.id ?? newContentId());
  const publishedAt = input.publish === false ? null : sql`now()`;
  const [row] = await db
    .insert(contentEntry)
    .values({
      id,
      contentType: type.id,
      fields: input.fields,
      locale: input.locale ?? "fr",
      publishedAt,
    })
    .onConflictDoUpdate({
      target: contentEntry.id,
      set: {
        contentType: type.id,
        fields: input.fields,
        locale: input.locale ?? "fr",
        revision: sql`${contentEntry.revision} + 1`,
        updatedAt: sql`now()`,
        publishedAt,
      },
    })
    .returning({ id: contentEntry.id, revision: contentEntry.revision });
  if (!row) throw new Error(`Entry ${id} was not written`);
  return row;
}

/** Creates or replaces an asset; a replacement adds one to `revision`. */
export async function putAsset(db: Db | Tx, input: PutAssetInput): Promise<PutResult> {
  const id = checkId(input.id ?? newContentId());
  const publishedAt = input.publish === false ? null : sql`now()`;
  const values = {
    title: input.title ?? "",
    description: input.description ?? "",
    file: input.file,
    locale: input.locale ?? "fr",
    publishedAt,
  };
  const [row] = await db
    .insert(contentAsset)
    .values({ id, ...values })
    .onConflictDoUpdate({
      target: contentAsset.id,
      set: { ...values, revision: sql`${contentAsset.revision} + 1`, updatedAt: sql`now()` },
    })
    .returning({ id: contentAsset.id, revision: contentAsset.revision });
  if (!row) throw new Error(`Asset ${id} was not written`);
  return row;
}
