/**
 * The blog's listing maths and teasers: posts newest first, nine a page (three rows of three),
 * `?page=N` in the URL so a shared link shows the same page, and the categories found in the
 * posts themselves.
 */
import { type ArticleSlide, articleSlide } from "#app/lib/content/blocks.ts";

export const BLOG_PAGE_SIZE = 9;
export const BLOG_PAGE_PARAM = "page";

export type BlogPage<T> = { items: T[]; page: number; pageCount: number };

/** The page number a `?page=` value asks for: a whole number from 1, else 1. */
export function parsePageNumber(value: string | null | undefined): number {
  if (!value || !/^\d{1,6}$/.test(value.trim())) return 1;
  return Math.max(1, Number(value.trim()));
}

/** One page of `items`; null when the page is past the last (a 404, not an empty page). */
export function pageOfItems<T>(
  items: readonly T[],
  page: number,
  size = BLOG_PAGE_SIZE,
): BlogPage<T> | null {
  const pageCount = Math.max(1, Math.ceil(items.length / size));
  if (page > pageCount) return null;
  return { items: items.slice((page - 1) * size, page * size), page, pageCount };
}

/** The link to page `page` of a listing at `path` (page 1 has no parameter). */
export function pageLink(path: string, page: number): string {
  return page <= 1 ? path : `${path}?${BLOG_PAGE_PARAM}=${page}`;
}

type Entry = { sys?: { id?: string }; fields?: Record<string, unknown> };

/** The posts as teasers, in the order given, leaving out entries without title or slug. */
export function postTeasers(posts: readonly unknown[]): ArticleSlide[] {
  return posts.flatMap((post, index) => articleSlide(post, index) ?? []);
}

/** The distinct categories of the posts, in order of first appearance, with their links. */
export function categoriesOfPosts(
  posts: readonly unknown[],
): { slug: string; title: string; href: string }[] {
  const seen = new Map<string, { slug: string; title: string; href: string }>();
  for (const post of posts) {
    const category = (post as Entry)?.fields?.category as Entry | undefined;
    const slug = category?.fields?.slug;
    const title = category?.fields?.title;
    if (typeof slug !== "string" || typeof title !== "string" || seen.has(slug)) continue;
    seen.set(slug, { slug, title, href: `/b/${encodeURIComponent(slug)}/` });
  }
  return [...seen.values()].sort((a, b) => a.title.localeCompare(b.title, "fr"));
}
