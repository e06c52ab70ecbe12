import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import {
  type AttemptRules,
  backoffDelaySec,
  createAttemptGuard,
  frenchWait,
  RateLimiter,
} from "./rate-limit.ts";

describe("RateLimiter", () => {
  // rate-limiter-flexible reads Date.now() and drops memory records with timers: both faked.
  const at = (ms: number) => vi.setSystemTime(new Date("2026-03-02T10:00:00Z").getTime() + ms);
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ["Date", "setTimeout", "clearTimeout"] });
    at(0);
  });
  afterEach(() => vi.useRealTimers());
  const limiter = (limit: number) => new RateLimiter({ name: "t", limit, windowMs: 1000 });
  const hits = async (counter: RateLimiter, n: number) => {
    const answers: boolean[] = [];
    for (let i = 0; i < n; i++) answers.push(await counter.hit("a"));
    return answers;
  };

  it("allows `limit` attempts per window and refuses the next", async () => {
    const counter = limiter(3);
    expect(await hits(counter, 4)).toEqual([true, true, true, false]);
    at(999);
    expect(await counter.hit("a")).toBe(false);
    at(1000);
    expect(await counter.hit("a")).toBe(true);
  });

  it("counts each key on its own and forgets a key on reset", async () => {
    const counter = limiter(1);
    expect(await counter.hit("a")).toBe(true);
    expect(await counter.hit("b")).toBe(true);
    expect(await counter.hit("a")).toBe(false);
    await counter.reset("a");
    expect(await counter.hit("a")).toBe(true);
  });

  it("tells whether a key is blocked without counting an attempt", async () => {
    const counter = limiter(2);
    expect(await counter.isBlocked("a")).toBe(false);
    await counter.hit("a");
    expect(await counter.isBlocked("a")).toBe(false);
    await counter.hit("a");
    expect(await counter.isBlocked("a")).toBe(true);
    expect(await counter.isBlocked("a")).toBe(true);
    at(1000);
    expect(await counter.isBlocked("a")).toBe(false);
  });

  it("takes back an attempt within its window, never below none nor into the next one", async () => {
    const counter = limiter(2);
    await counter.release("a");
    expect(await hits(counter, 2)).toEqual([true, true]);
    await counter.release("a");
    expect(await hits(counter, 2)).toEqual([true, false]);
    at(1000);
    await counter.release("a");
    expect(await hits(counter, 3)).toEqual([true, true, false]);
  });
});

describe("createAttemptGuard", () => {
  const rules: AttemptRules = {
    perAddress: { points: 6, durationSec: 900 },
    perSubjectAddress: { points: 3, durationSec: 900 },
    backoff: { free: 2, baseSec: 1, maxSec: 8, windowSec: 3600 },
    knownAddressSec: 20 * 86_400,
  };
  const START = new Date("2026-03-02T10:00:00Z").getTime();
  let now = START;
  const at = (ms: number) => {
    now = START + ms;
    vi.setSystemTime(now);
  };
  // rate-limiter-flexible reads Date.now(): a fixed clock, moved by the tests, never a sleep.
  beforeEach(() => {
    // The memory store also drops records with timers: faked too, so that only the clock the
    // tests move expires them, however slow the database.
    vi.useFakeTimers({ toFake: ["Date", "setTimeout", "clearTimeout"] });
    at(0);
  });
  afterEach(() => vi.useRealTimers());

  it("delays a subject's attempts more and more, up to the cap, after its free failures", async () => {
    const guard = createAttemptGuard("t", rules);
    let address = 0;
    // Each failure from a fresh address: only the subject's delay applies.
    const next = () => guard.attempt("jane", `198.51.100.${address++}`);
    expect(await next()).toBeUndefined();
    expect(await next()).toBeUndefined();
    // The second failure makes the next attempt wait 1 s, then 2, 4, 8, 8.
    let elapsed = 0;
    for (const delay of [1, 2, 4, 8, 8]) {
      expect(await next()).toMatchObject({ retryAfterMs: delay * 1000 });
      at(elapsed + delay * 1000 - 1);
      expect((await next())?.retryAfterMs).toBe(1);
      elapsed += delay * 1000;
      at(elapsed);
      expect(await next()).toBeUndefined();
    }
    expect(await next()).toMatchObject({ retryAfterMs: 8000 });
  });

  it("spares an address that succeeded on the subject before", async () => {
    const guard = createAttemptGuard("t", rules);
    expect(await guard.attempt("jane", "192.0.2.1")).toBeUndefined();
    await guard.succeeded("jane", "192.0.2.1");
    for (let i = 0; i < 5; i++) await guard.attempt("jane", `198.51.100.${i}`);
    expect(await guard.attempt("jane", "198.51.100.99")).toBeDefined();
    expect(await guard.attempt("jane", "192.0.2.1")).toBeUndefined();
  });

  it("limits one address per subject and across subjects; a refused attempt costs nothing", async () => {
    const guard = createAttemptGuard("t", rules);
    // Known to both subjects, so that only the address limits apply.
    for (const subject of ["a", "b", "c"]) await guard.trust(subject, "203.0.113.9");
    for (let i = 0; i < 3; i++) expect(await guard.attempt("a", "203.0.113.9")).toBeUndefined();
    expect(await guard.attempt("a", "203.0.113.9")).toMatchObject({ retryAfterMs: 900_000 });
    for (let i = 0; i < 3; i++) expect(await guard.attempt("b", "203.0.113.9")).toBeUndefined();
    expect(await guard.attempt("c", "203.0.113.9")).toBeDefined();
    at(900_000);
    expect(await guard.attempt("c", "203.0.113.9")).toBeUndefined();
  });

  it("takes a success back from its address and forgets the address's failures", async () => {
    const guard = createAttemptGuard("t", rules);
    for (let i = 0; i < 10; i++) {
      expect(await guard.attempt(`customer${i}`, "203.0.113.50")).toBeUndefined();
      await guard.succeeded(`customer${i}`, "203.0.113.50");
    }
    for (let i = 0; i < 3; i++) await guard.attempt("jane", "203.0.113.51");
    await guard.succeeded("jane", "203.0.113.51");
    expect(await guard.attempt("jane", "203.0.113.51")).toBeUndefined();
  });
});

describe("backoffDelaySec and frenchWait", () => {
  it("doubles from the base after the free failures, up to the cap", () => {
    const backoff = { free: 3, baseSec: 1, maxSec: 60, windowSec: 3600 };
    expect([0, 2, 3, 4, 5, 8, 9, 20].map((n) => backoffDelaySec(n, backoff))).toEqual([
      0, 0, 1, 2, 4, 32, 60, 60,
    ]);
  });

  it("says a wait in seconds or minutes", () => {
    expect([1, 999, 8000, 58_001, 60_000, 61_000, 900_000].map(frenchWait)).toEqual([
      "1 seconde",
      "1 seconde",
      "8 secondes",
      "59 secondes",
      "1 minute",
      "2 minutes",
      "15 minutes",
    ]);
  });
});
