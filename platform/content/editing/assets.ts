import { eq, sql } from "drizzle-orm";
import type { Db, Tx } from "#db/client.ts";
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
import type { AssetRow } from "#platform/content/editing/render.ts";
import { type AssetFields, readAssetFields } from "#platform/content/editing/validation.ts";
import { validationFailed, versionMismatch } from "#platform/content/errors.ts";
import { contentAsset } from "#platform/content/schema.ts";

/**
 * What editors do to an asset, with the rules of entries (`entries.ts`): a save changes the
 * draft (title, description, file), a publish copies it to what shoppers see, a published asset
 * is unpublished before it is archived or deleted. Contentful keeps no snapshots of assets.
 */

type AssetValues = Partial<typeof contentAsset.$inferInsert>;

const { withRow: withAsset, save } = lifecycle<AssetRow, AssetValues>({
  kind: "Asset",
  lock: async (tx, id) => {
    const [row] = await tx.select().from(contentAsset).where(eq(contentAsset.id, id)).for("update");
    return row;
  },
  update: async (tx, id, values) => {
    const [row] = await tx
      .update(contentAsset)
      .set({ ...values, revision: sql`${contentAsset.revision} + 1` })
      .where(eq(contentAsset.id, id))
      .returning();
    return row;
  },
});

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
  const id = newRowId(input.id);
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
      refuseArchived("Asset", row, "edit");
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
  return withAsset(ctx, input.id, input.version, (tx, row) => {
    refuseArchived("Asset", row, "publish");
    const fields = { title: row.title, description: row.description, file: row.file };
    return save(tx, row.id, publishColumns(ctx, row, fields));
  });
}

export async function unpublishAsset(
  ctx: EditContext,
  input: { id: string; version?: number },
): Promise<AssetRow> {
  return withAsset(ctx, input.id, input.version, (tx, row) =>
    save(tx, row.id, unpublishColumns(ctx, "Asset", row)),
  );
}

export async function archiveAsset(
  ctx: EditContext,
  input: { id: string; version: number },
): Promise<AssetRow> {
  return withAsset(ctx, input.id, input.version, (tx, row) =>
    save(tx, row.id, archiveColumns(ctx, "Asset", row)),
  );
}

export async function unarchiveAsset(
  ctx: EditContext,
  input: { id: string; version: number },
): Promise<AssetRow> {
  return withAsset(ctx, input.id, input.version, (tx, row) =>
    save(tx, row.id, unarchiveColumns(ctx, "Asset", row)),
  );
}

export async function deleteAsset(
  ctx: EditContext,
  input: { id: string; version: number },
): Promise<AssetRow> {
  return withAsset(ctx, input.id, input.version, async (tx, row) => {
    refusePublished("Asset", row, "delete");
    await tx.delete(contentAsset).where(eq(contentAsset.id, row.id));
    return row;
  });
}
