import { describe, expect, it } from "vitest";
import { RateLimiter } from "./rate-limit.ts";

describe("RateLimiter", () => {
  it("allows `limit` attempts per window and refuses the next", () => {
    let now = 0;
    const limiter = new RateLimiter({ limit: 3, windowMs: 1000, now: () => now });
    expect([1, 2, 3, 4].map(() => limiter.hit("a"))).toEqual([true, true, true, false]);
    now = 999;
    expect(limiter.hit("a")).toBe(false);
    now = 1000;
    expect(limiter.hit("a")).toBe(true);
  });

  it("counts each key on its own and forgets a key on reset", () => {
    const limiter = new RateLimiter({ limit: 1, windowMs: 1000, now: () => 0 });
    expect(limiter.hit("a")).toBe(true);
    expect(limiter.hit("b")).toBe(true);
    expect(limiter.hit("a")).toBe(false);
    limiter.reset("a");
    expect(limiter.hit("a")).toBe(true);
  });

  it("tells whether a key is blocked without counting an attempt", () => {
    let now = 0;
    const limiter = new RateLimiter({ limit: 2, windowMs: 1000, now: () => now });
    expect(limiter.isBlocked("a")).toBe(false);
    limiter.hit("a");
    expect(limiter.isBlocked("a")).toBe(false);
    limiter.hit("a");
    expect(limiter.isBlocked("a")).toBe(true);
    expect(limiter.isBlocked("a")).toBe(true);
    now = 1000;
    expect(limiter.isBlocked("a")).toBe(false);
  });

  it("takes back an attempt within its window, never below none nor into the next one", () => {
    let now = 0;
    const limiter = new RateLimiter({ limit: 2, windowMs: 1000, now: () => now });
    limiter.release("a");
    expect([1, 2].map(() => limiter.hit("a"))).toEqual([true, true]);
    limiter.release("a");
    expect(limiter.hit("a")).toBe(true);
    expect(limiter.hit("a")).toBe(false);
    now = 1000;
    limiter.release("a");
    expect([1, 2, 3].map(() => limiter.hit("a"))).toEqual([true, true, false]);
  });
});
