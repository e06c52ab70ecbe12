import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "#db/client.ts";
import { createTestDatabase } from "#db/testing/index.ts";
import { storefrontApi } from "#platform/commerce/index.ts";
import { servedStorefrontOptions } from "#server/storefront-api-testing.ts";

/**
 * The Storefront API's `search` as the server wires it (the search module behind the search
 * port), on the demo catalogue: facets are counted when a query asks for them, and only then —
 * the search page asks for none, and counting them over every match was most of its cost.
 */
const TOKEN = "storefront-search-token";
let database: Database;
let api: ReturnType<typeof storefrontApi>;

beforeAll(async () => {
  database = await createTestDatabase({ seeded: true });
  api = storefrontApi({
    db: database.db,
    ...servedStorefrontOptions(database.db),
    publicToken: TOKEN,
    privateToken: `${TOKEN}-private`,
    publicOrigin: "http://localhost:3000",
    logging: { debug() {}, info() {}, warn() {}, error() {} },
  });
});
afterAll(() => database?.close());

async function graphql(query: string, variables: Record<string, unknown>) {
  const res = await api.request("http://localhost:3000/api/2026-10/graphql.json", {
    method: "POST",
    headers: { "content-type": "application/json", "x-shopify-storefront-access-token": TOKEN },
    body: JSON.stringify({ query, variables }),
  });
  // biome-ignore lint/suspicious/noExplicitAny: the answers are read loosely, as the storefront reads them
  return (await res.json()) as { data?: any; errors?: unknown[] };
}

const SEARCH = `#graphql
  query Searched($withFacets: Boolean!) {
    search(query: "fromage", first: 5, types: [PRODUCT]) {
      totalCount
      nodes { ... on Product { handle } }
      productFilters @include(if: $withFacets) { id values { label count } }
    }
  }`;

describe("search through the Storefront API", () => {
  it("counts a search's facets when asked for them, and only then", async () => {
    const withFacets = await graphql(SEARCH, { withFacets: true });
    expect(withFacets.errors).toBeUndefined();
    const { totalCount, nodes, productFilters } = withFacets.data.search;
    expect(totalCount).toBeGreaterThan(5);
    expect(nodes).toHaveLength(5);
    const availability = productFilters.find(
      (filter: { id: string }) => filter.id === "filter.v.availability",
    );
    expect(
      availability.values.reduce((sum: number, value: { count: number }) => sum + value.count, 0),
    ).toBe(totalCount);

    const without = await graphql(SEARCH, { withFacets: false });
    expect(without.errors).toBeUndefined();
    expect(without.data.search).toEqual({ totalCount, nodes });
  });
});
