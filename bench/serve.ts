import { type ChildProcess, type StdioOptions, spawn, spawnSync } from "node:child_process";
import { once } from "node:events";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

/** `react-router build` of the storefront in `root`, with the given output; throws on failure. */
export function buildStorefront(root: string, stdio: StdioOptions) {
  const build = spawnSync(
    process.execPath,
    [join(root, "node_modules/@react-router/dev/bin.cjs"), "build"],
    { cwd: root, stdio },
  );
  if (build.status !== 0) throw new Error("production build failed");
}

/**
 * Waits until the production server started by a bench or audit script answers `/readyz` at
 * `base`; fails fast when it exits first. Polls every 200 ms, two minutes at most.
 */
export async function waitForReady(server: ChildProcess, base: string) {
  for (let attempt = 0; attempt < 600; attempt++) {
    if (server.exitCode !== null) throw new Error("the server stopped before it was ready");
    try {
      if ((await fetch(`${base}/readyz`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error("the server did not become ready");
}

/**
 * The V8 flags the shop runs with in production, as `npm start` and `deploy/comptoir.service` give
 * them (docs/deployment.md, "Memory"): an old generation of at most 1 GB, which also keeps V8 from
 * growing it to four times what is live.
 */
export const PRODUCTION_NODE_FLAGS = ["--max-old-space-size=1024"];

/**
 * The production build of `root` served on 127.0.0.1:`port` with a throw-away demo database
 * (a temporary DATA_DIR named after `name`); `env` adds to the server's environment. `stop`
 * ends the server and removes its data.
 */
export function startShop(options: {
  root: string;
  port: number;
  name: string;
  stdio: StdioOptions;
  env: Record<string, string>;
}) {
  const dataDir = mkdtempSync(join(tmpdir(), `comptoir-${options.name}-`));
  // BENCH_PROFILE=<folder>: the server writes a V8 CPU profile there when it stops (open it in
  // Chrome's DevTools), to see what a budget's time is spent on.
  const profile = process.env.BENCH_PROFILE
    ? ["--cpu-prof", `--cpu-prof-dir=${process.env.BENCH_PROFILE}`]
    : [];
  const server = spawn(
    process.execPath,
    [...PRODUCTION_NODE_FLAGS, ...profile, join(options.root, "server/main.ts")],
    {
      cwd: options.root,
      stdio: options.stdio,
      env: {
        ...process.env,
        NODE_ENV: "production",
        PORT: String(options.port),
        HOST: "127.0.0.1",
        // The address the bench, Lighthouse and the browser use: canonical links name it.
        PUBLIC_URL: `http://127.0.0.1:${options.port}`,
        DATA_DIR: dataDir,
        ...options.env,
      },
    },
  );
  return {
    server,
    async stop() {
      server.kill("SIGTERM");
      if (server.exitCode === null) await once(server, "exit");
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
