import { and, asc, eq, ilike, inArray, or, type SQL, sql } from "drizzle-orm";
import type { Db, Tx } from "#db/client.ts";
import type { ProductMetafieldValues } from "#platform/commerce/catalogue/input.ts";
import {
  CUSTOM_NAMESPACE,
  PRODUCT_METAFIELDS,
  type ProductMetafieldKey,
} from "#platform/commerce/catalogue/metafields.ts";
import {
  commerceCollection,
  commerceCollectionProduct,
  commerceImage,
  commerceMetafield,
  commerceMetaobject,
  commerceProduct,
  commerceProductFilterValue,
  commerceVariant,
} from "#platform/commerce/catalogue/schema.ts";
import { toGid } from "#platform/commerce/gid.ts";

/**
 * The catalogue as the admin area reads it: one product as staff edit it, the choices its
 * fields offer (brands, allergens, diets, labels, collections), handles and ids, and the
 * filtered, paged product list.
 */

/** The tag that marks a restaurant dish (storefront.md §3). */
export const RESTAURATION_TAG = "restauration";
// ---------------------------------------------------------------------------------------------
// Reading

export type EditableVariant = {
  id: number;
  position: number;
  title: string;
  sku: string | null;
  barcode: string | null;
  priceCents: number;
  compareAtPriceCents: number | null;
  availableForSale: boolean;
  /** Units left, when the variant's stock is counted (catalogue/stock.ts); null when not. */
  quantityAvailable: number | null;
};

export type EditableImage = {
  id: number;
  position: number;
  url: string;
  altText: string | null;
  width: number | null;
  height: number | null;
};

export type EditableProduct = {
  id: number;
  handle: string;
  title: string;
  vendor: string;
  productType: string;
  descriptionHtml: string;
  tags: string[];
  seoTitle: string | null;
  seoDescription: string | null;
  archived: boolean;
  availableForSale: boolean;
  hideInSearch: boolean;
  updatedAt: Date;
  variants: EditableVariant[];
  images: EditableImage[];
  metafields: ProductMetafieldValues;
  collections: { id: number; handle: string; title: string }[];
};

export type Reader = Db | Tx;

/** A product with everything the edit screen shows, by handle or id; null when absent. */
export async function readEditableProduct(
  db: Reader,
  by: { handle: string } | { id: number },
): Promise<EditableProduct | null> {
  const [row] = await db
    .select()
    .from(commerceProduct)
    .where("handle" in by ? eq(commerceProduct.handle, by.handle) : eq(commerceProduct.id, by.id));
  if (!row) return null;
  const [variants, images, metafields, collections] = await Promise.all([
    db
      .select()
      .from(commerceVariant)
      .where(eq(commerceVariant.productId, row.id))
      .orderBy(asc(commerceVariant.position), asc(commerceVariant.id)),
    db
      .select()
      .from(commerceImage)
      .where(eq(commerceImage.productId, row.id))
      .orderBy(asc(commerceImage.position), asc(commerceImage.id)),
    db
      .select({ key: commerceMetafield.key, value: commerceMetafield.value })
      .from(commerceMetafield)
      .where(
        and(
          eq(commerceMetafield.ownerType, "PRODUCT"),
          eq(commerceMetafield.ownerId, row.id),
          eq(commerceMetafield.namespace, CUSTOM_NAMESPACE),
        ),
      ),
    db
      .select({
        id: commerceCollection.id,
        handle: commerceCollection.handle,
        title: commerceCollection.title,
      })
      .from(commerceCollectionProduct)
      .innerJoin(
        commerceCollection,
        eq(commerceCollection.id, commerceCollectionProduct.collectionId),
      )
      .where(eq(commerceCollectionProduct.productId, row.id))
      .orderBy(asc(commerceCollection.title)),
  ]);
  return {
    id: row.id,
    handle: row.handle,
    title: row.title,
    vendor: row.vendor,
    productType: row.productType,
    descriptionHtml: row.descriptionHtml,
    tags: row.tags,
    seoTitle: row.seoTitle,
    seoDescription: row.seoDescription,
    archived: row.archived,
    availableForSale: row.availableForSale,
    hideInSearch: row.hideInSearch,
    updatedAt: row.updatedAt,
    variants: variants.map((variant) => ({
      id: variant.id,
      position: variant.position,
      title: variant.title,
      sku: variant.sku,
      barcode: variant.barcode,
      priceCents: variant.priceCents,
      compareAtPriceCents: variant.compareAtPriceCents,
      availableForSale: variant.availableForSale,
      quantityAvailable: variant.quantityAvailable,
    })),
    images: images.map((image) => ({
      id: image.id,
      position: image.position,
      url: image.url,
      altText: image.altText,
      width: image.width,
      height: image.height,
    })),
    metafields: decodeMetafields(metafields),
    collections,
  };
}

/** Stored metafield text back to the values `setProductMetafields` takes. */
function decodeMetafields(rows: readonly { key: string; value: string }[]): ProductMetafieldValues {
  const values: Record<string, unknown> = {};
  for (const { key, value } of rows) {
    const type = PRODUCT_METAFIELDS[key as ProductMetafieldKey] as string | undefined;
    if (type === undefined) continue;
    if (type === "number_integer") values[key] = Number(value);
    else if (type === "boolean") values[key] = value === "true";
    else if (type.startsWith("list.")) values[key] = parseList(value);
    else values[key] = value;
  }
  return values as ProductMetafieldValues;
}

function parseList(value: string): string[] {
  try {
    const parsed: unknown = JSON.parse(value);
    return Array.isArray(parsed) ? parsed.map(String) : [];
  } catch {
    return [];
  }
}

export type Choice = { id: number; gid: string; label: string };

export type CatalogueChoices = {
  collections: { id: number; handle: string; title: string }[];
  brands: Choice[];
  allergens: Choice[];
  regimes: Choice[];
  labels: Choice[];
};

const CHOICE_TYPES = {
  brands: ["produit_marque", "name"],
  allergens: ["produit_allergenes", "title"],
  regimes: ["produit_regime", "label"],
  labels: ["produit_label", "title"],
} as const;

/** The lists the admin forms choose from: collections, brands, allergens, diets, labels. */
export async function catalogueChoices(db: Reader): Promise<CatalogueChoices> {
  const [collections, metaobjects] = await Promise.all([
    db
      .select({
        id: commerceCollection.id,
        handle: commerceCollection.handle,
        title: commerceCollection.title,
      })
      .from(commerceCollection)
      .orderBy(asc(commerceCollection.title)),
    db
      .select({
        id: commerceMetaobject.id,
        type: commerceMetaobject.type,
        handle: commerceMetaobject.handle,
        fields: commerceMetaobject.fields,
      })
      .from(commerceMetaobject)
      .where(
        inArray(
          commerceMetaobject.type,
          Object.values(CHOICE_TYPES).map(([type]) => type),
        ),
      ),
  ]);
  const choicesOf = ([type, field]: readonly [string, string]): Choice[] =>
    metaobjects
      .filter((row) => row.type === type)
      .map((row) => ({
        id: row.id,
        gid: toGid("Metaobject", row.id),
        label: row.fields.find((entry) => entry.key === field)?.value ?? row.handle,
      }))
      .sort((a, b) => a.label.localeCompare(b.label, "fr"));
  return {
    collections,
    brands: choicesOf(CHOICE_TYPES.brands),
    allergens: choicesOf(CHOICE_TYPES.allergens),
    regimes: choicesOf(CHOICE_TYPES.regimes),
    labels: choicesOf(CHOICE_TYPES.labels),
  };
}

/** The ids of products by handle, for fields that name products (`produit_associe`). */
export async function productIdsByHandle(
  db: Reader,
  handles: readonly string[],
): Promise<Map<string, number>> {
  if (handles.length === 0) return new Map();
  const rows = await db
    .select({ id: commerceProduct.id, handle: commerceProduct.handle })
    .from(commerceProduct)
    .where(inArray(commerceProduct.handle, [...handles]));
  return new Map(rows.map((row) => [row.handle, row.id]));
}

/** The handles of products by id (to show `produit_associe` as staff type it). */
export async function productHandlesById(
  db: Reader,
  ids: readonly number[],
): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: commerceProduct.id, handle: commerceProduct.handle })
    .from(commerceProduct)
    .where(inArray(commerceProduct.id, [...ids]));
  return new Map(rows.map((row) => [row.id, row.handle]));
}

// ---------------------------------------------------------------------------------------------
// The admin list

export type AdminProductFilter = {
  /** Part of the title, handle, vendor or a variant's SKU. */
  query?: string;
  collectionId?: number;
  /** A brand metaobject id (`custom.marque`). */
  brandId?: number;
  availability?: "available" | "unavailable";
  archived?: "yes" | "no";
  restauration?: "yes" | "no";
};

export type AdminProductRow = {
  id: number;
  handle: string;
  title: string;
  vendor: string;
  sku: string | null;
  priceMinCents: number;
  priceMaxCents: number;
  compareAtMinCents: number | null;
  availableForSale: boolean;
  archived: boolean;
  restauration: boolean;
  imageUrl: string | null;
  updatedAt: Date;
};

const escapeLike = (text: string) => text.replace(/[%_\\]/g, "\\$&");

/** The SQL condition of a filter: shared by the list and the bulk price selection. */
export function filterCondition(filter: AdminProductFilter): SQL | undefined {
  const conditions: SQL[] = [];
  const query = filter.query?.trim();
  if (query) {
    const pattern = `%${escapeLike(query)}%`;
    const match = or(
      ilike(commerceProduct.title, pattern),
      ilike(commerceProduct.handle, pattern),
      ilike(commerceProduct.vendor, pattern),
      sql`exists (select 1 from ${commerceVariant} v
        where v.product_id = ${commerceProduct.id} and v.sku ilike ${pattern})`,
    );
    if (match) conditions.push(match);
  }
  if (filter.collectionId !== undefined) {
    conditions.push(sql`exists (select 1 from ${commerceCollectionProduct} cp
      where cp.product_id = ${commerceProduct.id} and cp.collection_id = ${filter.collectionId})`);
  }
  if (filter.brandId !== undefined) {
    conditions.push(sql`exists (select 1 from ${commerceProductFilterValue} f
      where f.product_id = ${commerceProduct.id} and f.namespace = ${CUSTOM_NAMESPACE}
        and f.key = 'marque' and f.value = ${toGid("Metaobject", filter.brandId)})`);
  }
  if (filter.availability) {
    conditions.push(eq(commerceProduct.availableForSale, filter.availability === "available"));
  }
  if (filter.archived) conditions.push(eq(commerceProduct.archived, filter.archived === "yes"));
  if (filter.restauration) {
    const tagged = sql`${RESTAURATION_TAG} = any(${commerceProduct.tags})`;
    conditions.push(filter.restauration === "yes" ? tagged : sql`not (${tagged})`);
  }
  return and(...conditions);
}

/** One page of the admin product list, by title, with the total count of matches. */
export async function listProductsForAdmin(
  db: Reader,
  filter: AdminProductFilter,
  page: { number: number; size: number },
): Promise<{ rows: AdminProductRow[]; total: number }> {
  const where = filterCondition(filter);
  const [counted, rows] = await Promise.all([
    db.select({ total: sql<number>`count(*)::int` }).from(commerceProduct).where(where),
    db
      .select({
        id: commerceProduct.id,
        handle: commerceProduct.handle,
        title: commerceProduct.title,
        vendor: commerceProduct.vendor,
        sku: sql<string | null>`(select v.sku from ${commerceVariant} v
          where v.product_id = ${commerceProduct.id} order by v.position, v.id limit 1)`,
        priceMinCents: commerceProduct.priceMinCents,
        priceMaxCents: commerceProduct.priceMaxCents,
        compareAtMinCents: commerceProduct.compareAtMinCents,
        availableForSale: commerceProduct.availableForSale,
        archived: commerceProduct.archived,
        restauration: sql<boolean>`${RESTAURATION_TAG} = any(${commerceProduct.tags})`,
        imageUrl: sql<string | null>`(select i.url from ${commerceImage} i
          where i.product_id = ${commerceProduct.id} order by i.position, i.id limit 1)`,
        updatedAt: commerceProduct.updatedAt,
      })
      .from(commerceProduct)
      .where(where)
      .orderBy(asc(commerceProduct.title), asc(commerceProduct.id))
      .limit(page.size)
      .offset(Math.max(0, page.number - 1) * page.size),
  ]);
  return { rows, total: Number(counted[0]?.total ?? 0) };
}

/** The catalogue's size, for the back office's dashboard. */
export async function catalogueFigures(db: Reader) {
  const [row] = await db
    .select({
      products: sql<number>`count(*)::int`,
      available: sql<number>`(count(*) filter (where ${commerceProduct.availableForSale} and not ${commerceProduct.archived}))::int`,
      archived: sql<number>`(count(*) filter (where ${commerceProduct.archived}))::int`,
      collections: sql<number>`(select count(*)::int from ${commerceCollection})`,
    })
    .from(commerceProduct);
  return {
    products: Number(row?.products ?? 0),
    available: Number(row?.available ?? 0),
    archived: Number(row?.archived ?? 0),
    collections: Number(row?.collections ?? 0),
  };
}
