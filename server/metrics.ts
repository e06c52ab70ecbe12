import { createServer, type Server } from "node:http";
import { getRequestListener } from "@hono/node-server";
import { Hono, type MiddlewareHandler } from "hono";
import type { Database } from "#db/client.ts";
import {
  metricsExposition,
  observeRequest,
  type PoolFigures,
  type RouteKind,
  setScrapeSources,
} from "#platform/metrics.ts";
import { outboxBacklog } from "#platform/notify/index.ts";
import { isAdminPath } from "#server/rules/admin-guard.ts";
import { clientIp, createIpMatcher } from "#server/rules/client-ip.ts";
import { pathFamily } from "#server/rules/refusals.ts";

/**
 * The HTTP side of the metrics (the metrics themselves: platform/metrics.ts): each request timed
 * by its route kind, `/metrics` served on the shop's port to the admin allow-list or on a port of
 * its own (METRICS_PORT), and what a scrape reads wired to the database and the page cache.
 */

const STATIC_FILE =
  /\.(?:css|js|mjs|map|ico|png|jpe?g|gif|svg|webp|avif|woff2?|ttf|txt|webmanifest)$/;

const FAMILY_KINDS = {
  "storefront-api": "api-storefront",
  ordering: "api-ordering",
  content: "api-content",
} as const;

/**
 * The route kind of a path: a fixed set, so that the series stay few whatever is asked. The
 * services' APIs as the rules see them (`pathFamily`), with the commerce service's other doors
 * (AJAX cart, hosted checkout, predictive search) and the Flipdish-shaped own routes.
 */
export function routeKind(path: string): RouteKind {
  const lower = path.toLowerCase();
  if (lower === "/healthz" || lower === "/readyz" || lower === "/metrics") return "health";
  if (isAdminPath(path)) return "admin";
  // The test provider's and processor's own pages: not the shop's.
  if (lower.startsWith("/test-payments/")) return "other";
  if (lower.startsWith("/cdn/images/") || lower.startsWith("/api/images/")) return "image";
  const family = pathFamily(path);
  if (family !== "own-api" && family !== "page") return FAMILY_KINDS[family];
  if (
    lower === "/cart.js" ||
    (lower.startsWith("/cart/") && lower.endsWith(".js")) ||
    lower.startsWith("/checkout/") ||
    lower.startsWith("/api/search/")
  ) {
    return "api-storefront";
  }
  if (lower.startsWith("/api/flipdish/")) return "api-ordering";
  if (family === "own-api") return "other";
  if (lower.startsWith("/__manifest") || lower.endsWith(".data") || lower.endsWith(".json")) {
    return "data";
  }
  if (lower.startsWith("/assets/") || STATIC_FILE.test(lower)) return "asset";
  return "page";
}

/** Times every request (until its answer's headers) under its route kind. */
export function requestMetrics(): MiddlewareHandler {
  return async (c, next) => {
    const started = performance.now();
    try {
      await next();
    } finally {
      // An error Hono turned into an answer has its status by now; one that escaped counts as 500.
      const status = c.res?.status ?? 500;
      observeRequest(routeKind(c.req.path), status, (performance.now() - started) / 1000);
    }
  };
}

/** The database pool as the metrics report it: `pg`'s counters, or PGlite's one connection. */
export function poolFigures(database: Database): PoolFigures {
  if (database.engine === "postgres") {
    const pool = database.client;
    return {
      engine: "postgres",
      total: pool.totalCount,
      idle: pool.idleCount,
      waiting: pool.waitingCount,
    };
  }
  // PGlite runs in the process: one connection, always open; it queues queries itself.
  return { engine: "pglite", total: 1, idle: 1, waiting: 0 };
}

/** Points the scrape-time metrics at this server's database and page cache. */
export function watchForMetrics(deps: { database: Database; pageCache: { size: number } }) {
  setScrapeSources({
    databasePool: () => poolFigures(deps.database),
    outboxBacklog: () => outboxBacklog(deps.database.db),
    pageCacheEntries: () => deps.pageCache.size,
  });
}

async function exposition(): Promise<Response> {
  const { contentType, body } = await metricsExposition();
  return new Response(body, {
    headers: { "Content-Type": contentType, "Cache-Control": "no-store" },
  });
}

/**
 * `/metrics` on the shop's own port: only to the admin allow-list's addresses (the client's
 * address as the admin guard reads it, through the trusted proxies), 403 to anyone else. Mounted
 * before the host check and the site password, like the health checks: Prometheus scrapes an
 * instance by its address and knows no password.
 */
export function metricsRoutes(options: {
  allowlist: readonly string[];
  trustedProxies: readonly string[];
}) {
  const isAllowed = createIpMatcher(options.allowlist, "admin allow-list");
  const isTrustedProxy = createIpMatcher(options.trustedProxies, "trusted proxies");
  return new Hono().get("/metrics", (c) => {
    const ip = clientIp(c, isTrustedProxy);
    if (ip === undefined || !isAllowed(ip)) {
      return c.text("Forbidden", 403, { "Cache-Control": "no-store" });
    }
    return exposition();
  });
}

/**
 * The metrics on a port of their own (METRICS_PORT): `/metrics` and nothing else, to whoever
 * reaches the port (keep it off the public network). Resolves once listening.
 */
export async function startMetricsServer(options: { port: number; host: string }): Promise<Server> {
  const app = new Hono();
  app.get("/metrics", () => exposition());
  app.all("*", (c) => c.text("Not Found", 404));
  const server = createServer(getRequestListener(app.fetch));
  server.listen(options.port, options.host);
  await new Promise<void>((resolve, reject) => {
    server.once("listening", resolve);
    server.once("error", reject);
  });
  return server;
}
