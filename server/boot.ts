import { createServer, type RequestListener } from "node:http";
import { getRequestListener } from "@hono/node-server";
import { loadContentConfiguration } from "#app/lib/content/content.server.ts";
import { type Database, databaseFromEnv } from "#db/client.ts";
import { migrate } from "#db/migrate.ts";
import {
  ensureFirstAdmin,
  issueSetupToken,
  SETUP_PATH,
  SETUP_TOKEN_MINUTES,
} from "#platform/backoffice/index.ts";
import { startFacetRecount } from "#platform/commerce/index.ts";
import { seedDatabase } from "#seed/index.ts";
import { admission } from "#server/admission.ts";
import { createServerApp, type ServerDependencies } from "#server/app.ts";
import type { ConfiguredEnv, Env } from "#server/env.ts";
import { createLogger, type Logger } from "#server/logger.ts";
import { startMetricsServer } from "#server/metrics.ts";
import { resolveSecrets } from "#server/secrets/store.ts";
import { closeGracefully } from "#server/shutdown.ts";

const KEEP_ALIVE_TIMEOUT_MS = 65_000;
/** Answered however many requests wait their turn (server/health.ts). */
const HEALTH_PATHS = new Set(["/healthz", "/readyz"]);

type BootOptions = Pick<ServerDependencies, "build" | "clientDirectory"> & {
  env: ConfiguredEnv;
  /**
   * A worker of several (server/workers.ts): the primary process has migrated and seeded the
   * database and made the first administrator, so this one only serves.
   */
  prepared?: boolean;
  /** Lets development put Vite's middlewares in front of the shop. */
  wrapListener?: (listener: RequestListener) => RequestListener;
  onShutdown?: () => Promise<void>;
};

/**
 * The first administrator from ADMIN_EMAIL / ADMIN_PASSWORD; without them and without an
 * administrator, a one-time link that creates one in the browser (from the office addresses of
 * ADMIN_ALLOWLIST, for SETUP_TOKEN_MINUTES).
 */
async function ensureAdministrator(env: Env, database: Database, logger: Logger) {
  if (env.ADMIN_EMAIL && env.ADMIN_PASSWORD) {
    const created = await ensureFirstAdmin(database.db, {
      email: env.ADMIN_EMAIL,
      password: env.ADMIN_PASSWORD,
    });
    if (created) logger.info({ email: created.email }, "first administrator created");
    return;
  }
  const setup = await issueSetupToken(database.db, new Date());
  if (!setup) return;
  // In the message, not a field: the logger redacts fields named `token`.
  const link = `${env.PUBLIC_URL}${SETUP_PATH}?token=${setup.token}`;
  logger.warn(
    { expiresAt: setup.expiresAt.toISOString(), allowlist: env.ADMIN_ALLOWLIST },
    `no administrator yet: open ${link} within ${SETUP_TOKEN_MINUTES} minutes, from an address of ADMIN_ALLOWLIST, to create the first one (the link works once; restart for a new one), or set ADMIN_EMAIL and ADMIN_PASSWORD`,
  );
}

/**
 * Where a newcomer reads the activation emails and phone codes the shop "sends" (kept in the
 * outbox while no SMTP_URL or SMS provider is set): said in development and with demo data.
 */
function pointToOutbox(env: Env, logger: Logger) {
  if (env.NODE_ENV === "production" && !env.SEED_ON_START) return;
  logger.info(
    `emails and SMS codes (account activation, sign-in codes) are kept in the outbox: ${env.PUBLIC_URL}/middleware/outbox/`,
  );
}

/** A production server left on its laptop origin answers only to localhost: say so once. */
function warnAboutOrigin(env: Env, logger: Logger) {
  if (env.NODE_ENV !== "production") return;
  const { hostname } = new URL(env.PUBLIC_URL);
  if (hostname === "localhost") {
    logger.warn(
      { publicUrl: env.PUBLIC_URL },
      "PUBLIC_URL is not set: the shop answers only to localhost and its loopback addresses; set PUBLIC_URL to its public address",
    );
  }
}

/**
 * What runs once before the shop serves: migrations, the secrets generated and kept, the demo
 * data on an empty database, the first administrator. Returns the environment with its secrets.
 */
export async function prepareDatabase(
  configured: ConfiguredEnv,
  database: Database,
  logger: Logger,
): Promise<Env> {
  await migrate(database);
  const secrets = await resolveSecrets(configured, database);
  if (secrets.generated.length > 0) {
    logger.info(
      { secrets: secrets.generated, keptIn: secrets.keptIn },
      "secrets generated and kept (npm run secrets prints them)",
    );
  }
  const env = secrets.env;
  warnAboutOrigin(env, logger);
  if (env.SEED_ON_START) {
    const seeded = await seedDatabase(database);
    if (seeded) logger.info("empty database: demo data seeded");
  }
  await ensureAdministrator(env, database, logger);
  pointToOutbox(env, logger);
  return env;
}

/** Opens and migrates the database, seeds an empty one, serves the shop, and stops gently. */
export async function boot(options: BootOptions) {
  const logger = createLogger(options.env);
  const database = await databaseFromEnv(options.env);
  // A worker reads the secrets the primary kept (PostgreSQL's shop_secrets table).
  const env = options.prepared
    ? (await resolveSecrets(options.env, database)).env
    : await prepareDatabase(options.env, database, logger);

  const { app, platform, invalidations } = createServerApp({ ...options, env, database, logger });
  // Hears what the other instances' writes made stale (PostgreSQL's LISTEN; a no-op on PGlite).
  await invalidations.start();
  // Health checks are answered at once, however many requests wait their turn.
  const handle = admission(app.fetch, {
    limit: env.MAX_CONCURRENT_REQUESTS,
    bypass: (request) => HEALTH_PATHS.has(new URL(request.url).pathname),
  });
  const listener = getRequestListener(handle);
  const server = createServer(options.wrapListener ? options.wrapListener(listener) : listener);
  // Idle keep-alive sockets outlive the clients' and proxies' own (60 s is common): a server that
  // closes first (Node's default is 5 s) races the client's next request on that socket, which
  // then fails with ECONNRESET. Shutdown still drops idle sockets at once (server/shutdown.ts).
  server.keepAliveTimeout = KEEP_ALIVE_TIMEOUT_MS;
  server.headersTimeout = KEEP_ALIVE_TIMEOUT_MS + 1000;
  server.listen(env.PORT, env.HOST);
  await new Promise<void>((resolve) => server.once("listening", resolve));
  logger.info({ engine: database.engine }, `Comptoir is open on ${env.PUBLIC_URL}/`);
  const metricsServer =
    env.METRICS_PORT === undefined
      ? undefined
      : await startMetricsServer({ port: env.METRICS_PORT, host: env.HOST });
  if (metricsServer) {
    logger.info({ port: env.METRICS_PORT, host: env.HOST }, "metrics served on their own port");
  }
  // Each collection's facet counts, stored ahead of the first shopper and counted again after
  // each catalogue write (platform/commerce/catalogue/facets.ts).
  const facetRecount = startFacetRecount({
    db: database.db,
    logger: logger.child({ module: "commerce" }),
  });
  // The menu and footer every page shows, loaded now rather than by the first visitor; a failure
  // is logged and the first page tries again.
  void loadContentConfiguration();

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, "shutting down");
    await Promise.all([
      closeGracefully(server, env.SHUTDOWN_TIMEOUT_MS),
      metricsServer && closeGracefully(metricsServer, env.SHUTDOWN_TIMEOUT_MS),
    ]);
    // An email being handed to the SMTP server is finished before the database closes.
    await platform.mail.stop();
    // The same for an SMS being handed to the gateway, which is then left (unbind).
    await platform.sms.stop();
    await platform.popularity.stop();
    await platform.contentSchedule.stop();
    await platform.paymentJobs.stop();
    await facetRecount.stop();
    await invalidations.stop();
    await options.onShutdown?.();
    await database.close();
    logger.info("stopped");
    process.exit(0);
  };
  process.once("SIGTERM", () => void stop("SIGTERM"));
  process.once("SIGINT", () => void stop("SIGINT"));
  return server;
}
