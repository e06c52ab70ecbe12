import type { AddressInfo } from "node:net";
import { type ServerType, serve } from "@hono/node-server";
import { type ContentfulClientApi, createClient } from "contentful";
import { Hono } from "hono";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "#db/client.ts";
import { createTestDatabase } from "#db/testing/index.ts";
import { createContentApi, createContentPreviewApi } from "#platform/content/http.ts";
import { linkTo, putTestContent, TEST_ACCESS_TOKEN } from "#platform/content/testing.ts";
import { putEntry } from "#platform/content/write.ts";

/**
 * Conformance: the official `contentful` SDK, over real HTTP, reads this service unchanged —
 * the Delivery API (published content) and the Preview API (drafts) alike, told apart by
 * `basePath` and token as Contentful's are by host and token.
 */

const PREVIEW_TOKEN = "content-test-preview-token";

let database: Database;
let server: ServerType;
let client: ContentfulClientApi<undefined>;
let previewClient: ContentfulClientApi<undefined>;

beforeAll(async () => {
  database = await createTestDatabase();
  await putTestContent(database.db);
  // A draft, and a published post whose draft changed since and links to the draft.
  await putEntry(database.db, {
    id: "post-draft",
    contentType: "blogpost",
    fields: { title: "Brouillon", slug: "brouillon" },
    publish: false,
  });
  await putEntry(database.db, {
    id: "post-d",
    contentType: "blogpost",
    fields: { title: "d, retouché", slug: "d", related: [linkTo("Entry", "post-draft")] },
    publish: false,
  });
  const app = new Hono()
    .route("/", createContentApi({ db: database.db, accessToken: TEST_ACCESS_TOKEN }))
    .route("/", createContentPreviewApi({ db: database.db, accessToken: PREVIEW_TOKEN }));
  const port = await new Promise<number>((resolve) => {
    server = serve({ fetch: app.fetch, port: 0, hostname: "127.0.0.1" }, (info: AddressInfo) =>
      resolve(info.port),
    );
  });
  const options = {
    space: "comptoir",
    environment: "master",
    host: `127.0.0.1:${port}`,
    insecure: true,
    retryOnError: false,
  };
  client = createClient({ ...options, accessToken: TEST_ACCESS_TOKEN, basePath: "/content" });
  previewClient = createClient({
    ...options,
    accessToken: PREVIEW_TOKEN,
    basePath: "/content-preview",
  });
});
afterAll(async () => {
  await new Promise((resolve) => (server ? server.close(resolve) : resolve(undefined)));
  await database?.close();
});

describe("the official contentful SDK", () => {
  it("gets entries by field and resolves their links", async () => {
    const page = await client.getEntries({
      content_type: "blogpost",
      "fields.slug": "a",
      include: 2,
    });
    expect(page.total).toBe(1);
    const [post] = page.items;
    // biome-ignore lint/suspicious/noExplicitAny: the SDK types fields by a generic skeleton.
    const fields = post?.fields as any;
    expect(fields.title).toBe("a");
    expect(fields.category.fields.title).toBe("Recettes");
    expect(fields.image.fields.file.contentType).toBe("image/jpeg");
    expect(fields.related[0].fields.slug).toBe("b");
    expect(fields.related[0].fields.related[0].fields.slug).toBe("c");
    expect(fields.related[0].fields.image.fields.title).toBe("Fiche B");
  });

  it("gets one entry by id", async () => {
    const entry = await client.getEntry("p2");
    expect(entry.sys.id).toBe("p2");
    expect(entry.sys.contentType.sys.id).toBe("product");
    // biome-ignore lint/suspicious/noExplicitAny: the SDK types fields by a generic skeleton.
    expect((entry.fields as any).manufacturer.fields.name).toBe("Rucher du Ventoux");
  });

  it("gets assets", async () => {
    const assets = await client.getAssets({ order: ["sys.id"] });
    expect(assets.items.map((asset) => asset.sys.id)).toEqual(["doc-b", "img-a"]);
    expect(assets.items[1]?.fields.file?.url).toBe("//images.example/a.jpg");
  });

  it("reads the drafts through the Preview API, and only the published copies through delivery", async () => {
    const preview = await previewClient.getEntries({
      content_type: "blogpost",
      "fields.slug[in]": "d,brouillon",
      order: ["fields.slug"],
      include: 1,
    });
    expect(preview.items.map((item) => item.fields.title)).toEqual(["Brouillon", "d, retouché"]);
    // biome-ignore lint/suspicious/noExplicitAny: the SDK types fields by a generic skeleton.
    const fields = preview.items[1]?.fields as any;
    expect(fields.related[0].fields.title).toBe("Brouillon");
    expect((await previewClient.getEntry("post-draft")).fields.title).toBe("Brouillon");

    const delivered = await client.getEntries({
      content_type: "blogpost",
      "fields.slug[in]": "d,brouillon",
    });
    expect(delivered.items.map((item) => item.fields.title)).toEqual(["d"]);
    await expect(client.getEntry("post-draft")).rejects.toThrow(/NotFound|could not be found/);
  });

  it("keeps each API to its own token", async () => {
    const { port } = server.address() as AddressInfo;
    const wrong = createClient({
      space: "comptoir",
      accessToken: TEST_ACCESS_TOKEN,
      host: `127.0.0.1:${port}`,
      basePath: "/content-preview",
      insecure: true,
      retryOnError: false,
    });
    await expect(wrong.getEntries()).rejects.toThrow(/AccessTokenInvalid|401/);
  });

  it("gets content types, and rejects a bad query with Contentful's error", async () => {
    const type = await client.getContentType("product");
    expect(type.displayField).toBe("name");
    await expect(client.getEntries({ limit: 1001 })).rejects.toThrow(/InvalidQuery|1000/);
  });
});
