/** Production entry: serves the built storefront (`npm run build`) with everything else. */
import cluster from "node:cluster";
import { existsSync } from "node:fs";
import { resolve } from "node:path";
import type { ServerBuild } from "react-router";
import { boot } from "#server/boot.ts";
import { loadEnv } from "#server/env.ts";
import { runPrimary, workerCount, workersRefusal } from "#server/workers.ts";

const env = loadEnv();
const workers = workerCount(env.WEB_CONCURRENCY);
const refusal = workersRefusal(env, workers);
if (refusal) {
  console.error(refusal);
  process.exit(1);
}
if (cluster.isPrimary && workers > 1) {
  await runPrimary(env, workers);
} else {
  await serve();
}

async function serve() {
  const root = resolve(import.meta.dirname, "..");
  const buildDirectory = resolve(root, process.env.COMPTOIR_BUILD_DIR ?? "build");
  const serverBuild = resolve(buildDirectory, "server/index.js");
  if (!existsSync(serverBuild)) {
    console.error(
      "No production build found: run `npm run build` first (npm start does it for you).",
    );
    process.exit(1);
  }
  const build = (await import(serverBuild)) as ServerBuild;
  await boot({
    env,
    build,
    clientDirectory: resolve(buildDirectory, "client"),
    prepared: cluster.isWorker,
  });
}
