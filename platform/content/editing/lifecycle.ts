import type { Db, Tx } from "#db/client.ts";
import {
  badRequest,
  notFound,
  validationFailed,
  versionMismatch,
} from "#platform/content/errors.ts";
import { isContentId, newContentId } from "#platform/content/ids.ts";

/**
 * The lifecycle entries and assets share (decision 027): a change locks its row and compares the
 * version the editor holds; publish, unpublish, archive, unarchive and delete follow the same
 * Contentful rules and set the same `sys` columns. `entries.ts` and `assets.ts` bring their
 * table and what is their own (an entry's validation, snapshots and history; an asset's file).
 */

export type EditContext = {
  db: Db | Tx;
  /** Who makes the change: a staff member's id or e-mail, shown as `updatedBy`, `publishedBy`… */
  by?: string | null;
  /** The clock (now by default): tests and the scheduled job pass theirs. */
  now?: Date;
};

export const clock = (ctx: EditContext) => ctx.now ?? new Date();
export const actor = (ctx: EditContext) => ctx.by ?? null;

/** What a row is called in errors (Contentful's `sys.type`). */
export type Kind = "Entry" | "Asset";

/** The lifecycle columns of an entry or an asset (`sys` in `schema.ts`). */
type LifecycleRow = {
  id: string;
  revision: number;
  publishedVersion: number | null;
  publishedCounter: number;
  firstPublishedAt: Date | null;
  archivedVersion: number | null;
};

/** The two queries of one table that its changes are made of. */
export type RowStore<Row, Values> = {
  kind: Kind;
  /** The row, locked until the transaction ends (`SELECT … FOR UPDATE`). */
  lock: (tx: Tx, id: string) => Promise<Row | undefined>;
  /** Writes `values` and one more version; the row as written. */
  update: (tx: Tx, id: string, values: Values) => Promise<Row | undefined>;
};

/**
 * A table's `withRow` and `save`. `withRow` runs `work` on the locked row once its version is
 * known to be `version` (when given); `check` refuses a request that could never succeed
 * (ill-typed fields) before the version is. `save` writes values and one more version.
 */
export function lifecycle<Row extends LifecycleRow, Values>(store: RowStore<Row, Values>) {
  return {
    withRow<T>(
      ctx: EditContext,
      id: string,
      version: number | undefined,
      work: (tx: Tx, row: Row) => Promise<T>,
      check?: (row: Row) => void,
    ): Promise<T> {
      return ctx.db.transaction(async (tx) => {
        const row = await store.lock(tx, id);
        if (!row) throw notFound(store.kind, id);
        check?.(row);
        if (version !== undefined && row.revision !== version) throw versionMismatch();
        return work(tx, row);
      });
    },
    async save(tx: Tx, id: string, values: Values): Promise<Row> {
      const row = await store.update(tx, id, values);
      if (!row) throw notFound(store.kind, id);
      return row;
    },
  };
}

/** The id of a new entry or asset: the one asked for, checked, or a new one. */
export function newRowId(id: string | undefined): string {
  const chosen = id ?? newContentId();
  if (!isContentId(chosen)) {
    throw validationFailed("Invalid id", [
      { name: "regexp", path: ["sys", "id"], details: "Invalid id", value: chosen },
    ]);
  }
  return chosen;
}

const noun = (kind: Kind) => kind.toLowerCase();

/** An archived row can be neither edited nor published. */
export function refuseArchived(kind: Kind, row: LifecycleRow, change: "edit" | "publish"): void {
  if (row.archivedVersion !== null) throw badRequest(`Cannot ${change} an archived ${noun(kind)}.`);
}

/** The columns of a publish at `now`: `fields` become what shoppers see, at the row's version. */
export function publishColumns<Fields>(
  ctx: EditContext,
  row: LifecycleRow,
  fields: Fields,
  now = clock(ctx),
) {
  return {
    publishedFields: fields,
    publishedVersion: row.revision,
    publishedCounter: row.publishedCounter + 1,
    publishedAt: now,
    firstPublishedAt: row.firstPublishedAt ?? now,
    publishedBy: actor(ctx),
    updatedAt: now,
    updatedBy: actor(ctx),
  };
}

/** The columns of an unpublish, for a row that is published (`BadRequest` otherwise). */
export function unpublishColumns(ctx: EditContext, kind: Kind, row: LifecycleRow) {
  if (row.publishedVersion === null) throw badRequest(`${kind} ${row.id} is not published.`);
  return {
    publishedFields: null,
    publishedVersion: null,
    publishedAt: null,
    updatedAt: clock(ctx),
    updatedBy: actor(ctx),
  };
}

/** The columns of an archive, for a row neither archived nor published (`BadRequest` otherwise). */
export function archiveColumns(ctx: EditContext, kind: Kind, row: LifecycleRow) {
  if (row.archivedVersion !== null) throw badRequest(`${kind} ${row.id} is already archived.`);
  refusePublished(kind, row, "archive");
  const now = clock(ctx);
  return {
    archivedVersion: row.revision,
    archivedAt: now,
    archivedBy: actor(ctx),
    updatedAt: now,
    updatedBy: actor(ctx),
  };
}

/** The columns of an unarchive, for a row that is archived (`BadRequest` otherwise). */
export function unarchiveColumns(ctx: EditContext, kind: Kind, row: LifecycleRow) {
  if (row.archivedVersion === null) throw badRequest(`${kind} ${row.id} is not archived.`);
  return {
    archivedVersion: null,
    archivedAt: null,
    archivedBy: null,
    updatedAt: clock(ctx),
    updatedBy: actor(ctx),
  };
}

/** A published row is unpublished before it is archived or deleted. */
export function refusePublished(kind: Kind, row: LifecycleRow, change: "archive" | "delete"): void {
  if (row.publishedVersion !== null) {
    throw badRequest(`Cannot ${change} a published ${noun(kind)}: unpublish it first.`);
  }
}
