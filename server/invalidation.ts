import { randomUUID } from "node:crypto";
import pg from "pg";
import type { Database } from "#db/client.ts";
import { INVALIDATION_CHANNEL } from "#platform/page-purges.ts";
import type { Logger } from "#server/logger.ts";

/**
 * What a write makes stale, told to every instance of the shop (issue 20, item 2): the workers of
 * one machine and the machines sharing one PostgreSQL. Each write site calls `publish` once; each
 * cache subscribes once, where the server is composed (server/app.ts). A publish runs the local
 * handlers at once and, on PostgreSQL, sends the event with `NOTIFY`; every other instance
 * `LISTEN`s and runs its own handlers when it arrives, within milliseconds. PGlite belongs to one
 * process, so there the bus is local only. Writes may also send an event with their commit
 * (platform/page-purges.ts): every instance applies those, this one too, PGlite's included.
 *
 * An instance that loses its listening connection may have missed events: when it is back it
 * drops every cache, and pages are read afresh.
 */
export type Invalidation =
  /** One page (every variant of its URL), or every page without a URL. */
  | { kind: "pages"; url?: string }
  /**
   * The pages that name one of these surrogate keys, here and in the shared cache in front;
   * sent by writes at their commit (platform/page-purges.ts).
   */
  | { kind: "keys"; keys: string[] }
  /** The catalogue reads the storefront keeps (products, prices, facets). */
  | { kind: "catalogue" }
  /**
   * The content client's entries (menus, footer, editorial), and the pages that show the changed
   * entries (`keys`), or every page without them.
   */
  | { kind: "content"; keys?: string[] }
  /** The copies of the ordering service's menus. */
  | { kind: "ordering-menus" }
  /** The copies of the ordering service's stores, and the shop facts drawn from them. */
  | { kind: "ordering-stores" }
  /** The search synonyms' rules, and so the search pages kept. */
  | { kind: "search-synonyms" };

export type InvalidationKind = Invalidation["kind"];
type Handler<K extends InvalidationKind> = (event: Extract<Invalidation, { kind: K }>) => void;

export { INVALIDATION_CHANNEL };

const KINDS: readonly InvalidationKind[] = [
  "pages",
  "keys",
  "catalogue",
  "content",
  "ordering-menus",
  "ordering-stores",
  "search-synonyms",
];
/** The first wait before listening again, doubled after each failure up to the longest. */
const RECONNECT_FIRST_MS = 200;
const RECONNECT_LONGEST_MS = 5_000;

type Message = { origin: string; event: Invalidation };

export class Invalidations {
  /** This instance: its own notifications come back to it and are skipped. */
  readonly origin = randomUUID();
  readonly #handlers = new Map<InvalidationKind, Set<Handler<InvalidationKind>>>();
  readonly #pool: pg.Pool | null;
  readonly #pglite: Extract<Database, { engine: "pglite" }>["client"] | null;
  #unlisten: (() => Promise<void>) | null = null;
  #started = false;
  readonly #connection: pg.ClientConfig | null;
  readonly #logger: Logger;
  #client: pg.Client | null = null;
  #retry: NodeJS.Timeout | null = null;
  #retryMs = RECONNECT_FIRST_MS;
  #stopped = false;

  constructor(options: { database: Database; logger: Logger }) {
    this.#logger = options.logger;
    this.#pool = options.database.engine === "postgres" ? options.database.client : null;
    this.#pglite = options.database.engine === "pglite" ? options.database.client : null;
    this.#connection = this.#pool ? (this.#pool.options as pg.ClientConfig) : null;
  }

  /** Runs `handler` for each event of this kind, published here or elsewhere. */
  on<K extends InvalidationKind>(kind: K, handler: Handler<K>): () => void {
    let set = this.#handlers.get(kind);
    if (!set) {
      set = new Set();
      this.#handlers.set(kind, set);
    }
    set.add(handler as unknown as Handler<InvalidationKind>);
    return () => set.delete(handler as unknown as Handler<InvalidationKind>);
  }

  /** Drops what `event` names here, now, and on every other instance. */
  publish(event: Invalidation): void {
    this.#apply(event);
    if (this.#pool) void this.#notify(event);
  }

  /**
   * Starts listening for the other instances' events and for those sent at a commit (PGlite:
   * the latter only). Once; later calls do nothing.
   */
  async start(): Promise<void> {
    if (this.#started || this.#stopped) return;
    this.#started = true;
    if (this.#pglite) {
      this.#unlisten = await this.#pglite.listen(INVALIDATION_CHANNEL, (payload) =>
        this.#received(payload),
      );
    }
    if (this.#connection) await this.#listen();
  }

  async stop(): Promise<void> {
    this.#stopped = true;
    await this.#unlisten?.().catch(() => undefined);
    this.#unlisten = null;
    if (this.#retry) clearTimeout(this.#retry);
    const client = this.#client;
    this.#client = null;
    await client?.end().catch(() => undefined);
  }

  #apply(event: Invalidation) {
    for (const handler of this.#handlers.get(event.kind) ?? []) {
      try {
        handler(event);
      } catch (err) {
        this.#logger.error({ err, event }, "cache invalidation failed");
      }
    }
  }

  async #notify(event: Invalidation) {
    const payload = JSON.stringify({ origin: this.origin, event } satisfies Message);
    try {
      await this.#pool?.query("select pg_notify($1, $2)", [INVALIDATION_CHANNEL, payload]);
    } catch (err) {
      this.#logger.error({ err, event }, "could not tell the other instances of a change");
    }
  }

  async #listen() {
    const client = new pg.Client(this.#connection ?? {});
    client.on("notification", (message) => {
      if (message.channel === INVALIDATION_CHANNEL && message.payload) {
        this.#received(message.payload);
      }
    });
    const lost = (err?: Error) => {
      if (this.#client !== client || this.#stopped) return;
      this.#client = null;
      this.#logger.warn({ err }, "lost the invalidation channel: listening again");
      this.#schedule();
    };
    client.on("error", lost);
    client.on("end", () => lost());
    try {
      await client.connect();
      await client.query(`listen ${INVALIDATION_CHANNEL}`);
      if (this.#stopped) {
        await client.end();
        return;
      }
      const reconnected = this.#client === null && this.#retry !== null;
      this.#retry = null;
      this.#retryMs = RECONNECT_FIRST_MS;
      this.#client = client;
      // Events published while nobody listened here are lost: forget everything once.
      if (reconnected) {
        for (const kind of KINDS) if (kind !== "keys") this.#apply({ kind } as Invalidation);
      }
    } catch (err) {
      await client.end().catch(() => undefined);
      this.#logger.warn({ err }, "could not listen for invalidations: trying again");
      this.#schedule();
    }
  }

  /** An event from the channel: applied unless this instance sent it (and applied it then). */
  #received(payload: string) {
    const received = parse(payload);
    if (received && received.origin !== this.origin) this.#apply(received.event);
  }

  #schedule() {
    if (this.#stopped) return;
    this.#retry = setTimeout(() => void this.#listen(), this.#retryMs);
    this.#retry.unref();
    this.#retryMs = Math.min(this.#retryMs * 2, RECONNECT_LONGEST_MS);
  }
}

function parse(payload: string): Message | null {
  try {
    const message = JSON.parse(payload) as Partial<Message>;
    if (typeof message.origin !== "string" || !message.event) return null;
    if (!KINDS.includes(message.event.kind)) return null;
    if (message.event.kind === "keys" && !Array.isArray(message.event.keys)) return null;
    return message as Message;
  } catch {
    return null;
  }
}
