import { and, asc, eq, ilike, inArray, or, type SQL, sql } from "drizzle-orm";
import { z } from "zod";
import type { Db, Tx } from "#db/client.ts";
import {
  ARCHIVE_TAG,
  CatalogueInputError,
  MAX_IMAGES,
  type ProductMetafieldValues,
  refreshDerivedFields,
  setProductMetafields,
  UNAVAILABLE_TAG,
} from "#platform/commerce/catalogue.ts";
import {
  commerceCollection,
  commerceCollectionProduct,
  commerceFile,
  commerceImage,
  commerceMetafield,
  commerceMetaobject,
  commerceProduct,
  commerceProductFilterValue,
  commerceVariant,
} from "#platform/commerce/catalogue-schema.ts";
import { toGid } from "#platform/commerce/gid.ts";
import { IMAGE_ROUTE_PREFIX } from "#platform/commerce/images/paths.ts";
import {
  CUSTOM_NAMESPACE,
  PRODUCT_METAFIELDS,
  type ProductMetafieldKey,
} from "#platform/commerce/metafields.ts";
import { sanitizeRichHtml } from "#platform/commerce/rich-html.ts";

/**
 * The catalogue's edit side, for the admin area: read one product as staff edit it, change its
 * fields, variants, images, archive and availability flags, and change many prices at once.
 * Every write runs in the caller's transaction and ends with `refreshDerivedFields`, which keeps
 * the product row's derived columns, its filter rows, the search index and the catalogue version
 * current, exactly as the catalogue's own writes do.
 */

/** The tags the edit side sets through their own switches, never through the tag list. */
export const CONTROLLED_TAGS: readonly string[] = [ARCHIVE_TAG, UNAVAILABLE_TAG];
/** The tag that marks a restaurant dish (storefront.md §3). */
export const RESTAURATION_TAG = "restauration";
/** Products one bulk price change may touch: beyond, staff narrow the selection. */
export const MAX_BULK_PRODUCTS = 1000;
/** No price goes below one cent. */
export const MIN_PRICE_CENTS = 1;

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

type Reader = Db | Tx;

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
function filterCondition(filter: AdminProductFilter): SQL | undefined {
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

// ---------------------------------------------------------------------------------------------
// Writing one product

export type ProductFieldsEdit = {
  title: string;
  vendor: string;
  productType?: string;
  descriptionHtml: string;
  /** Descriptive tags; `Archive` and `unavailable` are kept as they are (see `CONTROLLED_TAGS`). */
  tags: readonly string[];
  seoTitle: string | null;
  seoDescription: string | null;
};

export type VariantEdit = {
  id: number;
  sku?: string | null;
  barcode?: string | null;
  priceCents?: number;
  compareAtPriceCents?: number | null;
  availableForSale?: boolean;
};

export type ImageEdit = { url: string; altText: string | null };

/** Everything the product screen saves at once; parts left out are not touched. */
export type ProductEdit = {
  fields?: ProductFieldsEdit;
  variants?: readonly VariantEdit[];
  images?: readonly ImageEdit[];
  metafields?: ProductMetafieldValues;
};

const cents = z.number().int().min(MIN_PRICE_CENTS).max(2_147_483_647);

const fieldsSchema = z
  .object({
    title: z.string().trim().min(1, "must not be empty").max(255),
    vendor: z.string().trim().max(255),
    productType: z.string().trim().max(255).optional(),
    descriptionHtml: z.string().max(100_000),
    tags: z.array(z.string().trim().min(1).max(255)).max(250),
    seoTitle: z.string().trim().max(255).nullable(),
    seoDescription: z.string().trim().max(1000).nullable(),
  })
  .strict();

const variantEditSchema = z
  .object({
    id: z.number().int().positive(),
    sku: z.string().trim().max(255).nullish(),
    barcode: z.string().trim().max(64).nullish(),
    priceCents: cents.optional(),
    compareAtPriceCents: cents.nullish(),
    availableForSale: z.boolean().optional(),
  })
  .strict();

const imagesSchema = z
  .array(
    z
      .object({
        url: z.string().startsWith(`${IMAGE_ROUTE_PREFIX}/`, "must be an image service URL"),
        altText: z.string().trim().max(512).nullable(),
      })
      .strict(),
  )
  .max(MAX_IMAGES, `at most ${MAX_IMAGES} images`)
  .refine((images) => new Set(images.map((image) => image.url)).size === images.length, {
    message: "must not list an image twice",
  });

function parseOrThrow<T>(schema: z.ZodType<T>, value: unknown, label: string, path: string): T {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const where = [path, ...(issue?.path ?? [])].filter((part) => part !== "").join(".");
  throw new CatalogueInputError("product", label, where, issue?.message ?? "invalid");
}

async function productRow(tx: Tx, productId: number) {
  const [row] = await tx
    .select({ id: commerceProduct.id, handle: commerceProduct.handle, tags: commerceProduct.tags })
    .from(commerceProduct)
    .where(eq(commerceProduct.id, productId))
    .for("update");
  if (!row) {
    throw new CatalogueInputError("product", toGid("Product", productId), "", "does not exist");
  }
  return row;
}

async function writeFields(
  tx: Tx,
  productId: number,
  tags: readonly string[],
  edit: unknown,
  now: Date,
) {
  const fields = parseOrThrow(fieldsSchema, edit, toGid("Product", productId), "fields");
  const kept = tags.filter((tag) => CONTROLLED_TAGS.includes(tag));
  const descriptive = fields.tags.filter((tag) => !CONTROLLED_TAGS.includes(tag));
  await tx
    .update(commerceProduct)
    .set({
      title: fields.title,
      vendor: fields.vendor,
      ...(fields.productType === undefined ? {} : { productType: fields.productType }),
      descriptionHtml: sanitizeRichHtml(fields.descriptionHtml),
      tags: [...new Set([...descriptive, ...kept])],
      seoTitle: fields.seoTitle || null,
      seoDescription: fields.seoDescription || null,
      updatedAt: now,
    })
    .where(eq(commerceProduct.id, productId));
}

async function writeVariants(tx: Tx, productId: number, edits: unknown, now: Date) {
  const label = toGid("Product", productId);
  const variants = parseOrThrow(z.array(variantEditSchema), edits, label, "variants");
  const existing = await tx
    .select()
    .from(commerceVariant)
    .where(eq(commerceVariant.productId, productId));
  const byId = new Map(existing.map((variant) => [variant.id, variant]));
  for (const [index, edit] of variants.entries()) {
    const current = byId.get(edit.id);
    if (!current) {
      throw new CatalogueInputError(
        "product",
        label,
        `variants.${index}.id`,
        "is not a variant of this product",
      );
    }
    const price = edit.priceCents ?? current.priceCents;
    const compareAt =
      edit.compareAtPriceCents === undefined
        ? current.compareAtPriceCents
        : edit.compareAtPriceCents;
    if (compareAt != null && compareAt <= price) {
      throw new CatalogueInputError(
        "product",
        label,
        `variants.${index}.compareAtPriceCents`,
        "must be above the price",
      );
    }
    await tx
      .update(commerceVariant)
      .set({
        ...(edit.sku === undefined ? {} : { sku: edit.sku || null }),
        ...(edit.barcode === undefined ? {} : { barcode: edit.barcode || null }),
        priceCents: price,
        compareAtPriceCents: compareAt ?? null,
        ...(edit.availableForSale === undefined ? {} : { availableForSale: edit.availableForSale }),
        updatedAt: now,
      })
      .where(eq(commerceVariant.id, edit.id));
  }
}

/** The stored path of an image-service URL: `/cdn/images/uploads/a.png` → `uploads/a.png`. */
export function imagePathOfUrl(url: string): string {
  const path = url.startsWith(`${IMAGE_ROUTE_PREFIX}/`)
    ? url.slice(IMAGE_ROUTE_PREFIX.length + 1)
    : url;
  return path.split("?")[0]?.split("/").map(decodeURIComponent).join("/") ?? "";
}

async function writeImages(tx: Tx, productId: number, edits: unknown) {
  const label = toGid("Product", productId);
  const images = parseOrThrow(imagesSchema, edits, label, "images");
  const paths = images.map((image) => imagePathOfUrl(image.url));
  const files =
    paths.length === 0
      ? []
      : await tx
          .select({
            path: commerceFile.path,
            width: commerceFile.width,
            height: commerceFile.height,
          })
          .from(commerceFile)
          .where(inArray(commerceFile.path, paths));
  const sizes = new Map(files.map((file) => [file.path, file]));
  const missing = paths.findIndex((path) => !sizes.has(path));
  if (missing >= 0) {
    throw new CatalogueInputError(
      "product",
      label,
      `images.${missing}.url`,
      "is not a stored image",
    );
  }
  await tx.delete(commerceImage).where(eq(commerceImage.productId, productId));
  if (images.length === 0) return;
  await tx.insert(commerceImage).values(
    images.map((image, index) => {
      const size = sizes.get(paths[index] ?? "");
      return {
        productId,
        position: index + 1,
        url: image.url,
        altText: image.altText || null,
        width: size?.width ?? null,
        height: size?.height ?? null,
      };
    }),
  );
}

/**
 * Saves a product edit in the caller's transaction: fields, variants, images and custom fields,
 * each part only when given. Refuses bad input with a `CatalogueInputError` naming the field;
 * the caller's transaction then rolls back, so nothing is half-saved.
 */
export async function editProduct(
  tx: Tx,
  productId: number,
  edit: ProductEdit,
  options: { now?: Date } = {},
): Promise<void> {
  const now = options.now ?? new Date();
  const row = await productRow(tx, productId);
  if (edit.fields) await writeFields(tx, productId, row.tags, edit.fields, now);
  if (edit.variants) await writeVariants(tx, productId, edit.variants, now);
  if (edit.images) await writeImages(tx, productId, edit.images);
  if (edit.metafields) {
    await setProductMetafields(tx, [{ productId, metafields: edit.metafields }], { now });
  }
  await touch(tx, [productId], now);
}

/** Marks products changed and brings every value derived from them up to date. */
async function touch(tx: Tx, productIds: readonly number[], now: Date) {
  if (productIds.length === 0) return;
  await tx
    .update(commerceProduct)
    .set({ updatedAt: now })
    .where(inArray(commerceProduct.id, [...productIds]));
  await refreshDerivedFields(tx, productIds);
}

async function setTag(tx: Tx, productId: number, tag: string, on: boolean, now: Date) {
  const row = await productRow(tx, productId);
  const tags = row.tags.filter((existing) => existing !== tag);
  if (on) tags.push(tag);
  await tx.update(commerceProduct).set({ tags }).where(eq(commerceProduct.id, productId));
  await touch(tx, [productId], now);
}

/**
 * Archives a product (tag `Archive`: out of listings, search and feeds) or brings it back.
 * The `archived` column follows through `refreshDerivedFields`.
 */
export function setArchived(
  tx: Tx,
  productId: number,
  archived: boolean,
  options: { now?: Date } = {},
) {
  return setTag(tx, productId, ARCHIVE_TAG, archived, options.now ?? new Date());
}

/**
 * Takes a product off sale (tag `unavailable`, whatever its variants say) or puts it back on
 * sale, where it is available when one of its variants is.
 */
export function setAvailability(
  tx: Tx,
  productId: number,
  available: boolean,
  options: { now?: Date } = {},
) {
  return setTag(tx, productId, UNAVAILABLE_TAG, !available, options.now ?? new Date());
}

async function currentImages(tx: Tx, productId: number): Promise<ImageEdit[]> {
  await productRow(tx, productId);
  const rows = await tx
    .select({ url: commerceImage.url, altText: commerceImage.altText })
    .from(commerceImage)
    .where(eq(commerceImage.productId, productId))
    .orderBy(asc(commerceImage.position), asc(commerceImage.id));
  return rows;
}

/** Adds a stored image (by its path under the image service) at the end of a product's images. */
export async function addProductImage(
  tx: Tx,
  productId: number,
  image: { path: string; altText: string | null },
  options: { now?: Date } = {},
) {
  const images = await currentImages(tx, productId);
  const url = `${IMAGE_ROUTE_PREFIX}/${image.path.split("/").map(encodeURIComponent).join("/")}`;
  await editProduct(
    tx,
    productId,
    { images: [...images, { url, altText: image.altText }] },
    options,
  );
}

/** Removes the image at `position` (1-based) from a product; the stored file stays. */
export async function removeProductImage(
  tx: Tx,
  productId: number,
  position: number,
  options: { now?: Date } = {},
) {
  const images = await currentImages(tx, productId);
  if (position < 1 || position > images.length) {
    throw new CatalogueInputError(
      "product",
      toGid("Product", productId),
      "images",
      "no image at this position",
    );
  }
  images.splice(position - 1, 1);
  await editProduct(tx, productId, { images }, options);
}

/** Moves the image at `position` (1-based) one place up (-1) or down (+1). */
export async function moveProductImage(
  tx: Tx,
  productId: number,
  position: number,
  direction: -1 | 1,
  options: { now?: Date } = {},
) {
  const images = await currentImages(tx, productId);
  const from = position - 1;
  const to = from + direction;
  if (from < 0 || from >= images.length || to < 0 || to >= images.length) {
    throw new CatalogueInputError(
      "product",
      toGid("Product", productId),
      "images",
      "cannot move this image there",
    );
  }
  const [moved] = images.splice(from, 1);
  if (moved) images.splice(to, 0, moved);
  await editProduct(tx, productId, { images }, options);
}

// ---------------------------------------------------------------------------------------------
// Bulk prices

export type PriceOperation =
  | { kind: "set"; cents: number }
  | { kind: "percent"; percent: number }
  | { kind: "amount"; cents: number }
  | { kind: "promo-percent"; percent: number }
  | { kind: "promo-amount"; cents: number }
  | { kind: "clear-compare" };

export type Prices = { priceCents: number; compareAtPriceCents: number | null };

const atLeastOneCent = (cents: number) => Math.max(MIN_PRICE_CENTS, Math.round(cents));

/**
 * A variant's prices after an operation. The price never goes below one cent; a compare-at price
 * is only kept when it is above the new price. A promotion first makes the current price the
 * compare-at price, then lowers the price.
 */
export function applyPriceOperation(prices: Prices, operation: PriceOperation): Prices {
  const keep = (priceCents: number, compareAt: number | null): Prices => ({
    priceCents,
    compareAtPriceCents: compareAt !== null && compareAt > priceCents ? compareAt : null,
  });
  const { priceCents, compareAtPriceCents } = prices;
  switch (operation.kind) {
    case "set":
      return keep(atLeastOneCent(operation.cents), compareAtPriceCents);
    case "percent":
      return keep(
        atLeastOneCent((priceCents * (100 + operation.percent)) / 100),
        compareAtPriceCents,
      );
    case "amount":
      return keep(atLeastOneCent(priceCents + operation.cents), compareAtPriceCents);
    case "promo-percent":
      return keep(atLeastOneCent((priceCents * (100 - operation.percent)) / 100), priceCents);
    case "promo-amount":
      return keep(atLeastOneCent(priceCents - operation.cents), priceCents);
    case "clear-compare":
      return { priceCents, compareAtPriceCents: null };
  }
}

export type PriceChangeLine = {
  productId: number;
  handle: string;
  title: string;
  variantId: number;
  variantTitle: string;
  before: Prices;
  after: Prices;
};

export type PricePlan = {
  /** Products the selection matches. */
  productCount: number;
  /** Every variant of the selection with its prices before and after. */
  lines: PriceChangeLine[];
};

/** Thrown when a bulk selection matches more products than one change may touch. */
export class SelectionTooLargeError extends Error {
  readonly productCount: number;
  constructor(productCount: number) {
    super(`the selection matches ${productCount} products (at most ${MAX_BULK_PRODUCTS})`);
    this.name = "SelectionTooLargeError";
    this.productCount = productCount;
  }
}

async function planWith(
  db: Reader,
  filter: AdminProductFilter,
  operation: PriceOperation,
  lock: boolean,
) {
  const where = filterCondition(filter);
  const [counted] = await db
    .select({ total: sql<number>`count(*)::int` })
    .from(commerceProduct)
    .where(where);
  const productCount = Number(counted?.total ?? 0);
  if (productCount > MAX_BULK_PRODUCTS) throw new SelectionTooLargeError(productCount);
  const query = db
    .select({
      productId: commerceProduct.id,
      handle: commerceProduct.handle,
      title: commerceProduct.title,
      variantId: commerceVariant.id,
      variantTitle: commerceVariant.title,
      priceCents: commerceVariant.priceCents,
      compareAtPriceCents: commerceVariant.compareAtPriceCents,
    })
    .from(commerceProduct)
    .innerJoin(commerceVariant, eq(commerceVariant.productId, commerceProduct.id))
    .where(where)
    .orderBy(asc(commerceProduct.title), asc(commerceProduct.id), asc(commerceVariant.position));
  const rows = lock ? await query.for("update", { of: commerceVariant }) : await query;
  const lines = rows.map((row) => {
    const before = { priceCents: row.priceCents, compareAtPriceCents: row.compareAtPriceCents };
    return {
      productId: row.productId,
      handle: row.handle,
      title: row.title,
      variantId: row.variantId,
      variantTitle: row.variantTitle,
      before,
      after: applyPriceOperation(before, operation),
    };
  });
  return { productCount, lines };
}

/** What a bulk price change would do, writing nothing (the preview). */
export function previewPriceChange(
  db: Reader,
  filter: AdminProductFilter,
  operation: PriceOperation,
): Promise<PricePlan> {
  return planWith(db, filter, operation, false);
}

/**
 * Applies a bulk price change in the caller's transaction, recomputed from the current prices
 * (rows locked), and returns it; only variants whose prices change are written.
 */
export async function applyPriceChange(
  tx: Tx,
  filter: AdminProductFilter,
  operation: PriceOperation,
  options: { now?: Date } = {},
): Promise<PricePlan> {
  const now = options.now ?? new Date();
  const plan = await planWith(tx, filter, operation, true);
  const changed = plan.lines.filter((line) => !samePrices(line.before, line.after));
  if (changed.length > 0) {
    const document = JSON.stringify(
      changed.map((line) => ({
        id: line.variantId,
        price: line.after.priceCents,
        compare: line.after.compareAtPriceCents,
      })),
    );
    await tx.execute(sql`update ${commerceVariant} as v
      set price_cents = x.price, compare_at_price_cents = x.compare, updated_at = ${now.toISOString()}::timestamptz
      from jsonb_to_recordset(${document}::jsonb) as x(id int, price int, compare int)
      where v.id = x.id`);
    await touch(tx, [...new Set(changed.map((line) => line.productId))], now);
  }
  return plan;
}

export function samePrices(a: Prices, b: Prices): boolean {
  return a.priceCents === b.priceCents && a.compareAtPriceCents === b.compareAtPriceCents;
}
