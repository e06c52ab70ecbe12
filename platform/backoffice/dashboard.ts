import { desc, sql } from "drizzle-orm";
import type { Db } from "#db/client.ts";
import { seedRuns } from "#db/meta-schema.ts";

export type DashboardFigures = {
  catalogue: { products: number; available: number; archived: number; collections: number };
  search: { indexedProducts: number };
  content: { published: number; drafts: number };
  outbox: { pending: number; failed: number };
  lastSeed: { seed: number; version: number; at: Date } | null;
};

const count = (value: unknown) => Number(value ?? 0);

/** The figures of the dashboard, each one query over the shop's own tables. */
export async function dashboardFigures(db: Db): Promise<DashboardFigures> {
  const [catalogue, search, content, outbox, seed] = await Promise.all([
    db.execute(sql`
      select count(*) as products,
             count(*) filter (where available_for_sale and not archived) as available,
             count(*) filter (where archived) as archived,
             (select count(*) from commerce_collection) as collections
      from commerce_product`),
    db.execute(sql`select count(*) as indexed from search_document where kind = 'product'`),
    db.execute(sql`
      select count(*) filter (where published_at is not null) as published,
             count(*) filter (where published_at is null) as drafts
      from content_entry`),
    db.execute(sql`
      select count(*) filter (where status = 'pending') as pending,
             count(*) filter (where status = 'failed') as failed
      from notify_outbox`),
    db.select().from(seedRuns).orderBy(desc(seedRuns.id)).limit(1),
  ]);
  const row = (result: unknown) => (result as { rows: Record<string, unknown>[] }).rows[0] ?? {};
  const c = row(catalogue);
  const s = row(search);
  const ct = row(content);
  const o = row(outbox);
  const lastSeed = seed[0];
  return {
    catalogue: {
      products: count(c.products),
      available: count(c.available),
      archived: count(c.archived),
      collections: count(c.collections),
    },
    search: { indexedProducts: count(s.indexed) },
    content: { published: count(ct.published), drafts: count(ct.drafts) },
    outbox: { pending: count(o.pending), failed: count(o.failed) },
    lastSeed: lastSeed
      ? { seed: lastSeed.seed, version: lastSeed.version, at: lastSeed.createdAt }
      : null,
  };
}

/** Documents and words of the search index. */
export async function searchIndexSize(db: Db): Promise<{ documents: number; words: number }> {
  const result = await db.execute(sql`
    select (select count(*) from search_document) as documents,
           (select count(*) from search_term) as words`);
  const row = (result as unknown as { rows: Record<string, unknown>[] }).rows[0] ?? {};
  return { documents: count(row.documents), words: count(row.words) };
}
