import { type SQL, sql } from "drizzle-orm";
import { searchTerm, searchTermDeletion } from "#platform/search/schema.ts";
import { rows, type SearchExecutor } from "#platform/search/sql.ts";
import { expandWithSynonyms, synonymRules } from "#platform/search/synonyms.ts";

/**
 * Turns what a shopper typed into text-search queries (storefront.md §5): the term is
 * normalised (accents removed), lower-cased and split into words; each word becomes a clause
 * of the lexemes it may stand for, found in one round trip:
 * - its French stems (`fromages` → `fromag`); stop words are dropped;
 * - while typing, the last word as a prefix, plus the stems of the dictionary words it begins
 *   (`epiceri` → `epicerie` → `epicer`, which the prefix of a stem alone would miss);
 * - for a word the dictionary does not know, the stems of its closest dictionary words:
 *   those one edit away (a letter missing, extra, wrong or swapped: `camenbert`, `fromgae`),
 *   found through their deletions (`search_term_deletion`) and ranked by pg_trgm `similarity`;
 *   for the full search, when there is none, the words pg_trgm's index finds similar.
 */

/** Words kept from one query; the rest are ignored. */
const MAX_WORDS = 8;
/** Dictionary words a prefix may stand for. */
const MAX_COMPLETIONS = 20;
/**
 * Corrections per unknown word, and how far behind the best one they may score, so that one
 * good correction does not bring weak ones along.
 */
const MAX_CORRECTIONS = 3;
const CORRECTION_SPREAD = 0.1;
/** Shorter words are not corrected: too many neighbours, too little to go on. */
const MIN_CORRECTED_LENGTH = 4;

/** The term's words as matching sees them: lower case, no accents, letters and digits only. */
export function normaliseTerm(term: string): string[] {
  return term
    .toLowerCase()
    .replaceAll("œ", "oe")
    .replaceAll("æ", "ae")
    .replaceAll("ß", "ss")
    .normalize("NFD")
    .replace(/\p{M}+/gu, "")
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word !== "");
}

type Lexeme = { text: string; prefix: boolean };

export type QueryPlan = {
  /** The normalised words that count, in order. */
  words: string[];
  /** One clause per word: the lexemes that match it. */
  clauses: Lexeme[][];
  /** The dictionary words the last word may be completing or misspelling, best first. */
  alternatives: string[];
};

export type PlanOptions = {
  /** The shopper is still typing the last word (predictive search). */
  prefixLast: boolean;
  /**
   * Also correct words more than one edit away, with pg_trgm's index: worth its 10–30 ms on
   * PGlite for a full search, not for every keystroke.
   */
  similarWords: boolean;
};

type Found = {
  position: number;
  source: "stem" | "completion" | "correction";
  lexeme: string;
  word: string;
  score: number;
};

/** Resolves the words of a term into clauses. */
export async function planQuery(
  db: SearchExecutor,
  term: string,
  options: PlanOptions,
): Promise<QueryPlan> {
  const typed = [...new Set(normaliseTerm(term))].slice(0, MAX_WORDS);
  // Staff's synonyms (synonyms.ts): a one-way term replaced, an equivalent's words as alternatives.
  const synonyms = expandWithSynonyms(typed.length > 0 ? await synonymRules(db) : [], typed);
  const words = synonyms.words.slice(0, MAX_WORDS);
  // A single letter is not worth completing: it stands for most of the dictionary.
  const isPrefix = (position: number) =>
    options.prefixLast && position === words.length - 1 && (words[position]?.length ?? 0) >= 2;
  const plan: QueryPlan = { words: [], clauses: [], alternatives: [] };
  if (words.length === 0) return plan;
  const branches = words.flatMap((word, position) => [
    ...wordBranches(position, word, isPrefix(position), options.similarWords),
    // An alternative's stems count as the word's own (the first branch is a word's stems).
    ...(synonyms.alternatives[position] ?? []).flatMap((alternative) =>
      wordBranches(position, alternative, false, false).slice(0, 1),
    ),
  ]);
  const found = await rows<Found>(db, sql`${sql.join(branches, sql` union all `)}`);
  words.forEach((word, position) => {
    const mine = found.filter((row) => row.position === position);
    // A word without stems is a stop word (`au`, `des`); it narrows nothing, even half-typed.
    if (!mine.some((row) => row.source === "stem")) return;
    const corrections = mine.filter((row) => row.source === "correction");
    const best = Math.max(0, ...corrections.map((row) => row.score));
    const kept = mine.filter(
      (row) => row.source !== "correction" || row.score >= best - CORRECTION_SPREAD,
    );
    const lexemes = new Map<string, Lexeme>();
    for (const row of kept) lexemes.set(row.lexeme, { text: row.lexeme, prefix: false });
    if (isPrefix(position)) lexemes.set(`${word}:*`, { text: word, prefix: true });
    plan.words.push(word);
    plan.clauses.push([...lexemes.values()]);
    if (position === words.length - 1) {
      plan.alternatives = kept
        .filter((row) => row.source !== "stem" && row.word !== word)
        .map((row) => row.word);
    }
  });
  return plan;
}

function wordBranches(
  position: number,
  word: string,
  prefix: boolean,
  similarWords: boolean,
): SQL[] {
  const text = sql`${word}::text`;
  const branches = [
    sql`(select ${position}::int as position, 'stem' as source, lexeme, ${text} as word,
        1::real as score
      from unnest(tsvector_to_array(to_tsvector('french', search_unaccent(${text})))) as lexeme)`,
  ];
  const pattern = `${word.replace(/[\\%_]/g, "\\$&")}%`;
  if (prefix) {
    branches.push(sql`(select ${position}::int, 'completion', t.stem, t.word, 1::real
      from ${searchTerm} t
      where t.word like ${pattern} and t.stem is not null
      order by t.word limit ${MAX_COMPLETIONS})`);
  }
  if (word.length < MIN_CORRECTED_LENGTH || /^\p{N}/u.test(word)) return branches;
  // Only for a word the dictionary does not know, by its stem (`fromages` is known when any
  // title says `fromage`) or, for a prefix, as the start of a word. Uncorrelated conditions:
  // checked once, before looking for neighbours.
  const unknown = [
    sql`not exists (select 1 from ${searchTerm} k
      where k.stem = any(tsvector_to_array(to_tsvector('french', search_unaccent(${text})))))`,
  ];
  if (prefix) {
    unknown.push(sql`not exists (select 1 from ${searchTerm} k where k.word like ${pattern})`);
  }
  const neighbours = sql`select d.word from ${searchTermDeletion} d
    where d.deletion = any(search_deletions(${text}))`;
  branches.push(sql`(select ${position}::int, 'correction', t.stem, t.word,
      similarity(t.word, ${text}) as score
    from ${searchTerm} t
    where ${sql.join(unknown, sql` and `)} and t.word in (${neighbours}) and t.stem is not null
    order by score desc, t.word
    limit ${MAX_CORRECTIONS})`);
  if (similarWords) {
    branches.push(sql`(select ${position}::int, 'correction', t.stem, t.word,
        similarity(t.word, ${text}) as score
      from ${searchTerm} t
      where ${sql.join(unknown, sql` and `)} and not exists (${neighbours})
        and t.word % ${text} and t.stem is not null
      order by score desc, t.word
      limit ${MAX_CORRECTIONS})`);
  }
  return branches;
}

/**
 * A tsquery literal for the plan: any or all of its clauses. The lexemes come from the
 * database's own parser, but are quoted anyway.
 */
export function tsquery(plan: QueryPlan, join: "any" | "all"): SQL {
  const clauses = plan.clauses.map(
    (clause) =>
      `(${clause
        .map((lexeme) => {
          const quoted = `'${lexeme.text.replaceAll("\\", "\\\\").replaceAll("'", "''")}'`;
          return lexeme.prefix ? `${quoted}:*` : quoted;
        })
        .join(" | ")})`,
  );
  return sql`${clauses.join(join === "any" ? " | " : " & ")}::tsquery`;
}
