import { eq } from "drizzle-orm";
import type { Db, Tx } from "#db/client.ts";
import { findContentType } from "#platform/content/content-types.ts";
import {
  keepPublishedSnapshot,
  keepReplacedDraft,
  storeSnapshot,
} from "#platform/content/editing/entries.ts";
import type { EntryRow } from "#platform/content/editing/render.ts";
import { isContentId, newContentId } from "#platform/content/ids.ts";
import { type ContentAssetFile, contentAsset, contentEntry } from "#platform/content/schema.ts";

export { newContentId };

/**
 * The writes of the shop's own code (the demo content in tests, the back office's syncs), not
 * of editors: no version to hold, no validation against the model's rules beyond its fields.
 * They keep the draft/published split and the history all the same.
 */

export type PutEntryInput = {
  /** Contentful-style id; generated when omitted. */
  id?: string;
  contentType: string;
  fields: Record<string, unknown>;
  locale?: string;
  /**
   * Published by default: the fields become the draft and what shoppers see, with a snapshot.
   * `false` writes the draft only: an entry never published stays out of the Delivery API, a
   * published one keeps showing its published copy. An archived entry is never published.
   */
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

function checkId(id: string): string {
  if (!isContentId(id)) throw new Error(`Invalid content id "${id}"`);
  return id;
}

/** The content type of fields to write; an unknown type or field id is refused. */
function typeOf(contentType: string, fields: Record<string, unknown>) {
  const type = findContentType(contentType);
  if (!type) throw new Error(`Unknown content type "${contentType}"`);
  const known = new Set(type.fields.map((field) => field.id));
  const unknown = Object.keys(fields).filter((id) => !known.has(id));
  if (unknown.length > 0) {
    throw new Error(`Unknown field(s) for ${type.id}: ${unknown.join(", ")}`);
  }
  return type;
}

async function lockEntry(tx: Tx, id: string) {
  const [row] = await tx.select().from(contentEntry).where(eq(contentEntry.id, id)).for("update");
  return row;
}

/**
 * The columns a put sets beside the draft: one version on (the save) and, when it publishes (an
 * archived row never does), `published` as what shoppers see at that version and one version
 * more (the publish).
 */
function putColumns<Published>(
  existing:
    | Pick<EntryRow, "revision" | "publishedCounter" | "firstPublishedAt" | "archivedVersion">
    | undefined,
  publish: boolean | undefined,
  published: Published,
  now: Date,
) {
  const publishes = publish !== false && existing?.archivedVersion == null;
  const draftVersion = existing ? existing.revision + 1 : 1;
  return {
    publishes,
    draftVersion,
    columns: {
      revision: publishes ? draftVersion + 1 : draftVersion,
      updatedAt: now,
      ...(publishes && {
        publishedFields: published,
        publishedVersion: draftVersion,
        publishedCounter: (existing?.publishedCounter ?? 0) + 1,
        publishedAt: now,
        firstPublishedAt: existing?.firstPublishedAt ?? now,
      }),
    },
  };
}

/**
 * Creates or replaces an entry's fields; a replacement keeps `createdAt` and moves the version
 * on (by two when it publishes: the save, then the publish, as Contentful counts).
 * Fields are checked against the content type: an unknown type or field id is refused.
 */
export async function putEntry(db: Db | Tx, input: PutEntryInput): Promise<PutResult> {
  const type = typeOf(input.contentType, input.fields);
  const id = checkId(input.id ?? newContentId());
  const locale = input.locale ?? "fr";
  const { fields } = input;
  const now = new Date();
  return db.transaction(async (tx) => {
    const existing = await lockEntry(tx, id);
    const { publishes, draftVersion, columns } = putColumns(existing, input.publish, fields, now);
    if (existing) {
      await keepReplacedDraft(tx, existing, fields, now, null);
      if (publishes) await keepPublishedSnapshot(tx, existing);
    }
    const values = { contentType: type.id, fields, locale, ...columns };
    const [row] = existing
      ? await tx
          .update(contentEntry)
          .set(values)
          .where(eq(contentEntry.id, id))
          .returning({ id: contentEntry.id, revision: contentEntry.revision })
      : await tx
          .insert(contentEntry)
          .values({ id, ...values, createdAt: now })
          .returning({ id: contentEntry.id, revision: contentEntry.revision });
    if (!row) throw new Error(`Entry ${id} was not written`);
    if (publishes) {
      await storeSnapshot(tx, {
        entryId: id,
        version: draftVersion,
        contentType: type.id,
        locale,
        fields,
        createdAt: now,
        createdBy: null,
      });
    }
    return row;
  });
}

/** Creates or replaces an asset, as `putEntry` does an entry (assets keep no snapshots). */
export async function putAsset(db: Db | Tx, input: PutAssetInput): Promise<PutResult> {
  const id = checkId(input.id ?? newContentId());
  const now = new Date();
  const draft = {
    title: input.title ?? "",
    description: input.description ?? "",
    file: input.file,
  };
  return db.transaction(async (tx) => {
    const [existing] = await tx
      .select()
      .from(contentAsset)
      .where(eq(contentAsset.id, id))
      .for("update");
    const { columns } = putColumns(existing, input.publish, draft, now);
    const values = { ...draft, locale: input.locale ?? "fr", ...columns };
    const [row] = existing
      ? await tx
          .update(contentAsset)
          .set(values)
          .where(eq(contentAsset.id, id))
          .returning({ id: contentAsset.id, revision: contentAsset.revision })
      : await tx
          .insert(contentAsset)
          .values({ id, ...values, createdAt: now })
          .returning({ id: contentAsset.id, revision: contentAsset.revision });
    if (!row) throw new Error(`Asset ${id} was not written`);
    return row;
  });
}

/** The `sys` columns of a row created and published once at `at`. */
function publishedOnce<Fields>(published: Fields, at: Date) {
  return {
    publishedFields: published,
    revision: 2,
    publishedVersion: 1,
    publishedCounter: 1,
    createdAt: at,
    updatedAt: at,
    publishedAt: at,
    firstPublishedAt: at,
  };
}

/**
 * The columns of an entry created and published once at `at` (version 2, published version 1),
 * for code that writes rows in bulk (the demo seed) rather than through `putEntry`.
 */
export function publishedEntryColumns(fields: Record<string, unknown>, at: Date) {
  return { fields, ...publishedOnce(fields, at) };
}

/** The same for an asset. */
export function publishedAssetColumns(
  asset: { title: string; description: string; file: ContentAssetFile },
  at: Date,
) {
  return { ...asset, ...publishedOnce(asset, at) };
}

/**
 * Writes fields a sync owns (a product's name, its categories…) into an entry's draft and, when
 * it is published, into its published copy too, without publishing the rest of the draft: an
 * editor's unpublished change stays unpublished. An entry whose draft is its published copy is
 * published again (with a snapshot); one with a draft pending gets the fields in both copies, its
 * published version unchanged (the snapshot of that version keeps what was published before); a
 * draft gets them in its draft. An entry that does not exist yet is created and published. A
 * field set to `undefined` is removed. `fields` may be a function of one copy's fields, called
 * for the draft and for the published copy, when the sync owns part of a field (a link added to
 * a list each copy orders its own way).
 */
export async function syncEntryFields(
  db: Db | Tx,
  input: {
    id: string;
    contentType: string;
    fields: Record<string, unknown> | ((copy: Record<string, unknown>) => Record<string, unknown>);
  },
): Promise<PutResult> {
  const owned = (copy: Record<string, unknown>) => {
    const fields = typeof input.fields === "function" ? input.fields(copy) : input.fields;
    typeOf(input.contentType, fields);
    return fields;
  };
  const type = typeOf(input.contentType, typeof input.fields === "function" ? {} : input.fields);
  const id = checkId(input.id);
  const merge = (fields: Record<string, unknown>) =>
    Object.fromEntries(
      Object.entries({ ...fields, ...owned(fields) }).filter(([, value]) => value !== undefined),
    );
  return db.transaction(async (tx) => {
    const existing = await lockEntry(tx, id);
    const publishedAsIs =
      existing?.publishedVersion != null && existing.revision === existing.publishedVersion + 1;
    if (!existing || publishedAsIs || existing.publishedFields === null) {
      return putEntry(tx, {
        id,
        contentType: type.id,
        fields: merge(existing?.fields ?? {}),
        locale: existing?.locale,
        publish: !existing || publishedAsIs,
      });
    }
    const now = new Date();
    const fields = merge(existing.fields);
    await keepReplacedDraft(tx, existing, fields, now, null);
    await keepPublishedSnapshot(tx, existing);
    const [row] = await tx
      .update(contentEntry)
      .set({
        fields,
        publishedFields: merge(existing.publishedFields),
        revision: existing.revision + 1,
        updatedAt: now,
      })
      .where(eq(contentEntry.id, id))
      .returning({ id: contentEntry.id, revision: contentEntry.revision });
    if (!row) throw new Error(`Entry ${id} was not written`);
    return row;
  });
}
