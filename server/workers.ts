import cluster, { type Worker } from "node:cluster";
import { availableParallelism } from "node:os";
import { databaseFromEnv } from "#db/client.ts";
import { prepareDatabase } from "#server/boot.ts";
import type { ConfiguredEnv } from "#server/env.ts";
import { createLogger } from "#server/logger.ts";

/**
 * Several worker processes on one port (`WEB_CONCURRENCY`), with node:cluster: the primary
 * prepares the database once (migrations, secrets, demo data, first administrator), then forks
 * the workers, which only serve; the operating system spreads connections over them. The primary
 * serves nothing: it replaces a worker that dies, and on SIGTERM or SIGINT passes the signal to
 * every worker, each of which drains its requests (server/boot.ts), and exits once they have.
 */

/** How many workers `WEB_CONCURRENCY` asks for: a number, or `auto` for one per core. */
export function workerCount(
  value: ConfiguredEnv["WEB_CONCURRENCY"],
  cores = availableParallelism(),
): number {
  return value === "auto" ? Math.max(1, cores) : value;
}

/** Why this many workers cannot run on this environment's database; null when they can. */
export function workersRefusal(env: ConfiguredEnv, count: number): string | null {
  if (count <= 1 || env.DATABASE_URL) return null;
  return `WEB_CONCURRENCY=${env.WEB_CONCURRENCY} needs PostgreSQL (set DATABASE_URL): the embedded PGlite database belongs to one process.`;
}

export async function runPrimary(env: ConfiguredEnv, count: number): Promise<void> {
  const logger = createLogger(env);
  const database = await databaseFromEnv(env);
  try {
    await prepareDatabase(env, database, logger);
  } finally {
    await database.close();
  }

  let stopping = false;
  let exitCode = 0;
  // Whether each worker has started serving: one that dies before it does is not replaced, as it
  // would only die again (a bad build, a port taken); one that dies later is.
  const started = new Map<Worker, boolean>();
  const fork = () => {
    const worker = cluster.fork();
    started.set(worker, false);
    worker.once("listening", () => {
      started.set(worker, true);
      logger.info({ pid: worker.process.pid }, "worker listening");
    });
  };
  for (let i = 0; i < count; i++) fork();
  logger.info({ workers: count }, "workers started");

  cluster.on("exit", (worker, code, signal) => {
    const served = started.get(worker) ?? false;
    started.delete(worker);
    if (stopping) {
      if (started.size === 0) {
        logger.info("stopped");
        process.exit(exitCode);
      }
      return;
    }
    logger.error({ pid: worker.process.pid, code, signal }, "worker exited");
    if (!served) {
      logger.fatal("a worker failed as it started: stopping");
      stop("worker failure", 1);
      return;
    }
    fork();
  });

  const stop = (reason: string, code = 0) => {
    if (stopping) return;
    stopping = true;
    exitCode = code;
    logger.info({ reason }, "shutting down the workers");
    if (started.size === 0) process.exit(exitCode);
    for (const worker of started.keys()) worker.process.kill("SIGTERM");
  };
  process.once("SIGTERM", () => stop("SIGTERM"));
  process.once("SIGINT", () => stop("SIGINT"));
}
