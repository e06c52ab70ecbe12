import { describe, expect, it } from "vitest";
import { parseVariant, snapHeight, variantName } from "#platform/commerce/images/variant.ts";

describe("snapHeight", () => {
  it("keeps the spec's heights and snaps others to the nearest", () => {
    expect([450, 700, 950].map(snapHeight)).toEqual([450, 700, 950]);
    expect([1, 500, 560, 600, 900, 4000].map(snapHeight)).toEqual([450, 450, 450, 700, 950, 950]);
  });

  it("takes the larger height when halfway between two", () => {
    expect(snapHeight(575)).toBe(700);
    expect(snapHeight(825)).toBe(950);
  });
});

describe("parseVariant", () => {
  it("defaults to webp at the original size, quality 90", () => {
    expect(parseVariant({})).toEqual({ ok: true, variant: { format: "webp", quality: 90 } });
  });

  it("reads height, width and quality", () => {
    expect(parseVariant({ height: "500", width: "320", quality: "75" })).toEqual({
      ok: true,
      variant: { format: "webp", height: 450, width: 320, quality: 75 },
    });
  });

  it("caps the width at 2000", () => {
    expect(parseVariant({ width: "5000" })).toMatchObject({ variant: { width: 2000 } });
  });

  it("ignores sizes with format=original, and unknown parameters", () => {
    expect(parseVariant({ format: "original", height: "450", v: "3" })).toEqual({
      ok: true,
      variant: { format: "original" },
    });
  });

  it.each([
    [{ height: "abc" }, "height: must be a whole number"],
    [{ height: "0" }, "height: must be at least 1"],
    [{ height: "-450" }, "height: must be a whole number"],
    [{ height: "450.5" }, "height: must be a whole number"],
    [{ height: "" }, "height: must be a whole number"],
    [{ width: "1e3" }, "width: must be a whole number"],
    [{ quality: "0" }, "quality: must be at least 1"],
    [{ quality: "101" }, "quality: must be between 1 and 100"],
    [{ format: "png" }, "format: must be webp or original"],
  ])("refuses %o", (query, error) => {
    expect(parseVariant(query)).toEqual({ ok: false, error });
  });
});

describe("variantName", () => {
  it("names each variant with safe characters only", () => {
    expect(variantName({ format: "webp", height: 450, quality: 90 })).toBe("h450-q90.webp");
    expect(variantName({ format: "webp", width: 800, height: 700, quality: 80 })).toBe(
      "w800-h700-q80.webp",
    );
    expect(variantName({ format: "webp", quality: 90 })).toBe("full-q90.webp");
    expect(variantName({ format: "original" })).toBe("original");
  });
});
