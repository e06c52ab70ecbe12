import { and, eq, sql } from "drizzle-orm";
import type { Db, Tx } from "#db/client.ts";
import { findContentType } from "#platform/content/content-types.ts";
import { sameValue } from "#platform/content/editing/compare.ts";
import {
  actor,
  archiveColumns,
  clock,
  type EditContext,
  lifecycle,
  newRowId,
  publishColumns,
  refuseArchived,
  refusePublished,
  unarchiveColumns,
  unpublishColumns,
} from "#platform/content/editing/lifecycle.ts";
import type { EntryRow } from "#platform/content/editing/render.ts";
import { assertPublishable, readEntryFields } from "#platform/content/editing/validation.ts";
import { notFound, versionMismatch } from "#platform/content/errors.ts";
import { newContentId } from "#platform/content/ids.ts";
import {
  contentEntry,
  contentEntryHistory,
  contentScheduledAction,
  contentSnapshot,
} from "#platform/content/schema.ts";

/**
 * What editors do to an entry, with Contentful's rules (decision 027). The draft and the
 * published copy are apart: a save changes the draft only; a publish copies it to what shoppers
 * see and keeps a snapshot; an unpublish takes it away; a published entry must be unpublished
 * before it is archived or deleted; an archived one can be neither edited nor published.
 *
 * Every change but the first is conditional on the version the editor holds: the row is locked,
 * its version compared, and a stale one refused with `VersionMismatch` (409), so two editors of
 * one version cannot both succeed. (Unpublish alone may go without a version, as Contentful's.)
 */

export type { EditContext };

type EntryValues = Partial<typeof contentEntry.$inferInsert>;

const { withRow: withEntry, save } = lifecycle<EntryRow, EntryValues>({
  kind: "Entry",
  lock: async (tx, id) => {
    const [row] = await tx.select().from(contentEntry).where(eq(contentEntry.id, id)).for("update");
    return row;
  },
  update: async (tx, id, values) => {
    const [row] = await tx
      .update(contentEntry)
      .set({ ...values, revision: sql`${contentEntry.revision} + 1` })
      .where(eq(contentEntry.id, id))
      .returning();
    return row;
  },
});

/** The entry as editors see it (draft fields, every state), or null. */
export async function findEntry(db: Db | Tx, id: string): Promise<EntryRow | null> {
  const [row] = await db.select().from(contentEntry).where(eq(contentEntry.id, id));
  return row ?? null;
}

/**
 * Creates a draft (version 1). Fields may be plain or keyed by locale; unknown fields and
 * ill-typed values are refused (`ValidationFailed`); an id already taken is a `VersionMismatch`,
 * as Contentful answers a create on an existing id.
 */
export async function createEntry(
  ctx: EditContext,
  input: { id?: string; contentType: string; fields: Record<string, unknown> },
): Promise<EntryRow> {
  const fields = readEntryFields(input.contentType, input.fields, "fr");
  const id = newRowId(input.id);
  const now = clock(ctx);
  const [row] = await ctx.db
    .insert(contentEntry)
    .values({
      id,
      contentType: input.contentType,
      fields,
      locale: "fr",
      createdAt: now,
      updatedAt: now,
      createdBy: actor(ctx),
      updatedBy: actor(ctx),
    })
    .onConflictDoNothing()
    .returning();
  if (!row) throw versionMismatch();
  return row;
}

/**
 * Saves the draft: the fields replace the current ones (Contentful's PUT), the published copy
 * is left as it is. The fields replaced are kept (`changesSince`).
 */
export async function updateEntry(
  ctx: EditContext,
  input: { id: string; version: number; fields: Record<string, unknown> },
): Promise<EntryRow> {
  let fields: Record<string, unknown> = {};
  return withEntry(
    ctx,
    input.id,
    input.version,
    async (tx, row) => {
      refuseArchived("Entry", row, "edit");
      return writeDraft(tx, ctx, row, fields);
    },
    (row) => {
      fields = readEntryFields(row.contentType, input.fields, row.locale);
    },
  );
}

async function writeDraft(
  tx: Tx,
  ctx: EditContext,
  row: EntryRow,
  fields: Record<string, unknown>,
): Promise<EntryRow> {
  const now = clock(ctx);
  await keepReplacedDraft(tx, row, fields, now, actor(ctx));
  return save(tx, row.id, { fields, updatedAt: now, updatedBy: actor(ctx) });
}

/** Keeps the draft `fields` replace, for `changesSince` (nothing when they are the same). */
export async function keepReplacedDraft(
  tx: Db | Tx,
  row: EntryRow,
  fields: Record<string, unknown>,
  now: Date,
  by: string | null,
): Promise<void> {
  if (sameValue(row.fields, fields)) return;
  await tx
    .insert(contentEntryHistory)
    .values({
      entryId: row.id,
      untilVersion: row.revision,
      fields: row.fields,
      replacedAt: now,
      replacedBy: by,
    })
    .onConflictDoNothing();
}

/** The snapshot of a publish: the fields published at `version`. */
export async function storeSnapshot(
  tx: Db | Tx,
  snapshot: {
    entryId: string;
    version: number;
    contentType: string;
    locale: string;
    fields: Record<string, unknown>;
    createdAt: Date;
    createdBy: string | null;
  },
): Promise<void> {
  await tx
    .insert(contentSnapshot)
    .values({ id: newContentId(), ...snapshot })
    .onConflictDoNothing();
}

/**
 * Publishes the draft at `version` (the current one when left out, as a scheduled publish
 * does): checked against the model first (`ValidationFailed`, then `UnresolvedLinks`), then
 * copied to what shoppers see, with a snapshot of it.
 */
export async function publishEntry(
  ctx: EditContext,
  input: { id: string; version?: number },
): Promise<EntryRow> {
  return withEntry(ctx, input.id, input.version, async (tx, row) => {
    refuseArchived("Entry", row, "publish");
    await assertPublishable(tx, {
      id: row.id,
      contentType: row.contentType,
      fields: row.fields,
      locale: row.locale,
    });
    const now = clock(ctx);
    await keepPublishedSnapshot(tx, row);
    await storeSnapshot(tx, {
      entryId: row.id,
      version: row.revision,
      contentType: row.contentType,
      locale: row.locale,
      fields: row.fields,
      createdAt: now,
      createdBy: actor(ctx),
    });
    return save(tx, row.id, publishColumns(ctx, row, row.fields, now));
  });
}

/**
 * The published copy as a snapshot, if none holds it yet: content published before snapshots
 * existed (the demo seed, the migration) keeps its published version in the history once it
 * is replaced or taken down.
 */
export async function keepPublishedSnapshot(tx: Db | Tx, row: EntryRow): Promise<void> {
  if (row.publishedFields === null || row.publishedVersion === null) return;
  await storeSnapshot(tx, {
    entryId: row.id,
    version: row.publishedVersion,
    contentType: row.contentType,
    locale: row.locale,
    fields: row.publishedFields,
    createdAt: row.publishedAt ?? row.updatedAt,
    createdBy: row.publishedBy,
  });
}

/** Takes the entry away from shoppers; its draft stays. */
export async function unpublishEntry(
  ctx: EditContext,
  input: { id: string; version?: number },
): Promise<EntryRow> {
  return withEntry(ctx, input.id, input.version, async (tx, row) => {
    const columns = unpublishColumns(ctx, "Entry", row);
    await keepPublishedSnapshot(tx, row);
    return save(tx, row.id, columns);
  });
}

/** Archives an entry that is not published: it can then be neither edited nor published. */
export async function archiveEntry(
  ctx: EditContext,
  input: { id: string; version: number },
): Promise<EntryRow> {
  return withEntry(ctx, input.id, input.version, (tx, row) =>
    save(tx, row.id, archiveColumns(ctx, "Entry", row)),
  );
}

export async function unarchiveEntry(
  ctx: EditContext,
  input: { id: string; version: number },
): Promise<EntryRow> {
  return withEntry(ctx, input.id, input.version, (tx, row) =>
    save(tx, row.id, unarchiveColumns(ctx, "Entry", row)),
  );
}

/**
 * Deletes an entry that is not published, with its snapshots and history; its scheduled
 * actions still to run are canceled.
 */
export async function deleteEntry(
  ctx: EditContext,
  input: { id: string; version: number },
): Promise<EntryRow> {
  return withEntry(ctx, input.id, input.version, async (tx, row) => {
    refusePublished("Entry", row, "delete");
    const now = clock(ctx);
    await tx
      .update(contentScheduledAction)
      .set({
        status: "canceled",
        canceledAt: now,
        canceledBy: actor(ctx),
        updatedAt: now,
        version: sql`${contentScheduledAction.version} + 1`,
      })
      .where(
        and(
          eq(contentScheduledAction.entityId, row.id),
          eq(contentScheduledAction.status, "scheduled"),
        ),
      );
    await tx.delete(contentEntry).where(eq(contentEntry.id, row.id));
    return row;
  });
}

/**
 * Writes a snapshot's fields as the draft (a new version, conditional on `version`); the editor
 * publishes it when ready. Fields the model no longer has are left out.
 */
export async function restoreSnapshot(
  ctx: EditContext,
  input: { id: string; snapshotId: string; version: number },
): Promise<EntryRow> {
  return withEntry(ctx, input.id, input.version, async (tx, row) => {
    refuseArchived("Entry", row, "edit");
    const [snapshot] = await tx
      .select()
      .from(contentSnapshot)
      .where(and(eq(contentSnapshot.id, input.snapshotId), eq(contentSnapshot.entryId, row.id)));
    if (!snapshot) throw notFound("Snapshot", input.snapshotId);
    const known = findContentType(row.contentType);
    const fields = Object.fromEntries(
      Object.entries(snapshot.fields).filter(([name]) =>
        known ? known.fields.some((field) => field.id === name) : true,
      ),
    );
    return writeDraft(tx, ctx, row, fields);
  });
}
