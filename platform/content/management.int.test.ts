import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "#db/client.ts";
import { createTestDatabase } from "#db/testing/index.ts";
import { getAsset, getEntry } from "#platform/content/delivery.ts";
import { createContentApi } from "#platform/content/http.ts";
import { type ContentChange, createContentManagementApi } from "#platform/content/management.ts";
import { linkTo, TEST_ACCESS_TOKEN } from "#platform/content/testing.ts";

const TOKEN = "content-test-management-token";
const BASE = "/content-management/spaces/comptoir/environments/master";
const scope = { space: "comptoir", environment: "master" };

let database: Database;
let api: ReturnType<typeof createContentManagementApi>;
let delivery: ReturnType<typeof createContentApi>;
const changes: ContentChange[] = [];

beforeAll(async () => {
  database = await createTestDatabase();
  api = createContentManagementApi({
    db: database.db,
    managementToken: TOKEN,
    onChange: (change) => {
      changes.push(change);
    },
  });
  delivery = createContentApi({ db: database.db, accessToken: TEST_ACCESS_TOKEN });
});
afterAll(() => database?.close());

type Options = { body?: unknown; version?: number; contentType?: string; token?: string | null };

async function send(method: string, path: string, options: Options = {}) {
  const headers: Record<string, string> = { "content-type": "application/json" };
  const token = options.token === undefined ? TOKEN : options.token;
  if (token !== null) headers.authorization = `Bearer ${token}`;
  if (options.version !== undefined) headers["x-contentful-version"] = String(options.version);
  if (options.contentType) headers["x-contentful-content-type"] = options.contentType;
  const res = await api.request(`${BASE}${path}`, {
    method,
    headers,
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  const text = await res.text();
  // biome-ignore lint/suspicious/noExplicitAny: response bodies are checked field by field.
  return { status: res.status, body: (text ? JSON.parse(text) : null) as any };
}

async function delivered(path: string) {
  const res = await delivery.request(`/content/spaces/comptoir/environments/master${path}`, {
    headers: { authorization: `Bearer ${TEST_ACCESS_TOKEN}` },
  });
  return res.status;
}

describe("entries", () => {
  it("creates a draft entry from localised fields and answers it in management shape", async () => {
    const { status, body } = await send("PUT", "/entries/post-1", {
      contentType: "blogpost",
      body: { fields: { title: { fr: "Premier" }, slug: { "fr-FR": "x" } } },
    });
    expect(status).toBe(422);
    expect(body.sys).toEqual({ type: "Error", id: "ValidationFailed" });

    const created = await send("PUT", "/entries/post-1", {
      contentType: "blogpost",
      body: { fields: { title: { fr: "Premier" }, slug: "premier" } },
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      sys: {
        id: "post-1",
        type: "Entry",
        version: 1,
        contentType: { sys: { type: "Link", linkType: "ContentType", id: "blogpost" } },
      },
      fields: { title: { fr: "Premier" }, slug: { fr: "premier" } },
    });
    expect(created.body.sys.publishedVersion).toBeUndefined();
    expect(created.body.sys.createdAt).toMatch(/^\d{4}-\d\d-\d\dT/);
    expect(await delivered("/entries/post-1")).toBe(404);
    expect(changes.at(-1)).toEqual({ kind: "Entry", id: "post-1", contentType: "blogpost" });
  });

  it("updates with the current version, and refuses a stale one without changing anything", async () => {
    const updated = await send("PUT", "/entries/post-1", {
      version: 1,
      body: { fields: { title: "Premier billet", slug: "premier" } },
    });
    expect(updated.status).toBe(200);
    expect(updated.body.sys.version).toBe(2);
    expect(updated.body.fields.title).toEqual({ fr: "Premier billet" });

    const before = changes.length;
    const stale = await send("PUT", "/entries/post-1", {
      version: 1,
      body: { fields: { title: "Écrasé" } },
    });
    expect(stale.status).toBe(409);
    expect(stale.body).toMatchObject({ sys: { type: "Error", id: "VersionMismatch" } });
    expect(typeof stale.body.message).toBe("string");
    expect(typeof stale.body.requestId).toBe("string");
    expect(changes.length).toBe(before);

    const missing = await send("PUT", "/entries/post-1", { body: { fields: { title: "Écrasé" } } });
    expect(missing.status).toBe(409);

    await send("PUT", "/entries/post-1/published", { version: 2 });
    const entry = await getEntry(database.db, "post-1", scope);
    expect(entry.fields).toEqual({ title: "Premier billet", slug: "premier" });
    expect(entry.sys.revision).toBe(3);
  });

  it("lets exactly one of 20 concurrent updates with the same version succeed", async () => {
    const { body } = await send("GET", "/entries/post-1");
    const version: number = body.sys.version;
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        send("PUT", "/entries/post-1", {
          version,
          body: { fields: { title: `Version ${i}`, slug: "premier" } },
        }),
      ),
    );
    const statuses = results.map((result) => result.status);
    expect(statuses.filter((status) => status === 200)).toHaveLength(1);
    expect(statuses.filter((status) => status === 409)).toHaveLength(19);
    const winner = results.find((result) => result.status === 200)?.body;
    const entry = await getEntry(database.db, "post-1", scope);
    expect(entry.sys.revision).toBe(version + 1);
    expect({ title: entry.fields.title }).toEqual({ title: winner.fields.title.fr });
  });

  it("publishes, unpublishes and deletes, each conditional on the version", async () => {
    await send("PUT", "/entries/post-2", {
      contentType: "blogpost",
      body: { fields: { title: "Deux", slug: "deux", related: [linkTo("Entry", "post-1")] } },
    });
    expect((await send("PUT", "/entries/post-2/published", { version: 7 })).status).toBe(409);
    expect(await delivered("/entries/post-2")).toBe(404);

    const published = await send("PUT", "/entries/post-2/published", { version: 1 });
    expect(published.status).toBe(200);
    expect(published.body.sys).toMatchObject({ version: 2, publishedVersion: 2 });
    expect(await delivered("/entries/post-2")).toBe(200);
    expect(changes.at(-1)).toEqual({ kind: "Entry", id: "post-2", contentType: "blogpost" });

    const unpublished = await send("DELETE", "/entries/post-2/published", { version: 2 });
    expect(unpublished.status).toBe(200);
    expect(unpublished.body.sys.version).toBe(3);
    expect(unpublished.body.sys.publishedVersion).toBeUndefined();
    expect(await delivered("/entries/post-2")).toBe(404);
    expect((await send("DELETE", "/entries/post-2/published")).status).toBe(400);

    expect((await send("DELETE", "/entries/post-2", { version: 2 })).status).toBe(409);
    expect((await send("GET", "/entries/post-2")).status).toBe(200);
    const deleted = await send("DELETE", "/entries/post-2", { version: 3 });
    expect(deleted.status).toBe(204);
    expect(changes.at(-1)).toEqual({ kind: "Entry", id: "post-2", contentType: "blogpost" });
    expect((await send("GET", "/entries/post-2")).status).toBe(404);
    expect((await send("DELETE", "/entries/post-2", { version: 3 })).status).toBe(404);
  });

  it("refuses unknown content types, unknown fields and ill-typed values with 422", async () => {
    const cases: Options[] = [
      { contentType: "nope", body: { fields: { title: "x" } } },
      { body: { fields: { title: "x" } } },
      { contentType: "blogpost", body: { fields: { nope: "x" } } },
      { contentType: "blogpost", body: { fields: { title: 12 } } },
      { contentType: "blogpost", body: { fields: { image: linkTo("Entry", "post-1") } } },
      { contentType: "blogpost", body: { title: "no fields wrapper" } },
    ];
    for (const options of cases) {
      const { status, body } = await send("PUT", "/entries/bad", options);
      expect(status).toBe(422);
      expect(body.sys.id).toBe("ValidationFailed");
    }
    const update = await send("PUT", "/entries/post-1", {
      version: 1,
      body: { fields: { nope: "x" } },
    });
    expect(update.status).toBe(422);
    expect((await send("GET", "/entries/bad")).status).toBe(404);
  });

  it("answers 401 AccessTokenInvalid without the management token", async () => {
    for (const token of [null, "wrong", TEST_ACCESS_TOKEN]) {
      const { status, body } = await send("GET", "/entries/post-1", { token });
      expect(status).toBe(401);
      expect(body.sys.id).toBe("AccessTokenInvalid");
    }
    const res = await api.request(`${BASE}/entries/post-1?access_token=${TOKEN}`);
    expect(res.status).toBe(401);
  });

  it("answers 404 for another space or environment", async () => {
    const res = await api.request(
      "/content-management/spaces/other/environments/master/entries/post-1",
      { headers: { authorization: `Bearer ${TOKEN}` } },
    );
    expect(res.status).toBe(404);
  });
});

describe("assets", () => {
  const file = { url: "//images.example/m.jpg", fileName: "m.jpg", contentType: "image/jpeg" };

  it("creates, updates, publishes, unpublishes and deletes an asset", async () => {
    expect((await send("PUT", "/assets/img-m", { body: { fields: { title: "M" } } })).status).toBe(
      422,
    );
    const created = await send("PUT", "/assets/img-m", {
      body: { fields: { title: { fr: "Photo M" }, file: { fr: file } } },
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      sys: { id: "img-m", type: "Asset", version: 1 },
      fields: { title: { fr: "Photo M" }, file: { fr: file } },
    });
    expect(changes.at(-1)).toEqual({ kind: "Asset", id: "img-m" });

    const stale = await send("PUT", "/assets/img-m", {
      version: 5,
      body: { fields: { title: "X" } },
    });
    expect(stale.status).toBe(409);
    const updated = await send("PUT", "/assets/img-m", {
      version: 1,
      body: { fields: { title: "Photo M2", description: "Une photo" } },
    });
    expect(updated.status).toBe(200);
    expect(updated.body.fields).toMatchObject({
      title: { fr: "Photo M2" },
      description: { fr: "Une photo" },
      file: { fr: file },
    });

    expect(await delivered("/assets/img-m")).toBe(404);
    expect((await send("PUT", "/assets/img-m/published", { version: 2 })).status).toBe(200);
    const asset = await getAsset(database.db, "img-m", scope);
    expect(asset.fields).toMatchObject({ title: "Photo M2", description: "Une photo", file });
    expect((await send("DELETE", "/assets/img-m/published", { version: 3 })).status).toBe(200);
    expect(await delivered("/assets/img-m")).toBe(404);

    expect((await send("DELETE", "/assets/img-m", { version: 3 })).status).toBe(409);
    expect((await send("DELETE", "/assets/img-m", { version: 4 })).status).toBe(204);
    expect((await send("GET", "/assets/img-m")).status).toBe(404);
    expect(changes.at(-1)).toEqual({ kind: "Asset", id: "img-m" });
  });

  it("refuses unknown asset fields", async () => {
    const { status, body } = await send("PUT", "/assets/img-n", {
      body: { fields: { file, caption: "?" } },
    });
    expect(status).toBe(422);
    expect(body.sys.id).toBe("ValidationFailed");
  });
});
