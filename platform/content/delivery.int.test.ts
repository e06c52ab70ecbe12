import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "#db/client.ts";
import { createTestDatabase } from "#db/testing/index.ts";
import { createContentApi } from "#platform/content/http.ts";
import { linkTo, putTestContent, TEST_ACCESS_TOKEN } from "#platform/content/testing.ts";
import { putEntry } from "#platform/content/write.ts";

let database: Database;
let api: ReturnType<typeof createContentApi>;

const BASE = "/content/spaces/comptoir/environments/master";

beforeAll(async () => {
  database = await createTestDatabase();
  await putTestContent(database.db);
  api = createContentApi({ db: database.db, accessToken: TEST_ACCESS_TOKEN });
});
afterAll(() => database?.close());

async function get(path: string, token: string | null = TEST_ACCESS_TOKEN) {
  const headers: Record<string, string> =
    token === null ? {} : { authorization: `Bearer ${token}` };
  const res = await api.request(`${BASE}${path}`, { headers });
  // biome-ignore lint/suspicious/noExplicitAny: response bodies are checked field by field.
  return { status: res.status, body: (await res.json()) as any };
}

const ids = (items: { sys: { id: string } }[]) => items.map((item) => item.sys.id);
const sortedIds = (items: { sys: { id: string } }[] | undefined) => ids(items ?? []).sort();

type Linked = { sys: { id: string }; fields: Record<string, unknown> };

/** Every link inside a value, found independently of the service's own walk. */
function linksIn(value: unknown): { linkType: string; id: string }[] {
  const found: { linkType: string; id: string }[] = [];
  JSON.stringify(value, (_key, node) => {
    if (node?.sys?.type === "Link") found.push({ linkType: node.sys.linkType, id: node.sys.id });
    return node;
  });
  return found;
}

/**
 * What `include=depth` must return for these items, computed from single-entry reads: the
 * entries and assets reachable in at most `depth` links, minus the items themselves.
 */
async function linkedClosure(items: Linked[], depth: number) {
  const itemIds = new Set(ids(items));
  const entries = new Set<string>();
  const assets = new Set<string>();
  let frontier: Linked[] = items;
  for (let level = 0; level < depth && frontier.length > 0; level++) {
    const next: Linked[] = [];
    for (const { linkType, id } of frontier.flatMap((item) => linksIn(item.fields))) {
      if (linkType === "Asset") assets.add(id);
      if (linkType !== "Entry" || itemIds.has(id) || entries.has(id)) continue;
      const res = await get(`/entries/${id}`);
      if (res.status !== 200) continue;
      entries.add(id);
      next.push(res.body);
    }
    frontier = next;
  }
  return { entries: [...entries].sort(), assets: [...assets].sort() };
}

describe("GET entries: filters", () => {
  const products = async (filter: string) => {
    const { status, body } = await get(`/entries?content_type=product&${filter}`);
    expect(status).toBe(200);
    return sortedIds(body.items);
  };

  it("lists every published entry of a content type, in Contentful's array shape", async () => {
    const { status, body } = await get("/entries?content_type=product");
    expect(status).toBe(200);
    expect(body).toMatchObject({ sys: { type: "Array" }, total: 3, skip: 0, limit: 100 });
    expect(body.items[0]).toMatchObject({
      sys: {
        type: "Entry",
        contentType: { sys: { type: "Link", linkType: "ContentType", id: "product" } },
        space: { sys: { type: "Link", linkType: "Space", id: "comptoir" } },
        environment: { sys: { type: "Link", linkType: "Environment", id: "master" } },
        revision: 1,
        locale: "fr",
      },
    });
    expect(body.items[0].sys.createdAt).toMatch(/^\d{4}-\d\d-\d\dT/);
  });

  it("matches a field by equality, and array fields by any element", async () => {
    expect(await products("fields.slug=chocolat-noir")).toEqual(["p1"]);
    expect(await products("fields.tags=Archive")).toEqual(["p2"]);
    expect(await products("fields.isProvince=true")).toEqual(["p1"]);
    expect(await products("fields.prediscount_price=9")).toEqual(["p2"]);
  });

  it("supports [in], [nin], [ne], [exists] and [match]", async () => {
    expect(await products("fields.tags[in]=bio,Archive")).toEqual(["p1", "p2"]);
    expect(await products("fields.tags[nin]=Archive")).toEqual(["p1", "p3"]);
    expect(await products("fields.slug[ne]=confiture")).toEqual(["p1", "p2"]);
    expect(await products("fields.tags[exists]=false")).toEqual(["p3"]);
    expect(await products("fields.tags[exists]=true")).toEqual(["p1", "p2"]);
    expect(await products("fields.name[match]=CHOCO")).toEqual(["p1"]);
    expect(await products("fields.name[match]=100%25")).toEqual([]);
  });

  it("supports [lt], [lte], [gt] and [gte] on numbers and texts", async () => {
    expect(await products("fields.prediscount_price[lt]=12.5")).toEqual(["p2"]);
    expect(await products("fields.prediscount_price[lte]=12.5")).toEqual(["p1", "p2"]);
    expect(await products("fields.prediscount_price[gt]=12.5")).toEqual(["p3"]);
    expect(await products("fields.prediscount_price[gte]=9")).toEqual(["p1", "p2", "p3"]);
    expect(await products("fields.slug[lt]=d")).toEqual(["p1", "p3"]);
    expect(await products("fields.name[gte]=M")).toEqual(["p2"]);
  });

  it("compares sys.createdAt and sys.updatedAt with dates", async () => {
    expect(await products("sys.createdAt[lte]=2999-01-01")).toEqual(["p1", "p2", "p3"]);
    expect(await products("sys.createdAt[gt]=2999-01-01T00:00:00Z")).toEqual([]);
    expect(await products("sys.updatedAt[gte]=2000-01-01")).toEqual(["p1", "p2", "p3"]);
  });

  it("supports [all] on arrays: every value must be there", async () => {
    expect(await products("fields.tags[all]=bio")).toEqual(["p1"]);
    expect(await products("fields.tags[all]=bio,Archive")).toEqual([]);
    const posts = await get("/entries?content_type=blogpost&fields.related.sys.id[all]=post-b");
    expect(sortedIds(posts.body.items)).toEqual(["post-a"]);
  });

  it("finds the entries that link to an entry or an asset (links_to_entry, links_to_asset)", async () => {
    expect(sortedIds((await get("/entries?links_to_entry=post-b")).body.items)).toEqual(["post-a"]);
    expect(sortedIds((await get("/entries?links_to_entry=cat")).body.items)).toEqual([
      "post-a",
      "post-b",
    ]);
    expect(await products("links_to_entry=brand")).toEqual(["p2"]);
    expect(sortedIds((await get("/entries?links_to_asset=img-a")).body.items)).toEqual(["post-a"]);
    expect((await get("/entries?links_to_entry=nothing")).body.total).toBe(0);
  });

  it("matches a link field by the linked id", async () => {
    expect(await products("fields.manufacturer.sys.id=brand")).toEqual(["p2"]);
    expect(await products("fields.manufacturer.sys.id[exists]=true")).toEqual(["p2"]);
  });

  it("filters on sys.id", async () => {
    expect(await products("sys.id=p2")).toEqual(["p2"]);
    expect(await products("sys.id[in]=p1,p3")).toEqual(["p1", "p3"]);
    expect(await products("sys.id[nin]=p1,p3")).toEqual(["p2"]);
    expect(await products("sys.id[ne]=p1")).toEqual(["p2", "p3"]);
  });

  it("matches a link array by a linked id, and searches all fields with query", async () => {
    const posts = async (filter: string) =>
      sortedIds((await get(`/entries?content_type=blogpost&${filter}`)).body.items);
    expect(await posts("fields.related.sys.id=post-c")).toEqual(["post-b"]);
    expect(await posts("fields.related.sys.id[exists]=false")).toEqual(["post-d"]);
    expect(await posts("sys.contentType.sys.id=blogpost&query=RECETTES")).toEqual([]);
    expect(sortedIds((await get("/entries?query=lavande")).body.items)).toEqual(["p2"]);
  });

  it("filters on the locale", async () => {
    expect(await products("locale=fr")).toEqual(["p1", "p2", "p3"]);
    expect(await products("locale=en-US")).toEqual([]);
  });

  it("keeps unpublished entries out, shows the published copy, and counts publishes", async () => {
    await putEntry(database.db, {
      id: "draft",
      contentType: "cms",
      fields: { title: "Brouillon", slug: "brouillon" },
      publish: false,
    });
    expect((await get("/entries?content_type=cms")).body.total).toBe(0);
    expect((await get("/entries/draft")).status).toBe(404);
    await putEntry(database.db, {
      id: "draft",
      contentType: "cms",
      fields: { title: "Publiée", slug: "publiee" },
    });
    const { body } = await get("/entries/draft");
    // Contentful's Delivery API counts publishes in sys.revision.
    expect(body.sys.revision).toBe(1);
    expect(body.fields.title).toBe("Publiée");

    // A draft saved over a published entry shows nowhere until it is published.
    await putEntry(database.db, {
      id: "draft",
      contentType: "cms",
      fields: { title: "Retouchée", slug: "retouchee" },
      publish: false,
    });
    expect((await get("/entries/draft")).body.fields.title).toBe("Publiée");
    const bySlug = async (slug: string) =>
      (await get(`/entries?content_type=cms&fields.slug=${slug}`)).body.total;
    expect([await bySlug("publiee"), await bySlug("retouchee")]).toEqual([1, 0]);
    expect((await get("/entries?query=Retouch")).body.total).toBe(0);
  });
});

describe("GET entries: order, paging and select", () => {
  it("orders by a field, ascending or descending, and by sys properties", async () => {
    const names = async (order: string) =>
      (await get(`/entries?content_type=product&order=${order}`)).body.items.map(
        (item: { fields: { name: string } }) => item.fields.name,
      );
    expect(await names("fields.name")).toEqual([
      "Chocolat noir",
      "Confiture d'abricot",
      "Miel de lavande",
    ]);
    expect(await names("-fields.name")).toEqual([
      "Miel de lavande",
      "Confiture d'abricot",
      "Chocolat noir",
    ]);
    expect(await names("fields.prediscount_price")).toEqual([
      "Miel de lavande",
      "Chocolat noir",
      "Confiture d'abricot",
    ]);
    expect(ids((await get("/entries?content_type=product&order=-sys.id")).body.items)).toEqual([
      "p3",
      "p2",
      "p1",
    ]);
    expect((await get("/entries?content_type=product&order=-sys.updatedAt")).status).toBe(200);
  });

  it("pages with skip and limit, and reports the total", async () => {
    const { body } = await get("/entries?content_type=product&order=fields.name&skip=1&limit=1");
    expect(body).toMatchObject({ total: 3, skip: 1, limit: 1 });
    expect(ids(body.items)).toEqual(["p3"]);
  });

  it("selects the requested properties only", async () => {
    const { body } = await get("/entries?content_type=product&sys.id=p1&select=sys.id,fields.name");
    expect(body.items).toEqual([
      { sys: { id: "p1", type: "Entry" }, fields: { name: "Chocolat noir" } },
    ]);
  });
});

describe("GET entries: include", () => {
  it("includes linked entries and assets down to the requested depth, each once", async () => {
    const { body } = await get("/entries?content_type=blogpost&fields.slug=a&include=2");
    expect(ids(body.items)).toEqual(["post-a"]);
    expect(sortedIds(body.includes.Entry)).toEqual(["cat", "post-b", "post-c"]);
    expect(sortedIds(body.includes.Asset)).toEqual(["doc-b", "img-a"]);
    expect(
      body.includes.Asset.find((a: { sys: { id: string } }) => a.sys.id === "img-a"),
    ).toMatchObject({
      sys: { type: "Asset" },
      fields: {
        title: "Photo A",
        file: { contentType: "image/jpeg", details: { image: { width: 800 } } },
      },
    });
  });

  it("includes one level by default and nothing with include=0", async () => {
    const one = (await get("/entries?content_type=blogpost&fields.slug=a")).body;
    expect(sortedIds(one.includes.Entry)).toEqual(["cat", "post-b"]);
    expect(sortedIds(one.includes.Asset)).toEqual(["img-a"]);
    const none = (await get("/entries?content_type=blogpost&fields.slug=a&include=0")).body;
    expect(none.includes).toBeUndefined();
  });

  it("include=5 gives every linked entry and asset once, and none of the items", async () => {
    const { status, body } = await get("/entries?content_type=blogpost&include=5&order=sys.id");
    expect(status).toBe(200);
    const expected = await linkedClosure(body.items, 5);
    const entries = ids(body.includes.Entry);
    const assets = ids(body.includes.Asset);
    expect(new Set(entries).size).toBe(entries.length);
    expect(new Set(assets).size).toBe(assets.length);
    expect([...entries].sort()).toEqual(expected.entries);
    expect([...assets].sort()).toEqual(expected.assets);
    for (const id of ids(body.items)) expect(entries).not.toContain(id);
  });

  it("never repeats the items themselves in includes", async () => {
    const { body } = await get("/entries?content_type=blogpost&include=10");
    expect(sortedIds(body.items)).toEqual(["post-a", "post-b", "post-c", "post-d"]);
    expect(sortedIds(body.includes.Entry)).toEqual(["cat"]);
  });

  it("reports links to missing entries as not resolvable", async () => {
    await putEntry(database.db, {
      id: "orphan",
      contentType: "blogpost",
      fields: { title: "orphan", slug: "orphan", related: [linkTo("Entry", "nowhere")] },
    });
    const { body } = await get("/entries?content_type=blogpost&fields.slug=orphan");
    expect(body.errors).toEqual([
      {
        sys: { id: "notResolvable", type: "error" },
        details: { type: "Link", linkType: "Entry", id: "nowhere" },
      },
    ]);
  });
});

describe("single resources, assets and content types", () => {
  it("answers one entry by id", async () => {
    const { status, body } = await get("/entries/p1");
    expect(status).toBe(200);
    expect(body).toMatchObject({
      sys: { id: "p1", type: "Entry" },
      fields: { slug: "chocolat-noir" },
    });
  });

  it("lists and filters assets, and answers one", async () => {
    const all = (await get("/assets?order=sys.id")).body;
    expect(ids(all.items)).toEqual(["doc-b", "img-a"]);
    const pdf = (await get("/assets?fields.file.contentType=application/pdf")).body;
    expect(ids(pdf.items)).toEqual(["doc-b"]);
    expect(ids((await get("/assets?fields.title[match]=photo")).body.items)).toEqual(["img-a"]);
    const one = await get("/assets/img-a");
    expect(one.body).toMatchObject({
      sys: { id: "img-a", type: "Asset" },
      fields: { title: "Photo A" },
    });
    expect((await get("/assets/nothing")).status).toBe(404);
  });

  it("describes the content types", async () => {
    const all = (await get("/content_types")).body;
    expect(ids(all.items)).toContain("main_menu");
    const product = await get("/content_types/product");
    expect(product.body).toMatchObject({
      sys: { id: "product", type: "ContentType" },
      displayField: "name",
    });
    expect(product.body.fields).toContainEqual(
      expect.objectContaining({ id: "manufacturer", type: "Link", linkType: "Entry" }),
    );
    expect((await get("/content_types/nothing")).status).toBe(404);
  });

  it("answers under the space without an environment segment", async () => {
    const res = await api.request("/content/spaces/comptoir/entries/p1", {
      headers: { authorization: `Bearer ${TEST_ACCESS_TOKEN}` },
    });
    expect(res.status).toBe(200);
  });
});

describe("errors", () => {
  const expectError = async (path: string, status: number, id: string, token?: string | null) => {
    const res = await get(path, token);
    expect(res.status).toBe(status);
    expect(res.body).toMatchObject({ sys: { type: "Error", id } });
    expect(res.body.requestId).toEqual(expect.any(String));
    return res.body;
  };

  it("refuses limit over 1000, include over 10 and malformed numbers", async () => {
    await expectError("/entries?limit=1001", 400, "InvalidQuery");
    await expectError("/entries?include=11", 400, "InvalidQuery");
    await expectError("/entries?skip=-1", 400, "InvalidQuery");
    await expectError("/entries?limit=abc", 400, "InvalidQuery");
  });

  it("refuses unknown operators, fields, parameters and orders", async () => {
    const body = await expectError(
      "/entries?content_type=blogpost&fields.title[foo]=x",
      400,
      "InvalidQuery",
    );
    expect(body.message).toContain("foo");
    await expectError("/entries?content_type=blogpost&fields.nope=x", 400, "InvalidQuery");
    await expectError("/entries?content_type=blogpost&fields.title[near]=1,2", 400, "InvalidQuery");
    await expectError(
      "/entries?content_type=product&fields.prediscount_price[lt]=abc",
      400,
      "InvalidQuery",
    );
    await expectError("/entries?content_type=blogpost&fields.related[gt]=x", 400, "InvalidQuery");
    await expectError("/entries?sys.id[lt]=x", 400, "InvalidQuery");
    await expectError("/entries?sys.createdAt[gt]=someday", 400, "InvalidQuery");
    await expectError("/entries?fields.title=x", 400, "InvalidQuery");
    await expectError("/entries?content_type=nope", 400, "InvalidQuery");
    await expectError("/entries?colour=red", 400, "InvalidQuery");
    await expectError("/entries?content_type=blogpost&order=fields.related", 400, "InvalidQuery");
    await expectError("/entries?content_type=blogpost&select=fields.nope", 400, "InvalidQuery");
    await expectError(
      "/entries?content_type=blogpost&fields.tags[exists]=maybe",
      400,
      "InvalidQuery",
    );
  });

  it("answers 401 for a wrong or missing token, and accepts access_token in the query", async () => {
    await expectError("/entries", 401, "AccessTokenInvalid", "wrong-token");
    await expectError("/entries", 401, "AccessTokenInvalid", null);
    const res = await api.request(`${BASE}/entries?access_token=${TEST_ACCESS_TOKEN}`);
    expect(res.status).toBe(200);
  });

  it("answers 404 for an unknown entry, space, environment or path", async () => {
    await expectError("/entries/nothing", 404, "NotFound");
    const other = await api.request("/content/spaces/other/environments/master/entries", {
      headers: { authorization: `Bearer ${TEST_ACCESS_TOKEN}` },
    });
    expect(other.status).toBe(404);
    const env = await api.request("/content/spaces/comptoir/environments/staging/entries", {
      headers: { authorization: `Bearer ${TEST_ACCESS_TOKEN}` },
    });
    expect(env.status).toBe(404);
    await expectError("/whatever", 404, "NotFound");
  });
});
