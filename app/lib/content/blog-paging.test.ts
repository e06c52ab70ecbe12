import { describe, expect, it } from "vitest";
import {
  BLOG_PAGE_SIZE,
  categoriesOfPosts,
  pageLink,
  pageOfItems,
  parsePageNumber,
} from "./blog-paging.ts";

describe("blog paging", () => {
  it("reads ?page= as a whole number from 1", () => {
    expect(parsePageNumber(null)).toBe(1);
    expect(parsePageNumber("2")).toBe(2);
    expect(parsePageNumber("0")).toBe(1);
    expect(parsePageNumber("-3")).toBe(1);
    expect(parsePageNumber("deux")).toBe(1);
  });

  it("cuts nine posts a page and refuses a page past the last", () => {
    const items = Array.from({ length: 11 }, (_, i) => i);
    expect(BLOG_PAGE_SIZE).toBe(9);
    expect(pageOfItems(items, 1)).toEqual({ items: items.slice(0, 9), page: 1, pageCount: 2 });
    expect(pageOfItems(items, 2)).toEqual({ items: [9, 10], page: 2, pageCount: 2 });
    expect(pageOfItems(items, 3)).toBeNull();
    expect(pageOfItems([], 1)).toEqual({ items: [], page: 1, pageCount: 1 });
  });

  it("links page 1 without a parameter", () => {
    expect(pageLink("/blog/", 1)).toBe("/blog/");
    expect(pageLink("/blog/", 3)).toBe("/blog/?page=3");
  });

  it("lists the posts' categories once, by title", () => {
    const post = (slug: string, title: string) => ({
      fields: { category: { fields: { slug, title } } },
    });
    expect(
      categoriesOfPosts([post("r", "Recettes"), post("c", "Conseils"), post("r", "Recettes"), {}]),
    ).toEqual([
      { slug: "c", title: "Conseils", href: "/b/c/" },
      { slug: "r", title: "Recettes", href: "/b/r/" },
    ]);
  });
});
