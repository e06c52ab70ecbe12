/**
 * Fixed-window attempt counter, kept in memory: login, password recovery, activation and phone
 * codes are limited per email or phone and per client address with it. One instance per rule;
 * keys are whatever the rule counts by (`email:jane@example.com`, `ip:203.0.113.7`).
 */
export class RateLimiter {
  readonly #limit: number;
  readonly #windowMs: number;
  readonly #now: () => number;
  readonly #windows = new Map<string, { start: number; count: number }>();

  constructor(options: { limit: number; windowMs: number; now?: () => number }) {
    this.#limit = options.limit;
    this.#windowMs = options.windowMs;
    this.#now = options.now ?? Date.now;
  }

  /** Counts one attempt for `key`; false when the key is over its limit in the current window. */
  hit(key: string): boolean {
    const now = this.#now();
    const window = this.#windows.get(key);
    if (!window || now - window.start >= this.#windowMs) {
      this.#forgetExpired(now);
      this.#windows.set(key, { start: now, count: 1 });
      return this.#limit >= 1;
    }
    window.count += 1;
    return window.count <= this.#limit;
  }

  /** Whether `key` is over its limit in the current window, without counting an attempt. */
  isBlocked(key: string): boolean {
    const window = this.#windows.get(key);
    if (!window || this.#now() - window.start >= this.#windowMs) return false;
    return window.count >= this.#limit;
  }

  /**
   * Takes back one attempt of `key` in the current window: it turned out to be no threat (a
   * successful login counted against its client address). The attempt still counted while it
   * was on its way, so concurrent attempts cannot slip past the limit.
   */
  release(key: string): void {
    const window = this.#windows.get(key);
    if (window && this.#now() - window.start < this.#windowMs && window.count > 0) {
      window.count -= 1;
    }
  }

  /** Forgets `key`'s attempts, e.g. after a successful login. */
  reset(key: string): void {
    this.#windows.delete(key);
  }

  /** Keeps memory bounded: windows that ended are dropped whenever a new one starts. */
  #forgetExpired(now: number) {
    if (this.#windows.size < 10_000) return;
    for (const [key, window] of this.#windows) {
      if (now - window.start >= this.#windowMs) this.#windows.delete(key);
    }
  }
}
