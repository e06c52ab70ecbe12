import { and, count, eq, inArray } from "drizzle-orm";
import type { Db } from "#db/client.ts";
import {
  CONTENT_TYPES,
  type ContentTypeDefinition,
  findContentType,
} from "#platform/content/content-types.ts";
import { notFound } from "#platform/content/errors.ts";
import {
  assetView,
  type ContentView,
  entryView,
  type ListQuery,
  parseAssetsQuery,
  parseEntriesQuery,
} from "#platform/content/query.ts";
import { contentAsset, contentEntry } from "#platform/content/schema.ts";

/**
 * The Delivery API's reads: entries, assets and content types in Contentful's JSON shapes, with
 * linked entries and assets gathered into `includes` down to the requested depth. The same reads
 * serve the Preview API in the `preview` view (`query.ts`): drafts instead of published copies.
 */

export type DeliveryScope = { space: string; environment: string; view?: ContentView };

type Link<T extends string> = { sys: { type: "Link"; linkType: T; id: string } };
type EntryRow = typeof contentEntry.$inferSelect;
type AssetRow = typeof contentAsset.$inferSelect;

export type DeliveryEntry = {
  metadata: { tags: [] };
  sys: {
    space: Link<"Space">;
    id: string;
    type: "Entry";
    createdAt: string;
    updatedAt: string;
    environment: Link<"Environment">;
    revision: number;
    contentType: Link<"ContentType">;
    locale: string;
  };
  fields: Record<string, unknown>;
};

export type DeliveryAsset = {
  metadata: { tags: [] };
  sys: Omit<DeliveryEntry["sys"], "type" | "contentType"> & { type: "Asset" };
  fields: { title: string; description: string; file: AssetRow["file"] };
};

export type NotResolvable = {
  sys: { id: "notResolvable"; type: "error" };
  details: { type: "Link"; linkType: "Entry" | "Asset"; id: string };
};

export type DeliveryArray<T> = {
  sys: { type: "Array" };
  total: number;
  skip: number;
  limit: number;
  items: T[];
  includes?: { Entry?: DeliveryEntry[]; Asset?: DeliveryAsset[] };
  errors?: NotResolvable[];
};

const link = <T extends string>(linkType: T, id: string): Link<T> => ({
  sys: { type: "Link", linkType, id },
});

const iso = (date: Date | null) => (date ?? new Date(0)).toISOString();

/** The published copy's dates and revision (delivery), or the row's own (preview). */
function commonSys(row: EntryRow | AssetRow, scope: DeliveryScope) {
  const published = (scope.view ?? "delivery") === "delivery";
  return {
    space: link("Space", scope.space),
    id: row.id,
    createdAt: iso(published ? row.firstPublishedAt : row.createdAt),
    updatedAt: iso(published ? row.publishedAt : row.updatedAt),
    environment: link("Environment", scope.environment),
    revision: published ? row.publishedCounter : row.revision,
    locale: row.locale,
  };
}

const viewOf = (scope: DeliveryScope): ContentView => scope.view ?? "delivery";

function renderEntry(row: EntryRow, scope: DeliveryScope): DeliveryEntry {
  const { space, id, createdAt, updatedAt, environment, revision, locale } = commonSys(row, scope);
  return {
    metadata: { tags: [] },
    sys: {
      space,
      id,
      type: "Entry",
      createdAt,
      updatedAt,
      environment,
      revision,
      contentType: link("ContentType", row.contentType),
      locale,
    },
    fields: (viewOf(scope) === "delivery" ? row.publishedFields : row.fields) ?? {},
  };
}

function renderAsset(row: AssetRow, scope: DeliveryScope): DeliveryAsset {
  const fields =
    viewOf(scope) === "delivery" && row.publishedFields
      ? row.publishedFields
      : { title: row.title, description: row.description, file: row.file };
  return {
    metadata: { tags: [] },
    sys: { ...commonSys(row, scope), type: "Asset" },
    fields,
  };
}

/** The rows of one page of `GET …/entries` in a view, and how many match in all. */
export async function queryEntryRows(db: Db, params: URLSearchParams, view: ContentView) {
  const query = parseEntriesQuery(params, view);
  const where = and(...query.where);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(contentEntry)
      .where(where)
      .orderBy(...query.order)
      .limit(query.limit)
      .offset(query.skip),
    db.select({ value: count() }).from(contentEntry).where(where),
  ]);
  return { query, rows, total: total?.value ?? 0 };
}

/** `GET …/entries`: one page of entries and, with `include` > 0, what they link to. */
export async function listEntries(
  db: Db,
  params: URLSearchParams,
  scope: DeliveryScope,
): Promise<DeliveryArray<Partial<DeliveryEntry>>> {
  const { query, rows, total } = await queryEntryRows(db, params, viewOf(scope));
  const page: DeliveryArray<Partial<DeliveryEntry>> = {
    sys: { type: "Array" },
    total,
    skip: query.skip,
    limit: query.limit,
    items: rows.map((row) => project(renderEntry(row, scope), query)),
  };
  if (query.include > 0 && rows.length > 0) {
    const { entries, assets, missing } = await resolveIncludes(db, rows, query.include, scope);
    page.includes = {};
    if (entries.length > 0) page.includes.Entry = entries.map((row) => renderEntry(row, scope));
    if (assets.length > 0) page.includes.Asset = assets.map((row) => renderAsset(row, scope));
    if (missing.length > 0) {
      page.errors = missing.map((details) => ({
        sys: { id: "notResolvable", type: "error" },
        details: { type: "Link", ...details },
      }));
    }
  }
  return page;
}

/** `GET …/entries/:id`: one published entry, without includes (as Contentful answers it). */
export async function getEntry(db: Db, id: string, scope: DeliveryScope): Promise<DeliveryEntry> {
  const [row] = await db
    .select()
    .from(contentEntry)
    .where(and(eq(contentEntry.id, id), entryView(viewOf(scope)).visible));
  if (!row) throw notFound("Entry", id);
  return renderEntry(row, scope);
}

/** The rows of one page of `GET …/assets` in a view, and how many match in all. */
export async function queryAssetRows(db: Db, params: URLSearchParams, view: ContentView) {
  const query = parseAssetsQuery(params, view);
  const where = and(...query.where);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(contentAsset)
      .where(where)
      .orderBy(...query.order)
      .limit(query.limit)
      .offset(query.skip),
    db.select({ value: count() }).from(contentAsset).where(where),
  ]);
  return { query, rows, total: total?.value ?? 0 };
}

/** `GET …/assets`. */
export async function listAssets(
  db: Db,
  params: URLSearchParams,
  scope: DeliveryScope,
): Promise<DeliveryArray<Partial<DeliveryAsset>>> {
  const { query, rows, total } = await queryAssetRows(db, params, viewOf(scope));
  return {
    sys: { type: "Array" },
    total,
    skip: query.skip,
    limit: query.limit,
    items: rows.map((row) => project(renderAsset(row, scope), query)),
  };
}

/** `GET …/assets/:id`. */
export async function getAsset(db: Db, id: string, scope: DeliveryScope): Promise<DeliveryAsset> {
  const [row] = await db
    .select()
    .from(contentAsset)
    .where(and(eq(contentAsset.id, id), assetView(viewOf(scope)).visible));
  if (!row) throw notFound("Asset", id);
  return renderAsset(row, scope);
}

// The content model is static: one date stands for its creation.
const MODEL_DATE = "2026-01-01T00:00:00.000Z";

function renderContentType(type: ContentTypeDefinition, scope: DeliveryScope) {
  return {
    sys: {
      space: link("Space", scope.space),
      id: type.id,
      type: "ContentType",
      createdAt: MODEL_DATE,
      updatedAt: MODEL_DATE,
      environment: link("Environment", scope.environment),
      revision: 1,
    },
    displayField: type.displayField,
    name: type.name,
    description: type.description,
    fields: type.fields.map((field) => ({
      localized: false,
      required: false,
      disabled: false,
      omitted: false,
      validations: [],
      ...field,
      ...(field.items ? { items: { validations: [], ...field.items } } : {}),
    })),
  };
}

/** `GET …/content_types`: the whole (small) model, one page. */
export function listContentTypes(scope: DeliveryScope) {
  return {
    sys: { type: "Array" as const },
    total: CONTENT_TYPES.length,
    skip: 0,
    limit: 100,
    items: CONTENT_TYPES.map((type) => renderContentType(type, scope)),
  };
}

/** `GET …/content_types/:id`. */
export function getContentType(id: string, scope: DeliveryScope) {
  const type = findContentType(id);
  if (!type) throw notFound("ContentType", id);
  return renderContentType(type, scope);
}

/** Keeps only the `select`ed properties; `sys.id` and `sys.type` always stay for link resolution. */
function project<T extends { sys: { id: string; type: string } }>(
  item: T,
  query: ListQuery,
): Partial<T> {
  if (!query.select) return item;
  const record = item as unknown as Record<string, Record<string, unknown>>;
  const out: Record<string, Record<string, unknown>> = {
    sys: { id: item.sys.id, type: item.sys.type },
  };
  for (const [root = "", name] of query.select) {
    const source = record[root];
    if (source === undefined) continue;
    if (name === undefined) out[root] = { ...out[root], ...source };
    else if (name in source) out[root] = { ...out[root], [name]: source[name] };
  }
  return out as Partial<T>;
}

type LinkTarget = { linkType: "Entry" | "Asset"; id: string };

/** Every Contentful link object anywhere inside a value (fields, arrays, rich JSON). */
function collectLinks(value: unknown, into: LinkTarget[]): void {
  if (Array.isArray(value)) {
    for (const element of value) collectLinks(element, into);
    return;
  }
  if (value === null || typeof value !== "object") return;
  const sys = (value as { sys?: { type?: unknown; linkType?: unknown; id?: unknown } }).sys;
  if (
    sys?.type === "Link" &&
    (sys.linkType === "Entry" || sys.linkType === "Asset") &&
    typeof sys.id === "string"
  ) {
    into.push({ linkType: sys.linkType, id: sys.id });
    return;
  }
  for (const child of Object.values(value)) collectLinks(child, into);
}

/**
 * Follows links level by level: depth 1 is what the items link to, depth 2 what those link to,
 * and so on. Each entry or asset is included once, and never one of the items themselves.
 */
async function resolveIncludes(db: Db, items: EntryRow[], depth: number, scope: DeliveryScope) {
  const view = viewOf(scope);
  const fieldsOf = (row: EntryRow) => (view === "delivery" ? row.publishedFields : row.fields);
  const seenEntries = new Set(items.map((item) => item.id));
  const seenAssets = new Set<string>();
  const entries: EntryRow[] = [];
  const assets: AssetRow[] = [];
  const missing: LinkTarget[] = [];
  let frontier: EntryRow[] = items;
  for (let level = 1; level <= depth && frontier.length > 0; level++) {
    const links: LinkTarget[] = [];
    for (const row of frontier) collectLinks(fieldsOf(row), links);
    const entryIds = new Set<string>();
    const assetIds = new Set<string>();
    for (const { linkType, id } of links) {
      if (linkType === "Entry" && !seenEntries.has(id)) entryIds.add(id);
      if (linkType === "Asset" && !seenAssets.has(id)) assetIds.add(id);
    }
    for (const id of entryIds) seenEntries.add(id);
    for (const id of assetIds) seenAssets.add(id);
    const [entryRows, assetRows] = await Promise.all([
      entryIds.size === 0
        ? []
        : db
            .select()
            .from(contentEntry)
            .where(and(inArray(contentEntry.id, [...entryIds]), entryView(view).visible))
            .orderBy(contentEntry.id),
      assetIds.size === 0
        ? []
        : db
            .select()
            .from(contentAsset)
            .where(and(inArray(contentAsset.id, [...assetIds]), assetView(view).visible))
            .orderBy(contentAsset.id),
    ]);
    entries.push(...entryRows);
    assets.push(...assetRows);
    const foundEntries = new Set(entryRows.map((row) => row.id));
    const foundAssets = new Set(assetRows.map((row) => row.id));
    for (const id of entryIds) if (!foundEntries.has(id)) missing.push({ linkType: "Entry", id });
    for (const id of assetIds) if (!foundAssets.has(id)) missing.push({ linkType: "Asset", id });
    frontier = entryRows;
  }
  return { entries, assets, missing };
}
