type Entry<V> = { value: V; size: number; storedAt: number };

export type MemoryCacheOptions = {
  /** Total size the cache may hold, in bytes. */
  maxBytes: number;
  /** An entry older than this is dropped when read, so a change on disk is seen eventually. */
  ttlMs: number;
  now?: () => number;
};

/**
 * A least-recently-used cache bounded by total byte size. A `Map` keeps insertion order, so
 * re-inserting on read makes its first key the least recently used.
 */
export class MemoryCache<V> {
  readonly #entries = new Map<string, Entry<V>>();
  readonly #maxBytes: number;
  readonly #ttlMs: number;
  readonly #now: () => number;
  #bytes = 0;

  constructor(options: MemoryCacheOptions) {
    this.#maxBytes = options.maxBytes;
    this.#ttlMs = options.ttlMs;
    this.#now = options.now ?? Date.now;
  }

  get(key: string): V | undefined {
    const entry = this.#entries.get(key);
    if (entry === undefined) return undefined;
    this.#entries.delete(key);
    if (this.#now() - entry.storedAt > this.#ttlMs) {
      this.#bytes -= entry.size;
      return undefined;
    }
    this.#entries.set(key, entry);
    return entry.value;
  }

  set(key: string, value: V, size: number): void {
    this.delete(key);
    if (size > this.#maxBytes) return;
    this.#entries.set(key, { value, size, storedAt: this.#now() });
    this.#bytes += size;
    for (const [oldest, entry] of this.#entries) {
      if (this.#bytes <= this.#maxBytes) break;
      this.#entries.delete(oldest);
      this.#bytes -= entry.size;
    }
  }

  delete(key: string): void {
    const entry = this.#entries.get(key);
    if (entry === undefined) return;
    this.#entries.delete(key);
    this.#bytes -= entry.size;
  }

  /** Drops every entry whose key starts with `prefix`. */
  deletePrefix(prefix: string): void {
    for (const key of [...this.#entries.keys()]) {
      if (key.startsWith(prefix)) this.delete(key);
    }
  }

  get bytes(): number {
    return this.#bytes;
  }

  get size(): number {
    return this.#entries.size;
  }
}
