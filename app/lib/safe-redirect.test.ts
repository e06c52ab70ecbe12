import { describe, expect, it } from "vitest";
import { safeRedirectPath } from "./safe-redirect.ts";

describe("safeRedirectPath", () => {
  it("keeps a path of the site with its query and fragment", () => {
    for (const [target, expected] of [
      ["/", "/"],
      ["/c/fromages/", "/c/fromages/"],
      ["/c/fromages/?sort=price-asc&bookmark=42", "/c/fromages/?sort=price-asc&bookmark=42"],
      ["/search/?q=caf%C3%A9", "/search/?q=caf%C3%A9"],
      ["/search/?q=100%25", "/search/?q=100%25"],
      ["/compte/?s=5#listes", "/compte/?s=5#listes"],
      ["/p/comte/?next=https://evil.example", "/p/comte/?next=https://evil.example"],
    ]) {
      expect(safeRedirectPath(target), target).toBe(expected);
    }
  });

  it("refuses every spelling of another site, whatever the encoding", () => {
    for (const target of [
      "https://evil.example/",
      "http:evil.example",
      "javascript:alert(1)",
      "data:text/html,x",
      "evil.example",
      "",
      "//evil.example",
      "///evil.example",
      "/\\evil.example",
      "\\/evil.example",
      "\\\\evil.example",
      "/\t/evil.example",
      "/\n/evil.example",
      "/\r\n/evil.example",
      "/\0/evil.example",
      "\t//evil.example",
      "/%09/evil.example",
      "/%0a/evil.example",
      "/%00/evil.example",
      "/%2F/evil.example",
      "/%2f%2fevil.example",
      "%2F%2Fevil.example",
      "/%5Cevil.example",
      "/%5cevil.example",
      "/%252F/evil.example",
      "/%25252F/evil.example",
      "/%2525252525252F/evil.example",
    ]) {
      expect(safeRedirectPath(target), JSON.stringify(target)).toBe("/");
    }
  });

  it("never yields a protocol-relative path through dot segments", () => {
    expect(safeRedirectPath("/a/..//evil.example/x")).toBe("/evil.example/x");
    expect(safeRedirectPath("/.//evil.example")).toBe("/evil.example");
    expect(safeRedirectPath("/%2e%2e//evil.example")).toBe("/evil.example");
  });

  it("answers the fallback for what is not a string", () => {
    expect(safeRedirectPath(null, "/panier/")).toBe("/panier/");
    expect(safeRedirectPath(undefined, "/compte/")).toBe("/compte/");
    expect(safeRedirectPath(42, "/compte/")).toBe("/compte/");
    expect(safeRedirectPath("//evil.example", "/panier/")).toBe("/panier/");
  });
});
