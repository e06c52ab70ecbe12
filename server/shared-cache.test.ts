import { describe, expect, it } from "vitest";
import { keyBatches } from "./shared-cache.ts";

describe("keyBatches", () => {
  it("puts the keys in as few space-separated headers of at most 4 000 bytes as fit, once each", () => {
    expect(keyBatches(["product-1", "collection-2", "product-1"])).toEqual([
      "product-1 collection-2",
    ]);
    const keys = Array.from({ length: 600 }, (_, index) => `product-${100_000 + index}`);
    const batches = keyBatches(keys);
    expect(batches.length).toBe(3); // 600 keys of 14 characters and a space: 9 000 bytes
    expect(batches.every((batch) => batch.length <= 4000)).toBe(true);
    expect(batches.join(" ").split(" ")).toEqual(keys);
    expect(keyBatches([])).toEqual([]);
  });
});
