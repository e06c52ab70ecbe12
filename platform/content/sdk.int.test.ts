import type { AddressInfo } from "node:net";
import { type ServerType, serve } from "@hono/node-server";
import { type ContentfulClientApi, createClient } from "contentful";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "#db/client.ts";
import { createTestDatabase } from "#db/testing/index.ts";
import { createContentApi } from "#platform/content/http.ts";
import { putTestContent, TEST_ACCESS_TOKEN } from "#platform/content/testing.ts";

/** Conformance: the official `contentful` SDK, over real HTTP, reads this service unchanged. */

let database: Database;
let server: ServerType;
let client: ContentfulClientApi<undefined>;

beforeAll(async () => {
  database = await createTestDatabase();
  await putTestContent(database.db);
  const api = createContentApi({ db: database.db, accessToken: TEST_ACCESS_TOKEN });
  const port = await new Promise<number>((resolve) => {
    server = serve({ fetch: api.fetch, port: 0, hostname: "127.0.0.1" }, (info: AddressInfo) =>
      resolve(info.port),
    );
  });
  client = createClient({
    space: "comptoir",
    environment: "master",
    accessToken: TEST_ACCESS_TOKEN,
    host: `127.0.0.1:${port}`,
    basePath: "/content",
    insecure: true,
    retryOnError: false,
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

  it("gets content types, and rejects a bad query with Contentful's error", async () => {
    const type = await client.getContentType("product");
    expect(type.displayField).toBe("name");
    await expect(client.getEntries({ limit: 1001 })).rejects.toThrow(/InvalidQuery|1000/);
  });
});
