import { sql } from "drizzle-orm";
import type { Logger } from "pino";
import type { Db } from "#db/client.ts";
import { runOnce } from "#platform/background-lock.ts";
import type { CatalogueSource } from "#platform/search/catalogue-source.ts";
import { pruneDocumentChanges } from "#platform/search/memory-index.ts";
import { searchDocument } from "#platform/search/schema.ts";
import { intArray, rows, type SearchExecutor } from "#platform/search/sql.ts";

/**
 * The ranking's popularity key (ranking.ts, `rank_boost`): what sold over the last 30 days, and
 * whether the product can be bought, as the catalogue's source computes it. Indexing a product
 * (a rebuild indexes them all) writes it with the rest of the document; sales move it without
 * any catalogue write, so it is also refreshed for the whole index on a timer, one instance at a
 * time.
 */

/** Sales counted: those of the last 30 days. */
export const POPULARITY_DAYS = 30;
/** How often the server refreshes it. */
export const POPULARITY_REFRESH_MS = 60 * 60 * 1000;

/** The start of the sales counted, as SQL: 30 days before `now` (the database's clock if none). */
export const popularitySince = (now?: Date) =>
  now
    ? sql`${new Date(now.getTime() - POPULARITY_DAYS * 86_400_000).toISOString()}::timestamptz`
    : sql`now() - make_interval(days => ${POPULARITY_DAYS})`;

/**
 * Writes the popularity of these products (every indexed product when `ids` is undefined) where
 * it changed; answers how many documents changed.
 */
export async function refreshPopularity(
  db: SearchExecutor,
  source: CatalogueSource,
  options: { ids?: readonly number[]; now?: Date } = {},
): Promise<number> {
  const changed = await rows<{ id: number }>(
    db,
    sql`
      update ${searchDocument} d set rank_boost = popular.boost
      from (${source.popularity(options.ids ? intArray(options.ids) : undefined, popularitySince(options.now))})
        as popular (id, boost)
      where d.kind = 'product' and d.ref_id = popular.id
        and d.rank_boost is distinct from popular.boost
      returning d.ref_id as id`,
  );
  return changed.length;
}

/**
 * Refreshes popularity every `intervalMs` (`POPULARITY_REFRESH_MS`), under an advisory lock so
 * that one instance of several does it; a failure is logged and the next tick tries again.
 */
export function startPopularityRefresh(options: {
  db: Db;
  source: CatalogueSource;
  logger: Logger;
  intervalMs?: number;
}): { stop(): Promise<void> } {
  let running: Promise<unknown> | null = null;
  const tick = () => {
    if (running) return;
    running = runOnce(options.db, "search-popularity", async () => {
      await refreshPopularity(options.db, options.source);
      // The same hourly round keeps the product index's change log short.
      await pruneDocumentChanges(options.db);
    })
      .catch((error: unknown) =>
        options.logger.error({ err: error }, "search popularity refresh failed"),
      )
      .finally(() => {
        running = null;
      });
  };
  const timer = setInterval(tick, options.intervalMs ?? POPULARITY_REFRESH_MS);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
