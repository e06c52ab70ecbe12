import { describe, expect, it } from "vitest";
import { categoryPathOf } from "#app/routes/catalogue/category-paths.ts";
import { hrefOf } from "./search-overlay.tsx";

const node = (handle: string, parent: string | null = null, grandParent: string | null = null) => ({
  handle,
  parent,
  grandParent,
});
const tree = new Map(
  [
    node("epicerie-salee"),
    node("huiles-et-vinaigres", "epicerie-salee"),
    node("huiles-d-olive", "huiles-et-vinaigres", "epicerie-salee"),
  ].map((item) => [item.handle, item]),
);

describe("category suggestion links", () => {
  it("give sub-categories their full path", () => {
    expect(categoryPathOf(tree, "epicerie-salee")).toBe("/c/epicerie-salee/");
    expect(categoryPathOf(tree, "huiles-et-vinaigres")).toBe(
      "/c/epicerie-salee/huiles-et-vinaigres/",
    );
    expect(categoryPathOf(tree, "huiles-d-olive")).toBe(
      "/c/epicerie-salee/huiles-et-vinaigres/huiles-d-olive/",
    );
    expect(categoryPathOf(tree, "inconnue")).toBe("/c/inconnue/");
  });

  it("the overlay uses the tree's path for categories, linkTo for the rest", () => {
    const paths = Object.fromEntries([...tree.keys()].map((h) => [h, categoryPathOf(tree, h)]));
    expect(hrefOf("category", "huiles-d-olive", paths)).toBe(
      "/c/epicerie-salee/huiles-et-vinaigres/huiles-d-olive/",
    );
    expect(hrefOf("category", "huiles-d-olive", null)).toBe("/c/huiles-d-olive/");
    expect(hrefOf("product", "comte", paths)).toBe("/p/comte/");
    expect(hrefOf("brand", "bordier", paths)).toBe("/m/bordier/");
    expect(hrefOf("artisan", "bordier", paths)).toBe("/nos-artisans/c/bordier/");
    expect(hrefOf("category", "constructor", {})).toBe("/c/constructor/");
  });
});
