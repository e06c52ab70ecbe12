import { describe, expect, it } from "vitest";
import {
  parseViewedProducts,
  recentlyViewedHref,
  VIEWED_PRODUCTS_MAX_AGE_SECONDS,
  viewedProductsCookie,
  withViewedProduct,
} from "./viewed-products.ts";

describe("viewedProducts cookie", () => {
  it("keeps five unique valid handles, in order", () => {
    expect(parseViewedProducts("a,b,a,B-bad,c,,d,e,f,g")).toEqual(["a", "b", "c", "d", "e"]);
    expect(parseViewedProducts(undefined)).toEqual([]);
    expect(parseViewedProducts("<script>,ok-1")).toEqual(["ok-1"]);
  });

  it("puts the viewed product first, once, and drops the oldest past five", () => {
    expect(withViewedProduct(["a", "b", "c", "d", "e"], "f")).toEqual(["f", "a", "b", "c", "d"]);
    expect(withViewedProduct(["a", "b", "c"], "b")).toEqual(["b", "a", "c"]);
    expect(withViewedProduct([], "a")).toEqual(["a"]);
    expect(withViewedProduct(["a"], "Not valid")).toEqual(["a"]);
  });

  it("lives a day and is readable by scripts", () => {
    expect(VIEWED_PRODUCTS_MAX_AGE_SECONDS).toBe(86_400);
    expect(viewedProductsCookie(["a", "b"], false)).toBe(
      "viewedProducts=a,b; Path=/; Max-Age=86400; SameSite=Lax",
    );
  });

  it("asks the resource route for the handles", () => {
    expect(recentlyViewedHref(["a", "b"])).toBe("/produits-vus.json?handles=a%2Cb");
  });
});
