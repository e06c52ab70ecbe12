import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "#db/client.ts";
import {
  type Json,
  ORIGIN,
  openTestShop,
  PRIVATE_TOKEN,
  PUBLIC_HEADERS,
  seedCartFixture,
  type TestStorefrontApi,
} from "#platform/commerce/testing.ts";

let database: Database;
let api: TestStorefrontApi;

beforeAll(async () => {
  ({ database, api } = await openTestShop({ seed: seedCartFixture }));
});
afterAll(() => database?.close());

const PRODUCT = `{ product(handle: "comte-aop-18-mois") { title } }`;

/** Posts a query to `/api/{version}/{endpoint}`: the answer's status, version header and body. */
async function post(
  version: string,
  options: { endpoint?: string; headers?: Record<string, string>; body?: string } = {},
) {
  const response = await api.request(
    `${ORIGIN}/api/${version}/${options.endpoint ?? "graphql.json"}`,
    {
      method: "POST",
      headers: { "content-type": "application/json", ...(options.headers ?? PUBLIC_HEADERS) },
      body: options.body ?? JSON.stringify({ query: PRODUCT }),
    },
  );
  return {
    status: response.status,
    version: response.headers.get("X-Shopify-API-Version"),
    body: (await response.json()) as Json,
  };
}

const answered = { data: { product: { title: "Comté AOP 18 mois" } } };

describe("Storefront API versions and paths, as Shopify serves them", () => {
  it("answers at /graphql.json and at /graphql alike", async () => {
    for (const endpoint of ["graphql.json", "graphql"]) {
      const answer = await post("2024-01", { endpoint });
      expect([endpoint, answer.status, answer.version]).toEqual([endpoint, 200, "2024-01"]);
      expect(answer.body).toEqual(answered);
    }
    const get = await api.request(
      `${ORIGIN}/api/2025-07/graphql?query=${encodeURIComponent(PRODUCT)}`,
      { headers: { ...PUBLIC_HEADERS, accept: "application/json" } },
    );
    expect(get.status).toBe(200);
    expect(get.headers.get("X-Shopify-API-Version")).toBe("2025-07");
    expect(await get.json()).toEqual(answered);
  });

  it("answers the oldest, the newest and unstable as themselves, with the private token too", async () => {
    for (const version of ["2023-01", "2026-10", "unstable"]) {
      for (const headers of [
        PUBLIC_HEADERS,
        { "Shopify-Storefront-Private-Token": PRIVATE_TOKEN },
      ]) {
        const answer = await post(version, { headers });
        expect([version, answer.status, answer.version]).toEqual([version, 200, version]);
        expect(answer.body).toEqual(answered);
      }
    }
  });

  it("answers a retired version as the oldest supported one, and says so", async () => {
    for (const version of ["2022-10", "2021-01"]) {
      for (const endpoint of ["graphql.json", "graphql"]) {
        const answer = await post(version, { endpoint });
        expect([version, answer.status, answer.version]).toEqual([version, 200, "2023-01"]);
        expect(answer.body).toEqual(answered);
      }
    }
  });

  it("names the version on its refusals too: no token (401), a body over 100 kB (413)", async () => {
    const anonymous = await post("2022-07", { headers: {} });
    expect([anonymous.status, anonymous.version]).toEqual([401, "2023-01"]);
    expect(anonymous.body.errors[0].extensions.code).toBe("UNAUTHORIZED");
    const large = await post("2026-04", {
      endpoint: "graphql",
      body: JSON.stringify({ query: `${PRODUCT} # ${"x".repeat(101 * 1024)}` }),
    });
    expect([large.status, large.version]).toEqual([413, "2026-04"]);
    expect(large.body.errors[0].extensions.code).toBe("PAYLOAD_TOO_LARGE");
  });

  it("answers 404 in the API's error shape for a malformed or a future version", async () => {
    for (const version of ["banana", "2024-02", "2027-01", "Unstable"]) {
      for (const endpoint of ["graphql.json", "graphql"]) {
        const answer = await post(version, { endpoint });
        expect([version, endpoint, answer.status, answer.version]).toEqual([
          version,
          endpoint,
          404,
          null,
        ]);
        expect(answer.body).toEqual({
          errors: [
            { message: `Unsupported API version ${version}`, extensions: { code: "NOT_FOUND" } },
          ],
        });
      }
    }
  });
});
