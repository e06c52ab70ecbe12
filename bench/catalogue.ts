/**
 * Catalogue budgets of DESIGN.md §8 on the 100 000-product scale catalogue (embedded PGlite):
 * predictive search p95 < 30 ms, a 100-product category page p95 < 150 ms — server time, measured
 * in-process around the Storefront API handler and the search module (no network in the way).
 *
 * The scale catalogue is seeded once into BENCH_DATA_DIR (default: a folder in the system's temp
 * directory) and reused by later runs.
 */
import { tmpdir } from "node:os";
import { join } from "node:path";
import { count, sql } from "drizzle-orm";
import { openDatabase } from "#db/client.ts";
import { migrate } from "#db/migrate.ts";
import { commerceProduct } from "#platform/commerce/catalogue-schema.ts";
import { storefrontApi } from "#platform/commerce/graphql/http.ts";
import { settleSearchIndex } from "#platform/search/indexer.ts";
import { matchingProductIds, predictiveSearch } from "#platform/search/search.ts";
import { seedDatabase } from "#seed/index.ts";

const PRODUCTS = Number(process.env.BENCH_PRODUCTS ?? 100_000);
const ITERATIONS = Number(process.env.BENCH_ITERATIONS ?? 200);
const dataDir = process.env.BENCH_DATA_DIR ?? join(tmpdir(), `comptoir-bench-${PRODUCTS}`);
const TOKEN = "bench-public-token-0123456789";

export type BenchResult = { name: string; p50: number; p95: number; budget: string; ok: boolean };

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;

async function time(run: (i: number) => Promise<unknown>) {
  const samples: number[] = [];
  for (let i = 0; i < ITERATIONS; i++) {
    const started = performance.now();
    await run(i);
    samples.push(performance.now() - started);
  }
  return samples.sort((a, b) => a - b);
}

export async function runCatalogueBench(): Promise<BenchResult[]> {
  const database = await openDatabase({ dataDir });
  await migrate(database);
  const [existing] = await database.db.select({ n: count() }).from(commerceProduct);
  if ((existing?.n ?? 0) < PRODUCTS) {
    console.log(`Seeding ${PRODUCTS} products into ${dataDir} (once)…`);
    const started = performance.now();
    await seedDatabase(database, { force: true, products: PRODUCTS });
    console.log(`…seeded in ${((performance.now() - started) / 1000).toFixed(0)} s`);
  } else {
    await settleSearchIndex(database.db);
  }

  const api = storefrontApi({
    db: database.db,
    search: {
      predictive: async () => ({ productIds: [], collectionIds: [], queries: [] }),
      matchingProductIds: (query) => matchingProductIds(database.db, query),
    },
    publicToken: TOKEN,
    privateToken: TOKEN,
  });
  const collections = (
    (await database.db.execute(sql`
      select c.handle from commerce_collection c
      join commerce_collection_product cp on cp.collection_id = c.id
      group by c.handle having count(*) >= 100 order by count(*) desc limit 8`)) as unknown as {
      rows: { handle: string }[];
    }
  ).rows.map((row) => row.handle);

  const sorts = [
    { sortKey: "COLLECTION_DEFAULT", reverse: false },
    { sortKey: "PRICE", reverse: false },
    { sortKey: "PRICE", reverse: true },
    { sortKey: "CREATED", reverse: true },
  ];
  const page = async (i: number) => {
    const res = await api.request(`http://bench/api/2024-01/graphql.json`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-shopify-storefront-access-token": TOKEN },
      body: JSON.stringify({
        query: CATEGORY_PAGE_QUERY,
        variables: { handle: collections[i % collections.length], ...sorts[i % sorts.length] },
      }),
    });
    const body = (await res.json()) as { errors?: unknown; data?: unknown };
    if (body.errors) throw new Error(JSON.stringify(body.errors));
  };
  await time(page); // warm-up
  const pages = await time(page);

  const terms = [
    "chocolat noir",
    "camembert",
    "epicerie",
    "fromages",
    "huile d'olive",
    "vin rouge",
    "confiture",
    "comté",
    "saucisson",
    "thé vert",
  ];
  const predictive = (i: number) => {
    const term = terms[i % terms.length] ?? "chocolat";
    // As typed: a prefix of at least 3 characters.
    const typed = term.slice(0, 3 + (i % Math.max(1, term.length - 2)));
    return predictiveSearch(database.db, { query: typed, limit: 10 });
  };
  await time(predictive);
  const searches = await time(predictive);
  await database.close();

  return [
    {
      name: `predictive search, ${PRODUCTS} products`,
      p50: percentile(searches, 50),
      p95: percentile(searches, 95),
      budget: "p95 < 30 ms",
      ok: percentile(searches, 95) < 30,
    },
    {
      name: `category page (100 products, facets)`,
      p50: percentile(pages, 50),
      p95: percentile(pages, 95),
      budget: "p95 < 150 ms",
      ok: percentile(pages, 95) < 150,
    },
  ];
}

/** What a category page asks for: 100 product cards and the facets. */
const CATEGORY_PAGE_QUERY = `#graphql
  query BenchCategoryPage($handle: String!, $sortKey: ProductCollectionSortKeys, $reverse: Boolean) {
    collection(handle: $handle) {
      title
      products(first: 100, sortKey: $sortKey, reverse: $reverse) {
        nodes {
          id handle title vendor tags availableForSale
          priceRange { minVariantPrice { amount currencyCode } }
          compareAtPriceRange { minVariantPrice { amount } }
          featuredImage { url(transform: { maxHeight: 450 }) altText width height }
          variants(first: 1) { nodes { id availableForSale } }
          metafields(identifiers: [
            { namespace: "custom", key: "unit" }
            { namespace: "custom", key: "quantity" }
            { namespace: "custom", key: "max_quantity" }
            { namespace: "custom", key: "discountLabel" }
          ]) { key value }
        }
        filters { id label type values { id label count input } }
        pageInfo { hasNextPage endCursor }
      }
    }
  }`;
