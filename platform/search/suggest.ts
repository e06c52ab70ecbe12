import { sql } from "drizzle-orm";
import { intentPositions } from "#platform/search/intents.ts";
import { lexemesOf, normaliseTerm, typedWords } from "#platform/search/query.ts";
import { searchDocument, searchTerm, searchTermDeletion } from "#platform/search/schema.ts";
import { matchingProductIds } from "#platform/search/search.ts";
import { rows, type SearchExecutor, withLocalSetting } from "#platform/search/sql.ts";

/**
 * « Vouliez-vous dire… »: for a term the full search found nothing for, the closest query that
 * does find products. The search itself corrects a word silently only when the correction is
 * safe (one edit away, or similar enough for pg_trgm's index); a suggestion may reach further,
 * because the shopper chooses to follow it: each word the dictionary (`search_term`) does not
 * know is replaced by its closest dictionary words — one edit away through
 * `search_term_deletion`, or similar by trigrams down to `MIN_SIMILARITY` — ranked by edit
 * distance, then similarity. Known words and stop words stay as typed. A suggestion is only
 * made when the module's own search finds products for it.
 */

/** Words looked at, as the search does. */
const MAX_WORDS = 8;
/** Shorter words are kept as typed: too many neighbours, too little to go on. */
const MIN_CORRECTED_LENGTH = 4;
/** Trigram similarity a candidate needs at least (pg_trgm's own default is 0.3). */
const MIN_SIMILARITY = 0.2;
/** Dictionary words read per unknown word, and kept after ranking. */
const CANDIDATES_READ = 30;
const CANDIDATES_KEPT = 3;
/** Suggestions checked against the index before giving up. */
const MAX_TRIES = 4;

/** Edits a correction may be away from the word: one for short words, more for long ones. */
function maxDistance(word: string): number {
  if (word.length <= 4) return 1;
  if (word.length <= 7) return 2;
  return 3;
}

type Analysed = { position: number; stop: boolean; known: boolean };
type Candidate = { word: string; distance: number; score: number };

/** The closest query to `term` that finds products, or undefined when there is none worth it. */
export async function suggestQuery(db: SearchExecutor, term: string): Promise<string | undefined> {
  const words = normaliseTerm(term).slice(0, MAX_WORDS);
  if (words.length === 0) return undefined;
  const typed = asTyped(term, words);
  const analysed = await rows<Analysed>(
    db,
    sql`select w.position::int - 1 as position,
        cardinality(${lexemesOf(sql`w.word`)}) = 0 as stop,
        exists (select 1 from ${searchTerm} k
          where k.word = w.word or k.stem = any(${lexemesOf(sql`w.word`)})) as known
      from jsonb_array_elements_text(${JSON.stringify(words)}::jsonb)
        with ordinality as w(word, position)`,
  );
  const kept = new Set(analysed.filter((row) => row.stop || row.known).map((row) => row.position));
  // A diet or label the term names is a filter, not a misspelt word (« chocolat vegan »).
  for (const position of intentPositions(words)) kept.add(position);
  const options = await Promise.all(
    words.map(async (word, position): Promise<Candidate[] | null> => {
      if (kept.has(position) || /^\p{N}/u.test(word)) return null;
      if (word.length < MIN_CORRECTED_LENGTH) return null;
      return closestWords(db, word);
    }),
  );
  // Only an unknown word is corrected; one with no close word is left out of the suggestion.
  if (!options.some((candidates) => candidates !== null && candidates.length > 0)) {
    return undefined;
  }
  const original = words.join(" ");
  for (const choice of choices(options)) {
    const picks = words.map((word, position) => {
      const candidates = options[position];
      if (candidates === null || candidates === undefined) {
        return { word: typed[position] ?? word, corrected: false };
      }
      const picked = candidates[choice[position] ?? 0];
      return picked ? { word: picked.word, corrected: true } : null;
    });
    const kept = picks.filter((pick) => pick !== null);
    const suggestion = kept.map((pick) => pick.word).join(" ");
    if (suggestion === original || normaliseTerm(suggestion).join(" ") === original) continue;
    if ((await matchingProductIds(db, suggestion, { limit: 1 })).length === 0) continue;
    const shown = await Promise.all(
      kept.map((pick) => (pick.corrected ? accented(db, pick.word) : pick.word)),
    );
    return shown.join(" ");
  }
  return undefined;
}

/** Product titles read to find a corrected word's accents. */
const ACCENT_TITLES = 50;

/**
 * A dictionary word (unaccented) as product titles spell it, accents included (`cafe` → `café`):
 * its most frequent spelling among titles that hold it, or the word itself. The trigram index of
 * `title_norm` finds the titles.
 */
async function accented(db: SearchExecutor, word: string): Promise<string> {
  const pattern = `%${word.replace(/[\\%_]/g, "\\$&")}%`;
  const titles = await rows<{ title: string }>(
    db,
    sql`select title from ${searchDocument}
      where kind = 'product' and title_norm like ${pattern}
      limit ${ACCENT_TITLES}`,
  );
  const spellings = new Map<string, number>();
  for (const { title } of titles) {
    for (const [token] of title
      .normalize("NFC")
      .toLowerCase()
      .matchAll(/[\p{L}\p{M}]+/gu)) {
      const normalised = normaliseTerm(token);
      if (normalised.length === 1 && normalised[0] === word) {
        spellings.set(token, (spellings.get(token) ?? 0) + 1);
      }
    }
  }
  const [best] = [...spellings].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
  return best?.[0] ?? word;
}

/**
 * The words as typed (lower case, accents kept), when they line up one for one with the
 * normalised ones; otherwise the normalised words.
 */
function asTyped(term: string, words: string[]): string[] {
  const tokens = typedWords(term);
  const lined =
    tokens.length >= words.length &&
    tokens.slice(0, words.length).every((token, index) => {
      const normalised = normaliseTerm(token);
      return normalised.length === 1 && normalised[0] === words[index];
    });
  return lined ? tokens.slice(0, words.length) : words;
}

/**
 * The dictionary words closest to an unknown `word`: one edit away (a shared deletion), or
 * similar by trigrams, within `maxDistance` edits, the fewest edits first.
 */
async function closestWords(db: SearchExecutor, word: string): Promise<Candidate[]> {
  const text = sql`${word}::text`;
  // `%` uses the trigram index with the threshold of the transaction: lowered for this
  // statement, and put back as it was, so that a caller's transaction is left as found.
  // `%` uses the trigram index with the transaction's threshold: lowered for this statement.
  const found = await withLocalSetting(
    db,
    "pg_trgm.similarity_threshold",
    String(MIN_SIMILARITY),
    (tx) =>
      rows<{ word: string; score: number }>(
        tx,
        sql`select word, score from (
            select t.word, similarity(t.word, ${text}) as score
            from ${searchTerm} t
            where t.stem is not null and t.word in (
              select d.word from ${searchTermDeletion} d
              where d.deletion = any(search_deletions(${text})))
            union
            select t.word, similarity(t.word, ${text}) as score
            from ${searchTerm} t
            where t.stem is not null and t.word % ${text}
          ) as candidate
          order by score desc, word
          limit ${CANDIDATES_READ}`,
      ),
  );
  const limit = maxDistance(word);
  return found
    .map((row) => ({ word: row.word, score: row.score, distance: editDistance(word, row.word) }))
    .filter((candidate) => candidate.distance <= limit)
    .sort((a, b) => a.distance - b.distance || b.score - a.score || a.word.localeCompare(b.word))
    .slice(0, CANDIDATES_KEPT);
}

/**
 * The picks to try, one index per word: the best of each word first, then each word's next
 * candidates in turn, `MAX_TRIES` in all.
 */
function choices(options: (Candidate[] | null)[]): number[][] {
  const best = options.map(() => 0);
  const tried = [best];
  for (let rank = 1; rank < CANDIDATES_KEPT && tried.length < MAX_TRIES; rank++) {
    options.forEach((candidates, position) => {
      if (tried.length >= MAX_TRIES || !candidates || candidates.length <= rank) return;
      tried.push(best.map((pick, index) => (index === position ? rank : pick)));
    });
  }
  return tried;
}

/**
 * Edits from `a` to `b`: letters inserted, deleted, replaced, or two neighbours swapped
 * (optimal string alignment distance).
 */
export function editDistance(a: string, b: string): number {
  const x = [...a];
  const y = [...b];
  const rows: number[][] = Array.from({ length: x.length + 1 }, (_, i) =>
    Array.from({ length: y.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)),
  );
  for (let i = 1; i <= x.length; i++) {
    for (let j = 1; j <= y.length; j++) {
      const row = rows[i] as number[];
      const above = rows[i - 1] as number[];
      const cost = x[i - 1] === y[j - 1] ? 0 : 1;
      let best = Math.min(
        (above[j] as number) + 1,
        (row[j - 1] as number) + 1,
        (above[j - 1] as number) + cost,
      );
      if (i > 1 && j > 1 && x[i - 1] === y[j - 2] && x[i - 2] === y[j - 1]) {
        best = Math.min(best, ((rows[i - 2] as number[])[j - 2] as number) + 1);
      }
      row[j] = best;
    }
  }
  return (rows[x.length] as number[])[y.length] as number;
}
