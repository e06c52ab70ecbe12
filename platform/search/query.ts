import { type SQL, sql } from "drizzle-orm";
import { findIntents, type SearchIntent } from "#platform/search/intents.ts";
import { searchTerm, searchTermDeletion } from "#platform/search/schema.ts";
import { rows, type SearchExecutor } from "#platform/search/sql.ts";
import { expandWithSynonyms, synonymRules } from "#platform/search/synonyms.ts";

/**
 * Turns what a shopper typed into text-search queries (storefront.md §5, issue 22): the term is
 * lower-cased and split into words; diets, labels and allergens it names become filters
 * (intents.ts); the staff's synonyms apply (synonyms.ts); each remaining word becomes a clause of
 * the lexemes it may stand for, found in one round trip:
 * - its own forms, folded by `search_fold` as the index folds text (plurals, feminine endings,
 *   accents; `fromages` → `fromag`, `pâté` → `pate` but `pâte` → `pat`): the exact lexemes; a
 *   word typed without accents also stands for its form ending in é (`cafe` → café); stop words
 *   are dropped;
 * - while typing, and in a full search for a last word the dictionary does not know (`champi`),
 *   the last word as a prefix, plus the lexemes of the dictionary words it begins;
 * - for a word the dictionary does not know, the lexemes of its closest dictionary words:
 *   those one edit away (a letter missing, extra, wrong or swapped: `camenbert`, `fromgae`),
 *   found through their deletions (`search_term_deletion`) and ranked by pg_trgm `similarity`;
 *   for the full search, when there is none, the words pg_trgm's index finds similar.
 * Completions and corrections are never exact: ranking puts exact matches first.
 */

/** Words kept from one query; the rest are ignored. */
export const MAX_WORDS = 8;
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
  return typedWords(term).map(unaccent);
}

/** The term's words as typed: lower case, accents kept (they tell `pâté` from `pâte`). */
export function typedWords(term: string): string[] {
  return term
    .normalize("NFC")
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word !== "");
}

function unaccent(word: string): string {
  return word
    .replaceAll("œ", "oe")
    .replaceAll("æ", "ae")
    .replaceAll("ß", "ss")
    .normalize("NFD")
    .replace(/\p{M}+/gu, "");
}

type Lexeme = {
  text: string;
  prefix: boolean;
  /** One of the typed word's own forms, not a completion or a correction. */
  exact: boolean;
};

export type QueryPlan = {
  /** The normalised words that count, in order. */
  words: string[];
  /** One clause per word: the lexemes that match it. */
  clauses: Lexeme[][];
  /** The dictionary words the last word may be completing or misspelling, best first. */
  alternatives: string[];
  /** Diets, labels and allergens the term named: filters, not words. */
  intents: SearchIntent[];
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
  source: "stem" | "prefix" | "completion" | "correction";
  lexeme: string;
  word: string;
  score: number;
};

/** The lexemes of a text as the index sees it (schema.ts): folded, stop words dropped. */
export const lexemesOf = (text: SQL) =>
  sql`tsvector_to_array(to_tsvector('comptoir', search_fold(${text})))`;

/** Resolves the words of a term into clauses. */
export async function planQuery(
  db: SearchExecutor,
  term: string,
  options: PlanOptions,
): Promise<QueryPlan> {
  const { words: typed, intents } = findIntents(
    [...new Set(typedWords(term))].slice(0, MAX_WORDS),
    unaccent,
  );
  // Staff's synonyms (synonyms.ts): a one-way term replaced, an equivalent's words as alternatives.
  const synonyms = expandWithSynonyms(typed.length > 0 ? await synonymRules(db) : [], typed);
  const words = synonyms.words.slice(0, MAX_WORDS);
  const last = words.length - 1;
  // While typing, the last word is a prefix; a single letter only after other words
  // ("chocolat n"), since alone it stands for most of the dictionary.
  const isPrefix = (position: number) =>
    options.prefixLast &&
    position === last &&
    (words[position]?.length ?? 0) >= (position === 0 ? 2 : 1);
  const plan: QueryPlan = { words: [], clauses: [], alternatives: [], intents };
  if (words.length === 0) return plan;
  const branches = words.flatMap((word, position) => [
    ...wordBranches(position, word, {
      prefix: isPrefix(position),
      // A full search completes a last word the dictionary does not know ("champi").
      prefixIfUnknown: !options.prefixLast && position === last,
      similarWords: options.similarWords,
    }),
    // An alternative's forms count as the word's own (the first branch is a word's forms).
    ...(synonyms.alternatives[position] ?? []).flatMap((alternative) =>
      wordBranches(position, alternative, {
        prefix: false,
        prefixIfUnknown: false,
        similarWords: false,
      }).slice(0, 1),
    ),
  ]);
  const found = await rows<Found>(db, sql`${sql.join(branches, sql` union all `)}`);
  words.forEach((word, position) => {
    const mine = found.filter((row) => row.position === position);
    // A word without forms is a stop word (`au`, `des`); it narrows nothing, even half-typed,
    // unless it is the start of a word still being typed ("chocolat n").
    const typing = isPrefix(position) || mine.some((row) => row.source === "prefix");
    if (!mine.some((row) => row.source === "stem") && !(typing && position > 0)) return;
    const corrections = mine.filter((row) => row.source === "correction");
    const best = Math.max(0, ...corrections.map((row) => row.score));
    const kept = mine.filter(
      (row) => row.source !== "correction" || row.score >= best - CORRECTION_SPREAD,
    );
    const lexemes = new Map<string, Lexeme>();
    for (const row of kept) {
      if (row.source === "prefix") continue;
      const known = lexemes.get(row.lexeme);
      lexemes.set(row.lexeme, {
        text: row.lexeme,
        prefix: false,
        exact: (known?.exact ?? false) || row.source === "stem",
      });
    }
    if (typing) {
      const start = unaccent(word);
      lexemes.set(`${start}:*`, { text: start, prefix: true, exact: false });
    }
    if (lexemes.size === 0) return;
    plan.words.push(unaccent(word));
    plan.clauses.push([...lexemes.values()]);
    if (position === last) {
      plan.alternatives = kept
        .filter((row) => row.source !== "stem" && row.source !== "prefix")
        .map((row) => row.word)
        .filter((alternative) => alternative !== unaccent(word));
    }
  });
  return plan;
}

function wordBranches(
  position: number,
  word: string,
  options: { prefix: boolean; prefixIfUnknown: boolean; similarWords: boolean },
): SQL[] {
  const text = sql`${word}::text`;
  const plain = unaccent(word);
  const plainText = sql`${plain}::text`;
  // Typed without accents, a word ending in e may stand for one ending in é: `cafe`, `pate`.
  const forms =
    plain === word && /[a-z]{2}e$/.test(word)
      ? sql`${lexemesOf(text)} || ${lexemesOf(sql`${`${word.slice(0, -1)}é`}::text`)}`
      : lexemesOf(text);
  const branches = [
    sql`(select ${position}::int as position, 'stem' as source, lexeme, ${plainText} as word,
        1::real as score
      from unnest(${forms}) as lexeme)`,
  ];
  const pattern = `${plain.replace(/[\\%_]/g, "\\$&")}%`;
  // Known by the dictionary: as a word (`pate` stands for pâte and pâté) or by its forms
  // (`fromages` is known when any title says `fromage`). Uncorrelated: checked once.
  const known = sql`exists (select 1 from ${searchTerm} k
    where k.word = ${plainText} or k.stem = any(${lexemesOf(text)}))`;
  const prefix = options.prefix || options.prefixIfUnknown;
  if (options.prefixIfUnknown) {
    branches.push(sql`(select ${position}::int, 'prefix', ${plainText}, ${plainText}, 1::real
      where not ${known})`);
  }
  if (prefix && plain.length >= 2) {
    branches.push(sql`(select ${position}::int, 'completion', t.stem, t.word, 1::real
      from ${searchTerm} t
      where t.word like ${pattern} and t.stem is not null
        ${options.prefix ? sql`` : sql`and not ${known}`}
      order by t.word limit ${MAX_COMPLETIONS})`);
  }
  if (plain.length < MIN_CORRECTED_LENGTH || /^\p{N}/u.test(plain)) return branches;
  // Only for a word the dictionary does not know or, for a prefix, that begins no word.
  const unknown = [sql`not ${known}`];
  if (prefix) {
    unknown.push(sql`not exists (select 1 from ${searchTerm} k where k.word like ${pattern})`);
  }
  const neighbours = sql`select d.word from ${searchTermDeletion} d
    where d.deletion = any(search_deletions(${plainText}))`;
  branches.push(sql`(select ${position}::int, 'correction', t.stem, t.word,
      similarity(t.word, ${plainText}) as score
    from ${searchTerm} t
    where ${sql.join(unknown, sql` and `)} and t.word in (${neighbours}) and t.stem is not null
    order by score desc, t.word
    limit ${MAX_CORRECTIONS})`);
  if (options.similarWords) {
    branches.push(sql`(select ${position}::int, 'correction', t.stem, t.word,
        similarity(t.word, ${plainText}) as score
      from ${searchTerm} t
      where ${sql.join(unknown, sql` and `)} and not exists (${neighbours})
        and t.word % ${plainText} and t.stem is not null
      order by score desc, t.word
      limit ${MAX_CORRECTIONS})`);
  }
  return branches;
}

/** A lexeme this long names a category by its start: `fromag` → Fromagerie (`fromageri`). */
export const CATEGORY_PREFIX_LENGTH = 5;

export type TsqueryOptions = {
  /** Only the typed words' own forms, no completion or correction. */
  exactOnly?: boolean;
  /** Long lexemes also match as prefixes, as category names are matched. */
  widen?: boolean;
};

/**
 * A tsquery literal for the plan: any or all of its clauses. The lexemes come from the
 * database's own parser, but are quoted anyway. A clause left empty by `exactOnly` matches
 * nothing: the query then finds nothing, as it should.
 */
export function tsquery(plan: QueryPlan, join: "any" | "all", options: TsqueryOptions = {}): SQL {
  const clauses = plan.clauses.map((clause) => {
    const lexemes = clause.filter((lexeme) => !options.exactOnly || lexeme.exact);
    if (lexemes.length === 0) return "'0'";
    return `(${lexemes
      .map((lexeme) => {
        const quoted = `'${lexeme.text.replaceAll("\\", "\\\\").replaceAll("'", "''")}'`;
        const prefix =
          lexeme.prefix || (options.widen && lexeme.text.length >= CATEGORY_PREFIX_LENGTH);
        return prefix ? `${quoted}:*` : quoted;
      })
      .join(" | ")})`;
  });
  return sql`${clauses.join(join === "any" ? " | " : " & ")}::tsquery`;
}

/** Whether the plan has lexemes that are not the typed words' own forms. */
export const hasInexact = (plan: QueryPlan) =>
  plan.clauses.some((clause) => clause.some((lexeme) => !lexeme.exact));
