import { sql } from "drizzle-orm";
import {
  boolean,
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { timestamps } from "#db/columns.ts";

/**
 * The catalogue, shaped like Shopify's: products with variants and images, collections with
 * manual positions, metafields on any owner, metaobjects. Money is integer cents. A few values are
 * kept on the product row as well (price range, availability, archived) so listings can filter
 * and sort without joins; `catalogue.ts` keeps them in step with the variants and tags.
 */

export const commerceProduct = pgTable(
  "commerce_product",
  {
    id: serial("id").primaryKey(),
    handle: text("handle").notNull(),
    title: text("title").notNull(),
    vendor: text("vendor").notNull().default(""),
    productType: text("product_type").notNull().default(""),
    descriptionHtml: text("description_html").notNull().default(""),
    tags: text("tags").array().notNull().default(sql`'{}'::text[]`),
    seoTitle: text("seo_title"),
    seoDescription: text("seo_description"),
    publishedAt: timestamp("published_at", { withTimezone: true }).notNull().defaultNow(),
    ...timestamps,
    // Derived from the variants: the product's price range, in cents.
    priceMinCents: integer("price_min_cents").notNull().default(0),
    priceMaxCents: integer("price_max_cents").notNull().default(0),
    compareAtMinCents: integer("compare_at_min_cents"),
    compareAtMaxCents: integer("compare_at_max_cents"),
    availableForSale: boolean("available_for_sale").notNull().default(false),
    // Derived from the tags: `Archive` keeps a product out of every listing and search.
    archived: boolean("archived").notNull().default(false),
    // Derived from the `custom.hideInSearch` metafield.
    hideInSearch: boolean("hide_in_search").notNull().default(false),
    // Derived from the `custom.vat_rate` metafield: the VAT rate in basis points (platform/vat.ts),
    // 550 (food) when the product names none.
    vatRateBasisPoints: integer("vat_rate_basis_points").notNull().default(550),
  },
  (t) => [
    uniqueIndex("commerce_product_handle_key").on(t.handle),
    index("commerce_product_price_idx").on(t.priceMinCents, t.id),
    index("commerce_product_created_idx").on(t.createdAt, t.id),
    index("commerce_product_vendor_idx").on(t.vendor),
    index("commerce_product_tags_idx").using("gin", t.tags),
  ],
);

export const commerceVariant = pgTable(
  "commerce_variant",
  {
    id: serial("id").primaryKey(),
    productId: integer("product_id")
      .notNull()
      .references(() => commerceProduct.id, { onDelete: "cascade" }),
    position: integer("position").notNull().default(1),
    title: text("title").notNull().default("Default Title"),
    sku: text("sku"),
    barcode: text("barcode"),
    priceCents: integer("price_cents").notNull(),
    compareAtPriceCents: integer("compare_at_price_cents"),
    availableForSale: boolean("available_for_sale").notNull().default(true),
    quantityAvailable: integer("quantity_available"),
    ...timestamps,
  },
  (t) => [index("commerce_variant_product_idx").on(t.productId, t.position)],
);

export const commerceImage = pgTable(
  "commerce_image",
  {
    id: serial("id").primaryKey(),
    productId: integer("product_id")
      .notNull()
      .references(() => commerceProduct.id, { onDelete: "cascade" }),
    position: integer("position").notNull().default(1),
    // Path of the original under the image service, e.g. `/cdn/images/p/epicerie-42-1.svg`.
    url: text("url").notNull(),
    altText: text("alt_text"),
    width: integer("width"),
    height: integer("height"),
  },
  (t) => [index("commerce_image_product_idx").on(t.productId, t.position)],
);

export const commerceCollection = pgTable(
  "commerce_collection",
  {
    id: serial("id").primaryKey(),
    handle: text("handle").notNull(),
    title: text("title").notNull(),
    descriptionHtml: text("description_html").notNull().default(""),
    imageUrl: text("image_url"),
    imageAlt: text("image_alt"),
    seoTitle: text("seo_title"),
    seoDescription: text("seo_description"),
    ...timestamps,
  },
  (t) => [uniqueIndex("commerce_collection_handle_key").on(t.handle)],
);

/** Which products a collection shows, in its manual order. */
export const commerceCollectionProduct = pgTable(
  "commerce_collection_product",
  {
    collectionId: integer("collection_id")
      .notNull()
      .references(() => commerceCollection.id, { onDelete: "cascade" }),
    productId: integer("product_id")
      .notNull()
      .references(() => commerceProduct.id, { onDelete: "cascade" }),
    position: integer("position").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.collectionId, t.productId] }),
    index("commerce_collection_product_position_idx").on(t.collectionId, t.position),
    index("commerce_collection_product_product_idx").on(t.productId),
  ],
);

/** A metaobject's fields, as Shopify stores them: typed values serialised as text. */
export type MetaobjectField = { key: string; type: string; value: string | null };

export const commerceMetaobject = pgTable(
  "commerce_metaobject",
  {
    id: serial("id").primaryKey(),
    type: text("type").notNull(),
    handle: text("handle").notNull(),
    fields: jsonb("fields").$type<MetaobjectField[]>().notNull().default([]),
    ...timestamps,
  },
  (t) => [uniqueIndex("commerce_metaobject_type_handle_key").on(t.type, t.handle)],
);

/** Resources a metafield can belong to, by their Storefront API type name. */
export type MetafieldOwner =
  | "PRODUCT"
  | "PRODUCTVARIANT"
  | "COLLECTION"
  | "SHOP"
  | "CUSTOMER"
  | "CART";

/**
 * The owners whose metafields anyone with the public token may read by id (`node`): the
 * catalogue's and the shop's. A customer's (wishlist, lists) and a cart's are theirs alone.
 */
export const PUBLIC_METAFIELD_OWNERS: readonly MetafieldOwner[] = [
  "PRODUCT",
  "PRODUCTVARIANT",
  "COLLECTION",
  "SHOP",
];

export const commerceMetafield = pgTable(
  "commerce_metafield",
  {
    id: serial("id").primaryKey(),
    ownerType: text("owner_type").$type<MetafieldOwner>().notNull(),
    ownerId: integer("owner_id").notNull(),
    namespace: text("namespace").notNull(),
    key: text("key").notNull(),
    // Shopify metafield types: single_line_text_field, number_integer, boolean, json,
    // metaobject_reference, list.metaobject_reference, product_reference, list.product_reference…
    type: text("type").notNull(),
    value: text("value").notNull(),
    ...timestamps,
  },
  (t) => [
    uniqueIndex("commerce_metafield_owner_key").on(t.ownerType, t.ownerId, t.namespace, t.key),
  ],
);

/**
 * One row per product and filterable metafield value (list values spread out), so listings can
 * filter on `productMetafield` and count facets with plain indexed joins.
 */
export const commerceProductFilterValue = pgTable(
  "commerce_product_filter_value",
  {
    productId: integer("product_id")
      .notNull()
      .references(() => commerceProduct.id, { onDelete: "cascade" }),
    namespace: text("namespace").notNull(),
    key: text("key").notNull(),
    value: text("value").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.productId, t.namespace, t.key, t.value] }),
    index("commerce_product_filter_value_lookup_idx").on(t.namespace, t.key, t.value),
  ],
);

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => "bytea",
  fromDriver: (value) => Buffer.from(value),
});

/**
 * Original image files (generated demo images, uploads), served and resized by the image
 * service. Resized variants are derived data and live in a cache directory, not here.
 */
export const commerceFile = pgTable("commerce_file", {
  // The path under the image service, e.g. `products/epicerie-salee-huile-d-olive-1.svg`.
  path: text("path").primaryKey(),
  contentType: text("content_type").notNull(),
  bytes: bytea("bytes").notNull(),
  width: integer("width"),
  height: integer("height"),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * One row whose `version` every catalogue write bumps, in the writing transaction: caches of
 * derived catalogue data (listing facets) compare it to know they are still true, on every
 * instance sharing the database.
 */
export const commerceCatalogueVersion = pgTable("commerce_catalogue_version", {
  id: integer("id").primaryKey().default(1),
  version: integer("version").notNull().default(0),
});

/**
 * Each collection's facet counts with no filter applied (listing.ts, `facet-counts.ts`): what a
 * category page shows first, counted ahead of time rather than when the first shopper asks. A
 * row per facet value: `available` true/false, `vendor` names, `m.<key>` metafield values, and
 * one `price` row whose value is the highest price in cents (its presence says the collection
 * was counted).
 */
export const commerceCollectionFacetCount = pgTable(
  "commerce_collection_facet_count",
  {
    collectionId: integer("collection_id")
      .notNull()
      .references(() => commerceCollection.id, { onDelete: "cascade" }),
    facet: text("facet").notNull(),
    value: text("value").notNull(),
    count: integer("count").notNull(),
  },
  (t) => [primaryKey({ columns: [t.collectionId, t.facet, t.value] })],
);

/**
 * Collections whose stored facet counts a catalogue write made untrue: appended by triggers on
 * memberships, products and filterable values (migration 0022), in the writing transaction, and
 * consumed by the recount. Append-only, so writers never wait on each other for it; no foreign
 * key, since a collection's deletion writes here on its way out.
 */
export const commerceCollectionFacetStale = pgTable(
  "commerce_collection_facet_stale",
  {
    id: serial("id").primaryKey(),
    collectionId: integer("collection_id").notNull(),
  },
  (t) => [index("commerce_collection_facet_stale_collection_idx").on(t.collectionId)],
);
