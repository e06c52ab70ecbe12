import { slugify } from "#app/lib/slug.ts";
import type { Tx } from "#db/client.ts";
import {
  insertCollections,
  insertMetaobjects,
  insertProducts,
  MAX_RELATED_PRODUCTS,
  type MetaobjectInput,
  renderBannerSvg,
  setProductMetafields,
  toGid,
} from "#platform/commerce/index.ts";
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
} from "#platform/commerce/tables.ts";
import { searchDocument, searchTerm, searchTermDeletion } from "#platform/search/tables.ts";
import { BRANDS } from "#seed/catalogue/brands.ts";
import { CATEGORIES } from "#seed/catalogue/categories.ts";
import { buildCollections } from "#seed/catalogue/collections.ts";
import { type FileRow, imageUrlOf, insertFiles, svgFile } from "#seed/catalogue/files.ts";
import { brandPicture } from "#seed/catalogue/pictures.ts";
import {
  type BrandRef,
  type CatalogueRefs,
  createProductFactory,
} from "#seed/catalogue/products.ts";
import { ALLERGENS, DIETS, LABELS } from "#seed/catalogue/taxonomies.ts";
import { buildTree, createLeafSchedule } from "#seed/catalogue/tree.ts";
import { createRandom, deriveSeed, type Random } from "#seed/random.ts";
import type { Seeder } from "#seed/seeder.ts";

/** Products in the demo catalogue; `npm run seed -- --products N` asks for another count. */
export const DEMO_PRODUCTS = 600;
/** Products generated and written at a time: memory stays flat whatever the count. */
const PRODUCT_CHUNK = 500;
const DAY = 86_400_000;

/**
 * The demo catalogue: brands, allergens, diets and labels; products with variants, images and
 * custom fields; related products; the category collections; the image originals.
 */
export const catalogueSeeder: Seeder = {
  name: "catalogue",
  tables: [
    commerceProduct,
    commerceVariant,
    commerceImage,
    commerceCollection,
    commerceCollectionProduct,
    commerceMetaobject,
    commerceMetafield,
    commerceProductFilterValue,
    commerceFile,
    // The search index follows the catalogue: the write functions keep it current.
    searchDocument,
    searchTerm,
    searchTermDeletion,
  ],
  async run(tx, random, context) {
    // One stream per part, so that drawing more numbers in one leaves the others unchanged.
    const base = random.int(0, 2 ** 31 - 1);
    const stream = (label: string) => createRandom(deriveSeed(base, label));
    const { now } = context;
    const total = context.products ?? DEMO_PRODUCTS;

    const tree = buildTree(CATEGORIES);
    const refs = await seedMetaobjects(tx, stream("metaobjects"), now);
    const next = createProductFactory({
      random: stream("products"),
      nextLeaf: createLeafSchedule(tree.leaves),
      refs,
      now,
      demoCount: Math.min(total, DEMO_PRODUCTS),
    });

    const productsByLeaf = new Map<string, number[]>(tree.leaves.map((leaf) => [leaf.handle, []]));
    const archived = new Set<number>();
    for (let done = 0; done < total; done += PRODUCT_CHUNK) {
      const batch = Array.from({ length: Math.min(PRODUCT_CHUNK, total - done) }, () => next());
      const inserted = await insertProducts(
        tx,
        batch.map((product) => product.input),
      );
      await insertFiles(
        tx,
        batch.flatMap((product) => product.files),
      );
      for (const [index, product] of batch.entries()) {
        const id = inserted[index]?.id ?? 0;
        productsByLeaf.get(product.leaf.handle)?.push(id);
        if (product.input.tags?.includes("Archive")) archived.add(id);
      }
    }

    await linkRelatedProducts(tx, productsByLeaf, archived, stream("related"), now);
    const { collections, files } = buildCollections({
      tree,
      productsByLeaf,
      archived,
      random: stream("collections"),
      now,
    });
    await insertCollections(tx, collections);
    await insertFiles(tx, files);
  },
};

/** Brands (with their banners), allergens, diets and labels; returns their GIDs. */
async function seedMetaobjects(tx: Tx, random: Random, now: Date): Promise<CatalogueRefs> {
  const files: FileRow[] = [];
  const createdAt = new Date(now.getTime() - 720 * DAY);
  const brandInputs: MetaobjectInput[] = [];
  const brandTops: { top: string; name: string; artisan: boolean; makes?: readonly string[] }[] =
    [];
  for (const [top, brands] of Object.entries(BRANDS)) {
    for (const brand of brands) {
      const handle = slugify(brand.name);
      const path = `brands/${handle}.svg`;
      const picture = renderBannerSvg({
        title: brand.name,
        subtitle: brand.artisan ? "Artisan partenaire" : undefined,
        seed: random.int(1, 2 ** 31 - 1),
        kind: brandPicture(brand, top),
      });
      files.push(svgFile(path, picture, now));
      brandInputs.push({
        type: "produit_marque",
        handle,
        fields: {
          name: brand.name,
          handle,
          is_artisan: brand.artisan === true,
          slug: handle,
          image: imageUrlOf(path),
        },
        createdAt,
      });
      brandTops.push({
        top,
        name: brand.name,
        artisan: brand.artisan === true,
        makes: brand.makes,
      });
    }
  }
  const entries = <K extends string>(
    type: "produit_allergenes" | "produit_regime" | "produit_label",
    field: "title" | "label",
    values: Record<K, string>,
  ) =>
    Object.entries<string>(values).map(
      ([handle, value]) =>
        ({ type, handle, fields: { [field]: value }, createdAt }) as MetaobjectInput,
    );
  const inserted = await insertMetaobjects(tx, [
    ...brandInputs,
    ...entries("produit_allergenes", "title", ALLERGENS),
    ...entries("produit_regime", "label", DIETS),
    ...entries("produit_label", "title", LABELS),
  ]);
  await insertFiles(tx, files);

  const gidOf = (type: string) =>
    Object.fromEntries(
      inserted.filter((row) => row.type === type).map((row) => [row.handle, row.gid]),
    );
  const brands = new Map<string, BrandRef[]>();
  for (const [index, brand] of brandTops.entries()) {
    const gid = inserted[index]?.gid ?? "";
    brands.set(brand.top, [...(brands.get(brand.top) ?? []), { ...brand, gid }]);
  }
  return {
    brands,
    allergens: gidOf("produit_allergenes") as CatalogueRefs["allergens"],
    diets: gidOf("produit_regime") as CatalogueRefs["diets"],
    labels: gidOf("produit_label") as CatalogueRefs["labels"],
  };
}

/** Up to ten related products (`produit_associe`) per product, from its own category. */
async function linkRelatedProducts(
  tx: Tx,
  productsByLeaf: ReadonlyMap<string, readonly number[]>,
  archived: ReadonlySet<number>,
  random: Random,
  now: Date,
) {
  const updates: { productId: number; metafields: { produit_associe: string[] } }[] = [];
  const flush = async () => {
    await setProductMetafields(tx, updates.splice(0), { now });
  };
  for (const ids of productsByLeaf.values()) {
    const candidates = ids.filter((id) => !archived.has(id));
    for (const id of ids) {
      const others = candidates.length - (archived.has(id) ? 0 : 1);
      const wanted = Math.min(others, random.int(3, MAX_RELATED_PRODUCTS));
      const related = new Set<number>();
      while (related.size < wanted) {
        const pick = candidates[random.int(0, candidates.length - 1)] as number;
        if (pick !== id) related.add(pick);
      }
      if (related.size === 0) continue;
      updates.push({
        productId: id,
        metafields: { produit_associe: [...related].map((other) => toGid("Product", other)) },
      });
      if (updates.length >= 5_000) await flush();
    }
  }
  await flush();
}
