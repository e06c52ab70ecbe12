import { desc } from "drizzle-orm";
import type { Db } from "#db/client.ts";
import { seedRuns } from "#db/meta-schema.ts";
import { catalogueFigures } from "#platform/commerce/index.ts";
import { entryFigures } from "#platform/content/index.ts";
import { outboxFigures } from "#platform/notify/index.ts";
import { searchIndexSize } from "#platform/search/index.ts";

export type DashboardFigures = {
  catalogue: { products: number; available: number; archived: number; collections: number };
  search: { indexedProducts: number };
  content: { published: number; drafts: number };
  outbox: { pending: number; failed: number };
  lastSeed: { seed: number; version: number; at: Date } | null;
};

/** The figures of the dashboard, each asked of the module that owns them. */
export async function dashboardFigures(db: Db): Promise<DashboardFigures> {
  const [catalogue, search, content, outbox, seed] = await Promise.all([
    catalogueFigures(db),
    searchIndexSize(db),
    entryFigures(db),
    outboxFigures(db),
    db.select().from(seedRuns).orderBy(desc(seedRuns.id)).limit(1),
  ]);
  const lastSeed = seed[0];
  return {
    catalogue,
    search: { indexedProducts: search.products },
    content,
    outbox,
    lastSeed: lastSeed
      ? { seed: lastSeed.seed, version: lastSeed.version, at: lastSeed.createdAt }
      : null,
  };
}
