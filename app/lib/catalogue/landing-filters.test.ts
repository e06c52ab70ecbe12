import { describe, expect, it } from "vitest";
import {
  applyLandingFilter,
  categoryFilterHref,
  landingTitle,
  resolveLandingFilter,
} from "./landing-filters.ts";
import { readListingParams } from "./listing.ts";

const ref = {
  regimes: [{ id: "r1", handle: "sans-gluten", title: "Sans gluten" }],
  labels: [{ id: "l1", handle: "bio", title: "Bio" }],
  brands: [
    { id: "b1", handle: "maison-dubois", name: "Maison Dubois", isArtisan: true, image: null },
  ],
  allergens: [{ id: "a1", handle: "lait", title: "Lait" }],
};

describe("filtered landing pages", () => {
  it("resolve a diet, a label, a brand or an allergen to leave out", () => {
    expect(resolveLandingFilter("sans-gluten", ref)).toEqual({
      kind: "diet",
      handle: "sans-gluten",
      title: "Sans gluten",
    });
    expect(resolveLandingFilter("bio", ref)?.kind).toBe("label");
    expect(resolveLandingFilter("maison-dubois", ref)).toMatchObject({
      kind: "brand",
      title: "Maison Dubois",
    });
    expect(resolveLandingFilter("sans-lait", ref)).toEqual({
      kind: "allergen",
      handle: "lait",
      title: "Sans lait",
    });
    expect(resolveLandingFilter("inconnu", ref)).toBeNull();
    expect(resolveLandingFilter("sans-inconnu", ref)).toBeNull();
  });

  it("add their filter to the URL's own, once", () => {
    const params = readListingParams(new URLSearchParams("regime=sans-gluten&tri=price-asc"));
    const diet = resolveLandingFilter("sans-gluten", ref);
    const brand = resolveLandingFilter("maison-dubois", ref);
    const allergen = resolveLandingFilter("sans-lait", ref);
    if (!diet || !brand || !allergen) throw new Error("unresolved");
    expect(applyLandingFilter(params, diet).diets).toEqual(["sans-gluten"]);
    expect(applyLandingFilter(params, diet).sort).toBe("price-asc");
    expect(applyLandingFilter(params, brand).brands).toEqual(["Maison Dubois"]);
    expect(applyLandingFilter(params, allergen).withoutAllergens).toEqual(["lait"]);
  });

  it("link to the category page with the same filter, and name the page", () => {
    const diet = resolveLandingFilter("sans-gluten", ref);
    const brand = resolveLandingFilter("maison-dubois", ref);
    if (!diet || !brand) throw new Error("unresolved");
    expect(categoryFilterHref("/c/cave/", diet)).toBe("/c/cave/?regime=sans-gluten");
    expect(categoryFilterHref("/c/cave/", brand)).toBe("/c/cave/?marque=Maison+Dubois");
    expect(landingTitle("Cave", diet)).toBe("Cave : sans gluten");
    expect(landingTitle("Cave", brand)).toBe("Cave : Maison Dubois");
  });
});
