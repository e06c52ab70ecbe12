import { mkdtemp, readdir, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import { Hono } from "hono";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "#db/client.ts";
import { createTestDatabase } from "#db/testing/index.ts";
import { createImageRoutes } from "#platform/commerce/images/http.ts";
import { renderProductSvg } from "#platform/commerce/images/placeholder/placeholder.ts";
import { createImageService, saveOriginal } from "#platform/commerce/images/service.ts";

/** The image service's HTTP API as the server mounts it, on a fresh database and cache. */
let database: Database;
let workDir: string;
let cacheDir: string;
let app: Hono;

const PATH = "products/fromagerie-comte-24-mois-1.svg";
const picture = renderProductSvg({ title: "Comté 24 mois", category: "Fromagerie", seed: 24 });

beforeAll(async () => {
  database = await createTestDatabase();
  workDir = await mkdtemp(join(tmpdir(), "comptoir-images-"));
  cacheDir = join(workDir, "cache");
  // A file next to the cache, which no request may reach.
  await writeFile(join(workDir, "secret.txt"), "not an image");
  await saveOriginal(database.db, {
    path: PATH,
    contentType: "image/svg+xml",
    bytes: Buffer.from(picture.svg),
    width: picture.width,
    height: picture.height,
  });
  app = new Hono().route("/cdn/images", createImageRoutes({ database, cacheDir }));
});

afterAll(async () => {
  await database?.close();
  if (workDir) await rm(workDir, { recursive: true, force: true });
});

async function image(query: string, init?: RequestInit) {
  const response = await app.request(`/cdn/images/${PATH}${query}`, init);
  const bytes = Buffer.from(await response.arrayBuffer());
  return { response, bytes };
}

describe("GET /cdn/images/<path>", () => {
  it.each([450, 700, 950])(
    "renders webp at height %i with the original's proportions",
    async (height) => {
      const { response, bytes } = await image(`?height=${height}&format=webp`);
      expect(response.status).toBe(200);
      expect(response.headers.get("content-type")).toBe("image/webp");
      expect(response.headers.get("content-length")).toBe(String(bytes.length));
      const metadata = await sharp(bytes).metadata();
      expect(metadata.format).toBe("webp");
      expect(metadata.height).toBe(height);
      expect(metadata.width).toBe(Math.round((height * picture.width) / picture.height));
    },
  );

  it("says the variant may be cached for a year and gives an ETag", async () => {
    const { response } = await image("?height=450");
    expect(response.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(response.headers.get("etag")).toMatch(/^"[\w-]+"$/);
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
  });

  it("snaps a height that is not in the list to the nearest one", async () => {
    const { bytes } = await image("?height=500");
    expect((await sharp(bytes).metadata()).height).toBe(450);
    const [snapped, exact] = await Promise.all([image("?height=500"), image("?height=450")]);
    expect(snapped.response.headers.get("etag")).toBe(exact.response.headers.get("etag"));
  });

  it("renders webp at the original's size without a height", async () => {
    const { response, bytes } = await image("");
    expect(response.headers.get("content-type")).toBe("image/webp");
    const metadata = await sharp(bytes).metadata();
    expect([metadata.width, metadata.height]).toEqual([picture.width, picture.height]);
  });

  it("fits inside a width, capped at 2000", async () => {
    const narrow = await sharp((await image("?width=300")).bytes).metadata();
    expect([narrow.width, narrow.height]).toEqual([300, 375]);
    const both = await sharp((await image("?width=300&height=950")).bytes).metadata();
    expect([both.width, both.height]).toEqual([300, 375]);
    const wide = await sharp((await image("?width=9000")).bytes).metadata();
    expect(wide.width).toBe(2000);
  });

  it("encodes with the quality asked for", async () => {
    const low = await image("?height=700&quality=20");
    const high = await image("?height=700&quality=100");
    const standard = await image("?height=700");
    expect(low.bytes.length).toBeLessThan(standard.bytes.length);
    expect(standard.bytes.length).toBeLessThan(high.bytes.length);
    expect(new Set([low, high, standard].map((r) => r.response.headers.get("etag"))).size).toBe(3);
  });

  it("returns the original bytes with format=original", async () => {
    const { response, bytes } = await image("?format=original&height=450");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("image/svg+xml");
    expect(response.headers.get("content-security-policy")).toContain("sandbox");
    expect(bytes.toString()).toBe(picture.svg);
  });

  it("answers 304 to a matching If-None-Match, 200 otherwise", async () => {
    const first = await image("?height=950");
    const etag = first.response.headers.get("etag") as string;
    for (const header of [etag, `W/${etag}`, `"other", ${etag}`, "*"]) {
      const again = await image("?height=950", { headers: { "If-None-Match": header } });
      expect(again.response.status).toBe(304);
      expect(again.bytes.length).toBe(0);
      expect(again.response.headers.get("etag")).toBe(etag);
    }
    const stale = await image("?height=950", { headers: { "If-None-Match": '"other"' } });
    expect(stale.response.status).toBe(200);
  });

  it("answers HEAD with the headers only", async () => {
    const { response, bytes } = await image("?height=450", { method: "HEAD" });
    expect(response.status).toBe(200);
    expect(Number(response.headers.get("content-length"))).toBeGreaterThan(0);
    expect(bytes.length).toBe(0);
  });

  it("answers 404 for an unknown path", async () => {
    const response = await app.request("/cdn/images/products/nothing-here.svg?height=450");
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ error: "image not found" });
    expect(response.headers.get("cache-control")).toBe("no-store");
  });

  it.each([
    "..%2f..%2fetc%2fpasswd",
    "..%2fsecret.txt",
    "products/..%2f..%2f..%2fsecret.txt",
    "%2fetc%2fpasswd",
    "%2F%2Fetc%2Fpasswd",
    "..%5c..%5csecret.txt",
    "products%5c..%5c..%5csecret.txt",
    "secret.txt%00.svg",
    "%252e%252e%252fsecret.txt",
    "C:%5cwindows%5cwin.ini",
    "products/./%2e%2e%2fsecret.txt",
  ])("answers 400 to the traversal %s", async (path) => {
    const response = await app.request(`/cdn/images/${path}?height=450`);
    expect(response.status).toBe(400);
    const body = (await response.json()) as { error: string };
    expect(body.error).toMatch(/image path/);
  });

  it("never reaches outside the mount for dot segments the URL parser resolves", async () => {
    for (const path of ["../secret.txt", "%2e%2e/%2e%2e/secret.txt", ".%2e/secret.txt"]) {
      const response = await app.request(`/cdn/images/${path}`);
      expect(response.status).toBe(404);
      expect(await response.text()).not.toContain("not an image");
    }
  });

  it.each([
    ["height=abc", "height: must be a whole number"],
    ["height=0", "height: must be at least 1"],
    ["width=-3", "width: must be a whole number"],
    ["quality=0", "quality: must be at least 1"],
    ["quality=101", "quality: must be between 1 and 100"],
    ["format=gif", "format: must be webp or original"],
  ])("answers 400 to ?%s", async (query, error) => {
    const { response, bytes } = await image(`?${query}`);
    expect(response.status).toBe(400);
    expect(JSON.parse(bytes.toString())).toEqual({ error });
  });

  it("writes nothing but hashed variants inside the cache directory", async () => {
    const files = await listFiles(workDir);
    expect(files).toContain("secret.txt");
    const outside = files.filter((file) => file !== "secret.txt" && !file.startsWith("cache/"));
    expect(outside).toEqual([]);
    for (const file of files.filter((file) => file.startsWith("cache/"))) {
      expect(file).toMatch(/^cache\/v1\/[0-9a-f]{2}\/[0-9a-f]{64}\/[a-z0-9-]+\.(webp|svg)$/);
    }
  });
});

describe("the service behind the routes", () => {
  it("renders a variant once for simultaneous requests", async () => {
    const service = createImageService({ database, cacheDir: join(workDir, "concurrent") });
    const routes = new Hono().route("/cdn/images", createImageRoutes({ service }));
    const responses = await Promise.all(
      Array.from({ length: 12 }, () => routes.request(`/cdn/images/${PATH}?height=700`)),
    );
    expect(responses.map((response) => response.status)).toEqual(Array(12).fill(200));
    expect(new Set(responses.map((response) => response.headers.get("etag"))).size).toBe(1);
    expect(service.stats()).toMatchObject({ renders: 1, originalsRead: 1, joined: 11 });
  });
});

async function listFiles(directory: string): Promise<string[]> {
  const entries = await readdir(directory, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => relative(directory, join(entry.parentPath, entry.name)));
}
