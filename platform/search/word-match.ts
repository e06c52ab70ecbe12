import { type SQL, sql } from "drizzle-orm";
import { MAX_WORDS, typedWords } from "#platform/search/query.ts";
import type { SearchExecutor } from "#platform/search/sql.ts";
import { expandWithSynonyms, synonymRules } from "#platform/search/synonyms.ts";

/**
 * Words of a search-syntax term (Shopify's `query` argument) matched against the index, as the
 * shop's own search reads words: folded by `search_fold` (plurals, feminine endings, accents),
 * French stop words dropped, the staff's synonyms applied. No typo correction or completion:
 * Shopify applies none to search syntax either, and a listing by query must hold only products
 * that match.
 */

/** Where a term's words must be found. */
export type WordScope =
  /** Free text: the title, the vendor, the product type and the tags. */
  | "text"
  /** `title:`: the title only. */
  | "title";

/** One word, or its synonym, as a tsquery of the index's configuration; a prefix with `:*`. */
function wordQuery(word: string, prefix: boolean): SQL {
  return prefix
    ? sql`to_tsquery('simple', quote_literal(search_fold(${word})) || ':*')`
    : sql`plainto_tsquery('comptoir', search_fold(${word}))`;
}

/**
 * The condition that the product whose id is `productId` holds every word of `text` in `scope`
 * (each word, or one of its synonyms; the last word as a prefix when `prefix`); `false` when
 * `text` has no word.
 */
export async function productWordsCondition(
  db: SearchExecutor,
  productId: SQL,
  text: string,
  options: { scope: WordScope; prefix: boolean },
): Promise<SQL> {
  const typed = [...new Set(typedWords(text))].slice(0, MAX_WORDS);
  if (typed.length === 0) return sql`false`;
  const { words, alternatives } = expandWithSynonyms(await synonymRules(db), typed);
  const last = words.length - 1;
  const clauses = words.map((word, position) => {
    const forms = [word, ...(alternatives[position] ?? [])];
    const prefix = options.prefix && position === last;
    return sql`(${sql.join(
      forms.map((form) => wordQuery(form, prefix)),
      sql` || `,
    )})`;
  });
  const query = sql.join(clauses, sql` && `);
  // The index's vectors find the candidates; free text then checks the fields Shopify names
  // (the head vector also holds the product's categories).
  const matched =
    options.scope === "title"
      ? sql`d.title_vector @@ (${query})`
      : sql`d.head_vector @@ (${query}) and to_tsvector('comptoir',
          search_fold(d.title || ' ' || d.subtitle || ' ' || d.tags)) @@ (${query})`;
  return sql`${productId} in (select d.ref_id from search_document d
    where d.kind = 'product' and ${matched})`;
}
