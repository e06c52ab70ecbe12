import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { configureService } from "#app/lib/services.server.ts";
import {
  CATALOGUE_READ_ENTRIES,
  CATALOGUE_READ_TTL_MS,
  catalogueQuery,
  forgetCatalogueReads,
  StorefrontError,
} from "#app/lib/storefront.server.ts";

/** A commerce service that answers each query with how many it has answered, or fails. */
let answered = 0;
let failing = false;
let release: (() => void) | null = null;

beforeEach(() => {
  answered = 0;
  failing = false;
  release = null;
  forgetCatalogueReads();
  configureService("commerce", {
    baseUrl: "http://commerce.test",
    handler: async (request) => {
      const { variables } = (await request.json()) as { variables: Record<string, unknown> };
      if (variables.wait) await new Promise<void>((resolve) => (release = resolve));
      answered += 1;
      return failing
        ? Response.json({ errors: [{ message: "down" }] }, { status: 500 })
        : Response.json({ data: { answer: answered, variables } });
    },
  });
});
afterEach(() => forgetCatalogueReads());

/** Lets the waiting answer go, once it is waiting. */
async function letThrough() {
  await expect.poll(() => release).not.toBeNull();
  const waiting = release;
  release = null;
  waiting?.();
}

const QUERY = "query Test { shop { name } }";
type Answer = { answer: number };

describe("catalogueQuery", () => {
  it("asks the service once for the same query and variables, again for other variables", async () => {
    const first = await catalogueQuery<Answer>(QUERY, { handle: "brie" });
    expect(await catalogueQuery<Answer>(QUERY, { handle: "brie" })).toBe(first);
    expect((await catalogueQuery<Answer>(QUERY, { handle: "comte" })).answer).toBe(2);
    expect(answered).toBe(2);
  });

  it("asks again once a read is a minute old", async () => {
    let now = 1_000_000;
    await catalogueQuery(QUERY, {}, () => now);
    now += CATALOGUE_READ_TTL_MS - 1;
    await catalogueQuery(QUERY, {}, () => now);
    expect(answered).toBe(1);
    now += 1;
    expect((await catalogueQuery<Answer>(QUERY, {}, () => now)).answer).toBe(2);
  });

  it("shares one request between concurrent reads", async () => {
    const reads = [
      catalogueQuery<Answer>(QUERY, { wait: true }),
      catalogueQuery(QUERY, { wait: true }),
    ];
    await letThrough();
    const [a, b] = await Promise.all(reads);
    expect(a).toBe(b);
    expect(answered).toBe(1);
  });

  it("does not keep a failure", async () => {
    failing = true;
    await expect(catalogueQuery(QUERY)).rejects.toBeInstanceOf(StorefrontError);
    failing = false;
    expect((await catalogueQuery<Answer>(QUERY)).answer).toBe(2);
  });

  it("forgets everything on a catalogue change, a read still on its way too", async () => {
    await catalogueQuery(QUERY, { handle: "brie" });
    const onItsWay = catalogueQuery<Answer>(QUERY, { wait: true });
    forgetCatalogueReads();
    await letThrough();
    expect((await onItsWay).answer).toBe(2); // still answers the page that asked
    expect((await catalogueQuery<Answer>(QUERY, { handle: "brie" })).answer).toBe(3);
    const again = catalogueQuery<Answer>(QUERY, { wait: true });
    await letThrough();
    expect((await again).answer).toBe(4);
  });

  it("keeps the most recently used reads when it is full", async () => {
    for (let i = 0; i <= CATALOGUE_READ_ENTRIES; i++) await catalogueQuery(QUERY, { i });
    expect(answered).toBe(CATALOGUE_READ_ENTRIES + 1);
    await catalogueQuery(QUERY, { i: CATALOGUE_READ_ENTRIES }); // the newest: kept
    expect(answered).toBe(CATALOGUE_READ_ENTRIES + 1);
    await catalogueQuery(QUERY, { i: 0 }); // the oldest: dropped
    expect(answered).toBe(CATALOGUE_READ_ENTRIES + 2);
  });
});
