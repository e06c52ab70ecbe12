import { eq, sql } from "drizzle-orm";
import type { Db, Tx } from "#db/client.ts";
import type { EditContext } from "#platform/content/editing/entries.ts";
import type { AssetRow } from "#platform/content/editing/render.ts";
import { type AssetFields, readAssetFields } from "#platform/content/editing/validation.ts";
import {
  badRequest,
  notFound,
  validationFailed,
  versionMismatch,
} from "#platform/content/errors.ts";
import { isContentId, newContentId } from "#platform/content/ids.ts";
import { contentAsset } from "#platform/content/schema.ts";

/**
 * What editors do to an asset, with the rules of entries (`entries.ts`): a save changes the
 * draft (title, description, file), a publish copies it to what shoppers see, a published asset
 * is unpublished before it is archived or deleted. Contentful keeps no snapshots of assets.
 */

const clock = (ctx: EditContext) => ctx.now ?? new Date();
const actor = (ctx: EditContext) => ctx.by ?? null;

async function withAsset<T>(
  ctx: EditContext,
  id: string,
  version: number | undefined,
  work: (tx: Tx, row: AssetRow) => Promise<T>,
  check?: (row: AssetRow) => void,
): Promise<T> {
  return ctx.db.transaction(async (tx) => {
    const [row] = await tx.select().from(contentAsset).where(eq(contentAsset.id, id)).for("update");
    if (!row) throw notFound("Asset", id);
    check?.(row);
    if (version !== undefined && row.revision !== version) throw versionMismatch();
    return work(tx, row);
  });
}

async function save(tx: Tx, id: string, values: Partial<typeof contentAsset.$inferInsert>) {
  const [row] = await tx
    .update(contentAsset)
    .set({ ...values, revision: sql`${contentAsset.revision} + 1` })
    .where(eq(contentAsset.id, id))
    .returning();
  if (!row) throw notFound("Asset", id);
  return row;
}

export async function findAsset(db: Db | Tx, id: string): Promise<AssetRow | null> {
  const [row] = await db.select().from(contentAsset).where(eq(contentAsset.id, id));
  return row ?? null;
}

/** Creates a draft asset; it needs a file. */
export async function createAsset(
  ctx: EditContext,
  input: { id?: string; fields: Record<string, unknown> },
): Promise<AssetRow> {
  const fields = readAssetFields(input.fields, "fr");
  if (!fields.file) {
    throw validationFailed("An asset needs a file", [
      {
        name: "required",
        path: ["fields", "file"],
        details: 'The property "file" is required here',
      },
    ]);
  }
  const id = input.id ?? newContentId();
  if (!isContentId(id)) {
    throw validationFailed("Invalid id", [
      { name: "regexp", path: ["sys", "id"], details: "Invalid id", value: id },
    ]);
  }
  const now = clock(ctx);
  const [row] = await ctx.db
    .insert(contentAsset)
    .values({
      id,
      title: fields.title ?? "",
      description: fields.description ?? "",
      file: fields.file,
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
 * Saves the draft. Contentful replaces the whole fields object; the file cannot be empty, so a
 * save without a file keeps the current one.
 */
export async function updateAsset(
  ctx: EditContext,
  input: { id: string; version: number; fields: Record<string, unknown> },
): Promise<AssetRow> {
  let fields: AssetFields = {};
  return withAsset(
    ctx,
    input.id,
    input.version,
    async (tx, row) => {
      if (row.archivedVersion !== null) throw badRequest("Cannot edit an archived asset.");
      return save(tx, row.id, {
        title: fields.title ?? "",
        description: fields.description ?? "",
        ...(fields.file ? { file: fields.file } : {}),
        updatedAt: clock(ctx),
        updatedBy: actor(ctx),
      });
    },
    (row) => {
      fields = readAssetFields(input.fields, row.locale);
    },
  );
}

export async function publishAsset(
  ctx: EditContext,
  input: { id: string; version?: number },
): Promise<AssetRow> {
  return withAsset(ctx, input.id, input.version, async (tx, row) => {
    if (row.archivedVersion !== null) throw badRequest("Cannot publish an archived asset.");
    const now = clock(ctx);
    return save(tx, row.id, {
      publishedFields: { title: row.title, description: row.description, file: row.file },
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

export async function unpublishAsset(
  ctx: EditContext,
  input: { id: string; version?: number },
): Promise<AssetRow> {
  return withAsset(ctx, input.id, input.version, async (tx, row) => {
    if (row.publishedVersion === null) throw badRequest(`Asset ${row.id} is not published.`);
    return save(tx, row.id, {
      publishedFields: null,
      publishedVersion: null,
      publishedAt: null,
      updatedAt: clock(ctx),
      updatedBy: actor(ctx),
    });
  });
}

export async function archiveAsset(
  ctx: EditContext,
  input: { id: string; version: number },
): Promise<AssetRow> {
  return withAsset(ctx, input.id, input.version, async (tx, row) => {
    if (row.archivedVersion !== null) throw badRequest(`Asset ${row.id} is already archived.`);
    if (row.publishedVersion !== null) {
      throw badRequest("Cannot archive a published asset: unpublish it first.");
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

export async function unarchiveAsset(
  ctx: EditContext,
  input: { id: string; version: number },
): Promise<AssetRow> {
  return withAsset(ctx, input.id, input.version, async (tx, row) => {
    if (row.archivedVersion === null) throw badRequest(`Asset ${row.id} is not archived.`);
    return save(tx, row.id, {
      archivedVersion: null,
      archivedAt: null,
      archivedBy: null,
      updatedAt: clock(ctx),
      updatedBy: actor(ctx),
    });
  });
}

export async function deleteAsset(
  ctx: EditContext,
  input: { id: string; version: number },
): Promise<AssetRow> {
  return withAsset(ctx, input.id, input.version, async (tx, row) => {
    if (row.publishedVersion !== null) {
      throw badRequest("Cannot delete a published asset: unpublish it first.");
    }
    await tx.delete(contentAsset).where(eq(contentAsset.id, row.id));
    return row;
  });
}
