import {
  type RateLimiterAbstract,
  RateLimiterMemory,
  RateLimiterPostgres,
  RateLimiterRes,
} from "rate-limiter-flexible";
import type { Database } from "#db/client.ts";

/**
 * How a limiter keeps its counts. Process memory suits one instance; several instances must
 * share one store (`limiterStore(database)`), so that an attacker cannot multiply the limits by
 * the number of instances.
 */
export type LimiterStore = (rule: {
  keyPrefix: string;
  points: number;
  duration: number;
}) => RateLimiterAbstract;

export const memoryStore: LimiterStore = (rule) => new RateLimiterMemory(rule);

/** The table of db/meta-schema.ts (`shopRateLimit`) where PostgreSQL keeps every count. */
export const RATE_LIMIT_TABLE = "shop_rate_limit";

const stores = new WeakMap<Database, LimiterStore>();

/**
 * The one place that decides where the shop's limits count: on PostgreSQL, in its
 * `shop_rate_limit` table, so that every instance and worker on the database shares each limit;
 * on PGlite (one process by construction), in memory. Every limiter of the shop is made with it.
 *
 * PostgreSQL unreachable: each limiter falls back to its own memory copy (rate-limiter-flexible's
 * `insuranceLimiter`), so that limits still hold per process instead of failing or letting
 * everything through; the shared counts resume when the database answers again.
 */
export function limiterStore(database: Database): LimiterStore {
  if (database.engine !== "postgres") return memoryStore;
  const known = stores.get(database);
  if (known) return known;
  // One limiter per process sweeps the rows expired over an hour ago, every five minutes.
  let sweeping = false;
  const store: LimiterStore = (rule) => {
    const sweeps = !sweeping;
    sweeping = true;
    return new RateLimiterPostgres({
      ...rule,
      storeClient: database.client,
      storeType: "pool",
      tableName: RATE_LIMIT_TABLE,
      // Created by the migrations (0016_shared_rate_limits): no DDL at run time.
      tableCreated: true,
      clearExpiredByTimeout: sweeps,
      insuranceLimiter: new RateLimiterMemory(rule),
    });
  };
  stores.set(database, store);
  return store;
}

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
  /**
   * Takes back the subject's last attempt from its delay only (an attempt that came to nothing
   * through no fault of the caller's, like a code whose SMS failed): the next one runs at once,
   * while the per-address counts keep it.
   */
  forgive(subject: string): Promise<void>;
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
    async forgive(subject) {
      if (live(await failures.get(subject)) > 0) await failures.reward(subject);
      await slot.delete(subject);
    },
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
 * Fixed-window attempt counter: admin sign-in, the newsletter and the address reports are limited
 * per email or client address with it. One instance per rule, named (the name prefixes its keys
 * in a shared store); keys are whatever the rule counts by (`email:jane@example.com`,
 * `ip:203.0.113.7`). Counts in `store`: `limiterStore(database)` in the shop.
 */
export class RateLimiter {
  readonly #limit: number;
  readonly #counter: RateLimiterAbstract;

  constructor(options: { name: string; limit: number; windowMs: number; store?: LimiterStore }) {
    this.#limit = options.limit;
    this.#counter = (options.store ?? memoryStore)({
      keyPrefix: options.name,
      points: options.limit,
      duration: Math.ceil(options.windowMs / 1000),
    });
  }

  /** Counts one attempt for `key`; false when the key is over its limit in the current window. */
  async hit(key: string): Promise<boolean> {
    return (await take(this.#counter, key)) === undefined;
  }

  /** Whether `key` is over its limit in the current window, without counting an attempt. */
  async isBlocked(key: string): Promise<boolean> {
    return live(await this.#counter.get(key)) >= this.#limit;
  }

  /**
   * Takes back one attempt of `key` in the current window: it turned out to be no threat (a
   * successful login counted against its client address). The attempt still counted while it
   * was on its way, so concurrent attempts cannot slip past the limit.
   */
  async release(key: string): Promise<void> {
    if (live(await this.#counter.get(key)) > 0) await this.#counter.reward(key);
  }

  /** Forgets `key`'s attempts, e.g. after a successful login. */
  async reset(key: string): Promise<void> {
    await this.#counter.delete(key);
  }
}
