import { sql } from "drizzle-orm";
import type { Logger } from "pino";
import { processGlobal } from "#platform/process-global.ts";
import { searchDocumentChange } from "#platform/search/schema.ts";
import { intArray, rows, type SearchExecutor } from "#platform/search/sql.ts";

/**
 * The product documents of `search_document`, held in memory by each instance (decision 021):
 * the terms of every product as posting lists, and what ranking reads of each product (its
 * title's words and their positions, its popularity). Matching and ranking a word found in a
 * third of a 100 000-product catalogue then costs a few milliseconds, where the database's
 * inverted indexes cost tens and ranking every match a hundred more.
 *
 * The table stays the source of truth: the indexer writes it, and each instance catches up before
 * every search from the change log its triggers keep (`search_document_change`), so a product
 * saved on one instance is found on all of them at their next search.
 */

/** A product as ranking reads it when its title holds a query's word, and as a hit shows it. */
export type MemoryDocument = {
  id: number;
  handle: string;
  title: string;
  /** The title's words in order, as pairs: term id, position. */
  words: number[];
};

/** The posting lists of one kind of field: term id → slots of the documents holding it. */
type Postings = number[][];

/** A `tsvector`'s text (`'chocolat':1A 'noir':2`): each lexeme with its positions and weights. */
export function parseTsvector(text: string): { lexeme: string; positions: [number, string][] }[] {
  const found: { lexeme: string; positions: [number, string][] }[] = [];
  let at = 0;
  while (at < text.length) {
    if (text[at] !== "'") {
      at++;
      continue;
    }
    at++;
    let lexeme = "";
    while (at < text.length) {
      const char = text[at] as string;
      if (char === "'" && text[at + 1] === "'") {
        lexeme += "'";
        at += 2;
      } else if (char === "'") {
        at++;
        break;
      } else if (char === "\\") {
        lexeme += text[at + 1] ?? "";
        at += 2;
      } else {
        lexeme += char;
        at++;
      }
    }
    const positions: [number, string][] = [];
    if (text[at] === ":") {
      const end = text.indexOf(" ", at);
      for (const part of text.slice(at + 1, end === -1 ? undefined : end).split(",")) {
        const weight = /[ABC]$/.test(part) ? part.slice(-1) : "D";
        positions.push([Number.parseInt(part, 10), weight]);
      }
      at = end === -1 ? text.length : end;
    }
    found.push({ lexeme, positions });
  }
  return found;
}

/** What a search asks the index for one word of the query (query.ts). */
export type TermMatch = { text: string; prefix: boolean };

export class ProductIndex {
  /** Slot → document; undefined once changed or deleted (its postings are then stale). */
  readonly documents: (MemoryDocument | undefined)[] = [];
  private readonly slotOf = new Map<number, number>();
  private readonly termIds = new Map<string, number>();
  readonly terms: string[] = [];
  /** Every term, sorted, for prefixes. */
  private readonly sorted: string[] = [];
  /** Title, vendor, tags, categories, description, diets and labels (`search_vector`). */
  readonly text: Postings = [];
  /** The title's words, and its first word's (`title_vector`, weight A). */
  readonly titled: Postings = [];
  readonly headed: Postings = [];
  /** Categories: any of them (`category_vector`), and the product's own (weight A). */
  readonly category: Postings = [];
  readonly ownCategory: Postings = [];
  /** The vendor (weight B of `head_vector`), and tags and categories (weight C). */
  readonly vendor: Postings = [];
  readonly tagged: Postings = [];
  /**
   * What ranking reads of every match, by slot, so that a match whose title holds none of the
   * query's words is ranked without reading its document: 1 while the slot's document is the
   * product's current one; its id; its popularity (`rank_boost`); and 1 / (1 + ln n), n the
   * number of words its title, vendor, tags and categories hold together (`head_vector`), which
   * weighs its fields (ranking.ts, key 6).
   */
  live = new Uint8Array(1024);
  ids = new Int32Array(1024);
  boosts = new Float64Array(1024);
  lengths = new Float64Array(1024);
  private dead = 0;

  get size(): number {
    return this.slotOf.size;
  }

  /** Slots whose document is gone, as a share of all slots: past a half, reload instead. */
  get wasted(): number {
    return this.documents.length === 0 ? 0 : this.dead / this.documents.length;
  }

  /** Adds or replaces a product. */
  put(row: DocumentRow): void {
    this.remove(row.id);
    const slot = this.documents.length;
    const title: [term: number, position: number][] = [];
    const heads = new Set<number>();
    for (const { lexeme, positions } of parseTsvector(row.title_vector)) {
      const term = this.termId(lexeme);
      post(this.titled, term, slot);
      for (const [position, weight] of positions) {
        title.push([term, position]);
        if (weight === "A" && !heads.has(term)) {
          heads.add(term);
          post(this.headed, term, slot);
        }
      }
    }
    let size = 0;
    for (const { lexeme, positions } of parseTsvector(row.head_vector)) {
      size += Math.max(1, positions.length);
      const weights = positions.map(([, weight]) => weight);
      if (weights.includes("A")) continue;
      const term = this.termId(lexeme);
      post(weights.includes("B") ? this.vendor : this.tagged, term, slot);
    }
    for (const { lexeme, positions } of parseTsvector(row.category_vector)) {
      const term = this.termId(lexeme);
      post(this.category, term, slot);
      if (positions.some(([, weight]) => weight === "A")) post(this.ownCategory, term, slot);
    }
    for (const lexeme of row.terms) post(this.text, this.termId(lexeme), slot);
    this.documents.push({
      id: row.id,
      handle: row.handle,
      title: row.title,
      words: title.sort((a, b) => a[1] - b[1]).flat(),
    });
    this.slotOf.set(row.id, slot);
    this.grow(slot + 1);
    this.live[slot] = 1;
    this.ids[slot] = row.id;
    this.boosts[slot] = row.boost;
    this.lengths[slot] = 1 / (1 + Math.log(Math.max(1, size)));
  }

  /** Takes a product out; its slot stays in the posting lists, empty. */
  remove(id: number): void {
    const slot = this.slotOf.get(id);
    if (slot === undefined) return;
    this.documents[slot] = undefined;
    this.live[slot] = 0;
    this.slotOf.delete(id);
    this.dead++;
  }

  private grow(slots: number): void {
    if (slots <= this.live.length) return;
    const length = Math.max(slots, this.live.length * 2);
    const widen = <T extends Uint8Array | Int32Array | Float64Array>(from: T, to: T): T => {
      to.set(from);
      return to;
    };
    this.live = widen(this.live, new Uint8Array(length));
    this.ids = widen(this.ids, new Int32Array(length));
    this.boosts = widen(this.boosts, new Float64Array(length));
    this.lengths = widen(this.lengths, new Float64Array(length));
  }

  /**
   * The ids of the terms a query's word stands for: itself, every term it begins when it is a
   * prefix.
   */
  termsOf(match: TermMatch): number[] {
    if (!match.prefix) {
      const id = this.termIds.get(match.text);
      return id === undefined ? [] : [id];
    }
    const found: number[] = [];
    for (let at = lowerBound(this.sorted, match.text); at < this.sorted.length; at++) {
      const term = this.sorted[at] as string;
      if (!term.startsWith(match.text)) break;
      found.push(this.termIds.get(term) as number);
    }
    return found;
  }

  private termId(text: string): number {
    let id = this.termIds.get(text);
    if (id === undefined) {
      id = this.terms.length;
      this.terms.push(text);
      this.termIds.set(text, id);
      this.sorted.splice(lowerBound(this.sorted, text), 0, text);
    }
    return id;
  }
}

function post(postings: Postings, term: number, slot: number): void {
  const list = postings[term];
  if (list === undefined) postings[term] = [slot];
  else if (list[list.length - 1] !== slot) list.push(slot);
}

/** The first position in `sorted` whose text is not below `text`. */
function lowerBound(sorted: readonly string[], text: string): number {
  let low = 0;
  let high = sorted.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if ((sorted[middle] as string) < text) low = middle + 1;
    else high = middle;
  }
  return low;
}

// ---------------------------------------------------------------------------------------------
// Loading and catching up

type DocumentRow = {
  id: number;
  handle: string;
  title: string;
  boost: number;
  title_vector: string;
  head_vector: string;
  category_vector: string;
  terms: string[];
};

/** Rows per statement of a full load. */
const LOAD_BATCH = 5000;
/** An instance that has not looked at the change log for this long reloads everything. */
const RELOAD_AFTER_MS = 12 * 60 * 60 * 1000;
/** How long the change log keeps a row (`pruneDocumentChanges`). */
const KEEP_CHANGES = "1 day";

const documentRows = (where: ReturnType<typeof sql>) => sql`
  select d.ref_id as id, d.handle, d.title, d.rank_boost as boost,
    d.title_vector::text as title_vector, d.head_vector::text as head_vector,
    d.category_vector::text as category_vector, tsvector_to_array(d.search_vector) as terms
  from search_document d
  where d.kind = 'product' and ${where}
  order by d.ref_id`;

type Kept = {
  index?: ProductIndex;
  /**
   * The snapshot the change log was last read in (`pg_snapshot` as text): a change is new when
   * its transaction was not visible in it.
   */
  snapshot?: string;
  checkedAt: number;
  /** The catch-up running, and one queued behind it that later callers may join. */
  running?: Promise<ProductIndex>;
  waiting?: Promise<ProductIndex>;
};

// One index per database handle, shared by the server's and the storefront bundle's copies of
// this module (platform/process-global.ts).
const kept = () => processGlobal("searchProductIndex", () => new WeakMap<object, Kept>());

/**
 * The product index of `db`, caught up with every change committed before this call: a search
 * right after a write finds what was written, whichever instance wrote it. Concurrent callers
 * share one catch-up when it has not started yet.
 */
export function productIndex(db: SearchExecutor): Promise<ProductIndex> {
  const states = kept();
  let state = states.get(db);
  if (!state) {
    state = { checkedAt: 0 };
    states.set(db, state);
  }
  const mine = state;
  if (mine.waiting) return mine.waiting;
  const previous = mine.running;
  const run = (async () => {
    await previous?.catch(() => undefined);
    // From here on, a later caller needs a later look at the log.
    mine.waiting = undefined;
    return catchUp(db, mine);
  })();
  mine.waiting = run;
  mine.running = run;
  return run;
}

/** Loads the index of `db` in the background; a failure is logged, and the next search retries. */
export function warmProductIndex(db: SearchExecutor, logger: Pick<Logger, "warn">): void {
  productIndex(db).catch((error: unknown) =>
    logger.warn({ err: error }, "search product index not loaded"),
  );
}

async function catchUp(db: SearchExecutor, state: Kept): Promise<ProductIndex> {
  const now = Date.now();
  if (!state.index || state.snapshot === undefined || now - state.checkedAt > RELOAD_AFTER_MS) {
    return loadAll(db, state, now);
  }
  // New: the changes of transactions the last look could not see, committed since. One that
  // commits after a later one is caught too, which a serial "since the last row" would skip.
  const last = sql`${state.snapshot}::pg_snapshot`;
  const [log] = await rows<{ snapshot: string; changed: number[] | string }>(
    db,
    sql`select pg_current_snapshot()::text as snapshot,
      coalesce((select json_agg(distinct c.ref_id) from ${searchDocumentChange} c
        where c.xid >= pg_snapshot_xmin(${last}) and not pg_visible_in_snapshot(c.xid, ${last})),
        '[]'::json) as changed`,
  );
  if (!log) return state.index;
  const changed = (
    typeof log.changed === "string" ? JSON.parse(log.changed) : log.changed
  ) as number[];
  const index = state.index;
  if (changed.length > Math.max(1000, index.size / 5)) return loadAll(db, state, now);
  if (changed.length > 0) {
    const found = await rows<DocumentRow>(
      db,
      documentRows(sql`d.ref_id = any(${intArray(changed)})`),
    );
    for (const id of changed) index.remove(id);
    for (const row of found) index.put(row);
  }
  state.snapshot = log.snapshot;
  state.checkedAt = now;
  if (index.wasted > 0.5) return loadAll(db, state, now);
  return index;
}

/**
 * Reads every product document. The snapshot is taken first: whatever commits while the
 * batches are read was not visible in it, and is read again by the next catch-up.
 */
async function loadAll(db: SearchExecutor, state: Kept, now: number): Promise<ProductIndex> {
  const [first] = await rows<{ snapshot: string }>(
    db,
    sql`select pg_current_snapshot()::text as snapshot`,
  );
  const index = new ProductIndex();
  let after = 0;
  for (;;) {
    const batch = await rows<DocumentRow>(
      db,
      sql`${documentRows(sql`d.ref_id > ${after}`)} limit ${LOAD_BATCH}`,
    );
    for (const row of batch) index.put(row);
    const last = batch[batch.length - 1];
    if (!last || batch.length < LOAD_BATCH) break;
    after = last.id;
  }
  state.index = index;
  state.snapshot = first?.snapshot;
  state.checkedAt = now;
  return index;
}

/** Drops change-log rows older than a day (the popularity refresh calls it every hour). */
export async function pruneDocumentChanges(db: SearchExecutor): Promise<void> {
  await db.execute(
    sql`delete from ${searchDocumentChange} where at < now() - ${KEEP_CHANGES}::interval`,
  );
}
