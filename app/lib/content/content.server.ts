import { serviceFetch } from "#app/lib/services.server.ts";
import { readJsonInNfc } from "#app/lib/unicode-text.ts";
import { contentPreviewActive, findContentType } from "#platform/content/index.ts";
import { processGlobal } from "#platform/process-global.ts";
import {
  addSurrogateKeys,
  contentTypeKey,
  entryKey,
  withSurrogateKeys,
} from "#platform/surrogate-keys.ts";

/**
 * The storefront's client of the content service's Delivery API (ordering-and-server.md §7
 * "Content service"): menus, footer, editorial pages and content-side products, read with
 * include depth 5, in French, without entries tagged `Archive`, their links resolved from
 * `includes` into nested objects. A failed read is logged and gives null or an empty list —
 * never an error thrown at a page. The menu, the footer, the product status texts and the home
 * page are loaded once, kept in memory, forgotten by `invalidateContentCache()` when content
 * changes. Inside a preview (`withContentPreview`, a page opened from the admin area with a
 * preview token) every read goes to the Preview API, drafts included, and skips those copies.
 */

/** The locale the content service stores its entries in. */
export const CONTENT_LOCALE = "fr";
/** How deep links are resolved: menu → item → child → category → push → image. */
export const CONTENT_INCLUDE = 5;
/** Ids per request when products are fetched by id, to keep URLs short. */
export const IDS_PER_REQUEST = 100;
/** The most entries one delivery request returns. */
const PAGE_LIMIT = 1000;
const ENTRIES_PATH = "/content/spaces/comptoir/environments/master/entries";
const PREVIEW_ENTRIES_PATH = "/content-preview/spaces/comptoir/environments/master/entries";

export type ContentLink = { sys: { type: "Link"; linkType: "Entry" | "Asset"; id: string } };

export type ContentAsset = {
  sys: { id: string; type: "Asset" };
  fields: {
    title: string;
    description: string;
    file: { url: string; fileName: string; contentType: string };
  };
};

/**
 * An entry with its links replaced by the entries and assets they point at, down to the include
 * depth (`resolveEntries`). A link that could not be resolved is dropped from arrays and left out
 * of single fields.
 */
export type ContentEntry<F = Record<string, unknown>> = {
  sys: {
    id: string;
    type: "Entry";
    contentType: { sys: { id: string } };
    createdAt: string;
    updatedAt: string;
  };
  fields: F;
};

type RawEntry = ContentEntry;
type EntriesResponse = {
  items: RawEntry[];
  total: number;
  includes?: { Entry?: RawEntry[]; Asset?: ContentAsset[] };
};

/** The page types the storefront reads by slug, and their content type ids. */
export type PageType =
  | "cms"
  | "pageCategorie"
  | "subCategory"
  | "pageMarque"
  | "pageArtisan"
  | "blogpost"
  | "blog_category"
  | "homepage"
  | "shop_page"
  | "page_faq";

/** The home page's slug: `/` shows the `homepage` entry `accueil` (also at `/e/accueil/`). */
export const HOME_PAGE_SLUG = "accueil";
/** The store page's and the FAQ page's slugs. */
export const SHOP_PAGE_SLUG = "magasin";
export const FAQ_PAGE_SLUG = "faq";

// Only these types have a `tags` field to exclude `Archive` on.
const TAGGED_TYPES = new Set(["product", "blogpost"]);

type Log = (error: unknown, message: string, context?: Record<string, unknown>) => void;
type ClientState = {
  log: Log;
  configuration: Map<string, () => Promise<unknown>>;
};

// The server and the storefront bundle each load this module: the server's content-change hook
// must clear the cache the pages read.
function state(): ClientState {
  return processGlobal<ClientState>("contentClient", () => ({
    log: (error, message, context) => console.error(message, context ?? {}, error),
    configuration: new Map(),
  }));
}

/** Where failed reads are reported (the server's logger); the console until it is set. */
export function setContentLogger(logger: {
  warn: (object: Record<string, unknown>, message: string) => void;
}) {
  state().log = (err, message, context) => logger.warn({ err, ...context }, message);
}

/** Forgets the cached menu, footer, status texts and home page: the next read loads them again. */
export function invalidateContentCache() {
  state().configuration.clear();
}

/**
 * A configuration read, once: concurrent and later callers share it, and each page given it
 * carries its surrogate keys; a failure is not kept.
 */
function cached<T>(key: string, load: () => Promise<T | null>): Promise<T | null> {
  // A preview's drafts are for that page only.
  if (contentPreviewActive()) return load();
  const { configuration } = state();
  const hit = configuration.get(key) as (() => Promise<T | null>) | undefined;
  if (hit) return hit();
  const read = withSurrogateKeys(load);
  configuration.set(key, read);
  const value = read();
  void value.then((result) => {
    if (result === null && configuration.get(key) === read) configuration.delete(key);
  });
  return value;
}

/** Filters that pick entries by themselves rather than list a type's (by slug, by id). */
const PICKING_FILTERS = ["fields.slug", "sys.id", "sys.id[in]"];

/**
 * Names what a delivery answer shows as the page's surrogate keys: each entry asked for, and the
 * content type when the request lists it (a new entry of the type joins the list). The entries
 * and media its links bring are not named (the menu alone brings some 1 300): a publish of one
 * of them names the entries that show it instead (`pageKeysOfChange`).
 */
function nameKeys(params: Record<string, string>, page: EntriesResponse) {
  const keys = page.items.map((entry) => entryKey(entry.sys.id));
  const type = params.content_type;
  if (type && !PICKING_FILTERS.some((filter) => filter in params)) keys.push(contentTypeKey(type));
  addSurrogateKeys(keys);
}

/** One delivery request for entries; null (logged) when the service fails or answers an error. */
async function fetchEntries(params: Record<string, string>): Promise<EntriesResponse | null> {
  const query = new URLSearchParams({
    locale: CONTENT_LOCALE,
    include: String(CONTENT_INCLUDE),
    ...params,
  });
  const preview = contentPreviewActive();
  try {
    const response = preview
      ? await serviceFetch("contentPreview", `${PREVIEW_ENTRIES_PATH}?${query}`, {
          headers: { accept: "application/json" },
        })
      : await serviceFetch("content", `${ENTRIES_PATH}?${query}`, {
          headers: { accept: "application/json" },
        });
    if (!response.ok) {
      const body = await response.text();
      state().log(new Error(`content service answered ${response.status}`), "content read failed", {
        query: query.toString(),
        body: body.slice(0, 500),
      });
      return null;
    }
    const page = await readJsonInNfc<EntriesResponse>(response);
    nameKeys(params, page);
    return page;
  } catch (error) {
    state().log(error, "content read failed", { query: query.toString() });
    return null;
  }
}

/** Entries of a type matching `filters`, Archive excluded where the type has tags. */
export async function entriesOf<F>(
  type: string,
  filters: Record<string, string> = {},
): Promise<ContentEntry<F>[] | null> {
  const params: Record<string, string> = {
    content_type: type,
    limit: String(PAGE_LIMIT),
    ...filters,
  };
  if (TAGGED_TYPES.has(type)) params["fields.tags[nin]"] = "Archive";
  const page = await fetchEntries(params);
  return page ? (resolveEntries(page) as ContentEntry<F>[]) : null;
}

async function firstEntry<F>(
  type: string,
  filters: Record<string, string>,
): Promise<ContentEntry<F> | null> {
  const found = await entriesOf<F>(type, { ...filters, limit: "1" });
  return found?.[0] ?? null;
}

/**
 * Replaces the links inside each item's fields by the entries and assets of `includes`, as the
 * official SDK does, down to `depth` links from the item: deeper links stay link objects, and
 * links to what `includes` lacks are dropped. An entry reached twice at the same depth is one
 * shared object, so a densely linked model stays small in memory and the result has no cycles.
 */
export function resolveEntries(
  page: Pick<EntriesResponse, "items" | "includes">,
  depth = CONTENT_INCLUDE,
): ContentEntry[] {
  const entries = new Map<string, RawEntry>();
  for (const entry of [...page.items, ...(page.includes?.Entry ?? [])]) {
    entries.set(entry.sys.id, entry);
  }
  const assets = new Map((page.includes?.Asset ?? []).map((asset) => [asset.sys.id, asset]));
  const resolved = new Map<string, ContentEntry>();

  const resolveValue = (value: unknown, budget: number): unknown => {
    if (Array.isArray(value)) {
      return value
        .map((element) => resolveValue(element, budget))
        .filter((element) => element !== undefined);
    }
    if (value === null || typeof value !== "object") return value;
    if (isLink(value)) {
      const { linkType, id } = value.sys;
      if (linkType === "Asset") return assets.get(id);
      if (budget === 0) return value;
      const target = entries.get(id);
      return target ? resolveEntry(target, budget - 1) : undefined;
    }
    const out: Record<string, unknown> = {};
    for (const [key, child] of Object.entries(value)) {
      const resolvedChild = resolveValue(child, budget);
      if (resolvedChild !== undefined) out[key] = resolvedChild;
    }
    return out;
  };
  const resolveEntry = (entry: RawEntry, budget: number): ContentEntry => {
    const key = `${entry.sys.id}@${budget}`;
    const known = resolved.get(key);
    if (known) return known;
    const result: ContentEntry = { sys: entry.sys, fields: {} };
    resolved.set(key, result);
    result.fields = resolveValue(entry.fields, budget) as Record<string, unknown>;
    return result;
  };
  return page.items.map((item) => resolveEntry(item, depth));
}

function isLink(value: object): value is ContentLink {
  const sys = (value as { sys?: { type?: unknown; linkType?: unknown; id?: unknown } }).sys;
  return (
    sys?.type === "Link" &&
    (sys.linkType === "Entry" || sys.linkType === "Asset") &&
    typeof sys.id === "string"
  );
}

// ---------------------------------------------------------------------------------------------
// Configuration: menu, footer, status texts

/** The main menu (its items, their children, categories and pushes resolved); cached. */
export function getMainMenu(): Promise<ContentEntry | null> {
  return cached("main_menu", () => firstEntry("main_menu", { order: "sys.createdAt" }));
}

/** The footer (reassurance, link menus, social links, seasonal pages, legal texts); cached. */
export function getFooter(): Promise<ContentEntry | null> {
  return cached("footer", () => firstEntry("footer", { order: "sys.createdAt" }));
}

/**
 * The display texts of product states, by status (`unavailable` → 'Bientôt disponible !');
 * cached. Empty when the service fails: the page falls back on its own default.
 */
export async function getProductStatusTexts(): Promise<Record<string, string>> {
  const texts = await cached("product_status_text", async () => {
    const found = await entriesOf<{ status: string; text: string }>("product_status_text");
    return (
      found && Object.fromEntries(found.map((entry) => [entry.fields.status, entry.fields.text]))
    );
  });
  return texts ?? {};
}

/** Loads the menu, the footer and the status texts (at startup, so the first page is fast). */
export async function loadContentConfiguration(): Promise<void> {
  await Promise.all([getMainMenu(), getFooter(), getProductStatusTexts()]);
}

// ---------------------------------------------------------------------------------------------
// Pages

/** The page of this type with this slug, links resolved; null when there is none or on failure. */
export function getPage(type: PageType, slug: string): Promise<ContentEntry | null> {
  return firstEntry(type, { "fields.slug": slug });
}

/**
 * The home page's blocks (banners, carousels, calls to action) in order. Read on nearly every
 * visit and changed as rarely as the menu: kept in memory like the configuration, until content
 * changes (resolving it at include depth 5 costs the content service some 50 ms).
 */
export function getHomePage(): Promise<ContentEntry | null> {
  return cached(`homepage:${HOME_PAGE_SLUG}`, () => getPage("homepage", HOME_PAGE_SLUG));
}

/** The texts of the error page for an HTTP status (404, 500…), or null. */
export function getErrorPage(code: number): Promise<ContentEntry | null> {
  return firstEntry("errorPage", { "fields.code": String(code) });
}

/** Blog posts, newest first, optionally of one category (by its slug). */
export async function getBlogPosts(categorySlug?: string): Promise<ContentEntry[]> {
  const filters: Record<string, string> = { order: "-fields.publishDate" };
  if (categorySlug !== undefined) {
    const category = await idOf("blog_category", categorySlug);
    if (category === null) return [];
    filters["fields.category.sys.id"] = category;
  }
  return (await entriesOf("blogpost", filters)) ?? [];
}

// ---------------------------------------------------------------------------------------------
// Products

/** The fields of a content-side product (ordering-and-server.md §3). */
export type ContentProductFields = {
  name: string;
  slug: string;
  manufacturer?: ContentEntry<{ name: string; slug: string }>;
  regimes?: { slug: string; label: string }[];
  allergens?: { slug: string; title: string }[];
  labels?: { slug: string; title: string }[];
  images?: ContentAsset[];
  short_description?: string;
  prediscount_price?: number;
  isProvince?: boolean;
  fd_content?: { MenuItemId: number; Price: number; ImageUrl: string };
  tags?: string[];
  products_in_bundle?: ContentEntry<ContentProductFields>[];
};
export type ContentProduct = ContentEntry<ContentProductFields>;

/** The id of the entry of `type` with this slug, or null. */
async function idOf(type: string, slug: string): Promise<string | null> {
  const page = await fetchEntries({
    content_type: type,
    "fields.slug": slug,
    include: "0",
    limit: "1",
    select: "sys.id",
  });
  return page?.items[0]?.sys.id ?? null;
}

/** Products of a brand (its `pageMarque` slug). */
export async function getProductsByBrand(brandSlug: string): Promise<ContentProduct[]> {
  const brand = await idOf("pageMarque", brandSlug);
  if (brand === null) return [];
  return (await entriesOf("product", { "fields.manufacturer.sys.id": brand })) ?? [];
}

/** Products of a top category or a sub-category (by slug; a top category wins a tie). */
export async function getProductsByCategory(slug: string): Promise<ContentProduct[]> {
  const category = (await idOf("pageCategorie", slug)) ?? (await idOf("subCategory", slug));
  if (category === null) return [];
  return (await entriesOf("product", { "fields.categories.sys.id": category })) ?? [];
}

/**
 * Products by entry id, in the order asked, fetched `IDS_PER_REQUEST` at a time; ids that are
 * unknown, archived or in a failed chunk are missing from the result.
 */
export async function getProductsByIds(ids: readonly string[]): Promise<ContentProduct[]> {
  const unique = [...new Set(ids)];
  const chunks: string[][] = [];
  for (let start = 0; start < unique.length; start += IDS_PER_REQUEST) {
    chunks.push(unique.slice(start, start + IDS_PER_REQUEST));
  }
  const pages = await Promise.all(
    chunks.map((chunk) =>
      entriesOf<ContentProductFields>("product", { "sys.id[in]": chunk.join(",") }),
    ),
  );
  const byId = new Map(pages.flatMap((page) => page ?? []).map((entry) => [entry.sys.id, entry]));
  return unique.flatMap((id) => byId.get(id) ?? []);
}

/** The fields the sitemaps need of a page: its names, slug, parents and date. */
const LIST_FIELDS = ["title", "name", "slug", "category", "subcategory", "publishDate"];

/**
 * Every entry of a page type with only its title or name, slug, parent links and dates (for the
 * sitemaps), ordered by slug; empty on failure.
 */
export async function getPageList(type: PageType): Promise<ContentEntry[]> {
  const model = findContentType(type);
  const fields = LIST_FIELDS.filter((id) => model?.fields.some((field) => field.id === id));
  return (
    (await entriesOf(type, {
      order: "fields.slug",
      include: "1",
      select: ["sys", ...fields.map((id) => `fields.${id}`)].join(","),
    })) ?? []
  );
}
