import { and, asc, eq, gt, inArray, sql } from "drizzle-orm";
import type { Db, Tx } from "#db/client.ts";
import {
  commerceCollection,
  commerceCollectionProduct,
  commerceImage,
  commerceMetafield,
  commerceProduct,
} from "#platform/commerce/catalogue/schema.ts";

/**
 * Bulk reads of the catalogue for the back office's syncs (content records, database documents,
 * the ordering export): a page of products or all the collections in a few queries, plain rows
 * out.
 */

export type SyncProduct = {
  id: number;
  handle: string;
  title: string;
  tags: string[];
  priceCents: number;
  compareAtCents: number | null;
  availableForSale: boolean;
  archived: boolean;
  imageUrl: string | null;
  descriptionHtml: string;
};

/** All products, those carrying a tag, or the one of a handle. */
export type ProductSelection =
  | { kind: "all" }
  | { kind: "tag"; tag: string }
  | { kind: "handle"; handle: string };

function selectionCondition(selection: ProductSelection) {
  if (selection.kind === "handle") return eq(commerceProduct.handle, selection.handle);
  if (selection.kind === "tag") return sql`${selection.tag} = any(${commerceProduct.tags})`;
  return undefined;
}

/** The catalogue columns of a `SyncProduct` (its image aside). */
const PRODUCT_COLUMNS = {
  id: commerceProduct.id,
  handle: commerceProduct.handle,
  title: commerceProduct.title,
  tags: commerceProduct.tags,
  priceCents: commerceProduct.priceMinCents,
  compareAtCents: commerceProduct.compareAtMinCents,
  availableForSale: commerceProduct.availableForSale,
  archived: commerceProduct.archived,
  descriptionHtml: commerceProduct.descriptionHtml,
};

/** The products read with `PRODUCT_COLUMNS` (at least one), with their first image's url. */
async function withFirstImage(
  db: Db,
  rows: Omit<SyncProduct, "imageUrl">[],
): Promise<SyncProduct[]> {
  const images = await db
    .select({ productId: commerceImage.productId, url: commerceImage.url })
    .from(commerceImage)
    .where(
      and(
        inArray(
          commerceImage.productId,
          rows.map((row) => row.id),
        ),
        eq(commerceImage.position, 1),
      ),
    );
  const imageOf = new Map(images.map((image) => [image.productId, image.url]));
  return rows.map((row) => ({ ...row, imageUrl: imageOf.get(row.id) ?? null }));
}

/** How many products a selection covers. */
export async function countProductsForSync(db: Db, selection: ProductSelection): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(commerceProduct)
    .where(selectionCondition(selection));
  return Number(row?.count ?? 0);
}

/** The products of a selection with an id above `afterId`, by id, at most `limit`: two queries. */
export async function productsForSync(
  db: Db,
  selection: ProductSelection,
  afterId: number,
  limit: number,
): Promise<SyncProduct[]> {
  const rows = await db
    .select(PRODUCT_COLUMNS)
    .from(commerceProduct)
    .where(and(gt(commerceProduct.id, afterId), selectionCondition(selection)))
    .orderBy(asc(commerceProduct.id))
    .limit(limit);
  return rows.length === 0 ? [] : withFirstImage(db, rows);
}

/** One product by id, or undefined. */
export async function productForSync(db: Db, id: number): Promise<SyncProduct | undefined> {
  const rows = await db
    .select(PRODUCT_COLUMNS)
    .from(commerceProduct)
    .where(eq(commerceProduct.id, id));
  if (rows.length === 0) return undefined;
  const [product] = await withFirstImage(db, rows);
  return product;
}

export type SyncCollection = {
  id: number;
  handle: string;
  title: string;
  parent: string | null;
  products: { id: number; handle: string }[];
};

/** The catalogue's collections (all, or one by id), with their parent and products in order. */
export async function collectionsForSync(
  db: Db | Tx,
  only?: { id: number },
): Promise<SyncCollection[]> {
  const collections = await db
    .select({
      id: commerceCollection.id,
      handle: commerceCollection.handle,
      title: commerceCollection.title,
    })
    .from(commerceCollection)
    .where(only ? eq(commerceCollection.id, only.id) : undefined)
    .orderBy(asc(commerceCollection.id));
  if (collections.length === 0) return [];
  const ids = collections.map((collection) => collection.id);
  const parents = await db
    .select({ ownerId: commerceMetafield.ownerId, value: commerceMetafield.value })
    .from(commerceMetafield)
    .where(
      and(
        eq(commerceMetafield.ownerType, "COLLECTION"),
        eq(commerceMetafield.key, "category_parent"),
        inArray(commerceMetafield.ownerId, ids),
      ),
    );
  const parentOf = new Map(parents.map((row) => [row.ownerId, row.value]));
  const members = await db
    .select({
      collectionId: commerceCollectionProduct.collectionId,
      id: commerceProduct.id,
      handle: commerceProduct.handle,
    })
    .from(commerceCollectionProduct)
    .innerJoin(commerceProduct, eq(commerceProduct.id, commerceCollectionProduct.productId))
    .where(
      and(
        inArray(commerceCollectionProduct.collectionId, ids),
        eq(commerceProduct.archived, false),
      ),
    )
    .orderBy(asc(commerceCollectionProduct.collectionId), asc(commerceCollectionProduct.position));
  const productsOf = new Map<number, { id: number; handle: string }[]>();
  for (const member of members) {
    const list = productsOf.get(member.collectionId) ?? [];
    list.push({ id: member.id, handle: member.handle });
    productsOf.set(member.collectionId, list);
  }
  return collections.map((collection) => ({
    ...collection,
    parent: parentOf.get(collection.id) || null,
    products: productsOf.get(collection.id) ?? [],
  }));
}
