import { Hono } from "hono";
import type { Database, Db } from "#db/client.ts";
import { commerceProduct } from "#platform/commerce/tables.ts";
import { orderingAdminRoutes } from "#platform/ordering/index.ts";
import { configureService } from "#platform/services.ts";
import { seedOrderingFixture } from "#seed/ordering/testing.ts";
import { ownApiRoutes } from "#server/api/index.ts";
import type { ApiDependencies } from "#server/api/types.ts";
import type { Env } from "#server/env.ts";
import { Invalidations } from "#server/invalidation.ts";
import { subscribeCaches } from "#server/invalidation-caches.ts";
import { createLogger } from "#server/logger.ts";
import { PageCache } from "#server/rules/page-cache.ts";
import { testEnv } from "#server/test-env.ts";

/** Helpers for the tests of the own API routes. */

/** The environment of the API tests: a verify secret and an ordering service token. */
export const apiTestEnv = testEnv({
  NODE_ENV: "test",
  LOG_LEVEL: "silent",
  ADMIN_VERIFY_SECRET: "verify-secret-for-tests",
  ORDERING_API_TOKEN: "ordering-token-for-tests",
});

/**
 * What the own API's routers receive, with a silent logger and a bus of this process only, its
 * caches subscribed as the server subscribes them (with a page cache of its own).
 */
export function testApiDependencies(env: Env, database: Database): ApiDependencies {
  const logger = createLogger({ LOG_LEVEL: "silent" });
  const invalidations = new Invalidations({ database, logger });
  subscribeCaches(invalidations, new PageCache({ maxEntries: 0, ttlMs: 1_000 }));
  return { env, database, logger, invalidations };
}

/** The given routes mounted under `/api` as the server mounts them, with a silent logger. */
export function apiTestApp(
  env: Env,
  database: Database,
  routes: (deps: ApiDependencies) => Hono = ownApiRoutes,
): Hono {
  return new Hono().route("/api", routes(testApiDependencies(env, database)));
}

/**
 * Serves the ordering service's administrative API in-process, on the test database, to the
 * `ordering` service calls. `intercept` sees every request first and may answer it (or throw,
 * as a failed fetch does); when it returns nothing the request goes through.
 */
export function serveTestOrdering(
  db: Db,
  apiToken: string,
  intercept: (request: Request) => Response | undefined = () => undefined,
): void {
  const ordering = new Hono().route(
    "/ordering",
    orderingAdminRoutes({ db, apiToken, whiteLabel: "comptoir" }),
  );
  configureService("ordering", {
    baseUrl: "http://ordering.test",
    handler: (request) => intercept(request) ?? ordering.fetch(request),
  });
}

/** Seeds the ordering fixture; the catalogue's product ids by handle. */
export async function seedOrderingProductIds(db: Db): Promise<Map<string, number>> {
  await seedOrderingFixture(db);
  const rows = await db
    .select({ id: commerceProduct.id, handle: commerceProduct.handle })
    .from(commerceProduct);
  return new Map(rows.map((row) => [row.handle, row.id]));
}
