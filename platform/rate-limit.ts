import { type RateLimiterAbstract, RateLimiterMemory, RateLimiterRes } from "rate-limiter-flexible";

/**
 * How a limiter keeps its counts. Process memory suits one instance; several instances must
 * share one store, e.g. `(rule) => new RateLimiterPostgres({ storeClient: pool, ...rule })` or
 * `RateLimiterRedis`, so that an attacker cannot multiply the limits by the number of instances.
 */
export type LimiterStore = (rule: {
  keyPrefix: string;
  points: number;
  duration: number;
}) => RateLimiterAbstract;

export const memoryStore: LimiterStore = (rule) => new RateLimiterMemory(rule);

/** A fixed window: `points` attempts per `durationSec`. */
export type Window = { points: number; durationSec: number };

/**
 * The growing delay of one subject (an account, a phone): after `free` failures counted over
 * `windowSec`, each further failure makes the next attempt wait `baseSec`, then twice as long,
 * up to `maxSec`.
 */
export type Backoff = { free: number; baseSec: number; maxSec: number; windowSec: number };

export type AttemptRules = {
  /** Attempts one address may make across all subjects (an address trying many accounts). */
  perAddress: Window;
  /** Attempts on one subject from one address. */
  perSubjectAddress: Window;
  backoff: Backoff;
  /**
   * How long an address that succeeded on a subject is spared that subject's delay; under 24
   * days, the longest timer the memory store can set to drop the record.
   */
  knownAddressSec: number;
};

/** Why an attempt is refused: how long to wait. */
export type Refusal = { retryAfterMs: number };

/** The delay a subject's next attempt waits after `failures` failures; 0 while they are free. */
export function backoffDelaySec(failures: number, backoff: Backoff): number {
  if (failures < backoff.free) return 0;
  return Math.min(backoff.maxSec, backoff.baseSec * 2 ** (failures - backoff.free));
}

/** "45 secondes", "1 minute", "15 minutes": a wait as the French messages say it. */
export function frenchWait(ms: number): string {
  const seconds = Math.max(1, Math.ceil(ms / 1000));
  if (seconds < 60) return seconds === 1 ? "1 seconde" : `${seconds} secondes`;
  const minutes = Math.ceil(seconds / 60);
  return minutes === 1 ? "1 minute" : `${minutes} minutes`;
}

export type AttemptGuard = {
  /**
   * Counts an attempt on `subject` from `address` before it runs (so that concurrent attempts
   * cannot slip past a limit); answers a refusal when a limit is reached. Without an address
   * only the subject's delay applies.
   */
  attempt(subject: string, address: string | undefined): Promise<Refusal | undefined>;
  /**
   * The attempt succeeded: it no longer counts against its address (customers behind one
   * address are not limited by their own sign-ins), the address's failures on the subject are
   * forgotten and the address becomes known to the subject.
   */
  succeeded(subject: string, address: string | undefined): Promise<void>;
  /**
   * Takes back an attempt that tried no secret (a password refused by its rules before any
   * token was compared): it counts nowhere, and proves nothing about its address.
   */
  release(subject: string, address: string | undefined): Promise<void>;
  /** Makes `address` known to `subject` without taking back an attempt (see `succeeded`). */
  trust(subject: string, address: string | undefined): Promise<void>;
};

/**
 * Limits that stop guessing without locking owners out. Attempts are counted per address and
 * per (subject, address), in fixed windows: one address cannot try many passwords or many
 * accounts. Attacks spread over many addresses meet the subject's growing delay instead of a
 * lock: the subject stays reachable every few seconds, and addresses that succeeded on it
 * before (its owner's) are spared the delay altogether.
 */
export function createAttemptGuard(
  name: string,
  rules: AttemptRules,
  store: LimiterStore = memoryStore,
): AttemptGuard {
  const limiter = (part: string, points: number, duration: number) =>
    store({ keyPrefix: `${name}:${part}`, points, duration });
  const perAddress = limiter("address", rules.perAddress.points, rules.perAddress.durationSec);
  const perSubjectAddress = limiter(
    "subject-address",
    rules.perSubjectAddress.points,
    rules.perSubjectAddress.durationSec,
  );
  // A counter only (`penalty` never refuses): the subject's attempts that did not succeed.
  const failures = limiter("failures", Number.MAX_SAFE_INTEGER, rules.backoff.windowSec);
  // One attempt per delay: the record an admitted attempt creates lives as long as its delay.
  const slot = limiter("slot", 1, rules.backoff.maxSec);
  const known = limiter("known", 1, rules.knownAddressSec);
  const pair = (subject: string, address: string) => JSON.stringify([subject, address]);

  const isKnown = async (subject: string, address: string | undefined) =>
    address !== undefined && live(await known.get(pair(subject, address))) > 0;

  const trust = async (subject: string, address: string | undefined) => {
    if (address !== undefined) await known.set(pair(subject, address), 1, rules.knownAddressSec);
  };

  const release = async (subject: string, address: string | undefined) => {
    if (live(await failures.get(subject)) > 0) await failures.reward(subject);
    await slot.delete(subject);
    if (address === undefined) return;
    if (live(await perAddress.get(address)) > 0) await perAddress.reward(address);
    const key = pair(subject, address);
    if (live(await perSubjectAddress.get(key)) > 0) await perSubjectAddress.reward(key);
  };

  return {
    async attempt(subject, address) {
      const taken: [RateLimiterAbstract, string][] = [];
      const refuse = async (refusal: Refusal) => {
        // A refused attempt never ran: it takes nothing from the allowances.
        for (const [counter, key] of taken) await counter.reward(key);
        return refusal;
      };
      if (address !== undefined) {
        for (const [counter, key] of [
          [perAddress, address],
          [perSubjectAddress, pair(subject, address)],
        ] as const) {
          const refused = await take(counter, key);
          taken.push([counter, key]);
          if (refused) return refuse(refused);
        }
      }
      if (!(await isKnown(subject, address))) {
        const delaySec = backoffDelaySec(live(await failures.get(subject)) + 1, rules.backoff);
        if (delaySec > 0) {
          const refused = await take(slot, subject, delaySec);
          if (refused) return refuse(refused);
        }
      }
      await failures.penalty(subject);
      return undefined;
    },

    async succeeded(subject, address) {
      await release(subject, address);
      if (address !== undefined) {
        await perSubjectAddress.delete(pair(subject, address));
        await trust(subject, address);
      }
    },

    release,
    trust,
  };
}

/** Consumes one point of `key`; a refusal when the limiter is out of points. */
async function take(
  limiter: RateLimiterAbstract,
  key: string,
  durationSec?: number,
): Promise<Refusal | undefined> {
  try {
    await limiter.consume(key, 1, durationSec ? { customDuration: durationSec } : {});
    return undefined;
  } catch (error) {
    if (error instanceof RateLimiterRes) return { retryAfterMs: error.msBeforeNext };
    throw error;
  }
}

/** The points of a record still in its window (memory stores answer expired records too). */
function live(res: RateLimiterRes | null): number {
  return res && res.msBeforeNext > 0 ? res.consumedPoints : 0;
}

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
