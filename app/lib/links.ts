/**
 * Every link in the shop is built here (ordering-and-server.md §2, "Link building by content
 * type"). Input is either a content-service entry (Contentful-shaped: `sys.contentType.sys.id`
 * plus `fields`) or a plain storefront object (`{ type, slug, url? }`); both are normalised first.
 * Slugs are used as given and only percent-encoded — never slugified here, because a link that
 * silently differs from the stored slug would 404.
 */

/** A content-service entry as the delivery API returns it. */
export type ContentEntry = {
  sys?: { id?: string; contentType?: { sys?: { id?: string } } };
  fields?: Record<string, unknown>;
};

/** A plain object as the storefront passes it around. */
export type PlainLinkable = {
  type?: string;
  slug?: string;
  handle?: string;
  url?: string;
  [field: string]: unknown;
};

export type Linkable = ContentEntry | PlainLinkable;

type LinkKind =
  | "cms"
  | "product"
  | "category"
  | "subCategory"
  | "brand"
  | "blog"
  | "artisan"
  | "homepage"
  | "callToAction";

/**
 * The link kind of each content type of the content model (`platform/content/content-types.ts`),
 * by its exact id. Types that lead somewhere without a page of their own (menu items, banners,
 * carousels…) follow their external link, else their internal one.
 */
export const LINK_KIND_BY_CONTENT_TYPE: Readonly<Record<string, LinkKind>> = {
  cms: "cms",
  product: "product",
  pageCategorie: "category",
  subCategory: "subCategory",
  pageMarque: "brand",
  pageArtisan: "artisan",
  blogpost: "blog",
  blog_category: "blog",
  homepage: "homepage",
  callToAction: "callToAction",
  banner: "callToAction",
  carousel: "callToAction",
  menu_item: "callToAction",
  reassurance_item: "callToAction",
};

/**
 * Other names storefront objects use for the same kinds, compared lowercased with separators
 * dropped (`call-to-action` = `callToAction`, `PAGE_MARQUE` = `pageMarque`).
 */
const KIND_BY_ALIAS: Readonly<Record<string, LinkKind>> = {
  ...Object.fromEntries(
    Object.entries(LINK_KIND_BY_CONTENT_TYPE).map(([type, kind]) => [aliasKey(type), kind]),
  ),
  pagecms: "cms",
  produit: "product",
  pageproduit: "product",
  category: "category",
  categorie: "category",
  souscategorie: "subCategory",
  pagesouscategorie: "subCategory",
  brand: "brand",
  marque: "brand",
  blog: "blog",
  pageblog: "blog",
  article: "blog",
  categorieblog: "blog",
  artisan: "artisan",
  pagehomepage: "homepage",
  cta: "callToAction",
  banniere: "callToAction",
};

function aliasKey(type: string): string {
  return type.toLowerCase().replace(/[^a-z0-9]/g, "");
}

function kindOf(type: string | undefined): LinkKind | undefined {
  if (type === undefined) return undefined;
  // Own keys only: "constructor" is no content type.
  if (Object.hasOwn(LINK_KIND_BY_CONTENT_TYPE, type)) return LINK_KIND_BY_CONTENT_TYPE[type];
  const key = aliasKey(type);
  return Object.hasOwn(KIND_BY_ALIAS, key) ? KIND_BY_ALIAS[key] : undefined;
}

type NormalisedItem = { kind: LinkKind | undefined; fields: Record<string, unknown> };

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function text(value: unknown): string | undefined {
  if (typeof value !== "string") return undefined;
  const trimmed = value.trim();
  return trimmed === "" ? undefined : trimmed;
}

/** Brings an entry or a plain object to one shape: a known kind (or none) and its fields. */
export function normaliseLinkable(item: unknown): NormalisedItem {
  if (!isRecord(item)) return { kind: undefined, fields: {} };
  const sys = isRecord(item.sys) ? item.sys : undefined;
  const contentType = sys && isRecord(sys.contentType) ? sys.contentType : undefined;
  const entryType = contentType && isRecord(contentType.sys) ? text(contentType.sys.id) : undefined;
  const fields = isRecord(item.fields) ? { ...item, ...item.fields } : item;
  return { kind: kindOf(entryType ?? text(fields.type)), fields };
}

const EXTERNAL = /^(?:[a-z][a-z0-9+.-]*:|\/\/)/i;

function isExternal(url: string): boolean {
  return EXTERNAL.test(url);
}

/**
 * An internal path with a leading and a trailing slash; the query string and fragment are kept
 * after the slash. External URLs (`https:`, `mailto:`, `//cdn…`) come back untouched.
 */
export function withTrailingSlash(url: string): string {
  if (isExternal(url)) return url;
  const cut = url.search(/[?#]/);
  const path = cut === -1 ? url : url.slice(0, cut);
  const rest = cut === -1 ? "" : url.slice(cut);
  const leading = path.startsWith("/") ? path : `/${path}`;
  return leading.endsWith("/") ? `${leading}${rest}` : `${leading}/${rest}`;
}

function segment(slug: string): string {
  return encodeURIComponent(slug);
}

function pathOf(...slugs: string[]): string {
  return `/${slugs.map(segment).join("/")}/`;
}

/** Storefront product page: /p/{handle}/ ("/" without a handle). */
export function productPath(handle: string | undefined): string {
  const value = text(handle);
  return value === undefined ? "/" : pathOf("p", value);
}

/** Storefront category page: /c/{slug}/{collection}/, or /c/{slug}/ without a collection. */
export function categoryPath(slug: string | undefined, collection?: string): string {
  const value = text(slug);
  if (value === undefined) return "/";
  const sub = text(collection);
  return sub === undefined ? pathOf("c", value) : pathOf("c", value, sub);
}

/** A brand's page: /m/{handle}/ ("/" without a handle). */
export function brandPath(handle: string | undefined): string {
  const value = text(handle);
  return value === undefined ? "/" : pathOf("m", value);
}

/**
 * An artisan's page, /nos-artisans/c/{slug}/ (ordering-and-server.md §2, "Link building"): the
 * one address of an artisan, whatever links to it — the artisans list, the menu, carousels, the
 * sitemaps, search suggestions. The slug is the artisan brand's handle; the route answers the
 * artisan's portrait there, beside the departments' artisan lists ("/" without a slug).
 */
export function artisanPath(slug: string | undefined): string {
  const value = text(slug);
  return value === undefined ? "/" : pathOf("nos-artisans", "c", value);
}

/**
 * A category page from its handles, top first: /c/{top}/, /c/{top}/{sub}/, /c/{top}/{sub}/{leaf}/
 * ("/" without any).
 */
export function categoryTrailPath(handles: readonly string[]): string {
  const slugs = handles.flatMap((handle) => text(handle) ?? []);
  return slugs.length === 0 ? "/" : pathOf("c", ...slugs);
}

/** A parent given as a slug string or as an entry / object carrying a slug. */
function slugOf(value: unknown): string | undefined {
  if (typeof value === "string") return text(value);
  if (!isRecord(value)) return undefined;
  return text(normaliseLinkable(value).fields.slug);
}

function firstField(fields: Record<string, unknown>, names: readonly string[]): unknown {
  for (const name of names) {
    const value = fields[name];
    if (value !== undefined && value !== null && value !== "") return value;
  }
  return undefined;
}

const EXTERNAL_LINK_FIELDS = ["externalLink", "external_link", "lienExterne"] as const;
const INTERNAL_LINK_FIELDS = ["internalLink", "internal_link", "lienInterne"] as const;
const CATEGORY_FIELDS = ["category", "categorie", "parentCategory"] as const;
const SUB_CATEGORY_FIELDS = ["subcategory", "subCategory", "sousCategorie"] as const;

// Call-to-action links can point at other entries; bound the chain so a cycle cannot hang a render.
const MAX_LINK_DEPTH = 5;

function link(item: unknown, depth: number): string {
  const { kind, fields } = normaliseLinkable(item);

  const url = text(fields.url);
  if (url !== undefined) return withTrailingSlash(url);

  if (kind === "callToAction") {
    const external = text(firstField(fields, EXTERNAL_LINK_FIELDS));
    if (external !== undefined) return external;
    const internal = firstField(fields, INTERNAL_LINK_FIELDS);
    if (typeof internal === "string")
      return text(internal) ? withTrailingSlash(internal.trim()) : "/";
    if (isRecord(internal) && depth < MAX_LINK_DEPTH) return link(internal, depth + 1);
    return "/";
  }

  const slug = text(fields.slug) ?? (kind === "product" ? text(fields.handle) : undefined);
  if (kind === undefined || slug === undefined) return "/";

  switch (kind) {
    case "cms":
      return pathOf("cms", slug);
    case "product":
      return pathOf("p", slug);
    case "category":
      return pathOf("c", slug);
    case "subCategory": {
      const parents = [
        slugOf(firstField(fields, CATEGORY_FIELDS)),
        slugOf(firstField(fields, SUB_CATEGORY_FIELDS)),
      ].filter((parent) => parent !== undefined);
      return pathOf("c", ...parents, slug);
    }
    case "brand":
      return brandPath(slug);
    case "blog":
      return pathOf("b", slug);
    case "artisan":
      return artisanPath(slug);
    case "homepage":
      return pathOf("e", slug);
  }
}

/**
 * The link for any content item or storefront object. An explicit `url` always wins; an unknown
 * type or a missing slug gives "/".
 */
export function linkTo(item: Linkable | null | undefined): string {
  return link(item, 0);
}
