import type { SQL } from "drizzle-orm";
import pino from "pino";
import type { ServerBuild } from "react-router";
import { createServer } from "vite";
import { clearCatalogueReference } from "#app/lib/catalogue-reference.server.ts";
import { forgetCatalogueReads } from "#app/lib/storefront.server.ts";
import { createTestDatabase } from "#db/testing/index.ts";
import { seedDatabase } from "#seed/index.ts";
import { createServerApp } from "#server/app.ts";
import { testEnv } from "#server/test-env.ts";

/** The address a shopper's requests come from, unless a test says otherwise. */
export const SHOPPER_ADDRESS = "203.0.113.9";

export type Row = Record<string, unknown>;

export type ComposedStorefront = Awaited<ReturnType<typeof composeStorefront>>;

/**
 * The whole server in-process for the storefront's integration tests: a test database seeded
 * with the demo data (seed 1), the storefront loaded through Vite, the real rules and services.
 * `request` sends a request without following redirects, from `remoteAddress` (a shopper's
 * address by default); `rows` runs a query; `close` stops Vite and closes the database.
 */
export async function composeStorefront(
  options: { env?: Record<string, string>; remoteAddress?: string } = {},
) {
  const database = await createTestDatabase();
  let vite: Awaited<ReturnType<typeof createServer>>;
  try {
    await seedDatabase(database, { seed: 1 });
    clearCatalogueReference();
    forgetCatalogueReads();
    vite = await createServer({
      server: { middlewareMode: true, hmr: false },
      appType: "custom",
      logLevel: "silent",
    });
  } catch (error) {
    await database.close();
    throw error;
  }
  const { app } = createServerApp({
    env: testEnv({ ...options.env }),
    database,
    logger: pino({ level: "silent" }),
    build: () => vite.ssrLoadModule("virtual:react-router/server-build") as Promise<ServerBuild>,
  });
  const remoteAddress = options.remoteAddress ?? SHOPPER_ADDRESS;
  const request = (path: string, init: RequestInit = {}): Promise<Response> =>
    Promise.resolve(
      app.request(
        path,
        { redirect: "manual", ...init },
        { incoming: { socket: { remoteAddress } } },
      ),
    );
  const rows = async (query: SQL): Promise<Row[]> =>
    ((await database.db.execute(query)) as unknown as { rows: Row[] }).rows;
  const close = async () => {
    await vite.close();
    await database.close();
  };
  return { database, vite, app, request, rows, close };
}
