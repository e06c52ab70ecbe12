import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "#db/client.ts";
import { createTestDatabase } from "#db/testing/index.ts";
import { createServerApp } from "#server/app.ts";
import { PUBLISHED_SECRETS, parseEnv } from "#server/env.ts";
import { resolveSecrets } from "./store.ts";

/**
 * The pentest's critical finding: a production server started with no secret configured ran on
 * the defaults its docs published. Started the same way now, it has secrets of its own, and each
 * published value opens nothing.
 */
let database: Database;
let dataDir: string;
let request: (path: string, init?: RequestInit) => Promise<Response>;

beforeAll(async () => {
  database = await createTestDatabase();
  dataDir = await mkdtemp(join(tmpdir(), "comptoir-published-"));
  const configured = parseEnv({ NODE_ENV: "production", LOG_LEVEL: "silent", DATA_DIR: dataDir });
  const { env } = await resolveSecrets(configured, database);
  const { app } = createServerApp({
    env,
    database,
    logger: pino({ level: "silent" }),
    // Only the services' APIs are asked for here: no page is rendered.
    build: () => Promise.reject(new Error("no storefront in this test")),
  });
  request = async (path, init = {}) =>
    app.request(`http://localhost:3000${path}`, init, {
      incoming: { socket: { remoteAddress: "203.0.113.9" } },
    });
});

afterAll(async () => {
  await database?.close();
  await rm(dataDir, { recursive: true, force: true });
});

describe("a production server started with no secret configured", () => {
  it.each(PUBLISHED_SECRETS)("opens nothing to the published value %s", async (published) => {
    const imported = await request("/api/import/products", {
      method: "POST",
      headers: { "content-type": "application/json", "x-comptoir-verify": published },
      body: JSON.stringify([]),
    });
    expect(imported.status).toBe(401);

    const menus = await request("/ordering/api/v1.0/stores", {
      headers: { authorization: `Bearer ${published}` },
    });
    expect(menus.status).toBe(401);

    const content = await request(
      "/content-management/spaces/comptoir/environments/master/entries/home",
      { headers: { authorization: `Bearer ${published}` } },
    );
    expect(content.status).toBe(401);

    const storefront = await request("/api/2024-01/graphql.json", {
      method: "POST",
      headers: {
        "content-type": "application/json",
        "x-shopify-storefront-access-token": published,
      },
      body: JSON.stringify({ query: "{ shop { name } }" }),
    });
    expect(storefront.status).toBe(401);
    const privately = await request("/api/2024-01/graphql.json", {
      method: "POST",
      headers: {
        "content-type": "application/json",
        "shopify-storefront-private-token": published,
      },
      body: JSON.stringify({ query: "{ shop { name } }" }),
    });
    expect(privately.status).toBe(401);
  });
});
