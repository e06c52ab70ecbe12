import { createServer, type RequestListener } from "node:http";
import { getRequestListener } from "@hono/node-server";
import { databaseFromEnv } from "#db/client.ts";
import { migrate } from "#db/migrate.ts";
import { seedDatabase } from "#seed/index.ts";
import { createServerApp, type ServerDependencies } from "#server/app.ts";
import type { Env } from "#server/env.ts";
import { createLogger } from "#server/logger.ts";
import { closeGracefully } from "#server/shutdown.ts";

type BootOptions = Pick<ServerDependencies, "build" | "clientDirectory"> & {
  env: Env;
  /** Lets development put Vite's middlewares in front of the shop. */
  wrapListener?: (listener: RequestListener) => RequestListener;
  onShutdown?: () => Promise<void>;
};

/** Opens and migrates the database, seeds an empty one, serves the shop, and stops gently. */
export async function boot(options: BootOptions) {
  const { env } = options;
  const logger = createLogger(env);
  const database = await databaseFromEnv(env);
  await migrate(database);
  if (env.SEED_ON_START) {
    const seeded = await seedDatabase(database);
    if (seeded) logger.info("empty database: demo data seeded");
  }

  const { app } = createServerApp({ ...options, database, logger });
  const listener = getRequestListener(app.fetch);
  const server = createServer(options.wrapListener ? options.wrapListener(listener) : listener);
  server.listen(env.PORT, env.HOST);
  await new Promise<void>((resolve) => server.once("listening", resolve));
  logger.info({ engine: database.engine }, `Comptoir is open on http://localhost:${env.PORT}/`);

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, "shutting down");
    await closeGracefully(server, env.SHUTDOWN_TIMEOUT_MS);
    await options.onShutdown?.();
    await database.close();
    logger.info("stopped");
    process.exit(0);
  };
  process.once("SIGTERM", () => void stop("SIGTERM"));
  process.once("SIGINT", () => void stop("SIGINT"));
  return server;
}
