/** What every benchmark shares: its result line, percentiles, a sequential timer. */
import { tmpdir } from "node:os";
import { join } from "node:path";
import { count, sql } from "drizzle-orm";
import { type Database, openDatabase } from "#db/client.ts";
import { migrate } from "#db/migrate.ts";
import { recountFacets } from "#platform/commerce/index.ts";
import { commerceProduct } from "#platform/commerce/tables.ts";
import { settleSearchIndex } from "#platform/search/index.ts";
import { seedDatabase } from "#seed/index.ts";

export type BenchResult = {
  name: string;
  p50: number;
  p95: number;
  budget: string;
  ok: boolean;
  /** A size rather than a latency: printed in kB instead of p50/p95. */
  kilobytes?: number;
  /** A server's CPU per request rather than a latency: printed in ms instead of p50/p95. */
  cpuMs?: number;
  /** Requests answered per second, printed after p95 (`npm run bench -- http`). */
  perSecond?: number;
  /** A figure to read beside a budget, with none of its own: never fails the run. */
  informative?: boolean;
};

export const ITERATIONS = Number(process.env.BENCH_ITERATIONS ?? 200);
export const SCALE_PRODUCTS = Number(process.env.BENCH_PRODUCTS ?? 100_000);

export function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
}

/** Runs `run` ITERATIONS times, one after the other; sorted latencies in ms. */
export async function time(run: (i: number) => Promise<unknown>): Promise<number[]> {
  const samples: number[] = [];
  for (let i = 0; i < ITERATIONS; i++) {
    const started = performance.now();
    await run(i);
    samples.push(performance.now() - started);
  }
  return samples.sort((a, b) => a - b);
}

/** A result line from sorted samples and a p95 budget in ms. */
export function result(name: string, samples: number[], budgetMs: number): BenchResult {
  const p95 = percentile(samples, 95);
  return {
    name,
    p50: percentile(samples, 50),
    p95,
    budget: `p95 < ${budgetMs} ms`,
    ok: p95 < budgetMs,
  };
}

/**
 * The scale catalogue (SCALE_PRODUCTS products) on the embedded PGlite, seeded once into
 * BENCH_DATA_DIR (default: a folder in the system's temp directory) and reused by later runs;
 * or, with BENCH_DATABASE_URL, in that PostgreSQL database (its data is replaced on first use).
 */
export async function openScaleCatalogue(): Promise<Database> {
  const url = process.env.BENCH_DATABASE_URL;
  const dataDir = process.env.BENCH_DATA_DIR ?? join(tmpdir(), `comptoir-bench-${SCALE_PRODUCTS}`);
  const database = await openDatabase(url ? { url } : { dataDir });
  await migrate(database);
  const [existing] = await database.db.select({ n: count() }).from(commerceProduct);
  if ((existing?.n ?? 0) < SCALE_PRODUCTS) {
    console.log(`Seeding ${SCALE_PRODUCTS} products into ${url ?? dataDir} (once)…`);
    const started = performance.now();
    await seedDatabase(database, { force: true, products: SCALE_PRODUCTS });
    console.log(`…seeded in ${((performance.now() - started) / 1000).toFixed(0)} s`);
  } else {
    // A catalogue seeded by an older version may lack planner statistics: measure with them.
    await settleSearchIndex(database.db);
    await recountFacets(database.db);
    await database.db.execute(sql`analyze`);
  }
  return database;
}
