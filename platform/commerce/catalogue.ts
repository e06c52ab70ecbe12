import { getTableColumns, type SQL, sql } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";
import { z } from "zod";
import type { Tx } from "#db/client.ts";
import { announceCatalogueChange } from "#platform/commerce/catalogue-events.ts";
import {
  commerceCatalogueVersion,
  commerceCollection,
  commerceCollectionProduct,
  commerceImage,
  commerceMetafield,
  commerceMetaobject,
  commerceProduct,
  commerceProductFilterValue,
  commerceVariant,
  type MetafieldOwner,
  type MetaobjectField,
} from "#platform/commerce/catalogue-schema.ts";
import { fromGid, type GidType, toGid } from "#platform/commerce/gid.ts";
import {
  COLLECTION_METAFIELDS,
  type CollectionMetafieldKey,
  CUSTOM_NAMESPACE,
  FILTERABLE_PRODUCT_METAFIELDS,
  METAOBJECT_TYPES,
  type MetaobjectType,
  PRODUCT_METAFIELDS,
  type ProductMetafieldKey,
} from "#platform/commerce/metafields.ts";
import { sanitizeRichHtml } from "#platform/commerce/rich-html.ts";
import { type CatalogueChanges, syncSearchIndex } from "#platform/search/index.ts";

/**
 * The catalogue's write side (the demo seed today, the admin area later): products with their
 * variants, images and custom fields, collections with their manual order, metaobjects. Writes
 * go in bulk (one statement per table and chunk, whatever the batch size) and keep the product
 * row's derived columns and filter rows in step with what they derive from.
 */

/** What a product may carry, storefront.md §9. */
export const MAX_VARIANTS = 10;
export const MAX_IMAGES = 10;
export const MAX_RELATED_PRODUCTS = 10;
/** The tags that change a product's derived columns (storefront.md §3). */
export const ARCHIVE_TAG = "Archive";
export const UNAVAILABLE_TAG = "unavailable";

/** Which metaobject type each reference field points at. */
const METAOBJECT_REFERENCE_TYPES: Partial<Record<ProductMetafieldKey, MetaobjectType>> = {
  marque: "produit_marque",
  allergens: "produit_allergenes",
  regimes: "produit_regime",
  labelsDetails: "produit_label",
};

/** Products per round of statements: bounds the size of one statement's JSON document. */
const PRODUCT_CHUNK = 500;
/** Rows per statement for the tables that hang off products (metafields, filter values…). */
const ROW_CHUNK = 5_000;

// ---------------------------------------------------------------------------------------------
// Input types

/** A custom field's value as the caller gives it; stored the way Shopify serialises it. */
type MetafieldValue<T extends string> = T extends "number_integer"
  ? number
  : T extends "boolean"
    ? boolean
    : T extends `list.${string}`
      ? readonly string[]
      : string;

/**
 * Product custom fields by the names of `PRODUCT_METAFIELDS`. References are GIDs
 * (`gid://shopify/Metaobject/3`, `gid://shopify/Product/42`); null, "" and [] mean "no value".
 */
export type ProductMetafieldValues = {
  [K in ProductMetafieldKey]?: MetafieldValue<(typeof PRODUCT_METAFIELDS)[K]> | null;
};

export type CollectionMetafieldValues = {
  [K in CollectionMetafieldKey]?: MetafieldValue<(typeof COLLECTION_METAFIELDS)[K]> | null;
};

export type VariantInput = {
  /** "Default Title" when the product has a single, unnamed variant. */
  title?: string;
  sku?: string | null;
  barcode?: string | null;
  priceCents: number;
  /** The previous price; a listing only shows it where it is above the price. */
  compareAtPriceCents?: number | null;
  /** True when omitted. */
  availableForSale?: boolean;
  quantityAvailable?: number | null;
};

export type ImageInput = {
  /** Path under the image service, e.g. `/cdn/images/products/comte-aop-18-mois-1.svg`. */
  url: string;
  altText?: string | null;
  width?: number | null;
  height?: number | null;
};

export type ProductInput = {
  /** Lowercase letters, digits and single dashes: see `slugify` in `app/lib/slug.ts`. */
  handle: string;
  title: string;
  vendor?: string;
  productType?: string;
  descriptionHtml?: string;
  tags?: readonly string[];
  seo?: { title?: string | null; description?: string | null };
  /** At least one, at most ten, in display order. */
  variants: readonly VariantInput[];
  /** At most ten, in display order; the first is the featured image. */
  images?: readonly ImageInput[];
  metafields?: ProductMetafieldValues;
  /** Timestamps default to the time of the call. */
  createdAt?: Date;
  updatedAt?: Date;
  publishedAt?: Date;
};

export type CollectionInput = {
  handle: string;
  title: string;
  descriptionHtml?: string;
  image?: { url: string; altText?: string | null } | null;
  seo?: { title?: string | null; description?: string | null };
  metafields?: CollectionMetafieldValues;
  /** The collection's products in their manual order (positions 1, 2, 3…). */
  productIds?: readonly number[];
  createdAt?: Date;
  updatedAt?: Date;
};

/** A metaobject's fields by the names of `METAOBJECT_TYPES[type]`; fields left out are null. */
export type MetaobjectInput = {
  [T in MetaobjectType]: {
    type: T;
    handle: string;
    fields: {
      [F in keyof (typeof METAOBJECT_TYPES)[T]]?: MetafieldValue<
        (typeof METAOBJECT_TYPES)[T][F] & string
      > | null;
    };
    createdAt?: Date;
    updatedAt?: Date;
  };
}[MetaobjectType];

export type InsertedRow = { id: number; handle: string };

/** A batch the catalogue refuses, with the handle of the first bad item and what is wrong. */
export class CatalogueInputError extends Error {
  readonly handle: string;
  readonly path: string;
  constructor(kind: string, handle: string, path: string, reason: string) {
    super(`Invalid ${kind} "${handle}": ${path ? `${path}: ` : ""}${reason}`);
    this.name = "CatalogueInputError";
    this.handle = handle;
    this.path = path;
  }
}

// ---------------------------------------------------------------------------------------------
// Validation

const handleSchema = z
  .string()
  .max(255)
  .regex(
    /^[a-z0-9]+(?:-[a-z0-9]+)*$/,
    "must be lowercase letters and digits joined by single dashes, without accents",
  );

const cents = z
  .number()
  .int("must be a whole number of cents")
  .min(0, "must not be negative")
  .max(2_147_483_647);

const date = z.date().optional();

const gidOf = (type: GidType) =>
  z.string().refine((value) => fromGid(value, type) !== undefined, {
    message: `must be a ${type} GID (gid://shopify/${type}/<id>)`,
  });

const uniqueList = <T extends z.ZodType<string>>(item: T, max = 250) =>
  z
    .array(item)
    .max(max)
    .refine((items) => new Set(items).size === items.length, "must not repeat a value");

/** The zod schema of one metafield type; the types our fields use, nothing more. */
function metafieldValueSchema(type: string, key: string): z.ZodType {
  switch (type) {
    case "single_line_text_field":
      return z.string().regex(/^[^\r\n]*$/, "must fit on one line");
    case "multi_line_text_field":
      return z.string();
    case "number_integer":
      return z
        .number()
        .int()
        .min(-(2 ** 53 - 1))
        .max(2 ** 53 - 1);
    case "boolean":
      return z.boolean();
    case "url":
      return z.string().regex(/^(?:https?:\/\/|\/)\S*$/, "must be an http(s) URL or a path");
    case "metaobject_reference":
      return gidOf("Metaobject");
    case "product_reference":
      return gidOf("Product");
    case "list.metaobject_reference":
      return uniqueList(gidOf("Metaobject"));
    case "list.product_reference":
      return uniqueList(gidOf("Product"), key === "produit_associe" ? MAX_RELATED_PRODUCTS : 250);
    case "list.single_line_text_field":
      return uniqueList(z.string().regex(/^[^\r\n]*$/, "must fit on one line"));
    default:
      throw new Error(`No validation for metafield type ${type}`);
  }
}

function metafieldsSchema(definitions: Record<string, string>) {
  const shape = Object.fromEntries(
    Object.entries(definitions).map(([key, type]) => [
      key,
      metafieldValueSchema(type, key).nullable().optional(),
    ]),
  );
  return z.object(shape).strict();
}

const seoSchema = z
  .object({ title: z.string().nullish(), description: z.string().nullish() })
  .strict()
  .optional();

const variantSchema = z
  .object({
    title: z.string().min(1).optional(),
    sku: z.string().nullish(),
    barcode: z.string().nullish(),
    priceCents: cents,
    compareAtPriceCents: cents.nullish(),
    availableForSale: z.boolean().optional(),
    quantityAvailable: z.number().int().nullish(),
  })
  .strict();

const imageSchema = z
  .object({
    url: z.string().min(1),
    altText: z.string().nullish(),
    width: z.number().int().positive().nullish(),
    height: z.number().int().positive().nullish(),
  })
  .strict();

const productSchema = z
  .object({
    handle: handleSchema,
    title: z.string().trim().min(1, "must not be empty"),
    vendor: z.string().optional(),
    productType: z.string().optional(),
    descriptionHtml: z.string().optional(),
    tags: z.array(z.string().trim().min(1, "must not be empty")).max(250).optional(),
    seo: seoSchema,
    variants: z
      .array(variantSchema)
      .min(1, "a product needs at least one variant")
      .max(MAX_VARIANTS, `at most ${MAX_VARIANTS} variants`),
    images: z.array(imageSchema).max(MAX_IMAGES, `at most ${MAX_IMAGES} images`).optional(),
    metafields: metafieldsSchema(PRODUCT_METAFIELDS).optional(),
    createdAt: date,
    updatedAt: date,
    publishedAt: date,
  })
  .strict();

const collectionSchema = z
  .object({
    handle: handleSchema,
    title: z.string().trim().min(1, "must not be empty"),
    descriptionHtml: z.string().optional(),
    image: z
      .object({ url: z.string().min(1), altText: z.string().nullish() })
      .strict()
      .nullish(),
    seo: seoSchema,
    metafields: metafieldsSchema(COLLECTION_METAFIELDS).optional(),
    productIds: z
      .array(z.number().int().positive())
      .refine((ids) => new Set(ids).size === ids.length, "must not list a product twice")
      .optional(),
    createdAt: date,
    updatedAt: date,
  })
  .strict();

const metaobjectSchema = z.discriminatedUnion(
  "type",
  Object.entries(METAOBJECT_TYPES).map(([type, fields]) =>
    z
      .object({
        type: z.literal(type),
        handle: handleSchema,
        fields: metafieldsSchema(fields),
        createdAt: date,
        updatedAt: date,
      })
      .strict(),
  ) as unknown as [z.ZodObject, ...z.ZodObject[]],
);

/** Parses every item, then checks handles are unique in the batch; throws on the first bad one. */
function parseBatch<T extends { handle: string }>(
  kind: string,
  schema: z.ZodType,
  inputs: readonly unknown[],
  keyOf: (item: T) => string = (item) => item.handle,
): T[] {
  const seen = new Set<string>();
  return inputs.map((input, index) => {
    const result = schema.safeParse(input);
    const handle = describeHandle(input, index);
    if (!result.success) {
      const issue = result.error.issues[0];
      throw new CatalogueInputError(
        kind,
        handle,
        issue?.path.join(".") ?? "",
        issue?.message ?? "invalid",
      );
    }
    const item = result.data as T;
    const key = keyOf(item);
    if (seen.has(key)) {
      throw new CatalogueInputError(kind, handle, "handle", "appears twice in the batch");
    }
    seen.add(key);
    return item;
  });
}

function describeHandle(input: unknown, index: number): string {
  const handle = (input as { handle?: unknown } | null)?.handle;
  return typeof handle === "string" && handle !== "" ? handle : `#${index + 1}`;
}

// ---------------------------------------------------------------------------------------------
// Serialisation and derived values

type MetafieldInputValue = string | number | boolean | readonly string[] | null | undefined;

/** Null, "" and [] are "no value": Shopify stores no metafield for them. */
function isBlank(value: MetafieldInputValue): value is null | undefined | "" {
  return value == null || value === "" || (Array.isArray(value) && value.length === 0);
}

/** A value as Shopify serialises it: lists as JSON arrays, booleans and integers as text. */
export function serialiseMetafieldValue(value: string | number | boolean | readonly string[]) {
  if (typeof value === "boolean") return value ? "true" : "false";
  if (typeof value === "number") return String(value);
  if (typeof value === "string") return value;
  return JSON.stringify(value);
}

type DerivedFields = {
  priceMinCents: number;
  priceMaxCents: number;
  compareAtMinCents: number | null;
  compareAtMaxCents: number | null;
  availableForSale: boolean;
  archived: boolean;
  hideInSearch: boolean;
};

/** The product row's derived columns; `refreshDerivedFields` computes the same in SQL. */
function deriveFields(product: ProductInput): DerivedFields {
  const prices = product.variants.map((variant) => variant.priceCents);
  const compareAts = product.variants.flatMap((variant) =>
    variant.compareAtPriceCents != null && variant.compareAtPriceCents > variant.priceCents
      ? [variant.compareAtPriceCents]
      : [],
  );
  const tags = product.tags ?? [];
  return {
    priceMinCents: prices.length > 0 ? Math.min(...prices) : 0,
    priceMaxCents: prices.length > 0 ? Math.max(...prices) : 0,
    compareAtMinCents: compareAts.length > 0 ? Math.min(...compareAts) : null,
    compareAtMaxCents: compareAts.length > 0 ? Math.max(...compareAts) : null,
    availableForSale:
      product.variants.some((variant) => variant.availableForSale !== false) &&
      !tags.includes(UNAVAILABLE_TAG),
    archived: tags.includes(ARCHIVE_TAG),
    hideInSearch: product.metafields?.hideInSearch === true,
  };
}

/** The filter rows of one product: one per filterable value, list elements spread out. */
function filterValues(metafields: ProductMetafieldValues | undefined): [string, string][] {
  const rows: [string, string][] = [];
  for (const key of FILTERABLE_PRODUCT_METAFIELDS) {
    const value = metafields?.[key];
    if (isBlank(value)) continue;
    const values = Array.isArray(value) ? value : [String(value)];
    for (const item of new Set(values)) rows.push([key, item]);
  }
  return rows;
}

type MetafieldRow = typeof commerceMetafield.$inferInsert;

function metafieldRows(
  ownerType: MetafieldOwner,
  ownerId: number,
  definitions: Record<string, string>,
  values: Record<string, MetafieldInputValue> | undefined,
  at: Date,
): MetafieldRow[] {
  const rows: MetafieldRow[] = [];
  for (const [key, value] of Object.entries(values ?? {})) {
    const type = definitions[key];
    if (type === undefined || isBlank(value)) continue;
    rows.push({
      ownerType,
      ownerId,
      namespace: CUSTOM_NAMESPACE,
      key,
      type,
      value: serialiseMetafieldValue(value),
      createdAt: at,
      updatedAt: at,
    });
  }
  return rows;
}

// ---------------------------------------------------------------------------------------------
// Bulk statements

/**
 * Inserts rows through one JSON document per statement (`jsonb_to_recordset`): a single
 * parameter however many rows, about four times faster than a multi-row VALUES list on PGlite
 * and the same on both engines. Every row must carry the same keys (the table's property names).
 */
async function insertRows<T extends PgTable>(
  tx: Tx,
  table: T,
  rows: readonly T["$inferInsert"][],
  options: { returning?: SQL; onConflict?: SQL } = {},
): Promise<Record<string, unknown>[]> {
  const { returning, onConflict } = options;
  const first = rows[0];
  if (first === undefined) return [];
  const columns = getTableColumns(table);
  const keys = Object.keys(first);
  const definitions = keys.map((key) => {
    const column = columns[key];
    if (!column) throw new Error(`${key} is not a column of the table`);
    const type = column.getSQLType();
    return { key, name: column.name, type: type === "serial" ? "integer" : type };
  });
  const names = sql.join(
    definitions.map((definition) => sql.identifier(definition.name)),
    sql`, `,
  );
  const recordType = sql.raw(
    definitions.map((definition) => `"${definition.name}" ${definition.type}`).join(", "),
  );
  const found: Record<string, unknown>[] = [];
  for (let start = 0; start < rows.length; start += ROW_CHUNK) {
    const chunk = rows.slice(start, start + ROW_CHUNK);
    const document = JSON.stringify(
      chunk.map((row) => {
        const record: Record<string, unknown> = {};
        for (const definition of definitions) {
          record[definition.name] = toJsonValue((row as Record<string, unknown>)[definition.key]);
        }
        return record;
      }),
    );
    const query = sql`insert into ${table} (${names})
      select ${names} from jsonb_to_recordset(${document}::jsonb) as x(${recordType})`;
    if (onConflict) query.append(sql` ${onConflict}`);
    if (returning) query.append(sql` returning ${returning}`);
    const result = await tx.execute(query);
    if (returning) found.push(...rowsOf<Record<string, unknown>>(result));
  }
  return found;
}

/** Both drivers put a raw query's rows in `.rows` (decision 003); the type says neither. */
const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

function toJsonValue(value: unknown): unknown {
  if (value instanceof Date) return value.toISOString();
  if (value instanceof Uint8Array) return `\\x${Buffer.from(value).toString("hex")}`;
  return value ?? null;
}

/** A list of ids as one JSON parameter, for `in (select … from jsonb_array_elements_text(…))`. */
function idList(ids: readonly number[]): SQL {
  return sql`(select value::int from jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb))`;
}

function chunks<T>(items: readonly T[], size: number): T[][] {
  const result: T[][] = [];
  for (let start = 0; start < items.length; start += size) {
    result.push(items.slice(start, start + size));
  }
  return result;
}

/**
 * Refuses references to metaobjects or products that do not exist, or to a metaobject of the
 * wrong type (an allergen given as a brand), naming the first product at fault.
 */
async function checkReferences(
  tx: Tx,
  items: readonly { handle: string; metafields?: ProductMetafieldValues }[],
) {
  const metaobjectIds = new Set<number>();
  const productIds = new Set<number>();
  for (const item of items) {
    for (const [key, value] of Object.entries(item.metafields ?? {})) {
      const type = PRODUCT_METAFIELDS[key as ProductMetafieldKey];
      if (isBlank(value) || !type.includes("reference")) continue;
      const kind: GidType = type.includes("product") ? "Product" : "Metaobject";
      for (const gid of Array.isArray(value) ? value : [String(value)]) {
        const id = fromGid(gid, kind);
        if (id !== undefined) (kind === "Product" ? productIds : metaobjectIds).add(id);
      }
    }
  }
  const metaobjectTypes = new Map<number, string>();
  if (metaobjectIds.size > 0) {
    const found = await tx.execute(
      sql`select id, type from ${commerceMetaobject} where id in ${idList([...metaobjectIds])}`,
    );
    for (const row of rowsOf<{ id: number; type: string }>(found)) {
      metaobjectTypes.set(row.id, row.type);
    }
  }
  const products = new Set<number>();
  if (productIds.size > 0) {
    const found = await tx.execute(
      sql`select id from ${commerceProduct} where id in ${idList([...productIds])}`,
    );
    for (const row of rowsOf<{ id: number }>(found)) products.add(row.id);
  }
  for (const item of items) {
    for (const [key, value] of Object.entries(item.metafields ?? {})) {
      const type = PRODUCT_METAFIELDS[key as ProductMetafieldKey];
      if (isBlank(value) || !type.includes("reference")) continue;
      for (const gid of Array.isArray(value) ? value : [String(value)]) {
        if (type.includes("product")) {
          if (!products.has(fromGid(gid, "Product") ?? 0)) {
            throw new CatalogueInputError(
              "product",
              item.handle,
              `metafields.${key}`,
              `${gid} does not exist`,
            );
          }
          continue;
        }
        const expected = METAOBJECT_REFERENCE_TYPES[key as ProductMetafieldKey];
        const actual = metaobjectTypes.get(fromGid(gid, "Metaobject") ?? 0);
        if (actual === undefined || (expected !== undefined && actual !== expected)) {
          const what = expected ? `a ${expected} metaobject` : "a metaobject";
          throw new CatalogueInputError(
            "product",
            item.handle,
            `metafields.${key}`,
            `${gid} is not ${what}`,
          );
        }
      }
    }
  }
}

// ---------------------------------------------------------------------------------------------
// Public API

/** Inserts metaobjects (brands, allergens, diets, labels); returns their ids in input order. */
export async function insertMetaobjects(
  tx: Tx,
  inputs: readonly MetaobjectInput[],
): Promise<(InsertedRow & { type: MetaobjectType; gid: string })[]> {
  const items = parseBatch<MetaobjectInput>(
    "metaobject",
    metaobjectSchema,
    inputs,
    (item) => `${item.type}:${item.handle}`,
  );
  const now = new Date();
  const rows = items.map((item) => {
    const definitions: Record<string, string> = METAOBJECT_TYPES[item.type];
    const values = item.fields as Record<string, MetafieldInputValue>;
    const fields: MetaobjectField[] = Object.entries(definitions).map(([key, type]) => {
      const value = values[key];
      return { key, type, value: isBlank(value) ? null : serialiseMetafieldValue(value) };
    });
    return {
      type: item.type,
      handle: item.handle,
      fields,
      createdAt: item.createdAt ?? now,
      updatedAt: item.updatedAt ?? item.createdAt ?? now,
    };
  });
  const ids = new Map<string, number>();
  for (const chunk of chunks(rows, PRODUCT_CHUNK)) {
    const found = await insertRows(tx, commerceMetaobject, chunk, {
      returning: sql`id, type, handle`,
    });
    for (const row of found) ids.set(`${row.type}:${row.handle}`, Number(row.id));
  }
  await catalogueChanged(tx, { metaobjects: [...ids.values()] });
  return items.map((item) => {
    const id = ids.get(`${item.type}:${item.handle}`) ?? 0;
    return { id, gid: toGid("Metaobject", id), type: item.type, handle: item.handle };
  });
}

/**
 * Inserts products with their variants, images, custom fields, derived columns and filter rows;
 * returns their ids in input order. Validates the whole batch first and refuses it, naming the
 * product, on the first bad value or dangling reference: nothing is written then.
 */
export async function insertProducts(
  tx: Tx,
  inputs: readonly ProductInput[],
): Promise<InsertedRow[]> {
  const items = parseBatch<ProductInput>("product", productSchema, inputs);
  for (const chunk of chunks(items, PRODUCT_CHUNK)) await checkReferences(tx, chunk);

  const now = new Date();
  const ids = new Map<string, number>();
  for (const chunk of chunks(items, PRODUCT_CHUNK)) {
    const productRows = chunk.map((item) => {
      const createdAt = item.createdAt ?? now;
      return {
        handle: item.handle,
        title: item.title,
        vendor: item.vendor ?? "",
        productType: item.productType ?? "",
        descriptionHtml: sanitizeRichHtml(item.descriptionHtml),
        tags: [...new Set(item.tags ?? [])],
        seoTitle: item.seo?.title ?? null,
        seoDescription: item.seo?.description ?? null,
        publishedAt: item.publishedAt ?? createdAt,
        createdAt,
        updatedAt: item.updatedAt ?? createdAt,
        ...deriveFields(item),
      };
    });
    const inserted = await insertRows(tx, commerceProduct, productRows, {
      returning: sql`id, handle`,
    });
    for (const row of inserted) ids.set(String(row.handle), Number(row.id));

    const variants: (typeof commerceVariant.$inferInsert)[] = [];
    const images: (typeof commerceImage.$inferInsert)[] = [];
    const metafields: MetafieldRow[] = [];
    const filters: (typeof commerceProductFilterValue.$inferInsert)[] = [];
    for (const [index, item] of chunk.entries()) {
      const productId = ids.get(item.handle) ?? 0;
      const row = productRows[index];
      const at = row?.updatedAt ?? now;
      for (const [position, variant] of item.variants.entries()) {
        variants.push({
          productId,
          position: position + 1,
          title: variant.title ?? "Default Title",
          sku: variant.sku ?? null,
          barcode: variant.barcode ?? null,
          priceCents: variant.priceCents,
          compareAtPriceCents: variant.compareAtPriceCents ?? null,
          availableForSale: variant.availableForSale ?? true,
          quantityAvailable: variant.quantityAvailable ?? null,
          createdAt: row?.createdAt ?? now,
          updatedAt: at,
        });
      }
      for (const [position, image] of (item.images ?? []).entries()) {
        images.push({
          productId,
          position: position + 1,
          url: image.url,
          altText: image.altText ?? null,
          width: image.width ?? null,
          height: image.height ?? null,
        });
      }
      metafields.push(
        ...metafieldRows("PRODUCT", productId, PRODUCT_METAFIELDS, item.metafields, at),
      );
      for (const [key, value] of filterValues(item.metafields)) {
        filters.push({ productId, namespace: CUSTOM_NAMESPACE, key, value });
      }
    }
    await insertRows(tx, commerceVariant, variants);
    await insertRows(tx, commerceImage, images);
    await insertRows(tx, commerceMetafield, metafields);
    await insertRows(tx, commerceProductFilterValue, filters);
  }
  await catalogueChanged(tx, { products: [...ids.values()] });
  return items.map((item) => ({ id: ids.get(item.handle) ?? 0, handle: item.handle }));
}

/**
 * Sets custom fields on existing products (null, "" or [] removes one), then refreshes the
 * derived columns of the products whose derived inputs changed. `now` stamps the fields
 * (the seed passes its fixed date).
 */
export async function setProductMetafields(
  tx: Tx,
  updates: readonly { productId: number; metafields: ProductMetafieldValues }[],
  options: { now?: Date } = {},
): Promise<void> {
  const schema = metafieldsSchema(PRODUCT_METAFIELDS);
  const merged = new Map<number, ProductMetafieldValues>();
  for (const update of updates) {
    const label = toGid("Product", update.productId);
    if (!Number.isSafeInteger(update.productId) || update.productId <= 0) {
      throw new CatalogueInputError("product", label, "productId", "must be a positive integer");
    }
    const result = schema.safeParse(update.metafields);
    if (!result.success) {
      const issue = result.error.issues[0];
      throw new CatalogueInputError(
        "product",
        label,
        `metafields.${issue?.path.join(".") ?? ""}`,
        issue?.message ?? "invalid",
      );
    }
    merged.set(update.productId, {
      ...merged.get(update.productId),
      ...(result.data as ProductMetafieldValues),
    });
  }
  const entries = [...merged];
  for (const chunk of chunks(entries, PRODUCT_CHUNK)) {
    await checkReferences(
      tx,
      chunk.map(([productId, metafields]) => ({ handle: toGid("Product", productId), metafields })),
    );
  }

  const now = options.now ?? new Date();
  const derivedKeys = new Set<string>([...FILTERABLE_PRODUCT_METAFIELDS, "hideInSearch"]);
  const touched: number[] = [];
  for (const chunk of chunks(entries, PRODUCT_CHUNK)) {
    const rows: MetafieldRow[] = [];
    const removed: { ownerId: number; key: string }[] = [];
    for (const [productId, values] of chunk) {
      rows.push(...metafieldRows("PRODUCT", productId, PRODUCT_METAFIELDS, values, now));
      for (const [key, value] of Object.entries(values)) {
        if (isBlank(value)) removed.push({ ownerId: productId, key });
      }
      if (Object.keys(values).some((key) => derivedKeys.has(key))) touched.push(productId);
    }
    if (removed.length > 0) {
      await tx.execute(sql`delete from ${commerceMetafield} m
        using jsonb_to_recordset(${JSON.stringify(removed)}::jsonb) as x("ownerId" int, key text)
        where m.owner_type = 'PRODUCT' and m.namespace = ${CUSTOM_NAMESPACE}
          and m.owner_id = x."ownerId" and m.key = x.key`);
    }
    await insertRows(tx, commerceMetafield, rows, {
      onConflict: sql`on conflict (owner_type, owner_id, namespace, key) do update
        set type = excluded.type, value = excluded.value, updated_at = excluded.updated_at`,
    });
  }
  if (touched.length > 0) await refreshDerivedFields(tx, touched);
}

/**
 * Recomputes the derived columns of these products from their variants, tags and custom fields
 * (the same values `insertProducts` writes), and rewrites their filter rows. Call it after any
 * change to variants, tags or the filterable or `hideInSearch` fields made by other means.
 */
export async function refreshDerivedFields(tx: Tx, productIds: readonly number[]): Promise<void> {
  const filterable = sql.join(
    FILTERABLE_PRODUCT_METAFIELDS.map((key) => sql`${key}`),
    sql`, `,
  );
  for (const chunk of chunks([...new Set(productIds)], ROW_CHUNK)) {
    const ids = idList(chunk);
    await tx.execute(sql`
      with ids as (select distinct id from ${ids} as list(id)),
      prices as (
        select product_id,
          min(price_cents) as price_min,
          max(price_cents) as price_max,
          min(compare_at_price_cents) filter (where compare_at_price_cents > price_cents) as compare_min,
          max(compare_at_price_cents) filter (where compare_at_price_cents > price_cents) as compare_max,
          bool_or(available_for_sale) as available
        from ${commerceVariant}
        where product_id in (select id from ids)
        group by product_id
      ),
      hidden as (
        select owner_id, value = 'true' as hidden
        from ${commerceMetafield}
        where owner_type = 'PRODUCT' and namespace = ${CUSTOM_NAMESPACE} and key = 'hideInSearch'
          and owner_id in (select id from ids)
      )
      update ${commerceProduct} as p set
        price_min_cents = coalesce(prices.price_min, 0),
        price_max_cents = coalesce(prices.price_max, 0),
        compare_at_min_cents = prices.compare_min,
        compare_at_max_cents = prices.compare_max,
        available_for_sale =
          coalesce(prices.available, false) and not (${UNAVAILABLE_TAG} = any(p.tags)),
        archived = ${ARCHIVE_TAG} = any(p.tags),
        hide_in_search = coalesce(hidden.hidden, false)
      from ids
        left join prices on prices.product_id = ids.id
        left join hidden on hidden.owner_id = ids.id
      where p.id = ids.id`);
    await tx.execute(sql`
      delete from ${commerceProductFilterValue}
      where product_id in ${ids} and namespace = ${CUSTOM_NAMESPACE} and key in (${filterable})`);
    await tx.execute(sql`
      insert into ${commerceProductFilterValue} (product_id, namespace, key, value)
      select distinct m.owner_id, m.namespace, m.key, element.value
      from ${commerceMetafield} m
        cross join lateral jsonb_array_elements_text(
          case when m.type like 'list.%' then m.value::jsonb else jsonb_build_array(m.value) end
        ) as element(value)
      where m.owner_type = 'PRODUCT' and m.namespace = ${CUSTOM_NAMESPACE}
        and m.key in (${filterable}) and m.owner_id in ${ids}`);
  }
  // Archived and hidden products leave the search index; others are re-indexed.
  await catalogueChanged(tx, { products: productIds });
}

/**
 * Inserts collections with their custom fields and their products in manual order; returns
 * their ids in input order.
 */
export async function insertCollections(
  tx: Tx,
  inputs: readonly CollectionInput[],
): Promise<InsertedRow[]> {
  const items = parseBatch<CollectionInput>("collection", collectionSchema, inputs);
  const now = new Date();
  const ids = new Map<string, number>();
  for (const chunk of chunks(items, PRODUCT_CHUNK)) {
    const rows = chunk.map((item) => {
      const createdAt = item.createdAt ?? now;
      return {
        handle: item.handle,
        title: item.title,
        descriptionHtml: sanitizeRichHtml(item.descriptionHtml),
        imageUrl: item.image?.url ?? null,
        imageAlt: item.image?.altText ?? null,
        seoTitle: item.seo?.title ?? null,
        seoDescription: item.seo?.description ?? null,
        createdAt,
        updatedAt: item.updatedAt ?? createdAt,
      };
    });
    const inserted = await insertRows(tx, commerceCollection, rows, {
      returning: sql`id, handle`,
    });
    for (const row of inserted) ids.set(String(row.handle), Number(row.id));

    const metafields: MetafieldRow[] = [];
    for (const [index, item] of chunk.entries()) {
      const collectionId = ids.get(item.handle) ?? 0;
      const at = rows[index]?.updatedAt ?? now;
      metafields.push(
        ...metafieldRows("COLLECTION", collectionId, COLLECTION_METAFIELDS, item.metafields, at),
      );
    }
    await insertRows(tx, commerceMetafield, metafields);
    for (const item of chunk) {
      const collectionId = ids.get(item.handle) ?? 0;
      const members = (item.productIds ?? []).map((productId, index) => ({
        collectionId,
        productId,
        position: index + 1,
      }));
      await insertRows(tx, commerceCollectionProduct, members);
    }
  }
  await catalogueChanged(tx, { collections: [...ids.values()] });
  return items.map((item) => ({ id: ids.get(item.handle) ?? 0, handle: item.handle }));
}

/**
 * After any catalogue write, in its transaction: the search index follows, and the catalogue
 * version moves on so that caches of derived data (listing facets) know they are stale; caches
 * of catalogue reads in this process hear of it at once (catalogue-events.ts).
 */
export async function catalogueChanged(tx: Tx, changes: CatalogueChanges) {
  await syncSearchIndex(tx, changes);
  await tx
    .update(commerceCatalogueVersion)
    .set({ version: sql`${commerceCatalogueVersion.version} + 1` })
    .where(sql`${commerceCatalogueVersion.id} = 1`);
  announceCatalogueChange();
}
