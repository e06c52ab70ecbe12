import { and, asc, count, desc, eq, gte } from "drizzle-orm";
import type { Db, Tx } from "#db/client.ts";
import { compareFields, type FieldChange } from "#platform/content/editing/compare.ts";
import type { EntryRow, SnapshotRow } from "#platform/content/editing/render.ts";
import { notFound } from "#platform/content/errors.ts";
import { contentEntry, contentEntryHistory, contentSnapshot } from "#platform/content/schema.ts";

/**
 * An entry's past: the snapshots its publishes left (the version history, newest first), and
 * the drafts its saves replaced (for "what changed meanwhile"). Restoring is `restoreSnapshot`
 * in `entries.ts`.
 */

async function entryOrThrow(db: Db | Tx, id: string): Promise<EntryRow> {
  const [row] = await db.select().from(contentEntry).where(eq(contentEntry.id, id));
  if (!row) throw notFound("Entry", id);
  return row;
}

export type SnapshotPage = { total: number; skip: number; limit: number; items: SnapshotRow[] };

/** Contentful's `GET …/entries/:id/snapshots`: the entry's snapshots, newest first. */
export async function listSnapshots(
  db: Db | Tx,
  entryId: string,
  options: { skip?: number; limit?: number } = {},
): Promise<SnapshotPage> {
  await entryOrThrow(db, entryId);
  const skip = options.skip ?? 0;
  const limit = Math.min(options.limit ?? 100, 1000);
  const where = eq(contentSnapshot.entryId, entryId);
  const [items, [total]] = await Promise.all([
    db
      .select()
      .from(contentSnapshot)
      .where(where)
      .orderBy(desc(contentSnapshot.version))
      .limit(limit)
      .offset(skip),
    db.select({ value: count() }).from(contentSnapshot).where(where),
  ]);
  return { total: total?.value ?? 0, skip, limit, items };
}

/** One snapshot of the entry; `NotFound` for another entry's or none. */
export async function getSnapshot(
  db: Db | Tx,
  entryId: string,
  snapshotId: string,
): Promise<SnapshotRow> {
  const [snapshot] = await db
    .select()
    .from(contentSnapshot)
    .where(and(eq(contentSnapshot.entryId, entryId), eq(contentSnapshot.id, snapshotId)));
  if (!snapshot) throw notFound("Snapshot", snapshotId);
  return snapshot;
}

export type SnapshotComparison = {
  snapshot: SnapshotRow;
  entry: EntryRow;
  /** From the snapshot (before) to the current draft (after), every field of the model. */
  changes: FieldChange[];
};

/** A snapshot beside the current draft, field by field: what restoring it would change. */
export async function compareSnapshot(
  db: Db | Tx,
  entryId: string,
  snapshotId: string,
): Promise<SnapshotComparison> {
  const [entry, snapshot] = await Promise.all([
    entryOrThrow(db, entryId),
    getSnapshot(db, entryId, snapshotId),
  ]);
  return {
    snapshot,
    entry,
    changes: compareFields(entry.contentType, snapshot.fields, entry.fields),
  };
}

/**
 * The entry's fields as they were at `version` (any version up to the current one): the draft a
 * save replaced after it, else the current fields. Null for a version the entry never had.
 */
export async function fieldsAtVersion(
  db: Db | Tx,
  entryId: string,
  version: number,
): Promise<Record<string, unknown> | null> {
  const entry = await entryOrThrow(db, entryId);
  if (!Number.isInteger(version) || version < 1 || version > entry.revision) return null;
  const [earlier] = await db
    .select({ fields: contentEntryHistory.fields })
    .from(contentEntryHistory)
    .where(
      and(eq(contentEntryHistory.entryId, entryId), gte(contentEntryHistory.untilVersion, version)),
    )
    .orderBy(asc(contentEntryHistory.untilVersion))
    .limit(1);
  return earlier?.fields ?? entry.fields;
}

export type ChangesSince = {
  /** The entry now: its version, who saved it last and when. */
  entry: EntryRow;
  fromVersion: number;
  /** What changed from `fromVersion` to now, changed fields only; empty when nothing did. */
  changes: FieldChange[];
};

/**
 * What changed since the version an editor started from: what a second editor is shown when
 * the save answers `VersionMismatch`, before reloading or overwriting deliberately (a save with
 * the current version). `NotFound` for an entry deleted meanwhile.
 */
export async function changesSince(
  db: Db | Tx,
  entryId: string,
  fromVersion: number,
): Promise<ChangesSince> {
  const entry = await entryOrThrow(db, entryId);
  const before = await fieldsAtVersion(db, entryId, fromVersion);
  return {
    entry,
    fromVersion,
    changes: before
      ? compareFields(entry.contentType, before, entry.fields, { changedOnly: true })
      : compareFields(entry.contentType, {}, entry.fields, { changedOnly: true }),
  };
}
