import { asc, eq, inArray } from "drizzle-orm";
import { z } from "zod";
import type { Tx } from "#db/client.ts";
import { setProductMetafields, touch } from "#platform/commerce/catalogue/catalogue.ts";
import {
  ARCHIVE_TAG,
  CatalogueInputError,
  MAX_IMAGES,
  type ProductMetafieldValues,
  UNAVAILABLE_TAG,
} from "#platform/commerce/catalogue/input.ts";
import { MIN_PRICE_CENTS } from "#platform/commerce/catalogue/prices.ts";
import { sanitizeRichHtml } from "#platform/commerce/catalogue/rich-html.ts";
import {
  commerceFile,
  commerceImage,
  commerceProduct,
  commerceVariant,
} from "#platform/commerce/catalogue/schema.ts";
import { checkSoldByWeight } from "#platform/commerce/catalogue/sold-by-weight.ts";
import { toGid } from "#platform/commerce/gid.ts";
import { IMAGE_ROUTE_PREFIX } from "#platform/commerce/images/paths.ts";

/**
 * The catalogue's edit side, for the admin area: change one product's fields, variants, images,
 * archive and availability flags. Every write runs in the caller's transaction and ends with
 * `refreshDerivedFields`, which keeps the product row's derived columns, its filter rows, the
 * search index and the catalogue version current, exactly as the catalogue's own writes do.
 * Reading for the admin (`catalogue-edit-read.ts`) and bulk prices (`catalogue-prices.ts`) are
 * re-exported below.
 */

/** The tags the edit side sets through their own switches, never through the tag list. */
export const CONTROLLED_TAGS: readonly string[] = [ARCHIVE_TAG, UNAVAILABLE_TAG];
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
  /** The units left (null: not counted); left out, the count is not touched. */
  quantityAvailable?: number | null;
};

export type ImageEdit = { url: string; altText: string | null };

/** Everything the product screen saves at once; parts left out are not touched. */
export type ProductEdit = {
  fields?: ProductFieldsEdit;
  variants?: readonly VariantEdit[];
  images?: readonly ImageEdit[];
  metafields?: ProductMetafieldValues;
};

export const cents = z.number().int().min(MIN_PRICE_CENTS).max(2_147_483_647);

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
    quantityAvailable: z.number().int().min(0).max(1_000_000).nullish(),
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
        ...(edit.quantityAvailable === undefined
          ? {}
          : { quantityAvailable: edit.quantityAvailable }),
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
  // New prices on a product sold by weight must keep its one price per kilogram.
  if (edit.variants) await checkSoldByWeight(tx, [productId]);
  await touch(tx, [productId], now);
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
