import type { Db, Tx } from "#db/client.ts";
import { breathe, type JobProgress } from "#platform/backoffice/jobs.ts";
import { adminAuditLog } from "#platform/backoffice/schema.ts";
import {
  ARCHIVE_TAG,
  countProductsForSync,
  type ProductSelection,
  productForSync,
  productIdsByHandle,
  productsForSync,
  type SyncProduct,
  toGid,
} from "#platform/commerce/index.ts";
import {
  entriesByIds,
  entriesBySlug,
  entrySlugs,
  type SluggedEntry,
  syncEntryFields,
} from "#platform/content/index.ts";
import { readDocument, writeDocument } from "#platform/documents/index.ts";

/**
 * Synchronisation of the commerce catalogue (products, collections) into the content service's
 * records (`product`, `pageCategorie`, `subCategory` entries) and into the database documents
 * (`products/{id}`, `category/{id}`), for the `export-contentful`, `sync-products-bdd` and
 * `sync-categories-bdd` screens and the `/api/db/…` office routes.
 *
 * The commerce service owns a product's name, handle, prices, tags and province flag; the
 * content service owns everything editorial (images, descriptions, diets, links). A sync writes
 * only the fields the commerce service owns, and only when they differ, so running it twice
 * changes nothing the second time. Work goes by batches with a pause between them, so the shop
 * keeps serving while it runs.
 */

/** Who a change is written to the change log for: a staff member, or `api` for scripts. */
export type Actor = { id: number | null; email: string };

/** Documents of the shop itself (not of a customer) are stored with this owner. */
export const SHOP_DOCUMENT_OWNER = 0;

export const SYNC_BATCH_SIZE = 200;

/** The tag of the catalogue's restauration products (the ordering menus' dishes). */
export const RESTAURATION_TAG = "restauration";

export type CatalogueProduct = SyncProduct;

export type ProductScope =
  | { kind: "all" }
  | { kind: "restauration" }
  | { kind: "handle"; handle: string };

function selectionOf(scope: ProductScope): ProductSelection {
  return scope.kind === "restauration" ? { kind: "tag", tag: RESTAURATION_TAG } : scope;
}

/** How many catalogue products a scope covers. */
export async function countProducts(db: Db, scope: ProductScope): Promise<number> {
  return countProductsForSync(db, selectionOf(scope));
}

/** The catalogue's products of a scope, by id, `SYNC_BATCH_SIZE` at a time. */
export async function* productBatches(
  db: Db,
  scope: ProductScope,
): AsyncGenerator<CatalogueProduct[]> {
  const selection = selectionOf(scope);
  let after = 0;
  for (;;) {
    const rows = await productsForSync(db, selection, after, SYNC_BATCH_SIZE);
    if (rows.length === 0) return;
    yield rows;
    after = rows.at(-1)?.id ?? after;
    if (rows.length < SYNC_BATCH_SIZE) return;
  }
}

/** One catalogue product by id, or undefined. */
export async function catalogueProduct(db: Db, id: number): Promise<CatalogueProduct | undefined> {
  return productForSync(db, id);
}

// ---------------------------------------------------------------------------------------------
// Content-side product records

export type ContentRecord = {
  id: string;
  fields: Record<string, unknown>;
  published: boolean;
};

/** The content service's product records of these handles, by handle (`slug`). */
export async function contentProductsBySlug(
  db: Db | Tx,
  slugs: readonly string[],
): Promise<Map<string, ContentRecord>> {
  if (slugs.length === 0) return new Map();
  const rows = await entriesBySlug(db, ["product"], slugs);
  const bySlug = new Map<string, ContentRecord>();
  for (const row of rows) {
    const slug = String(row.fields.slug ?? "");
    // Two records of one handle: the oldest is the product's (the storefront reads the first).
    if (!bySlug.has(slug))
      bySlug.set(slug, { id: row.id, fields: row.fields, published: row.published });
  }
  return bySlug;
}

type FdContent = { MenuItemId: number; Price: number; ImageUrl: string };

function readFdContent(value: unknown): FdContent | undefined {
  if (!value || typeof value !== "object") return undefined;
  const fd = value as Record<string, unknown>;
  return typeof fd.MenuItemId === "number"
    ? {
        MenuItemId: fd.MenuItemId,
        Price: typeof fd.Price === "number" ? fd.Price : 0,
        ImageUrl: typeof fd.ImageUrl === "string" ? fd.ImageUrl : "",
      }
    : undefined;
}

/** The menu item of the ordering service a content product record is tied to, if any. */
export function menuItemIdOf(record: ContentRecord | undefined): number | undefined {
  return readFdContent(record?.fields.fd_content)?.MenuItemId;
}

const euros = (cents: number) => Math.round(cents) / 100;

/** Text of an HTML description, cut after its first sentence: a record's short description. */
export function shortDescription(html: string): string {
  const text = html
    .replace(/<[^>]*>/g, " ")
    .replace(/&nbsp;/g, " ")
    .replace(/&amp;/g, "&")
    .replace(/\s+/g, " ")
    .trim();
  const end = text.search(/[.!?](\s|$)/);
  return end === -1 ? text : text.slice(0, end + 1);
}

/** The fields of a product record the commerce service owns, as the product now has them. */
export function ownedFields(
  product: CatalogueProduct,
  existing: ContentRecord | undefined,
): Record<string, unknown> {
  const fd = readFdContent(existing?.fields.fd_content);
  return {
    name: product.title,
    slug: product.handle,
    prediscount_price: euros(product.compareAtCents ?? product.priceCents),
    isProvince: product.tags.includes("isProvince"),
    tags: [...product.tags],
    ...(fd && {
      fd_content: {
        ...fd,
        Price: euros(product.priceCents),
        ImageUrl: product.imageUrl ?? fd.ImageUrl,
      },
    }),
  };
}

/** JSON with object keys sorted: stored JSONB gives keys back in its own order. */
export function stableJson(value: unknown): string {
  return JSON.stringify(value ?? null, (_key, inner: unknown) =>
    inner && typeof inner === "object" && !Array.isArray(inner)
      ? Object.fromEntries(
          Object.entries(inner as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : 1)),
        )
      : inner,
  );
}

/** The owned fields of a record that differ from what the product now says. */
export function changedOwnedFields(
  current: Record<string, unknown>,
  wanted: Record<string, unknown>,
): string[] {
  return Object.keys(wanted).filter(
    (field) => stableJson(current[field]) !== stableJson(wanted[field]),
  );
}

export type RecordChange = { handle: string; kind: "created" | "updated"; fields: string[] };

export type ContentProductsReport = {
  dryRun: boolean;
  scanned: number;
  created: number;
  updated: number;
  unchanged: number;
  documents: number;
  archivedOrphans: string[];
  /** The first changes, for the screen (all of them are in the change log). */
  changes: RecordChange[];
};

/** How many changes a report lists; the counts cover them all. */
export const REPORT_LIMIT = 200;

const pick = (fields: Record<string, unknown>, names: readonly string[]) =>
  Object.fromEntries(names.map((name) => [name, fields[name] ?? null]));

/**
 * Writes one change to the change log, in the caller's transaction when given one (the syncs,
 * the office API's documents).
 */
export async function logChange(
  db: Db | Tx,
  actor: Actor,
  change: {
    action: string;
    subjectType: string;
    subjectId: string;
    before?: unknown;
    after?: unknown;
  },
) {
  await db.insert(adminAuditLog).values({
    staffId: actor.id,
    staffEmail: actor.email,
    action: change.action,
    subjectType: change.subjectType,
    subjectId: change.subjectId,
    before: change.before ?? null,
    after: change.after ?? null,
  });
}

/**
 * Pushes catalogue products into the content service's product records: a product without a
 * record gets one (`product-{id}`, published), a record whose owned fields differ gets them
 * through `syncEntryFields`, in its draft and in its published copy, and nothing else: editorial
 * fields are kept, an editor's pending draft stays unpublished, a draft stays a draft. With
 * `dryRun` nothing is written, the report says what would be. With `documents`, each product's
 * database document `products/{id}` is written too, and records of handles the catalogue no
 * longer has are tagged `Archive` (hidden).
 */
export async function syncContentProducts(
  db: Db,
  options: {
    scope: ProductScope;
    actor: Actor;
    action: string;
    dryRun?: boolean;
    documents?: boolean;
    onProgress?: (progress: JobProgress) => void;
  },
): Promise<ContentProductsReport> {
  const dryRun = options.dryRun ?? false;
  const report: ContentProductsReport = {
    dryRun,
    scanned: 0,
    created: 0,
    updated: 0,
    unchanged: 0,
    documents: 0,
    archivedOrphans: [],
    changes: [],
  };
  const total = await countProducts(db, options.scope);
  options.onProgress?.({ phase: "products", done: 0, total });
  for await (const batch of productBatches(db, options.scope)) {
    await db.transaction(async (tx) => {
      const records = await contentProductsBySlug(
        tx,
        batch.map((product) => product.handle),
      );
      for (const product of batch) {
        const record = records.get(product.handle);
        const wanted = ownedFields(product, record);
        const fields = record ? changedOwnedFields(record.fields, wanted) : Object.keys(wanted);
        if (record && fields.length === 0) report.unchanged++;
        else {
          const kind = record ? "updated" : "created";
          report[kind]++;
          if (report.changes.length < REPORT_LIMIT)
            report.changes.push({ handle: product.handle, kind, fields });
          if (!dryRun) {
            const written = record
              ? wanted
              : { ...wanted, short_description: shortDescription(product.descriptionHtml) };
            await syncEntryFields(tx, {
              id: record?.id ?? `product-${product.id}`,
              contentType: "product",
              fields: written,
            });
            await logChange(tx, options.actor, {
              action: options.action,
              subjectType: "content-product",
              subjectId: product.handle,
              before: record ? pick(record.fields, fields) : null,
              after: pick(written, fields),
            });
          }
        }
      }
      if (options.documents && !dryRun) {
        report.documents += await putProductDocuments(tx, batch, records);
      }
    });
    report.scanned += batch.length;
    options.onProgress?.({ phase: "products", done: report.scanned, total });
    await breathe();
  }
  if (options.documents) {
    report.archivedOrphans = await archiveOrphanRecords(db, options.actor, options.action, dryRun);
  }
  return report;
}

/**
 * Writes the database documents of a batch of products, once their records are synced; how many
 * were written. A document shows a record's published copy (its draft when it was never
 * published): an editor's pending draft stays out of it.
 */
async function putProductDocuments(
  tx: Tx,
  batch: readonly CatalogueProduct[],
  records: ReadonlyMap<string, ContentRecord>,
): Promise<number> {
  const ids = batch.map((product) => records.get(product.handle)?.id ?? `product-${product.id}`);
  const rows = new Map((await entriesByIds(tx, ids)).map((row) => [row.id, row]));
  let written = 0;
  for (const [index, product] of batch.entries()) {
    const row = rows.get(ids[index] ?? "");
    const fields = row ? (row.publishedFields ?? row.fields) : {};
    if (await putShopDocument(tx, productDocumentKey(product.id), productDocument(product, fields)))
      written++;
  }
  return written;
}

/** Slugs per query when content records are matched against the catalogue. */
const ORPHAN_BATCH = 1000;

/**
 * Content product records whose handle the catalogue does not have, neither archived already
 * nor bundles (`bundle` tag or `products_in_bundle`), in slug order.
 */
async function orphanProductRecords(db: Db): Promise<SluggedEntry[]> {
  const slugs = [...new Set((await entrySlugs(db, ["product"])).filter((slug) => slug !== null))];
  const orphans: SluggedEntry[] = [];
  for (let start = 0; start < slugs.length; start += ORPHAN_BATCH) {
    const batch = slugs.slice(start, start + ORPHAN_BATCH);
    const known = await productIdsByHandle(db, batch);
    const missing = batch.filter((slug) => !known.has(slug));
    if (missing.length === 0) continue;
    for (const entry of await entriesBySlug(db, ["product"], missing)) {
      const tags = Array.isArray(entry.fields.tags) ? entry.fields.tags : [];
      const bundled = entry.fields.products_in_bundle;
      if (tags.includes(ARCHIVE_TAG) || tags.includes("bundle")) continue;
      if (Array.isArray(bundled) && bundled.length > 0) continue;
      orphans.push(entry);
    }
  }
  return orphans;
}

/**
 * Content product records whose handle the catalogue no longer has (bundles aside, they are
 * content-only) are tagged `Archive`, which hides them from the shop; their handles.
 */
async function archiveOrphanRecords(
  db: Db,
  actor: Actor,
  action: string,
  dryRun: boolean,
): Promise<string[]> {
  const rows = await orphanProductRecords(db);
  const handles: string[] = [];
  for (const row of rows) {
    const tags = Array.isArray(row.fields.tags) ? (row.fields.tags as string[]) : [];
    handles.push(String(row.fields.slug ?? row.id));
    if (dryRun) continue;
    await db.transaction(async (tx) => {
      await syncEntryFields(tx, {
        id: row.id,
        contentType: "product",
        fields: { tags: [...tags, ARCHIVE_TAG] },
      });
      await logChange(tx, actor, {
        action,
        subjectType: "content-product",
        subjectId: String(row.fields.slug ?? row.id),
        before: { tags },
        after: { tags: [...tags, ARCHIVE_TAG] },
      });
    });
  }
  return handles;
}

// ---------------------------------------------------------------------------------------------
// Database documents

export const productDocumentKey = (id: number) => `products/${id}`;
export const categoryDocumentKey = (id: number) => `category/${id}`;

/** A product's database document: its content-side record with the catalogue's figures. */
export function productDocument(product: CatalogueProduct, fields: Record<string, unknown>) {
  return {
    product: {
      ...fields,
      id: toGid("Product", product.id),
      handle: product.handle,
      price: euros(product.priceCents),
      compareAtPrice: product.compareAtCents === null ? null : euros(product.compareAtCents),
      availableForSale: product.availableForSale,
      archived: product.archived,
    },
  };
}

/**
 * Writes a shop document whatever its revision (the catalogue is the truth), unless its body is
 * already that; whether it wrote. A concurrent writer is retried against its revision.
 */
export async function putShopDocument(
  db: Db | Tx,
  key: string,
  body: Record<string, unknown>,
): Promise<{ rev: string } | null> {
  for (let attempt = 0; attempt < 3; attempt++) {
    const current = await readDocument(db, key);
    if (current && current.ownerCustomerId !== SHOP_DOCUMENT_OWNER) {
      throw new Error(`Document ${key} is not a shop document`);
    }
    if (current && stableJson(current.body) === stableJson(body)) return null;
    const outcome = await writeDocument(
      db,
      { key, ownerCustomerId: SHOP_DOCUMENT_OWNER, rev: current?.rev, body },
      new Date(),
    );
    if (outcome.ok) return { rev: outcome.rev };
  }
  throw new Error(`Document ${key} kept changing while it was written`);
}
