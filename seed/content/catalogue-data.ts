import { asc, inArray, sql } from "drizzle-orm";
import type { Tx } from "#db/client.ts";
import { fromGid } from "#platform/commerce/index.ts";
import {
  commerceImage,
  commerceMetafield,
  commerceMetaobject,
  commerceProduct,
} from "#platform/commerce/tables.ts";

/**
 * What the demo content needs of the seeded catalogue, read back from its tables in the seed's
 * transaction: the products (handle, leaf category, brand, price, tags, images) and their diets,
 * allergens and labels. Reading rather than regenerating keeps every handle the content links
 * to one that exists, whatever `--products` asked for.
 */

export type TaxonRef = { slug: string; label: string };

export type CatalogueProduct = {
  id: number;
  handle: string;
  title: string;
  vendor: string;
  /** The leaf category's title (the product type). */
  leafTitle: string;
  description: string;
  tags: string[];
  priceCents: number;
  compareAtCents: number | null;
  archived: boolean;
  createdAt: Date;
  images: { url: string; width: number | null; height: number | null; alt: string | null }[];
  regimes: TaxonRef[];
  allergens: TaxonRef[];
  labels: TaxonRef[];
};

const TAXON_KEYS = { regimes: "regimes", allergens: "allergens", labelsDetails: "labels" } as const;

export async function readCatalogue(tx: Tx): Promise<CatalogueProduct[]> {
  const rows = await tx
    .select({
      id: commerceProduct.id,
      handle: commerceProduct.handle,
      title: commerceProduct.title,
      vendor: commerceProduct.vendor,
      leafTitle: commerceProduct.productType,
      descriptionHtml: commerceProduct.descriptionHtml,
      tags: commerceProduct.tags,
      priceCents: commerceProduct.priceMinCents,
      compareAtCents: commerceProduct.compareAtMinCents,
      archived: commerceProduct.archived,
      createdAt: commerceProduct.createdAt,
    })
    .from(commerceProduct)
    .orderBy(asc(commerceProduct.id));
  const images = await tx
    .select({
      productId: commerceImage.productId,
      url: commerceImage.url,
      width: commerceImage.width,
      height: commerceImage.height,
      alt: commerceImage.altText,
    })
    .from(commerceImage)
    .orderBy(asc(commerceImage.productId), asc(commerceImage.position));
  const taxa = await readTaxa(tx);

  const byProduct = new Map<number, CatalogueProduct>();
  const products = rows.map(({ descriptionHtml, ...row }) => {
    const product: CatalogueProduct = {
      ...row,
      description: descriptionHtml.replace(/<[^>]+>/g, "").trim(),
      images: [],
      regimes: [],
      allergens: [],
      labels: [],
    };
    byProduct.set(row.id, product);
    return product;
  });
  for (const { productId, ...image } of images) byProduct.get(productId)?.images.push(image);
  for (const { productId, field, refs } of taxa) {
    const product = byProduct.get(productId);
    if (product) product[field] = refs;
  }
  return products;
}

/** Each product's diets, allergens and labels, from its metafields and their metaobjects. */
async function readTaxa(tx: Tx) {
  const metaobjects = await tx
    .select({
      id: commerceMetaobject.id,
      handle: commerceMetaobject.handle,
      fields: commerceMetaobject.fields,
    })
    .from(commerceMetaobject)
    .where(
      inArray(commerceMetaobject.type, ["produit_regime", "produit_allergenes", "produit_label"]),
    );
  const refById = new Map(
    metaobjects.map((row) => {
      const label = row.fields.find((field) => field.key === "label" || field.key === "title");
      return [row.id, { slug: row.handle, label: label?.value ?? row.handle }];
    }),
  );
  const metafields = await tx
    .select({
      ownerId: commerceMetafield.ownerId,
      key: commerceMetafield.key,
      value: commerceMetafield.value,
    })
    .from(commerceMetafield)
    .where(
      sql`${commerceMetafield.ownerType} = 'PRODUCT' and ${commerceMetafield.key} in ('regimes', 'allergens', 'labelsDetails')`,
    );
  return metafields.map((row) => {
    const gids = JSON.parse(row.value) as string[];
    const refs = gids.flatMap((gid) => {
      const id = fromGid(gid, "Metaobject");
      const ref = id === undefined ? undefined : refById.get(id);
      return ref ? [ref] : [];
    });
    return {
      productId: row.ownerId,
      field: TAXON_KEYS[row.key as keyof typeof TAXON_KEYS],
      refs,
    };
  });
}
