import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { configureService } from "#app/lib/services.server.ts";
import {
  CATALOGUE_READ_ENTRIES,
  CATALOGUE_READ_TTL_MS,
  catalogueNodes,
  catalogueQuery,
  forgetCatalogueReads,
  StorefrontError,
  type TypedDocument,
} from "#app/lib/storefront.server.ts";
import { collectSurrogateKeys } from "#platform/surrogate-keys.ts";

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

describe("catalogueNodes", () => {
  type Node = { id: string; answer: number };
  const NODES = "query Nodes($ids: [ID!]!) { nodes(ids: $ids) { id } }" as TypedDocument<
    { nodes: (Node | null)[] },
    { ids: string[] }
  >;
  const gid = (id: number) => `gid://shopify/Product/${id}`;
  let asked: string[][] = [];

  beforeEach(() => {
    asked = [];
    configureService("commerce", {
      baseUrl: "http://commerce.test",
      handler: async (request) => {
        const { variables } = (await request.json()) as { variables: { ids: string[] } };
        answered += 1;
        asked.push(variables.ids);
        if (failing) return Response.json({ errors: [{ message: "down" }] }, { status: 500 });
        const nodes = variables.ids.map((id) => (id === gid(0) ? null : { id, answer: answered }));
        return Response.json({ data: { nodes } });
      },
    });
  });

  it("asks in one request for the objects not kept, and answers in the order asked", async () => {
    const first = await catalogueNodes(NODES, [gid(1), gid(2)]);
    expect(first.map((node) => node?.id)).toEqual([gid(1), gid(2)]);
    const second = await catalogueNodes(NODES, [gid(3), gid(2), gid(0), gid(1)]);
    expect(asked).toEqual([
      [gid(1), gid(2)],
      [gid(3), gid(0)],
    ]);
    expect(second.map((node) => node?.answer ?? null)).toEqual([2, 1, null, 1]);
    expect(second[1]).toBe(first[1]);
  });

  it("asks again once a minute old, or after a catalogue change, and keeps no failure", async () => {
    let now = 1_000_000;
    await catalogueNodes(NODES, [gid(1)], () => now);
    now += CATALOGUE_READ_TTL_MS;
    await catalogueNodes(NODES, [gid(1)], () => now);
    forgetCatalogueReads();
    failing = true;
    await expect(catalogueNodes(NODES, [gid(1)], () => now)).rejects.toBeInstanceOf(
      StorefrontError,
    );
    failing = false;
    expect((await catalogueNodes(NODES, [gid(1)], () => now))[0]?.answer).toBe(4);
    expect(asked).toHaveLength(4);
  });

  it("names a page by the surrogate keys of the objects it shows, kept ones too", async () => {
    const first = await collectSurrogateKeys(() => catalogueNodes(NODES, [gid(1), gid(2)]));
    expect(first.keys.sort()).toEqual(["product-1", "product-2"]);
    const second = await collectSurrogateKeys(() => catalogueNodes(NODES, [gid(2), gid(3)]));
    expect(second.keys.sort()).toEqual(["product-2", "product-3"]);
  });
});
