import type { Db, Tx } from "#db/client.ts";
import { breathe, type JobProgress } from "#platform/backoffice/jobs.ts";
import {
  type Actor,
  categoryDocumentKey,
  logChange,
  putShopDocument,
  SYNC_BATCH_SIZE,
} from "#platform/backoffice/syncs/catalogue-sync.ts";
import { collectionsForSync, type SyncCollection, toGid } from "#platform/commerce/index.ts";
import {
  entriesByIds,
  entriesBySlug,
  entrySlugs,
  type SluggedEntry,
  syncEntryFields,
} from "#platform/content/index.ts";

/**
 * Synchronisation of the commerce collections into the content service's category records
 * (`pageCategorie`, `subCategory` entries) and into the `category/{id}` database documents, for
 * the `sync-categories-bdd` screen and the `/api/db/…` office routes. Same rules as the products'
 * sync (catalogue-sync.ts): only the fields the commerce service owns, only when they differ.
 */

export type CatalogueCategory = SyncCollection;

/** The catalogue's collections (all, or one by id), with their parent and products in order. */
export function catalogueCategories(
  db: Db | Tx,
  only?: { id: number },
): Promise<CatalogueCategory[]> {
  return collectionsForSync(db, only);
}

/** A category's database document. */
export function categoryDocument(category: CatalogueCategory) {
  return {
    category: {
      id: toGid("Collection", category.id),
      handle: category.handle,
      title: category.title,
      parent: category.parent,
      productCount: category.products.length,
      products: category.products.map((product) => ({
        id: toGid("Product", product.id),
        handle: product.handle,
      })),
    },
  };
}

export type CategoriesReport = {
  collections: number;
  documents: number;
  created: string[];
  present: number;
  /** Content category records whose collection the catalogue no longer has. */
  orphans: string[];
};

const CATEGORY_TYPES = ["pageCategorie", "subCategory"];
const link = (id: string) => ({ sys: { type: "Link", linkType: "Entry", id } });
/** The id of the record the sync creates for a collection. */
const recordId = (handle: string) => `category-${handle}`;

/**
 * Synchronises the catalogue's collections: each one's database document `category/{id}` (its
 * products in order), and a content category record for each collection that has none — a
 * `pageCategorie` for a top collection, else a `subCategory` linked to its parents (and listed in
 * its parent's `sub_categories`) — so that a category imported into the catalogue has its page.
 * Existing records are editorial and left as they are (one is found by its draft's slug, or by
 * the id the sync gave it, `category-{handle}`, when an editor changed its slug); those without a
 * collection are reported. The link added to a parent's `sub_categories` goes into its draft and
 * its published copy through `syncEntryFields`: an editor's pending draft of the parent keeps its
 * other fields and stays unpublished.
 */
export async function syncCategories(
  db: Db,
  options: { actor: Actor; action: string; onProgress?: (progress: JobProgress) => void },
): Promise<CategoriesReport> {
  const categories = await catalogueCategories(db);
  const report: CategoriesReport = {
    collections: categories.length,
    documents: 0,
    created: [],
    present: 0,
    orphans: [],
  };
  const total = categories.length;
  options.onProgress?.({ phase: "categories", done: 0, total });
  const handles = new Set(categories.map((category) => category.handle));
  const byHandle = new Map(categories.map((category) => [category.handle, category]));
  // Parents before children, so a child can link to the record its parent just got.
  const depth = (category: CatalogueCategory, seen = new Set<string>()): number => {
    if (!category.parent || seen.has(category.handle)) return 0;
    seen.add(category.handle);
    const parent = byHandle.get(category.parent);
    return parent ? 1 + depth(parent, seen) : 0;
  };
  const ordered = [...categories].sort((a, b) => depth(a) - depth(b) || a.id - b.id);
  let done = 0;
  for (let start = 0; start < ordered.length; start += SYNC_BATCH_SIZE) {
    const batch = ordered.slice(start, start + SYNC_BATCH_SIZE);
    await db.transaction(async (tx) => {
      for (const category of batch) {
        if (await putShopDocument(tx, categoryDocumentKey(category.id), categoryDocument(category)))
          report.documents++;
        const records = await categoryRecordsBySlug(tx, [
          category.handle,
          ...(category.parent ? [category.parent] : []),
        ]);
        if (records.has(category.handle)) {
          report.present++;
          continue;
        }
        await createCategoryRecord(tx, category, records);
        report.created.push(category.handle);
        await logChange(tx, options.actor, {
          action: options.action,
          subjectType: "content-category",
          subjectId: category.handle,
          before: null,
          after: { title: category.title, parent: category.parent },
        });
      }
    });
    done += batch.length;
    options.onProgress?.({ phase: "categories", done, total });
    await breathe();
  }
  const slugs = await entrySlugs(db, CATEGORY_TYPES);
  report.orphans = slugs.filter((slug): slug is string => !!slug && !handles.has(slug));
  return report;
}

/**
 * The category records of these handles: the oldest whose draft has the handle as its slug, else
 * the one the sync created for it (`category-{handle}`), whose slug an editor may have changed.
 */
async function categoryRecordsBySlug(
  db: Db | Tx,
  slugs: readonly string[],
): Promise<Map<string, SluggedEntry>> {
  const bySlug = new Map<string, SluggedEntry>();
  for (const row of await entriesBySlug(db, CATEGORY_TYPES, slugs)) {
    const slug = String(row.fields.slug ?? "");
    if (!bySlug.has(slug)) bySlug.set(slug, row);
  }
  const missing = slugs.filter((slug) => !bySlug.has(slug));
  for (const row of await entriesByIds(db, missing.map(recordId))) {
    const slug = missing.find((handle) => recordId(handle) === row.id);
    if (slug === undefined || !CATEGORY_TYPES.includes(row.contentType)) continue;
    const { id, contentType, fields, publishedAt } = row;
    bySlug.set(slug, { id, contentType, fields, published: publishedAt !== null });
  }
  return bySlug;
}

async function createCategoryRecord(
  tx: Tx,
  category: CatalogueCategory,
  records: Awaited<ReturnType<typeof categoryRecordsBySlug>>,
) {
  const id = recordId(category.handle);
  const common = {
    title: category.title,
    slug: category.handle,
    seoTitle: `${category.title} | Comptoir`,
  };
  const parent = category.parent ? records.get(category.parent) : undefined;
  if (!parent) {
    await syncEntryFields(tx, {
      id,
      contentType: "pageCategorie",
      fields: { ...common, category_archived: false },
    });
    return;
  }
  // A third-level category links to its top category and to its parent sub-category.
  const top =
    parent.fields.category && typeof parent.fields.category === "object"
      ? (parent.fields.category as ReturnType<typeof link>)
      : link(parent.id);
  await syncEntryFields(tx, {
    id,
    contentType: "subCategory",
    fields: {
      ...common,
      category: parent.contentType === "pageCategorie" ? link(parent.id) : top,
      ...(parent.contentType === "subCategory" && { subcategory: link(parent.id) }),
    },
  });
  await addSubCategory(tx, parent, id);
}

/** The links of a copy's `sub_categories`. */
function subCategories(fields: Record<string, unknown> | null | undefined) {
  return Array.isArray(fields?.sub_categories)
    ? (fields.sub_categories as { sys?: { id?: string } }[])
    : [];
}

const lists = (fields: Record<string, unknown> | null | undefined, id: string) =>
  subCategories(fields).some((sibling) => sibling.sys?.id === id);

/**
 * Adds a new sub-category's link at the end of its parent's `sub_categories`, in the draft and in
 * the published copy, each keeping its own list (an editor's unpublished reordering stays in the
 * draft); nothing is written when both copies list it already.
 */
async function addSubCategory(tx: Tx, parent: SluggedEntry, id: string) {
  const [row] = await entriesByIds(tx, [parent.id]);
  if (!row) return;
  if (lists(row.fields, id) && (row.publishedFields === null || lists(row.publishedFields, id)))
    return;
  await syncEntryFields(tx, {
    id: parent.id,
    contentType: parent.contentType,
    fields: (copy) => ({
      sub_categories: lists(copy, id) ? subCategories(copy) : [...subCategories(copy), link(id)],
    }),
  });
}
