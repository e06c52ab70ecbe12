import { and, asc, eq, ne, sql } from "drizzle-orm";
import type { Tx } from "#db/client.ts";
import { processGlobal } from "#platform/process-global.ts";
import { normaliseTerm, typedWords } from "#platform/search/query.ts";
import type { SearchExecutor } from "#platform/search/sql.ts";
import { SYNONYM_KINDS, type SynonymKind, searchSynonym } from "#platform/search/synonym-schema.ts";

/**
 * Search synonyms (issue 22): staff say in the office what a shopper's word stands for, and
 * `planQuery` expands the shopper's words with them at query time, so an edit counts at the next
 * search, with no index rebuild. Two kinds:
 * - `one-way`: the term is replaced by its first replacement (`pq` → `papier toilette`); further
 *   replacements, of as many words as the first, are alternatives word by word
 *   (`bulles` → `champagne`, `crémant`: champagne or crémant);
 * - `equivalent`: the term and its replacements, all of as many words, stand for one another
 *   (`gazeuse` ⇄ `pétillante`: either finds both).
 * Matching is on normalised words (`normaliseTerm`): case and accents do not count. The words a
 * rule brings keep their accents (lower-cased), as the search folds them itself (`pâte` is not
 * `pâté`). A replacement is not expanded again.
 *
 * The rules are kept in memory (`synonymRules`) and dropped after each edit through the shop's
 * invalidation bus (server/invalidation-caches.ts), on every instance; a minute bounds how long a
 * change made elsewhere (SQL by hand, `npm run seed` beside a running shop) goes unseen.
 */

export type SearchSynonym = typeof searchSynonym.$inferSelect;
export { SYNONYM_KINDS, type SynonymKind };

/**
 * What staff type: the term, its replacements (a list, or one text with commas or new lines
 * between them) and the kind.
 */
export type SynonymInput = {
  term: string;
  replacements: string | readonly string[];
  kind: string;
};

export type SynonymField = "term" | "replacements" | "kind";
export type SynonymErrors = Partial<Record<SynonymField, string>>;

export const MAX_SYNONYM_LENGTH = 60;
export const MAX_REPLACEMENTS = 10;
/** How long kept rules may miss a change no event told (made by another process, by hand). */
const RULES_TTL_MS = 60_000;
/** Any fixed key: synonym writes queue, so that two checks of one term never race. */
const WRITE_LOCK = 7_242_022;

export const SYNONYM_MESSAGES = {
  termMissing: "Saisissez le terme recherché, par exemple « pq ».",
  termLength: `Le terme recherché compte ${MAX_SYNONYM_LENGTH} caractères au plus.`,
  termTaken: (term: string) => `Un synonyme existe déjà pour « ${term} » : modifiez-le plutôt.`,
  replacementsMissing: "Saisissez au moins un remplacement, par exemple « papier toilette ».",
  replacementsTooMany: `${MAX_REPLACEMENTS} remplacements au plus, séparés par des virgules.`,
  replacementLength: (text: string) =>
    `« ${text} » dépasse ${MAX_SYNONYM_LENGTH} caractères : un remplacement en compte ${MAX_SYNONYM_LENGTH} au plus.`,
  replacementEmpty: (text: string) => `« ${text} » ne contient aucun mot.`,
  replacementIsTerm: "Un remplacement ne peut pas être le terme recherché lui-même.",
  equivalentWords:
    "Des équivalents comptent autant de mots chacun (« jambon cru » ⇄ « jambon sec ») : pour « pq » → « papier toilette », choisissez « Sens unique ».",
  oneWayWords:
    "Les remplacements comptent autant de mots chacun : le premier remplace le terme, les suivants s'y ajoutent mot à mot.",
  kindMissing: "Choisissez le type : « Sens unique » ou « Équivalents ».",
  notFound: "Ce synonyme n'existe plus.",
} as const;

// ---------------------------------------------------------------------------------------------
// Input

/** The replacements as typed: one per comma or line, trimmed, empty ones dropped. */
export function splitReplacements(text: string | readonly string[]): string[] {
  const parts = typeof text === "string" ? text.split(/[,\n;]/) : text;
  return parts.map((part) => part.trim().normalize("NFC")).filter((part) => part !== "");
}

/**
 * Every field checked at once, each problem on its field: the term normalised, the replacements
 * as typed (trimmed, NFC), those that say the same as an earlier one dropped.
 */
export function readSynonymInput(
  input: SynonymInput,
):
  | { ok: true; term: string; replacements: string[]; kind: SynonymKind }
  | { ok: false; errors: SynonymErrors } {
  const errors: SynonymErrors = {};
  const term = normaliseTerm(input.term).join(" ");
  if (term === "") errors.term = SYNONYM_MESSAGES.termMissing;
  else if (term.length > MAX_SYNONYM_LENGTH) errors.term = SYNONYM_MESSAGES.termLength;

  const kind = SYNONYM_KINDS.find((known) => known === input.kind);
  if (!kind) errors.kind = SYNONYM_MESSAGES.kindMissing;

  const replacements: string[] = [];
  const seen = new Set<string>();
  for (const text of splitReplacements(input.replacements)) {
    const key = normaliseTerm(text).join(" ");
    if (text.length > MAX_SYNONYM_LENGTH) {
      errors.replacements ??= SYNONYM_MESSAGES.replacementLength(text);
    } else if (key === "") {
      errors.replacements ??= SYNONYM_MESSAGES.replacementEmpty(text);
    } else if (key === term) {
      errors.replacements ??= SYNONYM_MESSAGES.replacementIsTerm;
    } else if (!seen.has(key)) {
      seen.add(key);
      replacements.push(text);
    }
  }
  if (!errors.replacements) {
    if (replacements.length === 0) errors.replacements = SYNONYM_MESSAGES.replacementsMissing;
    else if (replacements.length > MAX_REPLACEMENTS) {
      errors.replacements = SYNONYM_MESSAGES.replacementsTooMany;
    }
  }
  if (!errors.replacements && !errors.term && kind) {
    const counts = replacements.map((text) => normaliseTerm(text).length);
    const first = counts[0] ?? 0;
    if (kind === "equivalent" && counts.some((count) => count !== term.split(" ").length)) {
      errors.replacements = SYNONYM_MESSAGES.equivalentWords;
    } else if (kind === "one-way" && counts.some((count) => count !== first)) {
      errors.replacements = SYNONYM_MESSAGES.oneWayWords;
    }
  }
  if (!kind || errors.term || errors.replacements || errors.kind) return { ok: false, errors };
  return { ok: true, term, replacements, kind };
}

// ---------------------------------------------------------------------------------------------
// Reads

/** Every synonym by term, for the office. */
export async function listSearchSynonyms(db: SearchExecutor): Promise<SearchSynonym[]> {
  return db.select().from(searchSynonym).orderBy(asc(searchSynonym.term), asc(searchSynonym.id));
}

export async function findSearchSynonym(
  db: SearchExecutor,
  id: number,
): Promise<SearchSynonym | undefined> {
  const [row] = await db.select().from(searchSynonym).where(eq(searchSynonym.id, id));
  return row;
}

// ---------------------------------------------------------------------------------------------
// Writes

export type SynonymSave =
  | { ok: true; synonym: SearchSynonym; before: SearchSynonym | undefined }
  | { ok: false; errors: SynonymErrors; message?: string };

/**
 * Creates a synonym (`id` undefined) or changes one, in the caller's transaction, so that it
 * commits with its change-log line; refused with French messages on their fields otherwise, and
 * nothing written. `by` is who writes it (a staff email). The caller drops the kept rules once the
 * transaction has committed (the office publishes `search-synonyms`).
 */
export async function saveSearchSynonym(
  tx: Tx,
  input: SynonymInput,
  options: { id?: number; by: string; now?: Date },
): Promise<SynonymSave> {
  const read = readSynonymInput(input);
  if (!read.ok) return read;
  await tx.execute(sql`select pg_advisory_xact_lock(${WRITE_LOCK})`);
  let before: SearchSynonym | undefined;
  if (options.id !== undefined) {
    [before] = await tx
      .select()
      .from(searchSynonym)
      .where(eq(searchSynonym.id, options.id))
      .for("update");
    if (!before) return { ok: false, errors: {}, message: SYNONYM_MESSAGES.notFound };
  }
  const [taken] = await tx
    .select({ id: searchSynonym.id })
    .from(searchSynonym)
    .where(
      and(
        eq(searchSynonym.term, read.term),
        options.id === undefined ? undefined : ne(searchSynonym.id, options.id),
      ),
    );
  if (taken) return { ok: false, errors: { term: SYNONYM_MESSAGES.termTaken(read.term) } };

  const fields = {
    term: read.term,
    replacements: read.replacements,
    kind: read.kind,
    updatedBy: options.by,
    updatedAt: options.now ?? new Date(),
  };
  const [synonym] =
    options.id === undefined
      ? await tx.insert(searchSynonym).values(fields).returning()
      : await tx
          .update(searchSynonym)
          .set(fields)
          .where(eq(searchSynonym.id, options.id))
          .returning();
  if (!synonym) throw new Error("the search synonym was not written");
  return { ok: true, synonym, before };
}

/** Deletes a synonym in the caller's transaction; the row it was, or undefined if gone. */
export async function deleteSearchSynonym(tx: Tx, id: number): Promise<SearchSynonym | undefined> {
  await tx.execute(sql`select pg_advisory_xact_lock(${WRITE_LOCK})`);
  const [row] = await tx.delete(searchSynonym).where(eq(searchSynonym.id, id)).returning();
  return row;
}

// ---------------------------------------------------------------------------------------------
// Rules, kept in memory

/** A synonym as matching uses it. */
export type SynonymRule = {
  kind: SynonymKind;
  /** The term's normalised words. */
  term: string[];
  /** Each replacement's words, lower case, accents kept. */
  replacements: string[][];
};

/** A word as matching compares it: no accents. */
const fold = (word: string) => normaliseTerm(word).join("");

type KeptRules = { rules: Promise<SynonymRule[]>; at: number; generation: number };
// Shared by the server's and the storefront bundle's copies of this module: the office writes
// through the bundle's, searches run through the server's (platform/process-global.ts). Kept per
// database handle; an edit moves the generation on, which outdates every handle's rules at once.
const kept = () =>
  processGlobal("searchSynonymRulesByDatabase", () => ({
    generation: 0,
    byDatabase: new WeakMap<object, KeptRules>(),
  }));

/** The rules of a synonym row; none when a row no longer reads (changed by hand). */
export function synonymRule(row: Pick<SearchSynonym, "term" | "replacements" | "kind">) {
  const term = normaliseTerm(row.term);
  const replacements = row.replacements
    .map((text) => typedWords(text))
    .filter((words) => words.length > 0);
  if (term.length === 0 || replacements.length === 0) return undefined;
  return { kind: row.kind, term, replacements } satisfies SynonymRule;
}

/**
 * Every synonym as a rule, read once and kept until an edit drops them (`forgetSynonymRules`) or
 * a minute passes. Concurrent first readers share one read; a failed read is not kept.
 */
export function synonymRules(db: SearchExecutor, now = Date.now()): Promise<SynonymRule[]> {
  const state = kept();
  const current = state.byDatabase.get(db);
  if (current && current.generation === state.generation && now - current.at < RULES_TTL_MS) {
    return current.rules;
  }
  const rules = db
    .select({
      term: searchSynonym.term,
      replacements: searchSynonym.replacements,
      kind: searchSynonym.kind,
    })
    .from(searchSynonym)
    .orderBy(asc(searchSynonym.id))
    .then((rows) => rows.flatMap((row) => synonymRule(row) ?? []));
  // An edit drops this entry even while the read is on its way: a read begun before the edit
  // committed may bring the old rules, so it answers the searches that asked and is not kept.
  const entry = { rules, at: now, generation: state.generation };
  state.byDatabase.set(db, entry);
  rules.catch(() => {
    if (state.byDatabase.get(db) === entry) state.byDatabase.delete(db);
  });
  return rules;
}

/** Drops the kept rules: the next search reads them again (an edit, on any instance). */
export function forgetSynonymRules(): void {
  kept().generation += 1;
}

// ---------------------------------------------------------------------------------------------
// Expansion

export type ExpandedWords = {
  /** The query's words, a one-way term's run replaced by its replacement's words. */
  words: string[];
  /** For each word, the other words that may stand in its place (the words of equivalents). */
  alternatives: string[][];
};

/** Whether `run` is found at `at` in `words` (both folded). */
const startsAt = (words: readonly string[], at: number, run: readonly string[]) =>
  run.length > 0 && run.every((word, offset) => words[at + offset] === fold(word));

/**
 * The query's normalised words expanded with the rules: at each position the longest one-way
 * term found there is replaced by its first replacement's words, the others adding alternatives
 * word by word; otherwise the longest member of an equivalent group found there keeps its words,
 * the other members adding alternatives word by word. A word met twice is kept once, with the
 * alternatives of both. Pure: what `planQuery` calls with the kept rules.
 */
export function expandWithSynonyms(
  rules: readonly SynonymRule[],
  typed: readonly string[],
): ExpandedWords {
  const out: ExpandedWords = { words: [], alternatives: [] };
  if (rules.length === 0) return { words: [...typed], alternatives: typed.map(() => []) };
  const words = typed.map(fold);
  const push = (word: string, alternatives: Iterable<string>) => {
    let at = out.words.indexOf(word);
    if (at === -1) {
      at = out.words.push(word) - 1;
      out.alternatives.push([]);
    }
    const mine = out.alternatives[at] ?? [];
    for (const alternative of alternatives) {
      const same = (other: string) => fold(other) === fold(alternative);
      if (!same(word) && !mine.some(same)) mine.push(alternative);
    }
  };
  // Each other phrase of as many words as `run` gives its words as alternatives, in order.
  const pushRun = (run: readonly string[], others: readonly (readonly string[])[]) => {
    run.forEach((word, offset) => {
      const alternatives = others
        .filter((other) => other.length === run.length)
        .map((other) => other[offset] ?? "");
      push(word, alternatives);
    });
  };

  let at = 0;
  while (at < words.length) {
    const oneWay = longest(
      rules.filter((rule) => rule.kind === "one-way" && startsAt(words, at, rule.term)),
      (rule) => rule.term.length,
    );
    const [first, ...rest] = oneWay?.replacements ?? [];
    if (oneWay && first) {
      pushRun(first, rest);
      at += oneWay.term.length;
      continue;
    }
    const groups = rules
      .filter((rule) => rule.kind === "equivalent")
      .map((rule) => [rule.term, ...rule.replacements])
      .flatMap((members) =>
        members
          .filter((member) => startsAt(words, at, member))
          .map((member) => ({ member, others: members.filter((other) => other !== member) })),
      );
    const length = Math.max(0, ...groups.map((group) => group.member.length));
    if (length === 0) {
      push(typed[at] ?? "", []);
      at += 1;
      continue;
    }
    const run = typed.slice(at, at + length);
    pushRun(
      run,
      groups.filter((group) => group.member.length === length).flatMap((group) => group.others),
    );
    at += length;
  }
  return out;
}

function longest<T>(items: readonly T[], size: (item: T) => number): T | undefined {
  return items.reduce<T | undefined>(
    (best, item) => (best === undefined || size(item) > size(best) ? item : best),
    undefined,
  );
}
