import { processGlobal } from "#platform/process-global.ts";
import type { MemoryDocument, ProductIndex } from "#platform/search/memory-index.ts";
import { CATEGORY_PREFIX_LENGTH, hasInexact, type QueryPlan } from "#platform/search/query.ts";

/**
 * The one scoring function of product search (issue 22; docs/search.md, "Ranking"), shared by
 * the full search and the type-ahead, run on the instance's in-memory index (memory-index.ts).
 *
 * A product matches when every word of the term matches, in any field or, for a category, by its
 * start ("fromag" names the Fromagerie), and when it carries the diets and labels the term names
 * and none of the allergens it excludes. Matches are ordered by these keys, each one deciding
 * only between products the keys before it could not tell apart:
 *
 * 1. category: the term names the product's own category (2: "vins rouges" → Vins rouges) or a
 *    collection above it (1: "fromages" → Fromagerie), so that a category's products come
 *    before those that only mention the word ("Fromage de tête", a charcuterie);
 * 2. title: every word is in the title;
 * 3. head: the title starts with the term's first word, the head noun of a French product name
 *    ("Miel de châtaignier" before "Nougat au miel");
 * 4. exactness: every word matches as typed, not only through a completion or a correction, so
 *    that typo tolerance never outranks an exact match;
 * 5. proximity: how many of the words the title holds, then how close together: the number of
 *    words plus one over the width of the shortest run of the title holding them all
 *    ("chocolat noir": 2 + 1/2, before "chocolat au lait et noir": 2 + 1/5);
 * 6. field weights: each word counts 1 in the title, 0.4 in the vendor, 0.2 in tags or
 *    categories, 0 in the description alone, and the sum is divided by 1 + ln of the number of
 *    words in those fields, so that a short, focused product comes first;
 * 7. popularity: `rank_boost` (popularity.ts: available for sale, and sales of the last 30 days);
 * 8. the lowest id.
 */

/** Field weights of key 6. */
const WEIGHTS = { title: 1, vendor: 0.4, tagged: 0.2 };

type RankWindow = {
  /** Only the first this many of the order (all by default). */
  limit?: number;
  /** Worst first: the whole order turned around. */
  reverse?: boolean;
};

/**
 * The products matching `plan` in rank order (only the first `limit`), and how many match. Keys
 * 1 to 4 make one small integer, the tier; keys 5 to 8 are only compared within a tier. The first
 * `limit` are picked with a heap, so a word found in 30 000 products costs no full sort.
 */
export function rankProducts(
  index: ProductIndex,
  plan: QueryPlan,
  { limit = Number.POSITIVE_INFINITY, reverse = false }: RankWindow = {},
): { documents: MemoryDocument[]; total: number } {
  const matched = matchProducts(index, plan);
  const { slots, all, termClauses } = matched;
  const count = slots.length;
  const inexact = hasInexact(plan);
  const tier = new Uint8Array(count);
  const closeness = new Float64Array(count);
  const weight = new Float64Array(count);
  const { boosts, ids, lengths } = index;
  const occurrences: number[] = [];
  for (let at = 0; at < count; at++) {
    const slot = slots[at] as number;
    const inTitle = matched.title[slot] as number;
    let fields = 0;
    for (let bit = 1; bit <= all; bit <<= 1) {
      if (inTitle & bit) fields += WEIGHTS.title;
      else if ((matched.vendor[slot] as number) & bit) fields += WEIGHTS.vendor;
      else if ((matched.tagged[slot] as number) & bit) fields += WEIGHTS.tagged;
    }
    const category =
      all === 0
        ? 0
        : matched.ownCategory[slot] === all
          ? 2
          : matched.category[slot] === all
            ? 1
            : 0;
    tier[at] =
      category * 8 +
      (all !== 0 && inTitle === all ? 4 : 0) +
      (matched.head[slot] === 1 ? 2 : 0) +
      (inexact && matched.exact[slot] === all ? 1 : 0);
    if (inTitle !== 0) {
      // The title's words that stand for the query's, as pairs: position, clauses matched.
      const words = (index.documents[slot] as MemoryDocument).words;
      occurrences.length = 0;
      for (let word = 0; word < words.length; word += 2) {
        const mask = termClauses[words[word] as number] as number;
        if (mask !== 0) occurrences.push(words[word + 1] as number, mask);
      }
      closeness[at] = proximity(occurrences, inTitle);
    }
    weight[at] = fields * (lengths[slot] as number);
  }
  /** Negative when `a` ranks before `b`. */
  const compare = (a: number, b: number) =>
    (tier[b] as number) - (tier[a] as number) ||
    (closeness[b] as number) - (closeness[a] as number) ||
    (weight[b] as number) - (weight[a] as number) ||
    (boosts[slots[b] as number] as number) - (boosts[slots[a] as number] as number) ||
    (ids[slots[a] as number] as number) - (ids[slots[b] as number] as number);
  const order = reverse ? (a: number, b: number) => compare(b, a) : compare;
  const picked = firstOf(count, Math.min(limit, count), order);
  return {
    documents: picked.map((at) => index.documents[slots[at] as number] as MemoryDocument),
    total: count,
  };
}

/** The first `limit` of `0 … count - 1` in `order`, sorted: a heap holding the best so far. */
function firstOf(count: number, limit: number, order: (a: number, b: number) => number): number[] {
  if (limit >= count) return Array.from({ length: count }, (_, at) => at).sort(order);
  // A max-heap by `order`: its root is the worst of the best `limit`.
  const heap: number[] = [];
  const worse = (a: number, b: number) => order(a, b) > 0;
  const down = (from: number) => {
    let at = from;
    for (;;) {
      const left = at * 2 + 1;
      const right = left + 1;
      let top = at;
      if (left < heap.length && worse(heap[left] as number, heap[top] as number)) top = left;
      if (right < heap.length && worse(heap[right] as number, heap[top] as number)) top = right;
      if (top === at) return;
      [heap[at], heap[top]] = [heap[top] as number, heap[at] as number];
      at = top;
    }
  };
  for (let candidate = 0; candidate < count; candidate++) {
    if (heap.length < limit) {
      heap.push(candidate);
      let at = heap.length - 1;
      while (at > 0) {
        const parent = (at - 1) >> 1;
        if (!worse(heap[at] as number, heap[parent] as number)) break;
        [heap[at], heap[parent]] = [heap[parent] as number, heap[at] as number];
        at = parent;
      }
    } else if (limit > 0 && order(candidate, heap[0] as number) < 0) {
      heap[0] = candidate;
      down(0);
    }
  }
  return heap.sort(order);
}

/**
 * Key 5: the number of the query's words in the title plus one over the width of the shortest
 * run of title positions holding them all; 0 when the title holds none. `occurrences` holds
 * pairs: position, clauses matched there.
 */
function proximity(occurrences: readonly number[], inTitle: number): number {
  if (inTitle === 0) return 0;
  let words = 0;
  for (let mask = inTitle; mask !== 0; mask &= mask - 1) words++;
  let width = Number.POSITIVE_INFINITY;
  for (let start = 0; start < occurrences.length; start += 2) {
    let covered = 0;
    for (let end = start; end < occurrences.length; end += 2) {
      covered |= occurrences[end + 1] as number;
      if (covered === inTitle) {
        width = Math.min(width, (occurrences[end] as number) - (occurrences[start] as number) + 1);
        break;
      }
    }
  }
  return words + 1 / width;
}

/**
 * The slots of the products matching `plan`, and per slot one bit per word of the plan for each
 * field the word was found in.
 */
function matchProducts(index: ProductIndex, plan: QueryPlan) {
  const slots = index.documents.length;
  const all = (1 << plan.clauses.length) - 1;
  const fields = scratch(slots);
  // Per term id, one bit per clause the term stands for.
  const termClauses = new Uint8Array(index.terms.length);
  plan.clauses.forEach((clause, position) => {
    const bit = 1 << position;
    const own = new Set(clause.flatMap((lexeme) => index.termsOf(lexeme)));
    for (const term of own) termClauses[term] = (termClauses[term] as number) | bit;
    const exact = clause.filter((lexeme) => lexeme.exact).flatMap((l) => index.termsOf(l));
    // A long word names a category by its start too: "fromage" the Fromagerie.
    const widened = new Set(
      clause.flatMap((lexeme) =>
        index.termsOf({
          text: lexeme.text,
          prefix: lexeme.prefix || lexeme.text.length >= CATEGORY_PREFIX_LENGTH,
        }),
      ),
    );
    mark(index.text, own, fields.text, bit);
    mark(index.text, exact, fields.exact, bit);
    mark(index.titled, own, fields.title, bit);
    if (position === 0) mark(index.headed, own, fields.head, 1);
    mark(index.category, widened, fields.category, bit);
    mark(index.ownCategory, widened, fields.ownCategory, bit);
    mark(index.vendor, own, fields.vendor, bit);
    mark(index.tagged, own, fields.tagged, bit);
  });
  const intents = plan.intents.map((intent) => {
    const carried = new Uint8Array(slots);
    const tokens = intent.tokens.flatMap((token) => index.termsOf({ text: token, prefix: false }));
    mark(index.text, tokens, carried, 1);
    return { carried, exclude: intent.exclude };
  });
  // Nothing but a filter ("vegan"): every product that carries it matches.
  const any = plan.clauses.length === 0;
  const candidates = held().candidates(slots);
  let found = 0;
  const { live } = index;
  const { text, category } = fields;
  for (let slot = 0; slot < slots; slot++) {
    if (live[slot] !== 1) continue;
    if (!any && text[slot] !== all && category[slot] !== all) continue;
    if (intents.length > 0 && !intents.every((i) => (i.carried[slot] === 1) !== i.exclude))
      continue;
    candidates[found++] = slot;
  }
  return { ...fields, all, termClauses, slots: candidates.subarray(0, found) };
}

/**
 * Eight zeroed masks of `slots` bytes, one per kind of field. Ranking is synchronous, so one
 * buffer serves every search of the process rather than 800 kB of garbage per search.
 */
function scratch(slots: number) {
  const buffer = held().masks(slots);
  buffer.fill(0, 0, slots * 8);
  const mask = (at: number) => buffer.subarray(at * slots, (at + 1) * slots);
  return {
    text: mask(0),
    exact: mask(1),
    title: mask(2),
    head: mask(3),
    category: mask(4),
    ownCategory: mask(5),
    vendor: mask(6),
    tagged: mask(7),
  };
}

/** Buffers that grow with the catalogue and serve every search of the process. */
const held = () =>
  processGlobal("searchRankingBuffers", () => {
    let masks = new Uint8Array(0);
    let candidates = new Int32Array(0);
    return {
      masks(slots: number) {
        if (masks.length < slots * 8) masks = new Uint8Array(slots * 16);
        return masks;
      },
      candidates(slots: number) {
        if (candidates.length < slots) candidates = new Int32Array(slots * 2);
        return candidates;
      },
    };
  });

/** Sets `bit` for every slot of these terms' posting lists. */
function mark(
  postings: readonly (readonly number[] | undefined)[],
  terms: Iterable<number>,
  masks: Uint8Array,
  bit: number,
): void {
  for (const term of terms) {
    const list = postings[term];
    if (!list) continue;
    for (const slot of list) {
      masks[slot] = (masks[slot] as number) | bit;
    }
  }
}
