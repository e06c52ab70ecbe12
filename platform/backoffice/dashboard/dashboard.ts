import { desc } from "drizzle-orm";
import type { Db } from "#db/client.ts";
import { seedRuns } from "#db/meta-schema.ts";
import { addDays } from "#platform/backoffice/dashboard/days.ts";
import { catalogueFigures } from "#platform/commerce/index.ts";
import { entryFigures } from "#platform/content/index.ts";
import { parisDay } from "#platform/format.ts";
import { outboxFigures } from "#platform/notify/index.ts";
import {
  searchIndexSize,
  type ZeroResultQuery,
  zeroResultQueries,
} from "#platform/search/index.ts";

export type DashboardFigures = {
  catalogue: { products: number; available: number; archived: number; collections: number };
  search: {
    indexedProducts: number;
    /** The terms searched in vain over `ZERO_RESULT_DAYS` days, the most searched first. */
    zeroResults: ZeroResultQuery[];
  };
  content: { published: number; drafts: number };
  outbox: { pending: number; failed: number };
  lastSeed: { seed: number; version: number; at: Date } | null;
};

/** Days of searches that found nothing the dashboard lists, today included. */
export const ZERO_RESULT_DAYS = 30;
/** Terms it lists. */
const ZERO_RESULT_TERMS = 10;

/** The figures of the dashboard, each asked of the module that owns them. */
export async function dashboardFigures(db: Db, now = new Date()): Promise<DashboardFigures> {
  const [catalogue, search, zeroResults, content, outbox, seed] = await Promise.all([
    catalogueFigures(db),
    searchIndexSize(db),
    zeroResultQueries(db, {
      since: addDays(parisDay(now), 1 - ZERO_RESULT_DAYS),
      limit: ZERO_RESULT_TERMS,
    }),
    entryFigures(db),
    outboxFigures(db),
    db.select().from(seedRuns).orderBy(desc(seedRuns.id)).limit(1),
  ]);
  const lastSeed = seed[0];
  return {
    catalogue,
    search: { indexedProducts: search.products, zeroResults },
    content,
    outbox,
    lastSeed: lastSeed
      ? { seed: lastSeed.seed, version: lastSeed.version, at: lastSeed.createdAt }
      : null,
  };
}
