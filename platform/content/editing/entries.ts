import { and, eq, sql } from "drizzle-orm";
import type { Db, Tx } from "#db/client.ts";
import { findContentType } from "#platform/content/content-types.ts";
import { sameValue } from "#platform/content/editing/compare.ts";
import type { EntryRow } from "#platform/content/editing/render.ts";
import { assertPublishable, readEntryFields } from "#platform/content/editing/validation.ts";
import {
  badRequest,
  notFound,
  validationFailed,
  versionMismatch,
} from "#platform/content/errors.ts";
import { isContentId, newContentId } from "#platform/content/ids.ts";
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

export type EditContext = {
  db: Db | Tx;
  /** Who makes the change: a staff member's id or e-mail, shown as `updatedBy`, `publishedBy`… */
  by?: string | null;
  /** The clock (now by default): tests and the scheduled job pass theirs. */
  now?: Date;
};

const clock = (ctx: EditContext) => ctx.now ?? new Date();
const actor = (ctx: EditContext) => ctx.by ?? null;

/**
 * Runs `work` on the locked entry once its version is known to be `version` (when given);
 * `check` refuses a request that could never succeed (ill-typed fields) before the version is.
 */
async function withEntry<T>(
  ctx: EditContext,
  id: string,
  version: number | undefined,
  work: (tx: Tx, row: EntryRow) => Promise<T>,
  check?: (row: EntryRow) => void,
): Promise<T> {
  return ctx.db.transaction(async (tx) => {
    const [row] = await tx.select().from(contentEntry).where(eq(contentEntry.id, id)).for("update");
    if (!row) throw notFound("Entry", id);
    check?.(row);
    if (version !== undefined && row.revision !== version) throw versionMismatch();
    return work(tx, row);
  });
}

async function save(tx: Tx, id: string, values: Partial<typeof contentEntry.$inferInsert>) {
  const [row] = await tx
    .update(contentEntry)
    .set({ ...values, revision: sql`${contentEntry.revision} + 1` })
    .where(eq(contentEntry.id, id))
    .returning();
  if (!row) throw notFound("Entry", id);
  return row;
}

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
  const id = input.id ?? newContentId();
  if (!isContentId(id)) {
    throw validationFailed("Invalid id", [
      { name: "regexp", path: ["sys", "id"], details: "Invalid id", value: id },
    ]);
  }
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
      if (row.archivedVersion !== null) throw badRequest("Cannot edit an archived entry.");
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
    if (row.archivedVersion !== null) throw badRequest("Cannot publish an archived entry.");
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
    return save(tx, row.id, {
      publishedFields: row.fields,
      publishedVersion: row.revision,
      publishedCounter: row.publishedCounter + 1,
      publishedAt: now,
      firstPublishedAt: row.firstPublishedAt ?? now,
      publishedBy: actor(ctx),
      updatedAt: now,
      updatedBy: actor(ctx),
    });
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
    if (row.publishedVersion === null) throw badRequest(`Entry ${row.id} is not published.`);
    await keepPublishedSnapshot(tx, row);
    return save(tx, row.id, {
      publishedFields: null,
      publishedVersion: null,
      publishedAt: null,
      updatedAt: clock(ctx),
      updatedBy: actor(ctx),
    });
  });
}

/** Archives an entry that is not published: it can then be neither edited nor published. */
export async function archiveEntry(
  ctx: EditContext,
  input: { id: string; version: number },
): Promise<EntryRow> {
  return withEntry(ctx, input.id, input.version, async (tx, row) => {
    if (row.archivedVersion !== null) throw badRequest(`Entry ${row.id} is already archived.`);
    if (row.publishedVersion !== null) {
      throw badRequest("Cannot archive a published entry: unpublish it first.");
    }
    const now = clock(ctx);
    return save(tx, row.id, {
      archivedVersion: row.revision,
      archivedAt: now,
      archivedBy: actor(ctx),
      updatedAt: now,
      updatedBy: actor(ctx),
    });
  });
}

export async function unarchiveEntry(
  ctx: EditContext,
  input: { id: string; version: number },
): Promise<EntryRow> {
  return withEntry(ctx, input.id, input.version, async (tx, row) => {
    if (row.archivedVersion === null) throw badRequest(`Entry ${row.id} is not archived.`);
    return save(tx, row.id, {
      archivedVersion: null,
      archivedAt: null,
      archivedBy: null,
      updatedAt: clock(ctx),
      updatedBy: actor(ctx),
    });
  });
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
    if (row.publishedVersion !== null) {
      throw badRequest("Cannot delete a published entry: unpublish it first.");
    }
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
    if (row.archivedVersion !== null) throw badRequest("Cannot edit an archived entry.");
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
