import { describe, expect, it } from "vitest";
import { answeringVersion, SUPPORTED_VERSIONS } from "./versions.ts";

describe("Storefront API versions", () => {
  it("answers every quarterly version from 2023-01 to 2026-10, and unstable, as itself", () => {
    expect(SUPPORTED_VERSIONS).toHaveLength(16);
    for (const year of [2023, 2024, 2025, 2026]) {
      for (const month of ["01", "04", "07", "10"]) {
        expect(answeringVersion(`${year}-${month}`)).toBe(`${year}-${month}`);
      }
    }
    expect(answeringVersion("unstable")).toBe("unstable");
  });

  it("answers a retired version as the oldest supported one, as Shopify falls forward", () => {
    expect(answeringVersion("2022-10")).toBe("2023-01");
    expect(answeringVersion("2022-07")).toBe("2023-01");
    expect(answeringVersion("2019-04")).toBe("2023-01");
  });

  it("has no answer for a malformed version or one newer than the newest", () => {
    for (const version of [
      "banana",
      "2024-02",
      "2024-1",
      "2024-01-01",
      "Unstable",
      "",
      "2027-01",
    ]) {
      expect([version, answeringVersion(version)]).toEqual([version, undefined]);
    }
  });
});
