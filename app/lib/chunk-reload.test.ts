import { describe, expect, it } from "vitest";
import { CHUNK_RELOAD_KEY, claimChunkReload, isChunkLoadError } from "./chunk-reload.ts";

function memoryStorage() {
  const values = new Map<string, string>();
  return {
    getItem: (key: string) => values.get(key) ?? null,
    setItem: (key: string, value: string) => void values.set(key, value),
    values,
  };
}

describe("chunk reload guard", () => {
  it("allows the first reload and records when it happened", () => {
    const storage = memoryStorage();
    expect(claimChunkReload(storage, 1_000_000)).toBe(true);
    expect(storage.values.get(CHUNK_RELOAD_KEY)).toBe("1000000");
  });

  it("refuses a second reload within 60 seconds", () => {
    const storage = memoryStorage();
    claimChunkReload(storage, 1_000_000);
    expect(claimChunkReload(storage, 1_059_999)).toBe(false);
  });

  it("allows another reload once 60 seconds have passed", () => {
    const storage = memoryStorage();
    claimChunkReload(storage, 1_000_000);
    expect(claimChunkReload(storage, 1_060_000)).toBe(true);
  });

  it("recognises the browsers' chunk-loading failures and nothing else", () => {
    expect(
      isChunkLoadError(new TypeError("Failed to fetch dynamically imported module: /assets/x.js")),
    ).toBe(true);
    expect(isChunkLoadError(new TypeError("Importing a module script failed."))).toBe(true);
    expect(isChunkLoadError(new Error("Cannot read properties of undefined"))).toBe(false);
  });
});
