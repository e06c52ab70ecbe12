import { and, eq, inArray } from "drizzle-orm";
import type { Db, Tx } from "#db/client.ts";
import {
  COLLECTION_METAFIELDS,
  CUSTOM_NAMESPACE,
} from "#platform/commerce/catalogue/metafields.ts";
import { serialiseMetafieldValue } from "#platform/commerce/catalogue/rows.ts";
import { commerceCollection, commerceMetafield } from "#platform/commerce/catalogue/schema.ts";

/** The ids of the collections with these handles, by handle (unknown handles left out). */
export async function collectionIdsByHandle(
  db: Db | Tx,
  handles: readonly string[],
): Promise<Map<string, number>> {
  if (handles.length === 0) return new Map();
  const rows = await db
    .select({ id: commerceCollection.id, handle: commerceCollection.handle })
    .from(commerceCollection)
    .where(inArray(commerceCollection.handle, [...handles]));
  return new Map(rows.map((row) => [row.handle, row.id]));
}

/**
 * Overwrites a collection's title, description and parent category (`category_parent`; none
 * when `parent` is empty) in the caller's transaction, so that the caller's change log entry
 * commits with it. Returns the title and description it had. The search index is the caller's
 * to refresh (`catalogueChanged`), once for all the collections it changed.
 */
export async function overwriteCollection(
  tx: Tx,
  collectionId: number,
  fields: { title: string; descriptionHtml: string; parent: string },
  now: Date,
): Promise<{ title: string; descriptionHtml: string } | undefined> {
  const [before] = await tx
    .select({
      title: commerceCollection.title,
      descriptionHtml: commerceCollection.descriptionHtml,
    })
    .from(commerceCollection)
    .where(eq(commerceCollection.id, collectionId));
  await tx
    .update(commerceCollection)
    .set({ title: fields.title, descriptionHtml: fields.descriptionHtml, updatedAt: now })
    .where(eq(commerceCollection.id, collectionId));
  await tx
    .delete(commerceMetafield)
    .where(
      and(
        eq(commerceMetafield.ownerType, "COLLECTION"),
        eq(commerceMetafield.ownerId, collectionId),
        eq(commerceMetafield.namespace, CUSTOM_NAMESPACE),
        eq(commerceMetafield.key, "category_parent"),
      ),
    );
  if (fields.parent === "") return before;
  await tx.insert(commerceMetafield).values({
    ownerType: "COLLECTION",
    ownerId: collectionId,
    namespace: CUSTOM_NAMESPACE,
    key: "category_parent",
    type: COLLECTION_METAFIELDS.category_parent,
    value: serialiseMetafieldValue(fields.parent),
    createdAt: now,
    updatedAt: now,
  });
  return before;
}
