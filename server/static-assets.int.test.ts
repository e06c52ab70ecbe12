import { mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "#db/client.ts";
import { createTestDatabase } from "#db/testing/index.ts";
import { createServerApp } from "#server/app.ts";
import { testEnv } from "#server/test-env.ts";
import { writeCompressedCopies } from "../scripts/precompress.ts";

/**
 * The built browser assets as the production server sends them: compressed once by the build
 * (scripts/precompress.ts), read compressed in the encoding the browser accepts, immutable.
 */
let database: Database;
let client: string;
let app: ReturnType<typeof createServerApp>["app"];
const SCRIPT = `export const words = ${JSON.stringify(Array.from({ length: 400 }, (_, i) => `mot-${i}`))};\n`;
const SMALL = "export const a = 1;\n";

beforeAll(async () => {
  database = await createTestDatabase();
  client = await mkdtemp(join(tmpdir(), "comptoir-assets-"));
  await mkdir(join(client, "assets"));
  await writeFile(join(client, "assets/app-Abc123.js"), SCRIPT);
  await writeFile(join(client, "assets/small-Def456.js"), SMALL);
  await writeFile(join(client, "robots.txt"), "User-agent: *\n");
  await writeCompressedCopies(join(client, "assets/app-Abc123.js"));
  await writeCompressedCopies(join(client, "assets/small-Def456.js"));
  app = createServerApp({
    env: testEnv(),
    database,
    logger: pino({ level: "silent" }),
    build: () => Promise.reject(new Error("no page is asked for here")),
    clientDirectory: client,
  }).app;
}, 60_000);

afterAll(async () => {
  await database?.close();
  if (client) await rm(client, { recursive: true, force: true });
});

async function asset(path: string, acceptEncoding?: string) {
  const headers: Record<string, string> = acceptEncoding
    ? { "accept-encoding": acceptEncoding }
    : {};
  const res = await app.request(
    `http://localhost${path}`,
    { headers },
    {
      incoming: { socket: { remoteAddress: "203.0.113.9" } },
    },
  );
  return { res, body: Buffer.from(await res.arrayBuffer()) };
}

describe("built assets", () => {
  it("writes a Brotli and a gzip copy of a text file, and none of a file under 1 kB", async () => {
    expect(
      brotliDecompressSync(await readFile(join(client, "assets/app-Abc123.js.br"))).toString(),
    ).toBe(SCRIPT);
    expect(gunzipSync(await readFile(join(client, "assets/app-Abc123.js.gz"))).toString()).toBe(
      SCRIPT,
    );
    await expect(readFile(join(client, "assets/small-Def456.js.br"))).rejects.toThrow(/ENOENT/);
  });

  it("sends the Brotli copy to a browser that accepts it, immutable", async () => {
    const { res, body } = await asset("/assets/app-Abc123.js", "gzip, deflate, br, zstd");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-encoding")).toBe("br");
    expect(res.headers.get("vary")).toMatch(/accept-encoding/i);
    expect(res.headers.get("content-type")).toMatch(/javascript/);
    expect(res.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(brotliDecompressSync(body).toString()).toBe(SCRIPT);
  });

  it("sends the gzip copy to one that accepts only gzip, and the file itself to one that accepts neither", async () => {
    const gzipped = await asset("/assets/app-Abc123.js", "gzip");
    expect(gzipped.res.headers.get("content-encoding")).toBe("gzip");
    expect(gunzipSync(gzipped.body).toString()).toBe(SCRIPT);

    const plain = await asset("/assets/app-Abc123.js");
    expect(plain.res.headers.get("content-encoding")).toBeNull();
    expect(plain.body.toString()).toBe(SCRIPT);
  });

  it("sends a small file as it is", async () => {
    const { res, body } = await asset("/assets/small-Def456.js", "gzip, br");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-encoding")).toBeNull();
    expect(body.toString()).toBe(SMALL);
  });

  it("sends the other public files for an hour", async () => {
    const { res, body } = await asset("/robots.txt");
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("public, max-age=3600");
    expect(body.toString()).toBe("User-agent: *\n");
  });
});
