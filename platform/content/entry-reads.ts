import { and, asc, inArray, sql } from "drizzle-orm";
import type { Db, Tx } from "#db/client.ts";
import { contentEntry } from "#platform/content/schema.ts";

/**
 * Bulk reads of entries by their `slug` field, for the back office's syncs: one query per
 * batch, plain rows out; what a record means to the sync is the back office's.
 */

export type SluggedEntry = {
  id: string;
  contentType: string;
  fields: Record<string, unknown>;
  published: boolean;
};

const slugOf = sql<string>`${contentEntry.fields}->>'slug'`;

/**
 * The entries of these content types whose `slug` is one of these, oldest first (a slug can
 * have several entries; the caller picks). Takes the caller's transaction when it has one.
 */
export async function entriesBySlug(
  db: Db | Tx,
  contentTypes: readonly string[],
  slugs: readonly string[],
): Promise<SluggedEntry[]> {
  const rows = await db
    .select({
      id: contentEntry.id,
      contentType: contentEntry.contentType,
      fields: contentEntry.fields,
      publishedAt: contentEntry.publishedAt,
    })
    .from(contentEntry)
    .where(and(inArray(contentEntry.contentType, [...contentTypes]), inArray(slugOf, [...slugs])))
    .orderBy(asc(contentEntry.createdAt), asc(contentEntry.id));
  return rows.map(({ publishedAt, ...row }) => ({ ...row, published: publishedAt !== null }));
}

/** The `slug` of every entry of these content types, in slug order (null when it has none). */
export async function entrySlugs(
  db: Db | Tx,
  contentTypes: readonly string[],
): Promise<(string | null)[]> {
  const rows = await db
    .select({ slug: slugOf })
    .from(contentEntry)
    .where(inArray(contentEntry.contentType, [...contentTypes]))
    .orderBy(asc(slugOf));
  return rows.map((row) => row.slug);
}

/** Published entries and drafts (never published or unpublished, not archived), for the back office's dashboard. */
export async function entryFigures(db: Db | Tx): Promise<{ published: number; drafts: number }> {
  const [row] = await db
    .select({
      published: sql<number>`(count(*) filter (where ${contentEntry.publishedAt} is not null))::int`,
      drafts: sql<number>`(count(*) filter (where ${contentEntry.publishedAt} is null and ${contentEntry.archivedVersion} is null))::int`,
    })
    .from(contentEntry);
  return { published: Number(row?.published ?? 0), drafts: Number(row?.drafts ?? 0) };
}
