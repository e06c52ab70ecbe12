import { describe, expect, it } from "vitest";
import { categoryPageType, PAGE_TYPES, pageTypeOf } from "./page-type.ts";

describe("pageTypeOf", () => {
  it("gives the deepest route's label", () => {
    const matches = [
      { handle: { pageType: "homepage" }, params: {} },
      { handle: { pageType: PAGE_TYPES["p-slug"] }, params: { slug: "x" } },
    ];
    expect(pageTypeOf(matches)).toBe("fiche-produit");
  });

  it.each([
    [{ slug: "cave" }, "categorie-mere"],
    [{ slug: "cave", subcat: "vins" }, "categorie-fille"],
    [{ slug: "cave", subcat: "vins", subsubcat: "bordeaux" }, "categorie-petite-fille"],
  ])("labels the category page %o as %s", (params, label) => {
    expect(pageTypeOf([{ handle: { pageType: categoryPageType }, params }])).toBe(label);
    expect(categoryPageType(params)).toBe(label);
  });

  it("is undefined when no route declares one", () => {
    expect(pageTypeOf([{ handle: undefined, params: {} }])).toBeUndefined();
  });
});
