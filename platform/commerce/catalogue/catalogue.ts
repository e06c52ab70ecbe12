import { inArray, sql } from "drizzle-orm";
import type { Tx } from "#db/client.ts";
import { announceCatalogueChange } from "#platform/commerce/catalogue/events.ts";
import {
  ARCHIVE_TAG,
  CatalogueInputError,
  type CollectionInput,
  collectionSchema,
  type InsertedRow,
  type MetaobjectInput,
  metafieldsSchema,
  metaobjectSchema,
  type ProductInput,
  type ProductMetafieldValues,
  parseBatch,
  productSchema,
  UNAVAILABLE_TAG,
} from "#platform/commerce/catalogue/input.ts";
import {
  COLLECTION_METAFIELDS,
  CUSTOM_NAMESPACE,
  FILTERABLE_PRODUCT_METAFIELDS,
  METAOBJECT_TYPES,
  type MetaobjectType,
  PRODUCT_METAFIELDS,
} from "#platform/commerce/catalogue/metafields.ts";
import { sanitizeRichHtml } from "#platform/commerce/catalogue/rich-html.ts";
import {
  checkReferences,
  chunks,
  deriveFields,
  filterValues,
  idList,
  insertRows,
  isBlank,
  type MetafieldInputValue,
  type MetafieldRow,
  metafieldRows,
  PRODUCT_CHUNK,
  ROW_CHUNK,
  serialiseMetafieldValue,
} from "#platform/commerce/catalogue/rows.ts";
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
  type MetaobjectField,
} from "#platform/commerce/catalogue/schema.ts";
import { catalogueSearchSource } from "#platform/commerce/catalogue/search-source.ts";
import { checkSoldByWeight } from "#platform/commerce/catalogue/sold-by-weight.ts";
import { toGid } from "#platform/commerce/gid.ts";
import { purgeKeysAtCommit } from "#platform/page-purges.ts";
import { type CatalogueChanges, syncSearchIndex } from "#platform/search/index.ts";
import {
  ALL_PAGES_KEY,
  CATALOGUE_REFERENCE_KEY,
  collectionKey,
  metaobjectKey,
  PRODUCT_SEARCH_KEY,
  productKey,
} from "#platform/surrogate-keys.ts";
import { DEFAULT_VAT_RATE, VAT_RATES } from "#platform/vat.ts";

/**
 * The catalogue's write side (the demo seed today, the admin area later): products with their
 * variants, images and custom fields, collections with their manual order, metaobjects. Writes
 * go in bulk (one statement per table and chunk, whatever the batch size) and keep the product
 * row's derived columns and filter rows in step with what they derive from. Its input types and
 * row building live in `catalogue-input.ts` and `catalogue-rows.ts`, re-exported below.
 */

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
 * (the seed passes its fixed date). A change of `sold_by_weight` or `price_per_kg` that leaves a
 * product off the rule of platform/sold-by-weight.ts throws `CatalogueInputError`.
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
  const derivedKeys = new Set<string>([
    ...FILTERABLE_PRODUCT_METAFIELDS,
    "hideInSearch",
    "vat_rate",
  ]);
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
  // A product sold by weight keeps one price per kilogram whatever field changed.
  const weighed = entries.flatMap(([productId, values]) =>
    "sold_by_weight" in values || "price_per_kg" in values ? [productId] : [],
  );
  await checkSoldByWeight(tx, weighed);
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
      ),
      rates as (
        select owner_id, round(value::numeric * 100)::int as rate
        from ${commerceMetafield}
        where owner_type = 'PRODUCT' and namespace = ${CUSTOM_NAMESPACE} and key = 'vat_rate'
          and owner_id in (select id from ids) and value ~ '^[0-9]{1,2}(\\.[0-9]{1,2})?$'
      )
      update ${commerceProduct} as p set
        price_min_cents = coalesce(prices.price_min, 0),
        price_max_cents = coalesce(prices.price_max, 0),
        compare_at_min_cents = prices.compare_min,
        compare_at_max_cents = prices.compare_max,
        available_for_sale =
          coalesce(prices.available, false) and not (${UNAVAILABLE_TAG} = any(p.tags)),
        archived = ${ARCHIVE_TAG} = any(p.tags),
        hide_in_search = coalesce(hidden.hidden, false),
        vat_rate_basis_points = case when rates.rate in (${sql.join(
          VAT_RATES.map((rate) => sql`${rate}`),
          sql`, `,
        )}) then rates.rate else ${DEFAULT_VAT_RATE} end
      from ids
        left join prices on prices.product_id = ids.id
        left join hidden on hidden.owner_id = ids.id
        left join rates on rates.owner_id = ids.id
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

/** Marks products changed and brings every value derived from them up to date. */
export async function touch(tx: Tx, productIds: readonly number[], now: Date) {
  if (productIds.length === 0) return;
  await tx
    .update(commerceProduct)
    .set({ updatedAt: now })
    .where(inArray(commerceProduct.id, [...productIds]));
  await refreshDerivedFields(tx, productIds);
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

/** Past this many products a write purges every page rather than each product's. */
const MOST_PRODUCTS_PURGED = 1000;

/**
 * The surrogate keys of the pages a change shows on (platform/surrogate-keys.ts): each product,
 * the collections it belongs to (their listings show it, or may now), and the listings by query;
 * each collection and each metaobject (brands, allergens…), and the reference data that holds
 * them all (catalogue-reference). A write of many products names every page.
 */
export async function changedPageKeys(tx: Tx, changes: CatalogueChanges): Promise<string[]> {
  const products = changes.products ?? [];
  if (products.length > MOST_PRODUCTS_PURGED) return [ALL_PAGES_KEY];
  const keys = new Set<string>();
  if (products.length > 0) {
    for (const id of products) keys.add(productKey(id));
    keys.add(PRODUCT_SEARCH_KEY);
    const memberships = await tx
      .selectDistinct({ id: commerceCollectionProduct.collectionId })
      .from(commerceCollectionProduct)
      .where(inArray(commerceCollectionProduct.productId, [...products]));
    for (const { id } of memberships) keys.add(collectionKey(id));
  }
  for (const id of changes.collections ?? []) keys.add(collectionKey(id));
  for (const id of changes.metaobjects ?? []) keys.add(metaobjectKey(id));
  if (changes.collections?.length || changes.metaobjects?.length) keys.add(CATALOGUE_REFERENCE_KEY);
  return [...keys];
}

/**
 * After any catalogue write, in its transaction: the search index follows, and the catalogue
 * version moves on so that caches of derived data (listing facets) know they are stale; caches
 * of catalogue reads in this process hear of it at once (catalogue-events.ts), and the pages
 * that show the change are purged everywhere when the transaction commits (page-purges.ts).
 */
export async function catalogueChanged(tx: Tx, changes: CatalogueChanges) {
  await syncSearchIndex(tx, catalogueSearchSource, changes);
  await tx
    .update(commerceCatalogueVersion)
    .set({ version: sql`${commerceCatalogueVersion.version} + 1` })
    .where(sql`${commerceCatalogueVersion.id} = 1`);
  await purgeKeysAtCommit(tx, await changedPageKeys(tx, changes));
  announceCatalogueChange();
}
