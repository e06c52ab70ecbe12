/**
 * Page budgets of DESIGN.md §8, measured over HTTP on a production build served on loopback with
 * a throw-away embedded database. Requests go only to 127.0.0.1; loops are bounded in count.
 */
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { once } from "node:events";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";

const root = resolve(import.meta.dirname, "..");
const port = Number(process.env.BENCH_PORT ?? 3200);
const base = `http://127.0.0.1:${port}`;
const ITERATIONS = Number(process.env.BENCH_ITERATIONS ?? 300);
const CONCURRENCY = 4;

import { type BenchResult, percentile } from "./measure.ts";

/** Fires `ITERATIONS` requests, `CONCURRENCY` at a time; returns sorted latencies in ms. */
async function measure(url: (i: number) => string, check?: (res: Response) => void) {
  const latencies: number[] = [];
  let next = 0;
  const worker = async () => {
    while (next < ITERATIONS) {
      const i = next++;
      const started = performance.now();
      const res = await fetch(url(i));
      await res.arrayBuffer();
      latencies.push(performance.now() - started);
      check?.(res);
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  return latencies.sort((a, b) => a - b);
}

async function waitForReady(server: ChildProcess) {
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

/** A plain static file server on the same bytes: the yardstick for cached pages. */
async function staticServer(body: Buffer, contentType: string) {
  const server = createServer((_req, res) => {
    res.writeHead(200, { "content-type": contentType, "content-length": body.length });
    res.end(body);
  });
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/` };
}

export async function runHttpBench(): Promise<BenchResult[]> {
  const build = spawnSync(
    process.execPath,
    [join(root, "node_modules/@react-router/dev/bin.cjs"), "build"],
    {
      cwd: root,
      stdio: "ignore",
    },
  );
  if (build.status !== 0) throw new Error("production build failed");

  const dataDir = mkdtempSync(join(tmpdir(), "comptoir-bench-"));
  const server = spawn(process.execPath, [join(root, "server/main.ts")], {
    cwd: root,
    stdio: "ignore",
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      LOG_LEVEL: "silent",
      PAGE_CACHE_MAX_ENTRIES: "10",
    },
  });

  const results: BenchResult[] = [];
  try {
    await waitForReady(server);

    // Warm up the JIT and the caches.
    await measure(() => `${base}/`);

    const uncached = await measure((i) => `${base}/?bench=${i}`);
    results.push({
      name: "home page, uncached (SSR)",
      p50: percentile(uncached, 50),
      p95: percentile(uncached, 95),
      budget: "p95 < 80 ms",
      ok: percentile(uncached, 95) < 80,
    });

    await (await fetch(`${base}/`)).arrayBuffer(); // back in the cache after the loop above
    const cached = await measure(
      () => `${base}/`,
      (res) => {
        if (res.headers.get("x-cache") !== "HIT") throw new Error("expected a cache hit");
      },
    );
    const page = await fetch(`${base}/`);
    const yardstick = await staticServer(
      Buffer.from(await page.arrayBuffer()),
      page.headers.get("content-type") ?? "text/html",
    );
    const baseline = await measure(() => yardstick.url);
    yardstick.server.close();
    results.push({
      name: "home page, cached (X-Cache: HIT)",
      p50: percentile(cached, 50),
      p95: percentile(cached, 95),
      budget: `p95 within 3× of a static server (${percentile(baseline, 95).toFixed(2)} ms)`,
      ok: percentile(cached, 95) <= 3 * Math.max(percentile(baseline, 95), 1),
    });
  } finally {
    server.kill("SIGTERM");
    await once(server, "exit");
    rmSync(dataDir, { recursive: true, force: true });
  }
  return results;
}
