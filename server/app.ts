import { serveStatic } from "@hono/node-server/serve-static";
import { Hono, type MiddlewareHandler } from "hono";
import { compress } from "hono/compress";
import { type RequestIdVariables, requestId } from "hono/request-id";
import type { SecureHeadersVariables } from "hono/secure-headers";
import { createRequestHandler, RouterContextProvider, type ServerBuild } from "react-router";
import { serverContext } from "#app/lib/server-context.ts";
import type { Database } from "#db/client.ts";
import { SearchRebuild, type ShopCaches } from "#platform/backoffice/index.ts";
import { findUrlRedirect, redirectLocation } from "#platform/commerce/index.ts";
import { configureService } from "#platform/services.ts";
import { adminApiRoutes } from "#server/api/admin.ts";
import { ownApiRoutes } from "#server/api/index.ts";
import type { Env } from "#server/env.ts";
import { healthRoutes } from "#server/health.ts";
import { Invalidations } from "#server/invalidation.ts";
import { sharedPageCache, subscribeCaches } from "#server/invalidation-caches.ts";
import type { Logger } from "#server/logger.ts";
import { metricsRoutes, requestMetrics, watchForMetrics } from "#server/metrics.ts";
import { createPlatform } from "#server/platform.ts";
import { requestLog } from "#server/request-log.ts";
import { adminGuard } from "#server/rules/admin-guard.ts";
import { refuseBadBytes, refuseNulInBodies } from "#server/rules/bad-bytes.ts";
import { bodyLimits } from "#server/rules/body-limit.ts";
import { clientIp, createIpMatcher, IN_PROCESS } from "#server/rules/client-ip.ts";
import { contentPreview, isContentPreview } from "#server/rules/content-preview.ts";
import { firstPaint } from "#server/rules/first-paint.ts";
import { asBrowserSaw } from "#server/rules/forwarded-proto.ts";
import { notStoredByDefault, publicPages } from "#server/rules/http-caching.ts";
import { PageCache, pageCacheMiddleware } from "#server/rules/page-cache.ts";
import { passwordGate } from "#server/rules/password-gate.ts";
import { type AllowedOrigins, sameOriginWrites } from "#server/rules/same-origin.ts";
import { baseSecurityHeaders, pageSecurityHeaders } from "#server/rules/security-headers.ts";
import { trailingSlash } from "#server/rules/trailing-slash.ts";
import { trustedHost } from "#server/rules/trusted-host.ts";
import { followUrlRedirects } from "#server/rules/url-redirects.ts";
import { varnishSharedCache } from "#server/shared-cache.ts";
import { TEST_HOOKS_PREFIX, testHookRoutes } from "#server/test-hooks.ts";

export type ServerDependencies = {
  env: Env;
  database: Database;
  logger: Logger;
  /** The storefront's server build: an object in production, a loader in development. */
  build: ServerBuild | (() => Promise<ServerBuild>);
  /** Where the built browser assets are; absent in development, where Vite serves them. */
  clientDirectory?: string;
  /**
   * The origins a form or API write may come from; by default `PUBLIC_URL`'s, else the origin the
   * browser sent the request to.
   */
  allowedOrigins?: AllowedOrigins;
};

/**
 * Paths that belong to APIs, not pages: no trailing-slash redirect there. `/__manifest` is React
 * Router's route-discovery endpoint, fetched by the browser during client navigation.
 */
const API_PREFIXES = [
  "/api/",
  "/cdn/",
  "/content/",
  "/content-management/",
  "/content-preview/",
  "/ordering/",
  "/test-payments/",
  "/healthz",
  "/readyz",
  "/metrics",
  "/__manifest",
  "/__test/",
];

const IMMUTABLE = "public, max-age=31536000, immutable";
const SHORT_LIVED = "public, max-age=3600";

/**
 * The whole shop as one Hono application, in the order of DESIGN.md §3: guards, redirects, static
 * files, then (as they arrive) the platform services, the own API routes and the storefront.
 */
export function createServerApp(deps: ServerDependencies) {
  const { env, database, logger } = deps;
  const pageCache = new PageCache({
    maxEntries: env.PAGE_CACHE_MAX_ENTRIES,
    ttlMs: env.PAGE_CACHE_TTL_SECONDS * 1000,
  });
  // What a write makes stale, on this instance and every other one (server/invalidation.ts).
  const invalidations = new Invalidations({ database, logger });
  // The shared cache in front (Varnish, docs/deployment.md), purged with the page cache.
  const sharedCache =
    env.SHARED_CACHE_PURGE_URL && env.SHARED_CACHE_PURGE_TOKEN
      ? varnishSharedCache({
          url: env.SHARED_CACHE_PURGE_URL,
          token: env.SHARED_CACHE_PURGE_TOKEN,
          logger,
        })
      : undefined;
  subscribeCaches(invalidations, pageCache, sharedCache);
  // The page cache as writers see it: a purge reaches every instance.
  const sharedPages = sharedPageCache(pageCache, invalidations);

  // The variables are named, not left to module augmentation, which TypeScript does not always
  // apply to Hono's middleware types.
  const app = new Hono<{ Variables: SecureHeadersVariables & RequestIdVariables }>();
  app.use(requestId());
  app.use(requestLog(logger));
  app.use(requestMetrics());
  // What says nothing of its own caching is stored nowhere (server/rules/http-caching.ts).
  app.use(notStoredByDefault());
  // nosniff on every answer; pages get the rest of their headers further in (pageHeaders).
  app.use(baseSecurityHeaders());
  // Text answers (pages, scripts, styles, JSON) gzipped for browsers that ask. A page-cache hit
  // comes gzipped already (compressed once per entry), and a built asset is read compressed
  // (scripts/precompress.ts): this leaves both as they are.
  app.use(compress());
  app.route("/", healthRoutes(database));
  // Prometheus's scrape: here to the admin allow-list, unless it has a port of its own
  // (METRICS_PORT, server/boot.ts). Never page-cached: it is answered before the cache.
  watchForMetrics({ database, pageCache });
  if (env.METRICS_PORT === undefined) {
    app.route(
      "/",
      metricsRoutes({ allowlist: env.ADMIN_ALLOWLIST, trustedProxies: env.TRUSTED_PROXIES }),
    );
  }
  // After the health checks, which a load balancer may send to the bare address.
  if (env.NODE_ENV === "production") {
    app.use(trustedHost({ publicUrl: env.PUBLIC_URL, allowedHosts: env.ALLOWED_HOSTS }));
  }
  const isTrustedProxy = createIpMatcher(env.TRUSTED_PROXIES, "TRUSTED_PROXIES");
  app.use(refuseBadBytes());
  app.use(bodyLimits());
  app.use(refuseNulInBodies());
  // A write's Origin must be the shop's: PUBLIC_URL, or the origin the request came to (in
  // production trustedHost has checked that it is one of the shop's names).
  app.use(
    sameOriginWrites({
      allowedOrigins:
        deps.allowedOrigins ??
        ((c) => [env.PUBLIC_URL, new URL(asBrowserSaw(c, isTrustedProxy).url).origin]),
    }),
  );
  app.use(passwordGate({ password: env.SITE_PASSWORD }));
  app.use(adminGuard({ allowlist: env.ADMIN_ALLOWLIST, trustedProxies: env.TRUSTED_PROXIES }));
  app.use(trailingSlash({ skipPrefixes: API_PREFIXES }));

  const pageHeaders = pageSecurityHeaders({
    publicUrl: env.PUBLIC_URL,
    gtmId: env.GTM_ID,
    reportOnly: env.NODE_ENV === "development",
  });
  // The hosted checkout is a server-rendered page of the commerce service (no page cache there).
  app.use("/checkout/*", pageHeaders);

  const platform = createPlatform({
    env,
    database,
    logger,
    invalidations,
  });
  for (const [path, routes] of platform.routes) app.route(path, routes);
  // Browser journeys' hooks (a fixed clock for the content schedule), only with TEST_HOOKS.
  if (env.TEST_HOOKS) {
    logger.warn("TEST_HOOKS is on: test routes are served under /__test/ (never on a deployment)");
    app.route(
      TEST_HOOKS_PREFIX,
      testHookRoutes({
        env,
        db: database.db,
        contentSchedule: platform.contentSchedule,
        isTrustedProxy,
      }),
    );
  }
  const searchRebuild = new SearchRebuild(database.db, logger);
  app.route("/api", adminApiRoutes({ env, pageCache: sharedPages, searchRebuild }));
  // The shop's own API, also registered with the services so that the storefront's server side
  // calls it in-process (favourites, shopping lists) with the checks the browser gets.
  const ownApi = new Hono().route("/api", ownApiRoutes({ env, database, logger, invalidations }));
  app.route("/", ownApi);
  configureService("api", {
    baseUrl: "http://own-api.embedded",
    handler: (request) => ownApi.fetch(request, IN_PROCESS),
  });
  const caches: ShopCaches = {
    forgetContent: (keys) =>
      invalidations.publish(keys ? { kind: "content", keys } : { kind: "content" }),
    forgetOrderingMenus: () => invalidations.publish({ kind: "ordering-menus" }),
    forgetStores: () => invalidations.publish({ kind: "ordering-stores" }),
    forgetSearchSynonyms: () => invalidations.publish({ kind: "search-synonyms" }),
  };

  if (deps.clientDirectory) {
    // Vite puts hashed files under /assets/: their name changes with their content. The build
    // writes Brotli and gzip copies of its text files (scripts/precompress.ts): the browser gets
    // the one it accepts, compressed once at build time rather than on every answer.
    const assets = filesFor(
      serveStatic({ root: deps.clientDirectory, precompressed: true }),
      IMMUTABLE,
    );
    app.use("/assets/*", assets);
    // Other public files (favicon, robots.txt…): only paths that name a file are looked up.
    const publicFiles = filesFor(serveStatic({ root: deps.clientDirectory }), SHORT_LIVED);
    app.use("*", (c, next) => (/\.[^/]+$/.test(c.req.path) ? publicFiles(c, next) : next()));
  }

  const handleDocument = createRequestHandler(deps.build, env.NODE_ENV);
  // Outside the page cache, which keeps no 404: a redirect added for a missing page works at once.
  app.use(
    followUrlRedirects({
      find: async (pathname) => {
        try {
          return (await findUrlRedirect(database.db, pathname))?.target;
        } catch (error) {
          // The 404 stands rather than a 500 for it.
          logger.warn({ err: error, path: pathname }, "URL redirect lookup failed");
          return undefined;
        }
      },
      locate: redirectLocation,
      skipPrefixes: [...API_PREFIXES, "/middleware/", "/checkout/"],
    }),
  );
  // A page previewed with the drafts (`?preview=…`) is rendered on them, for that visitor only:
  // the page cache neither answers nor keeps it.
  app.use(contentPreview({ secret: env.CONTENT_PREVIEW_TOKEN }));
  app.use(pageCacheMiddleware(pageCache, { bypass: isContentPreview }));
  // Inside the page cache: a stored page keeps the CSP that names the nonce written in it, and a
  // hit replays both. The nonce is then the same for everyone until the entry goes, which is
  // acceptable: a nonce guards against markup injected before the page is rendered, and an
  // attacker cannot know it before then; the stored page's markup is fixed, with nothing of a
  // visitor in it (the page cache only keeps pages that are the same for everyone).
  app.use(pageHeaders);
  // Inside the page cache: a cached page is stored already rewritten.
  if (deps.clientDirectory) app.use(firstPaint({ clientDirectory: deps.clientDirectory }));
  // A page for everyone is public, named by what it shows (surrogate keys) for the purges.
  app.use(
    publicPages({
      sharedMaxAgeSeconds: env.SHARED_CACHE_MAX_AGE_SECONDS,
      shared: env.SITE_PASSWORD === undefined,
      bypass: isContentPreview,
      publicDocuments: ["/categories.json"],
    }),
  );
  app.all("*", async (c) => {
    const context = new RouterContextProvider();
    const state = {
      env,
      database,
      logger,
      clientIp: clientIp(c, isTrustedProxy),
      pageCache: sharedPages,
      searchRebuild,
      caches,
      // The back office's refunds and captures of provider payments (issue 48, helper D).
      paymentProvider: platform.payments.provider,
      // Set by pageHeaders before the page renders.
      nonce: c.get("secureHeadersNonce"),
      requestId: c.get("requestId"),
      errorLogged: false,
    };
    context.set(serverContext, state);
    const response = await handleDocument(asBrowserSaw(c, isTrustedProxy), context);
    // React Router hands `handleError` thrown errors only: a Response thrown with a 5xx status
    // (or an error it does not pass on) would otherwise leave a 500 with no line saying why.
    if (response.status >= 500 && !state.errorLogged) {
      logger.error(
        { reqId: state.requestId, path: c.req.path, status: response.status },
        "request answered an error without a thrown error (a Response thrown with this status)",
      );
    }
    return response;
  });

  app.onError((error, c) => {
    logger.error({ err: error, reqId: c.get("requestId"), path: c.req.path }, "unhandled error");
    return c.text("Oops...Something went wrong", 500);
  });

  return { app, pageCache, platform, searchRebuild, invalidations };
}

/**
 * A file server whose answers carry `cacheControl`. Set on the answer it returns: a header set
 * from serveStatic's `onFound` is lost unless something read the context's response before it.
 * A request for a file that is not there goes on, without the header.
 */
function filesFor(files: MiddlewareHandler, cacheControl: string): MiddlewareHandler {
  return async (c, next) => {
    const found = await files(c, next);
    if (found instanceof Response) found.headers.set("Cache-Control", cacheControl);
    return found;
  };
}
