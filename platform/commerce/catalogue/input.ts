import { z } from "zod";
import {
  COLLECTION_METAFIELDS,
  type CollectionMetafieldKey,
  METAOBJECT_TYPES,
  type MetaobjectType,
  PRODUCT_METAFIELDS,
  type ProductMetafieldKey,
} from "#platform/commerce/catalogue/metafields.ts";
import { fromGid, type GidType } from "#platform/commerce/gid.ts";
import {
  parsePricePerKg,
  soldByWeightProblem,
  soldByWeightReason,
} from "#platform/sold-by-weight.ts";
import { parseVatRate } from "#platform/vat.ts";

/**
 * What the catalogue's write side accepts: the limits, the input types of products, collections
 * and metaobjects, and their zod schemas; a bad batch throws `CatalogueInputError` naming the
 * handle and field.
 */

/** What a product may carry, storefront.md §9. */
export const MAX_VARIANTS = 10;
export const MAX_IMAGES = 10;
export const MAX_RELATED_PRODUCTS = 10;
/** The tags that change a product's derived columns (storefront.md §3). */
export const ARCHIVE_TAG = "Archive";
export const UNAVAILABLE_TAG = "unavailable";

/** Which metaobject type each reference field points at. */
export const METAOBJECT_REFERENCE_TYPES: Partial<Record<ProductMetafieldKey, MetaobjectType>> = {
  marque: "produit_marque",
  allergens: "produit_allergenes",
  regimes: "produit_regime",
  labelsDetails: "produit_label",
};

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
    case "number_decimal":
      // Shopify keeps a decimal as its text (`5.5`); the VAT rate must be one of France's.
      if (key === "vat_rate") {
        return z
          .string()
          .refine(
            (value) => parseVatRate(value) !== null && !/[,%\s]/.test(value),
            "must be 5.5, 10 or 20",
          );
      }
      if (key === "price_per_kg") {
        return z
          .string()
          .refine(
            (value) => parsePricePerKg(value) !== null,
            "must be a positive price in euros with at most two decimals (34.00)",
          );
      }
      return z.string().regex(/^-?\d+(\.\d+)?$/, "must be a decimal number");
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

export function metafieldsSchema(definitions: Record<string, string>) {
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

export const productSchema = z
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
  .strict()
  .superRefine((product, context) => {
    const metafields = product.metafields as ProductMetafieldValues | undefined;
    const variants = product.variants as VariantInput[];
    const problem = soldByWeightProblem({
      soldByWeight: metafields?.sold_by_weight === true,
      pricePerKgCents: parsePricePerKg(metafields?.price_per_kg),
      variants: variants.map((variant) => ({
        title: variant.title ?? "Default Title",
        priceCents: variant.priceCents,
      })),
    });
    if (problem) context.addIssue({ code: "custom", ...soldByWeightIssue(problem) });
    // A hand-typed unit price does not follow the price: it is kept only as a deliberate override.
    if (metafields?.price_unit_override?.trim() && !metafields.price_unit_override_reason?.trim()) {
      context.addIssue({
        code: "custom",
        path: ["metafields", "price_unit_override_reason"],
        message: "a hand-typed unit price (price_unit_override) needs its reason",
      });
    }
  });

/** Where a product's break of the sold-by-weight rule lies, and why (platform/sold-by-weight.ts). */
export function soldByWeightIssue(problem: NonNullable<ReturnType<typeof soldByWeightProblem>>): {
  path: (string | number)[];
  message: string;
} {
  const message = soldByWeightReason(problem);
  switch (problem.kind) {
    case "price_per_kg_missing":
    case "price_per_kg_unsold":
      return { path: ["metafields", "price_per_kg"], message };
    case "not_a_weight":
    case "same_weight":
      return { path: ["variants", problem.index, "title"], message };
    case "price":
      return { path: ["variants", problem.index, "priceCents"], message };
  }
}

export const collectionSchema = z
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

export const metaobjectSchema = z.discriminatedUnion(
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
export function parseBatch<T extends { handle: string }>(
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
