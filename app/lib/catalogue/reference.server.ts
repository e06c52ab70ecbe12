import {
  CATALOGUE_BRANDS_PAGE_QUERY,
  CATALOGUE_COLLECTIONS_PAGE_QUERY,
  CATALOGUE_REFERENCE_QUERY,
} from "#app/lib/catalogue/documents.ts";
import { type Brand, type Taxon, toBrand, toTaxon } from "#app/lib/catalogue/product.ts";
import type { CatalogueCollectionPageFragment } from "#app/lib/storefront.generated.ts";
import { storefrontQuery } from "#app/lib/storefront.server.ts";
import { processGlobal } from "#platform/process-global.ts";
import { addSurrogateKeys, CATALOGUE_REFERENCE_KEY, namedAs } from "#platform/surrogate-keys.ts";

/**
 * What every catalogue page needs to resolve names — the category tree, brands and artisans,
 * allergens, diets, labels — read through the Storefront API in one round trip (more only past
 * 250 categories or 100 brands) and kept for a minute.
 */

export type CategoryNode = {
  id: string;
  handle: string;
  title: string;
  parent: string | null;
  grandParent: string | null;
  children: string[];
  archived: boolean;
  hasPush: boolean;
};

export type CatalogueReference = {
  categories: Map<string, CategoryNode>;
  brands: Brand[];
  allergens: Taxon[];
  regimes: Taxon[];
  labels: Taxon[];
};

const REFERENCE_TTL_MS = 60_000;
// Kept per process, not per module copy: the server drops it after catalogue writes
// (server/invalidation-caches.ts), and the storefront bundle loads a copy of this module of its own.
const kept = () =>
  processGlobal<{ reference: { at: number; value: Promise<CatalogueReference> } | null }>(
    "catalogueReference",
    () => ({ reference: null }),
  );

/**
 * The category tree, brands and taxonomies, read once a minute at most: they change rarely and
 * every listing needs them to build breadcrumbs, sub-category links and readable filter URLs.
 */
export function catalogueReference(now = Date.now()): Promise<CatalogueReference> {
  // One key for the hundreds of collections and brands it holds (platform/surrogate-keys.ts).
  addSurrogateKeys([CATALOGUE_REFERENCE_KEY]);
  const holder = kept();
  if (holder.reference && now - holder.reference.at < REFERENCE_TTL_MS) {
    return holder.reference.value;
  }
  const value = namedAs([CATALOGUE_REFERENCE_KEY], loadReference);
  holder.reference = { at: now, value };
  value.catch(() => {
    if (holder.reference?.value === value) holder.reference = null;
  });
  return value;
}

/** Forgets the cached reference data (tests, and after catalogue imports). */
export function clearCatalogueReference() {
  kept().reference = null;
}

type Connection<T> = { nodes: T[]; pageInfo: PageInfo };
type PageInfo = CatalogueCollectionPageFragment["pageInfo"];
type ApiCollectionNode = CatalogueCollectionPageFragment["nodes"][number];

async function loadReference(): Promise<CatalogueReference> {
  const data = await storefrontQuery(CATALOGUE_REFERENCE_QUERY, {});
  const collections = [
    ...data.collections.nodes,
    ...(await remainingPages(data.collections.pageInfo, (after) =>
      storefrontQuery(CATALOGUE_COLLECTIONS_PAGE_QUERY, { after }).then((page) => page.collections),
    )),
  ];
  const brands = [
    ...data.brands.nodes,
    ...(await remainingPages(data.brands.pageInfo, (after) =>
      storefrontQuery(CATALOGUE_BRANDS_PAGE_QUERY, { after }).then((page) => page.metaobjects),
    )),
  ];
  return {
    categories: new Map(collections.map((node) => [node.handle, toCategory(node)])),
    brands: brands
      .map(toBrand)
      .sort((a, b) => a.name.localeCompare(b.name, "fr", { sensitivity: "base" })),
    allergens: data.allergens.nodes.map(toTaxon),
    regimes: data.regimes.nodes.map(toTaxon),
    labels: data.labels.nodes.map(toTaxon),
  };
}

async function remainingPages<T>(
  pageInfo: PageInfo,
  next: (after: string) => Promise<Connection<T>>,
): Promise<T[]> {
  const items: T[] = [];
  let info = pageInfo;
  while (info.hasNextPage && info.endCursor) {
    const page = await next(info.endCursor);
    items.push(...page.nodes);
    info = page.pageInfo;
  }
  return items;
}

function toCategory(node: ApiCollectionNode): CategoryNode {
  const value = (key: string) => node.metafields.find((field) => field?.key === key)?.value ?? null;
  let children: string[] = [];
  try {
    const parsed = JSON.parse(value("category_enfant") ?? "[]") as unknown;
    if (Array.isArray(parsed)) children = parsed.map(String);
  } catch {
    children = [];
  }
  return {
    id: node.id,
    handle: node.handle,
    title: node.title,
    parent: value("category_parent"),
    grandParent: value("category_grand_parent"),
    children,
    archived: value("category_archived") === "true",
    hasPush: Boolean(value("push_title")),
  };
}

/** Ancestors of a category, top first, from the tree: for breadcrumbs and URL checks. */
export function categoryLineage(ref: CatalogueReference, handle: string): CategoryNode[] {
  const lineage: CategoryNode[] = [];
  let node = ref.categories.get(handle);
  while (node && lineage.length < 5) {
    lineage.unshift(node);
    node = node.parent ? ref.categories.get(node.parent) : undefined;
  }
  return lineage;
}

/**
 * A product's place in the tree from the categories it belongs to (a leaf and its ancestors): the
 * deepest one's lineage, top first, preferring categories that are not archived. Empty when none
 * of them is in the tree.
 */
export function deepestLineage(
  ref: CatalogueReference,
  handles: readonly string[],
): CategoryNode[] {
  let best: CategoryNode[] = [];
  let bestLive = false;
  for (const handle of handles) {
    const lineage = categoryLineage(ref, handle);
    // A lineage that stops short of a top category is no path to show.
    if (lineage.length === 0 || lineage[0]?.parent !== null) continue;
    const live = lineage.every((node) => !node.archived);
    if ((live && !bestLive) || (live === bestLive && lineage.length > best.length)) {
      best = lineage;
      bestLive = live;
    }
  }
  return best;
}
