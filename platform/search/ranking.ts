import { type SQL, sql } from "drizzle-orm";
import { hasInexact, intentQuery, type QueryPlan, tsquery } from "#platform/search/query.ts";

/**
 * The one scoring function of product search (issue 22; docs/search.md, "Ranking"), shared by
 * the full search and the type-ahead. A product matches when every word of the term matches, in
 * any field or, for a category, by its start ("fromag" names the Fromagerie), and when it carries
 * the diets and labels the term names. Matches are ordered by these keys, each one deciding only
 * between products the keys before it could not tell apart:
 *
 * 1. category: the term names the product's own category (2: "vins rouges" → Vins rouges) or a
 *    collection above it (1: "fromages" → Fromagerie), so that a category's products come
 *    before those that only mention the word ("Fromage de tête", a charcuterie);
 * 2. title: every word is in the title;
 * 3. head: the title starts with the term's first word, the head noun of a French product name
 *    ("Miel de châtaignier" before "Nougat au miel");
 * 4. exactness: every word matches as typed, not only through a completion or a correction, so
 *    that typo tolerance never outranks an exact match;
 * 5. proximity: `ts_rank_cd` of the title, phrase matches first ("chocolat noir" before
 *    "chocolat au lait et noisettes");
 * 6. field weights: `ts_rank` over title (A), vendor (B), tags and categories (C); the
 *    description only makes a product match, it would cost a read of every match's longest
 *    vector to weigh;
 * 7. popularity: `rank_boost` (popularity.ts: available for sale, and sales of the last 30 days);
 * 8. the lowest id.
 */

/** Conditions on a search document `d` for a plan. */
export function productMatch(plan: QueryPlan) {
  const intents = intentQuery(plan);
  const filter = intents ? sql`d.search_vector @@ ${intents}` : undefined;
  if (plan.clauses.length === 0) {
    // Nothing but a filter ("vegan"): every product that carries it matches everything.
    const all = sql`true`;
    return { intents: filter, all, titleAll: all, categoryAll: all };
  }
  const categoryAll = sql`d.category_vector @@ ${tsquery(plan, "all", { widen: true })}`;
  return {
    intents: filter,
    all: sql`(d.search_vector @@ ${tsquery(plan, "all")} or ${categoryAll})`,
    titleAll: sql`d.title_vector @@ ${tsquery(plan, "all")}`,
    categoryAll,
  };
}

/** The ranking keys, best first when each is sorted descending. */
export function productOrder(plan: QueryPlan): SQL[] {
  return [...productRelevance(plan).map((key) => sql`${key} desc`), sql`d.ref_id asc`];
}

/** The keys of `productOrder` without their direction, for callers that may reverse them. */
export function productRelevance(plan: QueryPlan): SQL[] {
  if (plan.clauses.length === 0) return [sql`d.rank_boost`];
  const match = productMatch(plan);
  const any = tsquery(plan, "any");
  return [
    sql`case when d.category_vector @@ ${tsquery(plan, "all", { widen: true, weight: "A" })}
      then 2 when ${match.categoryAll} then 1 else 0 end`,
    match.titleAll,
    sql`d.title_vector @@ ${tsquery(plan, "any", { firstOnly: true, weight: "A" })}`,
    ...(hasInexact(plan)
      ? [sql`d.search_vector @@ ${tsquery(plan, "all", { exactOnly: true })}`]
      : []),
    sql`ts_rank_cd(d.title_vector, ${any})`,
    sql`ts_rank(d.head_vector, ${any}, 1)`,
    sql`d.rank_boost`,
  ];
}
