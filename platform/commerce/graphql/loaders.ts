import { and, asc, eq, inArray, sql } from "drizzle-orm";
import type { Db } from "#db/client.ts";
import {
  commerceCollection,
  commerceImage,
  commerceMetafield,
  commerceMetaobject,
  commerceProduct,
  commerceVariant,
  type MetafieldOwner,
} from "#platform/commerce/catalogue/schema.ts";

/**
 * Batches the per-object lookups of one GraphQL request: 100 products asking for their images
 * cost one query, not 100. A loader lives for one request only (no stale data across requests).
 *
 * The batch is sent once the promise jobs queued with the first lookup have run (as DataLoader
 * does): the executor resolves sibling fields in those jobs, so they share the batch, and the
 * query leaves in the same turn of the event loop. Waiting for `setImmediate` instead made each
 * level of a nested read (lines → variants → products → images) wait behind all the I/O of a
 * turn, which under load multiplied a cart's latency.
 */
export function createLoader<K, V>(batch: (keys: K[]) => Promise<Map<K, V>>) {
  const cache = new Map<K, Promise<V | undefined>>();
  let pending: { key: K; resolve: (value: V | undefined) => void; reject: (e: unknown) => void }[] =
    [];
  const flush = async () => {
    const queue = pending;
    pending = [];
    try {
      const found = await batch([...new Set(queue.map((item) => item.key))]);
      for (const item of queue) item.resolve(found.get(item.key));
    } catch (error) {
      for (const item of queue) item.reject(error);
    }
  };
  return (key: K): Promise<V | undefined> => {
    const cached = cache.get(key);
    if (cached) return cached;
    const promise = new Promise<V | undefined>((resolve, reject) => {
      if (pending.length === 0) {
        Promise.resolve().then(() => process.nextTick(flush));
      }
      pending.push({ key, resolve, reject });
    });
    cache.set(key, promise);
    return promise;
  };
}

function groupBy<T, K>(rows: T[], keyOf: (row: T) => K): Map<K, T[]> {
  const groups = new Map<K, T[]>();
  for (const row of rows) groups.set(keyOf(row), [...(groups.get(keyOf(row)) ?? []), row]);
  return groups;
}

export type ProductRow = typeof commerceProduct.$inferSelect;
export type VariantRow = typeof commerceVariant.$inferSelect;
export type ImageRow = typeof commerceImage.$inferSelect;
export type CollectionRow = typeof commerceCollection.$inferSelect;
export type MetaobjectRow = typeof commerceMetaobject.$inferSelect;
export type MetafieldRow = typeof commerceMetafield.$inferSelect;

const ownerKey = (type: MetafieldOwner, id: number) => `${type}:${id}`;

/** The key of one metafield of one owner, for `metafieldByKey`. */
export const metafieldKey = (type: MetafieldOwner, id: number, namespace: string, key: string) =>
  JSON.stringify([type, id, namespace, key]);

export function createLoaders(db: Db) {
  return {
    product: createLoader<number, ProductRow>(async (ids) => {
      const rows = await db.select().from(commerceProduct).where(inArray(commerceProduct.id, ids));
      return new Map(rows.map((row) => [row.id, row]));
    }),
    productByHandle: createLoader<string, ProductRow>(async (handles) => {
      const rows = await db
        .select()
        .from(commerceProduct)
        .where(inArray(commerceProduct.handle, handles));
      return new Map(rows.map((row) => [row.handle, row]));
    }),
    variants: createLoader<number, VariantRow[]>(async (productIds) => {
      const rows = await db
        .select()
        .from(commerceVariant)
        .where(inArray(commerceVariant.productId, productIds))
        .orderBy(asc(commerceVariant.position), asc(commerceVariant.id));
      return groupBy(rows, (row) => row.productId);
    }),
    variant: createLoader<number, VariantRow>(async (ids) => {
      const rows = await db.select().from(commerceVariant).where(inArray(commerceVariant.id, ids));
      return new Map(rows.map((row) => [row.id, row]));
    }),
    images: createLoader<number, ImageRow[]>(async (productIds) => {
      const rows = await db
        .select()
        .from(commerceImage)
        .where(inArray(commerceImage.productId, productIds))
        .orderBy(asc(commerceImage.position), asc(commerceImage.id));
      return groupBy(rows, (row) => row.productId);
    }),
    collection: createLoader<number, CollectionRow>(async (ids) => {
      const rows = await db
        .select()
        .from(commerceCollection)
        .where(inArray(commerceCollection.id, ids));
      return new Map(rows.map((row) => [row.id, row]));
    }),
    metaobject: createLoader<number, MetaobjectRow>(async (ids) => {
      const rows = await db
        .select()
        .from(commerceMetaobject)
        .where(inArray(commerceMetaobject.id, ids));
      return new Map(rows.map((row) => [row.id, row]));
    }),
    /** Every metafield of an owner, keyed `namespace.key`. */
    metafields: createLoader<string, Map<string, MetafieldRow>>(async (owners) => {
      const parsed = owners.map((owner) => {
        const [type, id] = owner.split(":");
        return { type: type as MetafieldOwner, id: Number(id) };
      });
      const rows = await db
        .select()
        .from(commerceMetafield)
        .where(
          sql`(${commerceMetafield.ownerType}, ${commerceMetafield.ownerId}) in (${sql.join(
            parsed.map((owner) => sql`(${owner.type}, ${owner.id})`),
            sql`, `,
          )})`,
        );
      const found = new Map<string, Map<string, MetafieldRow>>();
      for (const row of rows) {
        const key = ownerKey(row.ownerType, row.ownerId);
        if (!found.has(key)) found.set(key, new Map());
        found.get(key)?.set(`${row.namespace}.${row.key}`, row);
      }
      return found;
    }),
    /**
     * The metafields asked for, by owner, namespace and key (the unique index): a card asking for
     * four fields does not read the product's long texts (description, ingredients, nutrition).
     */
    metafieldByKey: createLoader<string, MetafieldRow>(async (keys) => {
      const wanted = new Set(keys);
      const byType = groupBy(
        keys.map((key) => JSON.parse(key) as [MetafieldOwner, number, string, string]),
        ([type]) => type,
      );
      const found = new Map<string, MetafieldRow>();
      for (const [type, asked] of byType) {
        // Owners, namespaces and keys each as one list: the unique index's prefix finds the
        // owners; the exact pairs are kept below.
        const rows = await db
          .select()
          .from(commerceMetafield)
          .where(
            and(
              eq(commerceMetafield.ownerType, type),
              inArray(commerceMetafield.ownerId, [...new Set(asked.map(([, id]) => id))]),
              inArray(commerceMetafield.namespace, [...new Set(asked.map(([, , ns]) => ns))]),
              inArray(commerceMetafield.key, [...new Set(asked.map(([, , , key]) => key))]),
            ),
          );
        for (const row of rows) {
          const key = metafieldKey(row.ownerType, row.ownerId, row.namespace, row.key);
          if (wanted.has(key)) found.set(key, row);
        }
      }
      return found;
    }),
    metafield: createLoader<number, MetafieldRow>(async (ids) => {
      const rows = await db
        .select()
        .from(commerceMetafield)
        .where(inArray(commerceMetafield.id, ids));
      return new Map(rows.map((row) => [row.id, row]));
    }),
    collectionByHandle: async (handle: string) =>
      (
        await db
          .select()
          .from(commerceCollection)
          .where(eq(commerceCollection.handle, handle))
          .limit(1)
      )[0],
    metaobjectByHandle: async (type: string, handle: string) =>
      (
        await db
          .select()
          .from(commerceMetaobject)
          .where(and(eq(commerceMetaobject.type, type), eq(commerceMetaobject.handle, handle)))
          .limit(1)
      )[0],
  };
}

export type Loaders = ReturnType<typeof createLoaders>;
export { ownerKey };
