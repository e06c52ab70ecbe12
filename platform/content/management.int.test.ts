import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "#db/client.ts";
import { createTestDatabase } from "#db/testing/index.ts";
import { createContentApi, createContentPreviewApi } from "#platform/content/http.ts";
import { type ContentChange, createContentManagementApi } from "#platform/content/management.ts";
import { linkTo, TEST_ACCESS_TOKEN } from "#platform/content/testing.ts";

/**
 * The Management API over HTTP, as Contentful's: drafts apart from the published copy, publish,
 * unpublish, archive and delete with Contentful's rules, the version on every change (409),
 * validation from the model at publish, snapshots of each publish.
 */

const TOKEN = "content-test-management-token";
const PREVIEW_TOKEN = "content-test-preview-token";
const BASE = "/content-management/spaces/comptoir/environments/master";

let database: Database;
let api: ReturnType<typeof createContentManagementApi>;
let delivery: ReturnType<typeof createContentApi>;
let preview: ReturnType<typeof createContentPreviewApi>;
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
  preview = createContentPreviewApi({ db: database.db, accessToken: PREVIEW_TOKEN });
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

/** What shoppers get: the Delivery API's answer for a path. */
async function delivered(path: string) {
  const res = await delivery.request(`/content/spaces/comptoir/environments/master${path}`, {
    headers: { authorization: `Bearer ${TEST_ACCESS_TOKEN}` },
  });
  // biome-ignore lint/suspicious/noExplicitAny: response bodies are checked field by field.
  return { status: res.status, body: (await res.json()) as any };
}

async function previewed(path: string) {
  const res = await preview.request(`/content-preview/spaces/comptoir/environments/master${path}`, {
    headers: { authorization: `Bearer ${PREVIEW_TOKEN}` },
  });
  // Drafts are never kept by a cache, errors included.
  expect(res.headers.get("cache-control")).toBe("no-store, private");
  // biome-ignore lint/suspicious/noExplicitAny: response bodies are checked field by field.
  return { status: res.status, body: (await res.json()) as any };
}

/** Creates an entry and returns its version. */
async function create(id: string, contentType: string, fields: Record<string, unknown>) {
  const created = await send("PUT", `/entries/${id}`, { contentType, body: { fields } });
  expect(created.status).toBe(201);
  return created.body.sys.version as number;
}

async function publish(id: string, version: number) {
  const published = await send("PUT", `/entries/${id}/published`, { version });
  expect(published.status).toBe(200);
  return published.body.sys.version as number;
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
        publishedCounter: 0,
        fieldStatus: { "*": { fr: "draft" } },
        createdBy: { sys: { type: "Link", linkType: "User", id: "management-api" } },
        contentType: { sys: { type: "Link", linkType: "ContentType", id: "blogpost" } },
      },
      fields: { title: { fr: "Premier" }, slug: { fr: "premier" } },
    });
    expect(created.body.sys.publishedVersion).toBeUndefined();
    expect(created.body.sys.createdAt).toMatch(/^\d{4}-\d\d-\d\dT/);
    expect((await delivered("/entries/post-1")).status).toBe(404);
    expect(changes.at(-1)).toEqual({
      kind: "Entry",
      id: "post-1",
      contentType: "blogpost",
      action: "create",
      live: false,
    });
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
    expect((await send("GET", "/entries/post-1")).body.fields.title).toEqual({
      fr: "Premier billet",
    });

    const missing = await send("PUT", "/entries/post-1", { body: { fields: { title: "Écrasé" } } });
    expect(missing.status).toBe(409);

    const published = await send("PUT", "/entries/post-1/published", { version: 2 });
    expect(published.body.sys).toMatchObject({
      version: 3,
      publishedVersion: 2,
      publishedCounter: 1,
      fieldStatus: { "*": { fr: "published" } },
    });
    const entry = await delivered("/entries/post-1");
    expect(entry.body.fields).toEqual({ title: "Premier billet", slug: "premier" });
    expect(entry.body.sys.revision).toBe(1);
    expect(changes.at(-1)).toMatchObject({ id: "post-1", action: "publish", live: true });
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
    const now = (await send("GET", "/entries/post-1")).body;
    expect(now.sys.version).toBe(version + 1);
    expect(now.fields.title).toEqual(winner.fields.title);
    // Shoppers still see what was published.
    expect((await delivered("/entries/post-1")).body.fields.title).toBe("Premier billet");
  });

  it("keeps the draft apart: draft, published, changed, and published again", async () => {
    let version = await create("cms-a", "cms", { title: "CGV", slug: "cgv" });
    expect((await delivered("/entries/cms-a")).status).toBe(404);
    expect((await previewed("/entries/cms-a")).body.fields.title).toBe("CGV");

    version = await publish("cms-a", version);
    const saved = await send("PUT", "/entries/cms-a", {
      version,
      body: { fields: { title: "Conditions générales de vente", slug: "cgv" } },
    });
    expect(saved.body.sys).toMatchObject({
      version: 3,
      publishedVersion: 1,
      fieldStatus: { "*": { fr: "changed" } },
    });
    expect(changes.at(-1)).toMatchObject({ id: "cms-a", action: "save", live: false });
    expect((await delivered("/entries/cms-a")).body.fields.title).toBe("CGV");
    expect((await previewed("/entries/cms-a")).body.fields.title).toBe(
      "Conditions générales de vente",
    );
    const listed = await delivered("/entries?content_type=cms&fields.title[match]=générales");
    expect(listed.body.total).toBe(0);

    version = await publish("cms-a", 3);
    expect((await delivered("/entries/cms-a")).body).toMatchObject({
      sys: { revision: 2 },
      fields: { title: "Conditions générales de vente" },
    });
    expect((await send("GET", "/entries/cms-a")).body.sys).toMatchObject({
      version: 4,
      publishedVersion: 3,
      publishedCounter: 2,
      fieldStatus: { "*": { fr: "published" } },
    });
  });

  it("publishes, unpublishes and deletes, each conditional on the version", async () => {
    await send("PUT", "/entries/post-2", {
      contentType: "blogpost",
      body: { fields: { title: "Deux", slug: "deux", related: [linkTo("Entry", "post-1")] } },
    });
    expect((await send("PUT", "/entries/post-2/published", { version: 7 })).status).toBe(409);
    expect((await send("PUT", "/entries/post-2/published")).status).toBe(409);
    expect((await delivered("/entries/post-2")).status).toBe(404);

    const published = await send("PUT", "/entries/post-2/published", { version: 1 });
    expect(published.status).toBe(200);
    expect(published.body.sys).toMatchObject({ version: 2, publishedVersion: 1 });
    expect((await delivered("/entries/post-2")).status).toBe(200);

    const refused = await send("DELETE", "/entries/post-2", { version: 2 });
    expect(refused.status).toBe(400);
    expect(refused.body.sys.id).toBe("BadRequest");

    expect((await send("DELETE", "/entries/post-2/published", { version: 1 })).status).toBe(409);
    const unpublished = await send("DELETE", "/entries/post-2/published", { version: 2 });
    expect(unpublished.status).toBe(200);
    expect(unpublished.body.sys.version).toBe(3);
    expect(unpublished.body.sys.publishedVersion).toBeUndefined();
    expect(unpublished.body.sys.fieldStatus).toEqual({ "*": { fr: "draft" } });
    expect(changes.at(-1)).toMatchObject({ id: "post-2", action: "unpublish", live: true });
    expect((await delivered("/entries/post-2")).status).toBe(404);
    expect((await send("DELETE", "/entries/post-2/published")).status).toBe(400);

    expect((await send("DELETE", "/entries/post-2", { version: 2 })).status).toBe(409);
    expect((await send("GET", "/entries/post-2")).status).toBe(200);
    const deleted = await send("DELETE", "/entries/post-2", { version: 3 });
    expect(deleted.status).toBe(204);
    expect(changes.at(-1)).toMatchObject({ id: "post-2", action: "delete", live: false });
    expect((await send("GET", "/entries/post-2")).status).toBe(404);
    expect((await send("DELETE", "/entries/post-2", { version: 3 })).status).toBe(404);
  });

  it("archives only what is unpublished; an archived entry is neither edited nor published", async () => {
    let version = await create("cms-old", "cms", { title: "Ancienne page", slug: "ancienne" });
    version = await publish("cms-old", version);

    const published = await send("PUT", "/entries/cms-old/archived", { version });
    expect(published.status).toBe(400);
    expect(published.body.sys.id).toBe("BadRequest");

    version = (await send("DELETE", "/entries/cms-old/published", { version })).body.sys.version;
    const archived = await send("PUT", "/entries/cms-old/archived", { version });
    expect(archived.status).toBe(200);
    expect(archived.body.sys).toMatchObject({ version: version + 1, archivedVersion: version });
    expect(archived.body.sys.archivedAt).toMatch(/^\d{4}-/);
    version += 1;

    const edit = await send("PUT", "/entries/cms-old", {
      version,
      body: { fields: { title: "Retouche", slug: "ancienne" } },
    });
    expect(edit.status).toBe(400);
    expect((await send("PUT", "/entries/cms-old/published", { version })).status).toBe(400);
    expect((await send("PUT", "/entries/cms-old/archived", { version })).status).toBe(400);
    expect((await delivered("/entries/cms-old")).status).toBe(404);
    expect((await previewed("/entries/cms-old")).status).toBe(404);
    // Editors still find it.
    const list = await send("GET", "/entries?content_type=cms&fields.slug=ancienne");
    expect(list.body.items.map((item: { sys: { id: string } }) => item.sys.id)).toEqual([
      "cms-old",
    ]);

    expect((await send("DELETE", "/entries/cms-old/archived", { version: 1 })).status).toBe(409);
    const unarchived = await send("DELETE", "/entries/cms-old/archived", { version });
    expect(unarchived.status).toBe(200);
    expect(unarchived.body.sys.archivedVersion).toBeUndefined();
    expect(unarchived.body.sys.fieldStatus).toEqual({ "*": { fr: "draft" } });
    expect((await send("PUT", "/entries/cms-old/published", { version: version + 1 })).status).toBe(
      200,
    );
  });

  it("refuses unknown content types, unknown fields and ill-typed values with 422", async () => {
    const cases: Options[] = [
      { contentType: "nope", body: { fields: { title: "x" } } },
      { body: { fields: { title: "x" } } },
      { contentType: "blogpost", body: { fields: { nope: "x" } } },
      { contentType: "blogpost", body: { fields: { title: 12 } } },
      { contentType: "blogpost", body: { fields: { image: linkTo("Entry", "post-1") } } },
      { contentType: "blogpost", body: { fields: { publishDate: "demain" } } },
      { contentType: "blogpost", body: { title: "no fields wrapper" } },
    ];
    for (const options of cases) {
      const { status, body } = await send("PUT", "/entries/bad", options);
      expect(status).toBe(422);
      expect(body.sys.id).toBe("ValidationFailed");
      for (const error of body.details.errors) expect(Array.isArray(error.path)).toBe(true);
    }
    const update = await send("PUT", "/entries/post-1", {
      version: 1,
      body: { fields: { nope: "x" } },
    });
    expect(update.status).toBe(422);
    expect(update.body.details.errors).toEqual([
      { name: "unknown", path: ["fields", "nope"], details: "The field is unknown" },
    ]);
    expect((await send("GET", "/entries/bad")).status).toBe(404);
  });

  it("answers 401 AccessTokenInvalid without the management token", async () => {
    for (const token of [null, "wrong", TEST_ACCESS_TOKEN, PREVIEW_TOKEN]) {
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

describe("validation at publish", () => {
  /** The errors of a refused publish, as [name, path]. */
  async function refusal(id: string) {
    const version = (await send("GET", `/entries/${id}`)).body.sys.version;
    const { status, body } = await send("PUT", `/entries/${id}/published`, { version });
    expect(status).toBe(422);
    return {
      id: body.sys.id as string,
      errors: body.details.errors as { name: string; path: unknown[]; details: string }[],
    };
  }

  it("refuses a publish without a required field, naming it, and publishes nothing", async () => {
    await create("faq-q", "faq_question", { answer: undefined });
    const { id, errors } = await refusal("faq-q");
    expect(id).toBe("ValidationFailed");
    expect(errors).toEqual([
      {
        name: "required",
        path: ["fields", "question"],
        details: 'The property "question" is required here',
      },
    ]);
    expect((await delivered("/entries/faq-q")).status).toBe(404);
    expect((await send("GET", "/entries/faq-q")).body.sys.version).toBe(1);
  });

  it("lists every rule an entry breaks, each with its field's path", async () => {
    await create("banner-x", "banner", { title: "Noël" });
    await create("carousel-x", "carousel", {
      title: "x".repeat(300),
      kind: "spinning",
      slug: undefined,
      products: [linkTo("Entry", "banner-x")],
      seoTitle: undefined,
    });
    const { errors } = await refusal("carousel-x");
    expect(errors.map((error) => [error.name, error.path])).toEqual([
      ["size", ["fields", "title", "fr"]],
      ["in", ["fields", "kind", "fr"]],
      ["linkContentType", ["fields", "products", "fr", 0]],
    ]);
    expect(errors[0]).toMatchObject({ max: 256, details: "Size must be at most 256" });
    expect(errors[1]).toMatchObject({ expected: expect.arrayContaining(["product", "brand"]) });
  });

  it("refuses a slug another published entry of the type has, and a slug that is no URL segment", async () => {
    let version = await create("cms-b", "cms", { title: "Livraison", slug: "livraison" });
    await publish("cms-b", version);
    version = await create("cms-c", "cms", { title: "Livraison bis", slug: "livraison" });
    const taken = await refusal("cms-c");
    expect(taken.errors).toEqual([
      {
        name: "unique",
        path: ["fields", "slug", "fr"],
        details: "Same field value present in other entry",
        value: "livraison",
        conflicting: [{ sys: { type: "Link", linkType: "Entry", id: "cms-b" } }],
      },
    ]);
    const saved = await send("PUT", "/entries/cms-c", {
      version,
      body: { fields: { title: "Livraison bis", slug: "Livraison Express" } },
    });
    const pattern = await refusal("cms-c");
    expect(pattern.errors.map((error) => error.name)).toEqual(["regexp"]);
    const fixed = await send("PUT", "/entries/cms-c", {
      version: saved.body.sys.version,
      body: { fields: { title: "Livraison bis", slug: "livraison-express" } },
    });
    expect(await publish("cms-c", fixed.body.sys.version)).toBe(fixed.body.sys.version + 1);
  });

  it("answers UnresolvedLinks for a link to nothing, with the element's path", async () => {
    await create("home-x", "homepage", {
      title: "Été",
      slug: "ete",
      blocks: [linkTo("Entry", "banner-x"), linkTo("Entry", "nowhere")],
    });
    const { id, errors } = await refusal("home-x");
    expect(id).toBe("UnresolvedLinks");
    expect(errors).toEqual([
      {
        name: "notResolvable",
        path: ["fields", "blocks", "fr", 1],
        details: 'The link to the entry "nowhere" leads nowhere',
        link: { type: "Link", linkType: "Entry", id: "nowhere" },
      },
    ]);
  });

  it("refuses an asset link to a file that is no image", async () => {
    const pdf = { url: "//files.example/f.pdf", fileName: "f.pdf", contentType: "application/pdf" };
    expect((await send("PUT", "/assets/doc-f", { body: { fields: { file: pdf } } })).status).toBe(
      201,
    );
    await create("cms-d", "cms", {
      title: "Fiche",
      slug: "fiche",
      image: linkTo("Asset", "doc-f"),
    });
    const { errors } = await refusal("cms-d");
    expect(errors.map((error) => [error.name, error.path])).toEqual([
      ["linkMimetypeGroup", ["fields", "image", "fr"]],
    ]);
  });
});

describe("snapshots", () => {
  it("keeps a snapshot of each publish, newest first, in Contentful's shape", async () => {
    let version = await create("cms-v", "cms", { title: "Version 1", slug: "versions" });
    version = await publish("cms-v", version);
    const saved = await send("PUT", "/entries/cms-v", {
      version,
      body: { fields: { title: "Version 2", slug: "versions" } },
    });
    await publish("cms-v", saved.body.sys.version);

    const { status, body } = await send("GET", "/entries/cms-v/snapshots");
    expect(status).toBe(200);
    expect(body).toMatchObject({ sys: { type: "Array" }, total: 2, skip: 0 });
    expect(
      body.items.map(
        (item: { snapshot: { fields: { title: { fr: string } } } }) =>
          item.snapshot.fields.title.fr,
      ),
    ).toEqual(["Version 2", "Version 1"]);
    const [latest] = body.items;
    expect(latest.sys).toMatchObject({
      type: "Snapshot",
      snapshotType: "publish",
      snapshotEntityType: "Entry",
      createdBy: { sys: { type: "Link", linkType: "User", id: "management-api" } },
    });
    expect(latest.snapshot.sys).toMatchObject({
      type: "Entry",
      id: "cms-v",
      version: 3,
      publishedVersion: 3,
      contentType: { sys: { id: "cms" } },
    });

    const one = await send("GET", `/entries/cms-v/snapshots/${latest.sys.id}`);
    expect(one.status).toBe(200);
    expect(one.body).toEqual(latest);
    expect((await send("GET", "/entries/cms-v/snapshots/nope")).status).toBe(404);
    expect((await send("GET", "/entries/nope/snapshots")).status).toBe(404);
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
    expect(changes.at(-1)).toEqual({ kind: "Asset", id: "img-m", action: "create", live: false });

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

    expect((await delivered("/assets/img-m")).status).toBe(404);
    expect((await previewed("/assets/img-m")).status).toBe(200);
    expect((await send("PUT", "/assets/img-m/published", { version: 2 })).status).toBe(200);
    expect((await delivered("/assets/img-m")).body.fields).toMatchObject({
      title: "Photo M2",
      description: "Une photo",
      file,
    });
    const retitled = await send("PUT", "/assets/img-m", {
      version: 3,
      body: { fields: { title: "Photo M3" } },
    });
    expect(retitled.body.sys.fieldStatus).toEqual({ "*": { fr: "changed" } });
    expect((await delivered("/assets/img-m")).body.fields.title).toBe("Photo M2");
    expect((await send("DELETE", "/assets/img-m", { version: 4 })).status).toBe(400);
    expect((await send("DELETE", "/assets/img-m/published", { version: 4 })).status).toBe(200);
    expect((await delivered("/assets/img-m")).status).toBe(404);

    expect((await send("DELETE", "/assets/img-m", { version: 4 })).status).toBe(409);
    expect((await send("DELETE", "/assets/img-m", { version: 5 })).status).toBe(204);
    expect((await send("GET", "/assets/img-m")).status).toBe(404);
    expect(changes.at(-1)).toEqual({ kind: "Asset", id: "img-m", action: "delete", live: false });
  });

  it("archives and unarchives an asset; lists assets for editors", async () => {
    const created = await send("PUT", "/assets/img-n", { body: { fields: { title: "N", file } } });
    const archived = await send("PUT", "/assets/img-n/archived", {
      version: created.body.sys.version,
    });
    expect(archived.body.sys.archivedVersion).toBe(1);
    expect((await send("PUT", "/assets/img-n/published", { version: 2 })).status).toBe(400);
    const list = await send("GET", "/assets?query=N");
    expect(list.body.items.map((item: { sys: { id: string } }) => item.sys.id)).toContain("img-n");
  });

  it("refuses unknown asset fields", async () => {
    const { status, body } = await send("PUT", "/assets/img-o", {
      body: { fields: { file, caption: "?" } },
    });
    expect(status).toBe(422);
    expect(body.sys.id).toBe("ValidationFailed");
  });
});
