import { describe, expect, it } from "vitest";
import {
  activeFilterCount,
  categoryPageSize,
  filledParams,
  pageHref,
  parseSort,
  readListingParams,
} from "./listing.ts";

describe("parseSort", () => {
  it.each([
    ["price-asc", "price-asc"],
    ["price-desc", "price-desc"],
    ["created-recently", "created-recently"],
    ["relevance", "default"],
    [null, "default"],
  ])("%s sorts as %s (anything else is the default order)", (value, sort) => {
    expect(parseSort(value)).toBe(sort);
  });
});

describe("readListingParams", () => {
  it("reads sort, filters and cursor from the URL", () => {
    const params = readListingParams(
      new URLSearchParams(
        "tri=price-desc&marque=Maison+A&marque=Maison+B&regime=vegan&label=aop&sans=lait&sans=gluten&dispo=1&prix_min=5&prix_max=30,5&apres=abc",
      ),
    );
    expect(params).toEqual({
      sort: "price-desc",
      brands: ["Maison A", "Maison B"],
      diets: ["vegan"],
      labels: ["aop"],
      withoutAllergens: ["lait", "gluten"],
      availableOnly: true,
      priceMin: 5,
      priceMax: 30.5,
      after: "abc",
    });
    expect(activeFilterCount(params)).toBe(8);
  });

  it("ignores empty, repeated and unreadable values", () => {
    const params = readListingParams(
      new URLSearchParams("marque=&marque=X&marque=X&prix_min=abc&prix_max=-3&dispo=0"),
    );
    expect(params).toMatchObject({
      brands: ["X"],
      priceMin: null,
      priceMax: null,
      availableOnly: false,
    });
    expect(activeFilterCount(params)).toBe(1);
  });
});

describe("pageHref", () => {
  it("keeps every parameter and moves the cursor", () => {
    const search = new URLSearchParams("tri=price-asc&apres=old");
    expect(pageHref("/c/cave/", search, "next")).toBe("/c/cave/?tri=price-asc&apres=next");
  });
});

describe("filledParams", () => {
  it("leaves out the empty fields of a listing form, keeps repeated ones", () => {
    const form = new FormData();
    form.append("tri", "price-asc");
    form.append("prix_min", "");
    form.append("prix_max", "  ");
    form.append("marque", "A");
    form.append("marque", "B");
    form.append("q", "");
    expect(filledParams(form).toString()).toBe("tri=price-asc&marque=A&marque=B");
    expect(filledParams(new FormData()).toString()).toBe("");
  });
});

describe("categoryPageSize", () => {
  it.each([
    [0, 100],
    [1, 98],
    [2, 96],
    [-1, 100],
  ])("with %s push blocks shows %s products", (pushCount, size) => {
    expect(categoryPageSize(pushCount)).toBe(size);
  });
});
