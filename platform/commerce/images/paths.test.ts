import { describe, expect, it } from "vitest";
import { imagePathProblem, imageUrl } from "#platform/commerce/images/paths.ts";

describe("imagePathProblem", () => {
  it.each([
    "products/epicerie-salee-huile-1.svg",
    "banner.svg",
    "marques/maison bordier/logo (2).png",
    "catégories/été.jpg",
  ])("accepts %s", (path) => {
    expect(imagePathProblem(path)).toBeNull();
  });

  it.each([
    "",
    "../etc/passwd",
    "products/../../etc/passwd",
    "products/..",
    "./a.svg",
    "/etc/passwd",
    "a//b.svg",
    "a/",
    "a\\..\\b.svg",
    "C:/windows/win.ini",
    "a\u0000.svg",
    "a\n.svg",
    "%2e%2e/a.svg",
    "x".repeat(513),
  ])("refuses %j", (path) => {
    expect(imagePathProblem(path)).toEqual(expect.any(String));
  });
});

describe("imageUrl", () => {
  it("encodes each segment and adds the parameters given", () => {
    expect(imageUrl("products/a b.svg", { height: 450 })).toBe(
      "/cdn/images/products/a%20b.svg?height=450",
    );
    expect(imageUrl("été.svg")).toBe("/cdn/images/%C3%A9t%C3%A9.svg");
    expect(imageUrl("a.png", { format: "original" })).toBe("/cdn/images/a.png?format=original");
  });
});
