import { describe, expect, it } from "vitest";
import { pageUrl } from "./page-url.ts";

const address = (url: URL) => `${url.pathname}${url.search}`;

describe("pageUrl", () => {
  it("is the page's own address for a document request", () => {
    expect(address(pageUrl("http://shop.test/c/fromagerie/?tri=price-asc"))).toBe(
      "/c/fromagerie/?tri=price-asc",
    );
    expect(address(pageUrl(new Request("http://shop.test/")))).toBe("/");
  });

  it("drops the data request's suffix and React Router's _routes parameter", () => {
    expect(
      address(
        pageUrl("http://shop.test/c/fromagerie/_.data?tri=price-asc&_routes=routes%2Fcategory"),
      ),
    ).toBe("/c/fromagerie/?tri=price-asc");
    expect(address(pageUrl("http://shop.test/c/fromagerie.data?marque=A&marque=B"))).toBe(
      "/c/fromagerie?marque=A&marque=B",
    );
    expect(address(pageUrl("http://shop.test/_.data?_routes=root"))).toBe("/");
  });

  it("leaves a path that only contains .data alone", () => {
    expect(address(pageUrl("http://shop.test/p/donnees.data-x/"))).toBe("/p/donnees.data-x/");
    expect(address(pageUrl("http://shop.test/e/_.data-fete/"))).toBe("/e/_.data-fete/");
  });
});
