import {
  type Comparator,
  matchesSearch,
  parseSearchQuery,
  type SearchTerm,
  searchInstant,
} from "#platform/commerce/search-syntax.ts";

/**
 * Shopify's search syntax on the content lists (`articles`, `blogs`, `pages`, a blog's
 * `articles`), read in memory: the lists are tens of entries. Free text and `title:` find words
 * (accents and case aside, a trailing `*` for a prefix); `handle:`, `author:`, `blog_title:` the
 * whole value; `tag:` / `tag_not:` a tag; `created_at:`, `updated_at:`, `published_at:` compare
 * dates. A field the list does not have matches nothing, as a query with no term does.
 */

/** What one entry offers a query: its words for free text, and its fields by Shopify's names. */
export type Searchable = {
  text: readonly (string | null)[];
  words?: Record<string, string | null>;
  values?: Record<string, string | null>;
  tags?: readonly string[];
  dates?: Record<string, Date | null>;
};

const fold = (text: string) =>
  text
    .normalize("NFD")
    .replace(/\p{M}+/gu, "")
    .toLowerCase();
/** A text's words, accents and case aside. */
export const wordsOf = (text: string) =>
  fold(text)
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);

/** Every word of the term is a word of the texts (or starts one, for the last with `*`). */
function hasWords(term: SearchTerm, texts: readonly (string | null)[]): boolean {
  const wanted = wordsOf(term.value);
  if (wanted.length === 0) return false;
  const words = new Set(wordsOf(texts.filter(Boolean).join(" ")));
  return wanted.every((word, index) =>
    term.prefix && index === wanted.length - 1
      ? [...words].some((candidate) => candidate.startsWith(word))
      : words.has(word),
  );
}

function sameValue(term: SearchTerm, value: string | null): boolean {
  if (value === null) return false;
  return term.prefix ? fold(value).startsWith(fold(term.value)) : fold(value) === fold(term.value);
}

function compareDate(comparator: Comparator, date: Date, written: string): boolean {
  const at = searchInstant(written);
  if (!at) return false;
  const time = date.getTime();
  switch (comparator) {
    case "=":
      return at.until > at.from
        ? time >= at.from.getTime() && time < at.until.getTime()
        : time === at.from.getTime();
    case "<":
      return time < at.from.getTime();
    case "<=":
      return time <= at.from.getTime();
    case ">":
      return time > at.from.getTime();
    case ">=":
      return time >= at.from.getTime();
  }
}

function holds(entry: Searchable, term: SearchTerm): boolean {
  const { field } = term;
  if (field === undefined) return hasWords(term, entry.text);
  if (term.exists) {
    if (field === "tag") return (entry.tags?.length ?? 0) > 0;
    const value = entry.words?.[field] ?? entry.values?.[field] ?? entry.dates?.[field];
    return value !== undefined && value !== null && value !== "";
  }
  if (entry.dates && field in entry.dates) {
    const date = entry.dates[field];
    return date ? compareDate(term.comparator, date, term.value) : false;
  }
  if (term.comparator !== "=") return false;
  if (entry.words && field in entry.words) return hasWords(term, [entry.words[field] ?? null]);
  if (entry.values && field in entry.values) return sameValue(term, entry.values[field] ?? null);
  if (entry.tags && (field === "tag" || field === "tag_not")) {
    const tagged = entry.tags.some((tag) => sameValue(term, tag));
    return field === "tag" ? tagged : !tagged;
  }
  return false;
}

/**
 * The entries of `items` a `query` argument keeps, in their order: all of them without a query,
 * none for a query with no term.
 */
export function filterByQuery<T>(
  items: readonly T[],
  query: string | null | undefined,
  searchable: (item: T) => Searchable,
): T[] {
  if (query === null || query === undefined || query.trim() === "") return [...items];
  const node = parseSearchQuery(query);
  if (!node) return [];
  return items.filter((item) => {
    const entry = searchable(item);
    return matchesSearch(node, (term) => holds(entry, term));
  });
}
