import {
  and,
  asc,
  count,
  desc,
  eq,
  inArray,
  isNotNull,
  isNull,
  or,
  type SQL,
  sql,
} from "drizzle-orm";
import type { Db, Tx } from "#db/client.ts";
import { findContentType } from "#platform/content/content-types.ts";
import type { AssetRow, EntityStatus, EntryRow } from "#platform/content/editing/render.ts";
import { linksTo } from "#platform/content/query.ts";
import { contentAsset, contentEntry } from "#platform/content/schema.ts";
import { contentTypeKey, entryKey } from "#platform/surrogate-keys.ts";

/**
 * The editors' lists: entries by type with search, status, last editor and sorting; assets;
 * and which entries link to one ("used on"), before it is archived or deleted.
 */

export const EDITOR_LIST_LIMIT = 1000;

export type EntryListOptions = {
  /** One type or several (a link's allowed types, in the editor's picker). */
  contentType?: string | readonly string[];
  /** One status or several (`entityStatus`). */
  status?: EntityStatus | readonly EntityStatus[];
  /** Case-insensitive "contains" over every field of the draft. */
  search?: string;
  /** Who saved it last (`updatedBy`). */
  updatedBy?: string;
  /** `title` is the type's display field (title or name); `-` for descending. */
  order?: "updatedAt" | "-updatedAt" | "createdAt" | "-createdAt" | "title" | "-title";
  skip?: number;
  limit?: number;
};

export type Page<T> = { total: number; skip: number; limit: number; items: T[] };

type Columns = {
  revision: typeof contentEntry.revision | typeof contentAsset.revision;
  publishedVersion: typeof contentEntry.publishedVersion | typeof contentAsset.publishedVersion;
  archivedVersion: typeof contentEntry.archivedVersion | typeof contentAsset.archivedVersion;
};

function statusCondition(columns: Columns, status: EntityStatus): SQL {
  const { revision, publishedVersion, archivedVersion } = columns;
  switch (status) {
    case "archived":
      return isNotNull(archivedVersion);
    case "draft":
      return and(isNull(archivedVersion), isNull(publishedVersion)) as SQL;
    case "published":
      return and(isNotNull(publishedVersion), sql`${revision} = ${publishedVersion} + 1`) as SQL;
    case "changed":
      return and(isNotNull(publishedVersion), sql`${revision} > ${publishedVersion} + 1`) as SQL;
  }
}

function statusesCondition(columns: Columns, status: EntryListOptions["status"]) {
  if (status === undefined) return undefined;
  const list = typeof status === "string" ? [status] : status;
  return or(...list.map((one) => statusCondition(columns, one)));
}

/** Case-insensitive "contains", LIKE's wildcards in the term taken literally. */
const contains = (text: SQL, term: string) =>
  sql`${text} ilike ${`%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`}`;

const paging = (options: { skip?: number; limit?: number }) => ({
  skip: Math.max(0, options.skip ?? 0),
  limit: Math.min(Math.max(1, options.limit ?? 100), EDITOR_LIST_LIMIT),
});

/** Entries as editors browse them (drafts, every state), one page. */
export async function listEntriesForEditing(
  db: Db | Tx,
  options: EntryListOptions = {},
): Promise<Page<EntryRow>> {
  const { skip, limit } = paging(options);
  const where = and(
    options.contentType === undefined
      ? undefined
      : typeof options.contentType === "string"
        ? eq(contentEntry.contentType, options.contentType)
        : inArray(contentEntry.contentType, [...options.contentType]),
    statusesCondition(contentEntry, options.status),
    options.search ? contains(sql`${contentEntry.fields}::text`, options.search) : undefined,
    options.updatedBy === undefined ? undefined : eq(contentEntry.updatedBy, options.updatedBy),
  );
  const order = options.order ?? "-updatedAt";
  const descending = order.startsWith("-");
  const key = order.replace(/^-/, "");
  const displayField =
    typeof options.contentType === "string"
      ? findContentType(options.contentType)?.displayField
      : undefined;
  const expression =
    key === "title"
      ? displayField
        ? sql`lower(${contentEntry.fields} ->> ${displayField})`
        : sql`lower(coalesce(${contentEntry.fields} ->> 'title', ${contentEntry.fields} ->> 'name'))`
      : key === "createdAt"
        ? contentEntry.createdAt
        : contentEntry.updatedAt;
  const [items, [total]] = await Promise.all([
    db
      .select()
      .from(contentEntry)
      .where(where)
      .orderBy(descending ? desc(expression) : asc(expression), asc(contentEntry.id))
      .limit(limit)
      .offset(skip),
    db.select({ value: count() }).from(contentEntry).where(where),
  ]);
  return { total: total?.value ?? 0, skip, limit, items };
}

export type AssetListOptions = {
  status?: EntityStatus | readonly EntityStatus[];
  /** Case-insensitive "contains" over the title, description and file name. */
  search?: string;
  /** Images only (`image/*`), for an image picker. */
  imagesOnly?: boolean;
  skip?: number;
  limit?: number;
};

/** Assets, newest change first, one page (the grid). */
export async function listAssetsForEditing(
  db: Db | Tx,
  options: AssetListOptions = {},
): Promise<Page<AssetRow>> {
  const { skip, limit } = paging(options);
  const where = and(
    statusesCondition(contentAsset, options.status),
    options.search
      ? contains(
          sql`concat_ws(' ', ${contentAsset.title}, ${contentAsset.description}, ${contentAsset.file} ->> 'fileName')`,
          options.search,
        )
      : undefined,
    options.imagesOnly ? sql`${contentAsset.file} ->> 'contentType' like 'image/%'` : undefined,
  );
  const [items, [total]] = await Promise.all([
    db
      .select()
      .from(contentAsset)
      .where(where)
      .orderBy(desc(contentAsset.updatedAt), asc(contentAsset.id))
      .limit(limit)
      .offset(skip),
    db.select({ value: count() }).from(contentAsset).where(where),
  ]);
  return { total: total?.value ?? 0, skip, limit, items };
}

/**
 * The entries that link to this entry or asset ("used on"), in their draft or their published
 * copy, archived ones included; oldest first.
 */
export async function entriesLinkingTo(
  db: Db | Tx,
  target: { linkType: "Entry" | "Asset"; id: string },
  options: { limit?: number } = {},
): Promise<EntryRow[]> {
  return db
    .select()
    .from(contentEntry)
    .where(
      or(
        linksTo(contentEntry.fields, target.linkType, target.id),
        linksTo(contentEntry.publishedFields, target.linkType, target.id),
      ),
    )
    .orderBy(asc(contentEntry.createdAt), asc(contentEntry.id))
    .limit(Math.min(options.limit ?? 100, EDITOR_LIST_LIMIT));
}

/**
 * The published entries that show this entry or asset through their links, up to `depth` links
 * away (the storefront reads with include depth 5): whatever page shows one of them shows the
 * target, so a publish of the target purges their pages too (issue 51). One query a level.
 */
export async function publishedAncestors(
  db: Db | Tx,
  target: { linkType: "Entry" | "Asset"; id: string },
  depth = 5,
): Promise<string[]> {
  const found = new Set<string>();
  let frontier = [target.id];
  const linkType = target.linkType;
  for (let level = 0; level < depth && frontier.length > 0; level++) {
    const type = level === 0 ? linkType : "Entry";
    const rows = await db.execute(sql`
      select distinct e.id from ${contentEntry} e,
        lateral jsonb_path_query(e.published_fields,
          ${`$.** ? (@.sys.type == "Link" && @.sys.linkType == "${type}").sys.id`}::jsonpath) as link(id)
      where e.published_fields is not null and link.id #>> '{}' in ${frontier}`);
    frontier = [];
    for (const { id } of (rows as unknown as { rows: { id: string }[] }).rows) {
      if (found.has(id) || id === target.id) continue;
      found.add(id);
      frontier.push(id);
    }
  }
  return [...found];
}

/**
 * The surrogate keys of the pages a publish or an unpublish changes: those that asked for the
 * entry, those that list its type (a new blog post joins the blog), and those that asked for an
 * entry showing it (a FAQ question shows on its category, a category's push in the menu on every
 * page). A media has no page of its own: only the entries that show it count.
 */
export async function pageKeysOfChange(
  db: Db | Tx,
  change: { kind: "Entry" | "Asset"; id: string; contentType?: string },
): Promise<string[]> {
  const ancestors = await publishedAncestors(db, { linkType: change.kind, id: change.id });
  return [
    ...(change.kind === "Entry" ? [entryKey(change.id)] : []),
    ...(change.kind === "Entry" && change.contentType ? [contentTypeKey(change.contentType)] : []),
    ...ancestors.map(entryKey),
  ];
}

/** The distinct last editors (`updatedBy`), for the list's filter. */
export async function entryEditors(db: Db | Tx): Promise<string[]> {
  const rows = await db
    .selectDistinct({ by: contentEntry.updatedBy })
    .from(contentEntry)
    .where(isNotNull(contentEntry.updatedBy))
    .orderBy(asc(contentEntry.updatedBy));
  return rows.flatMap((row) => (row.by === null ? [] : [row.by]));
}

/** Entries by id (drafts), for a link picker's chosen items; in the order asked. */
export async function entriesByIds(db: Db | Tx, ids: readonly string[]): Promise<EntryRow[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select()
    .from(contentEntry)
    .where(inArray(contentEntry.id, [...new Set(ids)]));
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/** Assets by id (drafts), for the media an entry links to; in the order asked. */
export async function assetsByIds(db: Db | Tx, ids: readonly string[]): Promise<AssetRow[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select()
    .from(contentAsset)
    .where(inArray(contentAsset.id, [...new Set(ids)]));
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/**
 * The names of the assets whose file, in the draft or in the published copy, is at one of these
 * URLs (`/cdn/images/content/…`), by URL: each one's title, else its file's name. For the image
 * library, which lists the files and refuses to delete one that a media still shows (archived
 * media included: an archive is undone).
 */
export async function assetNamesByFileUrl(
  db: Db | Tx,
  urls: readonly string[],
): Promise<Map<string, string[]>> {
  const wanted = new Set(urls);
  const names = new Map<string, string[]>();
  if (wanted.size === 0) return names;
  const draftUrl = sql<string>`${contentAsset.file}->>'url'`;
  const publishedUrl = sql<string>`${contentAsset.publishedFields}->'file'->>'url'`;
  const rows = await db
    .select({
      id: contentAsset.id,
      title: contentAsset.title,
      file: contentAsset.file,
      publishedFields: contentAsset.publishedFields,
    })
    .from(contentAsset)
    .where(or(inArray(draftUrl, [...wanted]), inArray(publishedUrl, [...wanted])))
    .orderBy(asc(contentAsset.createdAt), asc(contentAsset.id));
  for (const row of rows) {
    const name = row.title.trim() || row.file.fileName || row.id;
    for (const url of new Set([row.file.url, row.publishedFields?.file.url])) {
      if (url !== undefined && wanted.has(url)) names.set(url, [...(names.get(url) ?? []), name]);
    }
  }
  return names;
}
