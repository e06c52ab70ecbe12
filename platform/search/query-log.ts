import { desc, gte, lt, max, sql, sum } from "drizzle-orm";
import { parisDay } from "#platform/format.ts";
import { normaliseTerm } from "#platform/search/query.ts";
import { searchZeroResult } from "#platform/search/query-log-schema.ts";
import type { SearchExecutor } from "#platform/search/sql.ts";

/**
 * The searches that found nothing, counted by Paris day and normalised term: what shoppers look
 * for and the catalogue lacks (or spells otherwise), for the back office's dashboard.
 */

/** Longest term kept, as the search page reads at most 200 characters. */
const MAX_TERM_LENGTH = 200;
/** Days kept: the dashboard shows 30; older rows are dropped as new ones come. */
const KEPT_DAYS = 90;

export type ZeroResultQuery = {
  /** Normalised: lower case, no accents, words joined by one space. */
  term: string;
  count: number;
  /** The last Paris day it was searched, `YYYY-MM-DD`. */
  lastDay: string;
};

/** The term as the log keys it, or null when nothing searchable is left. */
export function zeroResultKey(term: string): string | null {
  const key = normaliseTerm(term).join(" ").slice(0, MAX_TERM_LENGTH).trim();
  return key === "" ? null : key;
}

/**
 * Counts one search for `term` that found nothing, on the Paris day of `now`. Answers the key it
 * was counted under, or null for a term with no word (nothing is counted).
 */
export async function recordZeroResult(
  db: SearchExecutor,
  term: string,
  now: Date,
): Promise<string | null> {
  const key = zeroResultKey(term);
  if (key === null) return null;
  const day = parisDay(now);
  await db
    .insert(searchZeroResult)
    .values({ day, term: key, count: 1 })
    .onConflictDoUpdate({
      target: [searchZeroResult.day, searchZeroResult.term],
      set: { count: sql`${searchZeroResult.count} + 1` },
    });
  // The primary key starts with the day: the old days are one index range.
  await db
    .delete(searchZeroResult)
    .where(lt(searchZeroResult.day, sql`${day}::date - ${KEPT_DAYS}::int`));
  return key;
}

/**
 * The terms searched in vain since the Paris day `since` (`YYYY-MM-DD`, included), the most
 * searched first (then the most recent, then alphabetical), at most `limit`.
 */
export async function zeroResultQueries(
  db: SearchExecutor,
  { since, limit = 10 }: { since: string; limit?: number },
): Promise<ZeroResultQuery[]> {
  const count = sql<number>`${sum(searchZeroResult.count)}::int`;
  const lastDay = max(searchZeroResult.day);
  const found = await db
    .select({ term: searchZeroResult.term, count, lastDay })
    .from(searchZeroResult)
    .where(gte(searchZeroResult.day, since))
    .groupBy(searchZeroResult.term)
    .orderBy(desc(count), desc(lastDay), searchZeroResult.term)
    .limit(limit);
  return found.map((row) => ({ term: row.term, count: row.count, lastDay: row.lastDay ?? since }));
}
