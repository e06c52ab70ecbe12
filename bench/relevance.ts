/**
 * `npm run bench -- relevance`: how well search answers what French shoppers mean (issue 22).
 * Seeds a throw-away PGlite with the demo data, judges every product of the catalogue against each
 * query of the judged set (bench/relevance-queries.ts), then asks the Storefront API's `search`
 * (the search page) and `predictiveSearch` (the suggestions) for each query and scores their first
 * results: mean precision@5 and NDCG@10, overall and by kind of query. `-- --details` also prints
 * every query's figures and first titles. Exits non-zero while the mean P@5 of either is below the
 * issue's target (0.95).
 *
 * Precision@5 counts the relevant products among the first five, out of five or out of all the
 * catalogue holds when it holds fewer; NDCG@10 is binary (relevant or not) over the first ten.
 * A query whose answer the catalogue does not hold at all is listed apart, not averaged.
 */
import { openDatabase } from "#db/client.ts";
import { migrate } from "#db/migrate.ts";
import { storefrontApi } from "#platform/commerce/index.ts";
import { SEED_NOW, seedDatabase } from "#seed/index.ts";
import { servedStorefrontOptions } from "#server/storefront-api-testing.ts";
import {
  JUDGED_QUERIES,
  type JudgedProduct,
  type JudgedQuery,
  type QueryKind,
} from "./relevance-queries.ts";

export const RELEVANCE_TARGET = 0.95;

const TOKEN = "relevance-public-token";
const ORIGIN = "http://localhost:3000";
const VERSION = "2026-10";

const PRODUCT_FIELDS = `#graphql
  fragment Judged on Product {
    handle title vendor
    collections(first: 20) { nodes { title } }
    diets: metafield(namespace: "custom", key: "regimes") {
      references(first: 20) { nodes { ... on Metaobject { handle } } }
    }
    labels: metafield(namespace: "custom", key: "labelsDetails") {
      references(first: 20) { nodes { ... on Metaobject { handle } } }
    }
    allergens: metafield(namespace: "custom", key: "allergens") {
      references(first: 20) { nodes { ... on Metaobject { handle } } }
    }
  }`;

const CATALOGUE = `#graphql
  query RelevanceCatalogue($after: String) {
    products(first: 250, after: $after) {
      nodes { ...Judged }
      pageInfo { hasNextPage endCursor }
    }
  }
  ${PRODUCT_FIELDS}`;

const SEARCH = `#graphql
  query RelevanceSearch($query: String!) {
    search(query: $query, first: 10, types: [PRODUCT]) { nodes { ... on Product { ...Judged } } }
  }
  ${PRODUCT_FIELDS}`;

const PREDICTIVE = `#graphql
  query RelevancePredictive($query: String!) {
    predictiveSearch(query: $query, limit: 10, types: [PRODUCT]) { products { ...Judged } }
  }
  ${PRODUCT_FIELDS}`;

type ProductNode = {
  handle: string;
  title: string;
  vendor: string;
  collections: { nodes: { title: string }[] };
  diets: { references: { nodes: { handle: string }[] } } | null;
  labels: { references: { nodes: { handle: string }[] } } | null;
  allergens: { references: { nodes: { handle: string }[] } } | null;
};

function judged(node: ProductNode): JudgedProduct {
  const handles = (field: ProductNode["diets"]) =>
    field?.references.nodes.map((one) => one.handle) ?? [];
  return {
    handle: node.handle,
    title: node.title,
    vendor: node.vendor,
    collections: node.collections.nodes.map((collection) => collection.title),
    diets: handles(node.diets),
    labels: handles(node.labels),
    allergens: handles(node.allergens),
  };
}

/** Precision@5: relevant among the first five, out of five (or of all there are, if fewer). */
export function precisionAt5(relevance: boolean[], relevantInCatalogue: number): number {
  const hits = relevance.slice(0, 5).filter(Boolean).length;
  return hits / Math.min(5, relevantInCatalogue);
}

/** NDCG@10 with binary gains: 1 when the ten first are all relevant, or all there are come first. */
export function ndcgAt10(relevance: boolean[], relevantInCatalogue: number): number {
  const gain = (rank: number) => 1 / Math.log2(rank + 2);
  const dcg = relevance.slice(0, 10).reduce((sum, hit, rank) => sum + (hit ? gain(rank) : 0), 0);
  let ideal = 0;
  for (let rank = 0; rank < Math.min(10, relevantInCatalogue); rank++) ideal += gain(rank);
  return dcg / ideal;
}

type Scored = {
  query: JudgedQuery;
  inCatalogue: number;
  search: { p5: number; ndcg: number; titles: string[] };
  predictive: { p5: number; ndcg: number; titles: string[] };
};

const mean = (values: number[]) =>
  values.length === 0 ? 0 : values.reduce((sum, value) => sum + value, 0) / values.length;

export async function runRelevanceBench(options: { details?: boolean } = {}): Promise<boolean> {
  console.error("Seeding a throw-away PGlite with the demo data…");
  const database = await openDatabase();
  try {
    await migrate(database);
    await seedDatabase(database, { seed: 1 });
    const api = storefrontApi({
      db: database.db,
      ...servedStorefrontOptions(database.db),
      publicToken: TOKEN,
      privateToken: `${TOKEN}-private`,
      publicOrigin: ORIGIN,
      now: () => SEED_NOW,
      logging: { debug() {}, info() {}, warn() {}, error() {} },
    });
    const send = async (query: string, variables: Record<string, unknown>) => {
      const res = await api.request(`${ORIGIN}/api/${VERSION}/graphql.json`, {
        method: "POST",
        headers: { "content-type": "application/json", "x-shopify-storefront-access-token": TOKEN },
        body: JSON.stringify({ query, variables }),
      });
      // biome-ignore lint/suspicious/noExplicitAny: the answers are read loosely, as the storefront reads them
      const body = (await res.json()) as { data?: Record<string, any>; errors?: unknown[] };
      if (body.errors || !body.data) throw new Error(JSON.stringify(body.errors ?? body));
      return body.data;
    };

    const catalogue: JudgedProduct[] = [];
    let after: string | null = null;
    do {
      const page: { nodes: ProductNode[]; pageInfo: { hasNextPage: boolean; endCursor: string } } =
        (await send(CATALOGUE, { after })).products;
      catalogue.push(...page.nodes.map(judged));
      after = page.pageInfo.hasNextPage ? page.pageInfo.endCursor : null;
    } while (after);

    const scored: Scored[] = [];
    const absent: JudgedQuery[] = [];
    for (const query of JUDGED_QUERIES) {
      const inCatalogue = catalogue.filter(query.relevant).length;
      if (inCatalogue === 0) {
        absent.push(query);
        continue;
      }
      const score = (nodes: ProductNode[]) => {
        const products = nodes.map(judged);
        const relevance = products.map(query.relevant);
        return {
          p5: precisionAt5(relevance, inCatalogue),
          ndcg: ndcgAt10(relevance, inCatalogue),
          titles: products.slice(0, 5).map((p, i) => `${relevance[i] ? "+" : "−"} ${p.title}`),
        };
      };
      const search = score((await send(SEARCH, { query: query.query })).search.nodes);
      const predictive = score(
        (await send(PREDICTIVE, { query: query.query })).predictiveSearch?.products ?? [],
      );
      scored.push({ query, inCatalogue, search, predictive });
    }

    if (options.details) {
      for (const row of scored) {
        console.log(
          `${row.query.kind.padEnd(9)} ${JSON.stringify(row.query.query).padEnd(28)} relevant ${String(row.inCatalogue).padStart(4)}  search P@5 ${row.search.p5.toFixed(2)} NDCG ${row.search.ndcg.toFixed(2)}  predictive P@5 ${row.predictive.p5.toFixed(2)} NDCG ${row.predictive.ndcg.toFixed(2)}`,
        );
        if (row.search.p5 < 1) for (const title of row.search.titles) console.log(`    ${title}`);
      }
      console.log("");
    }

    const kinds = [...new Set(scored.map((row) => row.query.kind))] as QueryKind[];
    console.log(
      `${"kind".padEnd(9)} ${"queries".padStart(7)}  search P@5  NDCG@10   predictive P@5  NDCG@10`,
    );
    const line = (name: string, rows: Scored[]) =>
      console.log(
        `${name.padEnd(9)} ${String(rows.length).padStart(7)}  ${mean(rows.map((r) => r.search.p5))
          .toFixed(3)
          .padStart(10)}  ${mean(rows.map((r) => r.search.ndcg))
          .toFixed(3)
          .padStart(7)}   ${mean(rows.map((r) => r.predictive.p5))
          .toFixed(3)
          .padStart(14)}  ${mean(rows.map((r) => r.predictive.ndcg))
          .toFixed(3)
          .padStart(7)}`,
      );
    for (const kind of kinds)
      line(
        kind,
        scored.filter((row) => row.query.kind === kind),
      );
    line("all", scored);
    if (absent.length > 0) {
      console.log(
        `\nNot averaged (no product of the catalogue answers them): ${absent.map((q) => JSON.stringify(q.query)).join(", ")}`,
      );
    }
    const searchP5 = mean(scored.map((row) => row.search.p5));
    const predictiveP5 = mean(scored.map((row) => row.predictive.p5));
    const ok = searchP5 >= RELEVANCE_TARGET && predictiveP5 >= RELEVANCE_TARGET;
    console.log(
      `\n${ok ? "✓" : "✗"} relevance on ${scored.length} judged queries: search P@5 ${searchP5.toFixed(3)}, predictiveSearch P@5 ${predictiveP5.toFixed(3)}  target ≥ ${RELEVANCE_TARGET}`,
    );
    return ok;
  } finally {
    await database.close();
  }
}
