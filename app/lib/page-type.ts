/**
 * Page-type labels for tracking (ordering-and-server.md §2, "Page-type labels for tracking").
 * Every route module exports `handle: { pageType }`; the layout (or the tag manager's data
 * layer) reads the deepest one with `pageTypeOf(useMatches())`.
 */
export const PAGE_TYPES = {
  index: "homepage",
  "c-slug": "categorie-mere",
  "c-slug-subcat": "categorie-fille",
  "c-slug-subcat-subsubcat": "categorie-petite-fille",
  "p-slug": "fiche-produit",
  magasin: "magasin",
  "nos-artisans": "listing-artisans",
  "nos-marques": "listing-marques",
  "m-slug": "single-marque",
  blog: "home-blog",
  "b-slug": "single-blog",
  // Not in the specification's table: the search results page.
  search: "recherche",
} as const;

export type PageType = (typeof PAGE_TYPES)[keyof typeof PAGE_TYPES] | (string & {});

/** A route's label, fixed or computed from its URL parameters (category depth, cms slug). */
export type PageTypeHandle = {
  pageType: PageType | ((params: Readonly<Record<string, string | undefined>>) => PageType);
};

type MatchLike = { handle?: unknown; params: Readonly<Record<string, string | undefined>> };

function hasPageType(handle: unknown): handle is PageTypeHandle {
  return typeof handle === "object" && handle !== null && "pageType" in handle;
}

/** The page type of the deepest matched route that declares one. */
export function pageTypeOf(matches: readonly MatchLike[]): PageType | undefined {
  for (const match of [...matches].reverse()) {
    if (!hasPageType(match.handle)) continue;
    const { pageType } = match.handle;
    return typeof pageType === "function" ? pageType(match.params) : pageType;
  }
  return undefined;
}

/** The category page's label by depth: mère, fille, petite-fille. */
export function categoryPageType(params: Readonly<Record<string, string | undefined>>): PageType {
  if (params.subsubcat) return PAGE_TYPES["c-slug-subcat-subsubcat"];
  if (params.subcat) return PAGE_TYPES["c-slug-subcat"];
  return PAGE_TYPES["c-slug"];
}
