import { HOME_PAGE_SLUG } from "#app/lib/content/content.server.ts";
import type { Db } from "#db/client.ts";
import {
  type EntryRow,
  entriesByIds,
  entriesLinkingTo,
  findContentType,
} from "#platform/content/index.ts";

/**
 * The storefront page an entry's "Aperçu" opens: its own page when its type has one (a CMS
 * page, a post, a category…), else the page that shows it — the home page for a home block,
 * the FAQ for a question, any page for the menu or the footer — found by walking up the
 * entries that link to it. Null for what no page shows as such (an error page's texts).
 */

/** The pages of types the model gives no path: the storefront's fixed routes. */
const FIXED_PAGES: Record<string, string> = {
  page_faq: "/faq/",
  faq_category: "/faq/",
  faq_question: "/faq/",
  shop_page: "/magasin/",
  main_menu: "/",
  footer: "/",
  product_status_text: "/",
};
const NO_PAGE = new Set(["errorPage"]);
/** How far up "used on" is followed: a question → its category → the FAQ page. */
const MAX_DEPTH = 3;

const slugOf = (row: EntryRow | undefined) =>
  typeof row?.fields.slug === "string" ? row.fields.slug : null;

const linkedId = (value: unknown) => {
  const id = (value as { sys?: { id?: unknown } } | undefined)?.sys?.id;
  return typeof id === "string" ? id : null;
};

/** The path of an entry of a type with a page, from its draft; null when a slug is missing. */
async function ownPath(db: Db, row: EntryRow, pattern: string): Promise<string | null> {
  const slug = slugOf(row);
  if (!slug) return null;
  if (row.contentType === "homepage" && slug === HOME_PAGE_SLUG) return "/";
  if (!pattern.includes("{category}")) return pattern.replace("{slug}", slug);
  // A sub-category: /c/{category}/{subcategory}/{slug}/, or /c/{category}/{slug}/ at level two.
  const parentId = linkedId(row.fields.subcategory) ?? linkedId(row.fields.category);
  const [parent] = parentId ? await entriesByIds(db, [parentId]) : [];
  if (!parent) return null;
  if (parent.contentType === "pageCategorie") return `/c/${slugOf(parent)}/${slug}/`;
  const topId = linkedId(parent.fields.category);
  const [top] = topId ? await entriesByIds(db, [topId]) : [];
  return top ? `/c/${slugOf(top)}/${slugOf(parent)}/${slug}/` : null;
}

export async function previewTarget(db: Db, row: EntryRow, depth = 0): Promise<string | null> {
  if (NO_PAGE.has(row.contentType)) return null;
  const fixed = FIXED_PAGES[row.contentType];
  if (fixed) return fixed;
  const pattern = findContentType(row.contentType)?.path;
  if (pattern) return ownPath(db, row, pattern);
  if (depth >= MAX_DEPTH) return "/";
  for (const parent of await entriesLinkingTo(
    db,
    { linkType: "Entry", id: row.id },
    { limit: 5 },
  )) {
    const path = await previewTarget(db, parent, depth + 1);
    if (path) return path;
  }
  // Parts of pages no page uses yet (a new banner): the home page, where blocks usually go.
  return "/";
}
