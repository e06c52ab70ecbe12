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

  const PAGED = `#graphql
    query Paged($query: String!, $first: Int, $after: String, $last: Int, $before: String,
        $reverse: Boolean, $filters: [ProductFilter!]) {
      search(query: $query, first: $first, after: $after, last: $last, before: $before,
          reverse: $reverse, types: [PRODUCT], productFilters: $filters) {
        totalCount
        nodes { ... on Product { handle availableForSale } }
        pageInfo { hasNextPage hasPreviousPage startCursor endCursor }
      }
    }`;
  const paged = async (variables: Record<string, unknown>) => {
    const answer = await graphql(PAGED, { query: "chocolat", ...variables });
    expect(answer.errors).toBeUndefined();
    return answer.data.search;
  };
  const handles = (page: { nodes: { handle: string }[] }) => page.nodes.map((node) => node.handle);

  it("pages through the ranked matches forwards and backwards, each product once", async () => {
    const all = await paged({ first: 250 });
    expect(all.totalCount).toBe(all.nodes.length);
    expect(all.totalCount).toBeGreaterThan(12);
    expect(all.pageInfo.hasNextPage).toBe(false);

    const first = await paged({ first: 5 });
    expect(handles(first)).toEqual(handles(all).slice(0, 5));
    expect(first.totalCount).toBe(all.totalCount);
    expect(first.pageInfo).toMatchObject({ hasNextPage: true, hasPreviousPage: false });
    const second = await paged({ first: 5, after: first.pageInfo.endCursor });
    expect(handles(second)).toEqual(handles(all).slice(5, 10));
    expect(second.pageInfo).toMatchObject({ hasNextPage: true, hasPreviousPage: true });

    // Back from the second page's start: the first page again.
    const back = await paged({ last: 5, before: second.pageInfo.startCursor });
    expect(handles(back)).toEqual(handles(all).slice(0, 5));
    expect(back.pageInfo.hasPreviousPage).toBe(false);
    const last = await paged({ last: 3 });
    expect(handles(last)).toEqual(handles(all).slice(-3));
    expect(last.pageInfo).toMatchObject({ hasNextPage: false, hasPreviousPage: true });

    const reversed = await paged({ first: 250, reverse: true });
    expect(handles(reversed)).toEqual(handles(all).toReversed());
  });

  it("filters the ranked matches and counts what the filters keep", async () => {
    const all = await paged({ first: 250 });
    const kept = all.nodes.filter((node: { availableForSale: boolean }) => !node.availableForSale);
    const off = await paged({ first: 250, filters: [{ available: false }] });
    expect(handles(off)).toEqual(handles({ nodes: kept }));
    expect(off.totalCount).toBe(kept.length);
    const none = await paged({ first: 5, filters: [{ price: { min: 1e12 } }] });
    expect(none).toMatchObject({ totalCount: 0, nodes: [] });
  });

  it("pages through the typo fallback too", async () => {
    const first = await paged({ query: "chocolta noirr", first: 2 });
    expect(first.nodes).toHaveLength(2);
    const second = await paged({
      query: "chocolta noirr",
      first: 2,
      after: first.pageInfo.endCursor,
    });
    expect(second.nodes.length).toBeGreaterThan(0);
    expect(handles(second)).not.toContain(handles(first)[0]);
  });
});
