import type { ContentScope } from "#platform/content/api-base.ts";
import type { contentAsset, contentEntry, contentSnapshot } from "#platform/content/schema.ts";

/**
 * Entries, assets and snapshots as Contentful's Management API shows them: fields keyed by
 * locale, and the `sys` that says where each stands (`version`, `publishedVersion`,
 * `archivedVersion`, who and when).
 */

export type EntryRow = typeof contentEntry.$inferSelect;
export type AssetRow = typeof contentAsset.$inferSelect;
export type SnapshotRow = typeof contentSnapshot.$inferSelect;

/**
 * Where an entry or asset stands, derived from its versions as Contentful's web app does:
 * - `draft`: never published, or unpublished;
 * - `published`: published, and unchanged since (version = publishedVersion + 1);
 * - `changed`: published, with a draft saved since;
 * - `archived`: archived (neither shown nor editable until unarchived).
 */
export type EntityStatus = "draft" | "published" | "changed" | "archived";

export function entityStatus(row: {
  revision: number;
  publishedVersion: number | null;
  archivedVersion: number | null;
}): EntityStatus {
  if (row.archivedVersion !== null) return "archived";
  if (row.publishedVersion === null) return "draft";
  return row.revision > row.publishedVersion + 1 ? "changed" : "published";
}

/** The management API's user: writes made with the management token are its. */
export const MANAGEMENT_API_USER = "management-api";

const link = (linkType: string, id: string) => ({ sys: { type: "Link" as const, linkType, id } });
const userLink = (id: string | null) => (id === null ? undefined : link("User", id));

function present<T extends Record<string, unknown>>(object: T): Partial<T> {
  return Object.fromEntries(
    Object.entries(object).filter(([, value]) => value !== undefined),
  ) as Partial<T>;
}

export const localised = (fields: Record<string, unknown>, locale: string) =>
  Object.fromEntries(Object.entries(fields).map(([name, value]) => [name, { [locale]: value }]));

function commonSys(row: EntryRow | AssetRow, scope: ContentScope) {
  const status = entityStatus(row);
  return present({
    id: row.id,
    space: link("Space", scope.space),
    environment: link("Environment", scope.environment),
    version: row.revision,
    createdAt: row.createdAt.toISOString(),
    createdBy: userLink(row.createdBy),
    updatedAt: row.updatedAt.toISOString(),
    updatedBy: userLink(row.updatedBy),
    publishedCounter: row.publishedCounter,
    publishedVersion: row.publishedVersion ?? undefined,
    publishedAt: row.publishedAt?.toISOString(),
    publishedBy: row.publishedVersion === null ? undefined : userLink(row.publishedBy),
    firstPublishedAt: row.firstPublishedAt?.toISOString(),
    archivedVersion: row.archivedVersion ?? undefined,
    archivedAt: row.archivedAt?.toISOString(),
    archivedBy: row.archivedVersion === null ? undefined : userLink(row.archivedBy),
    // Contentful's per-locale status ("*" = every field): draft, changed or published.
    fieldStatus: {
      "*": { [row.locale]: status === "archived" ? "draft" : status },
    },
  });
}

export type ManagementEntry = ReturnType<typeof renderManagementEntry>;

/** An entry as the Management API shows it: its current (draft) fields keyed by locale. */
export function renderManagementEntry(row: EntryRow, scope: ContentScope) {
  return {
    metadata: { tags: [] as string[] },
    sys: {
      type: "Entry" as const,
      ...commonSys(row, scope),
      contentType: link("ContentType", row.contentType),
    },
    fields: localised(row.fields, row.locale),
  };
}

export type ManagementAsset = ReturnType<typeof renderManagementAsset>;

export function renderManagementAsset(row: AssetRow, scope: ContentScope) {
  const fields: Record<string, unknown> = { title: row.title, file: row.file };
  if (row.description !== "") fields.description = row.description;
  return {
    metadata: { tags: [] as string[] },
    sys: { type: "Asset" as const, ...commonSys(row, scope) },
    fields: localised(fields, row.locale),
  };
}

export type ManagementSnapshot = ReturnType<typeof renderSnapshot>;

/**
 * A snapshot as Contentful shows it: its own `sys` (`snapshotType: "publish"`), and the entry as
 * that publish left it (`snapshot.sys.version` is the published version).
 */
export function renderSnapshot(snapshot: SnapshotRow, entry: EntryRow, scope: ContentScope) {
  const createdAt = snapshot.createdAt.toISOString();
  return {
    sys: present({
      type: "Snapshot" as const,
      id: snapshot.id,
      snapshotType: "publish" as const,
      snapshotEntityType: "Entry" as const,
      space: link("Space", scope.space),
      environment: link("Environment", scope.environment),
      createdAt,
      createdBy: userLink(snapshot.createdBy),
      updatedAt: createdAt,
      updatedBy: userLink(snapshot.createdBy),
    }),
    snapshot: {
      metadata: { tags: [] as string[] },
      sys: present({
        type: "Entry" as const,
        id: entry.id,
        space: link("Space", scope.space),
        environment: link("Environment", scope.environment),
        contentType: link("ContentType", snapshot.contentType),
        version: snapshot.version,
        createdAt: entry.createdAt.toISOString(),
        updatedAt: createdAt,
        publishedVersion: snapshot.version,
        publishedAt: createdAt,
        publishedBy: userLink(snapshot.createdBy),
      }),
      fields: localised(snapshot.fields, snapshot.locale),
    },
  };
}
