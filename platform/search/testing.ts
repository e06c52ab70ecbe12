import { eq } from "drizzle-orm";
import type { Db } from "#db/client.ts";
import {
  commerceCollection,
  commerceMetafield,
  commerceMetaobject,
  commerceProduct,
} from "#platform/commerce/tables.ts";

/**
 * Test fixtures: catalogue rows written straight into the commerce tables, derived columns
 * included, so the search tests depend on nothing but the schema.
 */

export type TestProduct = {
  handle: string;
  title: string;
  vendor?: string;
  descriptionHtml?: string;
  tags?: string[];
  priceCents?: number;
  hideInSearch?: boolean;
};

export async function insertTestProducts(db: Db, products: TestProduct[]): Promise<number[]> {
  const inserted = await db
    .insert(commerceProduct)
    .values(
      products.map((product) => ({
        handle: product.handle,
        title: product.title,
        vendor: product.vendor ?? "",
        descriptionHtml: product.descriptionHtml ?? "",
        tags: product.tags ?? [],
        priceMinCents: product.priceCents ?? 1000,
        priceMaxCents: product.priceCents ?? 1000,
        availableForSale: true,
        archived: (product.tags ?? []).includes("Archive"),
        hideInSearch: product.hideInSearch ?? false,
      })),
    )
    .returning({ id: commerceProduct.id });
  const ids = inserted.map((row) => row.id);
  const hidden = ids.filter((_, index) => products[index]?.hideInSearch);
  if (hidden.length > 0) {
    await db.insert(commerceMetafield).values(
      hidden.map((id) => ({
        ownerType: "PRODUCT" as const,
        ownerId: id,
        namespace: "custom",
        key: "hideInSearch",
        type: "boolean",
        value: "true",
      })),
    );
  }
  return ids;
}

export async function insertTestCollections(
  db: Db,
  collections: { handle: string; title: string; descriptionHtml?: string; archived?: boolean }[],
): Promise<number[]> {
  const inserted = await db
    .insert(commerceCollection)
    .values(
      collections.map(({ handle, title, descriptionHtml = "" }) => ({
        handle,
        title,
        descriptionHtml,
      })),
    )
    .returning({ id: commerceCollection.id });
  const ids = inserted.map((row) => row.id);
  const archived = ids.filter((_, index) => collections[index]?.archived);
  if (archived.length > 0) {
    await db.insert(commerceMetafield).values(
      archived.map((id) => ({
        ownerType: "COLLECTION" as const,
        ownerId: id,
        namespace: "custom",
        key: "category_archived",
        type: "boolean",
        value: "true",
      })),
    );
  }
  return ids;
}

export async function insertTestBrands(
  db: Db,
  brands: { handle: string; name: string; isArtisan?: boolean }[],
): Promise<number[]> {
  const inserted = await db
    .insert(commerceMetaobject)
    .values(
      brands.map(({ handle, name, isArtisan = false }) => ({
        type: "produit_marque",
        handle,
        fields: [
          { key: "name", type: "single_line_text_field", value: name },
          { key: "handle", type: "single_line_text_field", value: handle },
          { key: "is_artisan", type: "boolean", value: String(isArtisan) },
          { key: "slug", type: "single_line_text_field", value: handle },
          { key: "image", type: "url", value: null },
        ],
      })),
    )
    .returning({ id: commerceMetaobject.id });
  return inserted.map((row) => row.id);
}

/** Sets a product's tags and the derived `archived` flag, as the catalogue's writes do. */
export async function setTestProductTags(db: Db, id: number, tags: string[]) {
  await db
    .update(commerceProduct)
    .set({ tags, archived: tags.includes("Archive") })
    .where(eq(commerceProduct.id, id));
}
