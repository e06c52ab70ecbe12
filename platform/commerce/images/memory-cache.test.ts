import { describe, expect, it } from "vitest";
import { MemoryCache } from "#platform/commerce/images/memory-cache.ts";

describe("MemoryCache", () => {
  it("evicts the least recently used entries past its byte budget", () => {
    const cache = new MemoryCache<string>({ maxBytes: 10, ttlMs: 1000 });
    cache.set("a", "A", 4);
    cache.set("b", "B", 4);
    cache.get("a");
    cache.set("c", "C", 4);
    expect([cache.get("a"), cache.get("b"), cache.get("c")]).toEqual(["A", undefined, "C"]);
    expect(cache.bytes).toBe(8);
  });

  it("does not keep an entry larger than the whole budget", () => {
    const cache = new MemoryCache<string>({ maxBytes: 10, ttlMs: 1000 });
    cache.set("big", "B", 11);
    expect(cache.get("big")).toBeUndefined();
    expect(cache.bytes).toBe(0);
  });

  it("forgets an entry older than its time to live", () => {
    let now = 0;
    const cache = new MemoryCache<string>({ maxBytes: 10, ttlMs: 100, now: () => now });
    cache.set("a", "A", 1);
    now = 100;
    expect(cache.get("a")).toBe("A");
    now = 201;
    expect(cache.get("a")).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it("drops every key under a prefix", () => {
    const cache = new MemoryCache<string>({ maxBytes: 100, ttlMs: 1000 });
    cache.set("p\u0000h450", "1", 1);
    cache.set("p\u0000h700", "2", 1);
    cache.set("q\u0000h450", "3", 1);
    cache.deletePrefix("p\u0000");
    expect([cache.size, cache.bytes, cache.get("q\u0000h450")]).toEqual([1, 1, "3"]);
  });
});
