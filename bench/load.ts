/**
 * `npm run bench -- load` (issue 20, item 6): virtual shoppers against the production server on
 * PostgreSQL, once with one worker and once with two (`WEB_CONCURRENCY`), in one run. Each
 * shopper loops: a page (home, a category, a product), now and then the search page, predictive
 * search, a cart add, `/cart.json`, and a checkout page; between two requests it thinks. Prints
 * per kind requests/s, p50, p99 and errors, the server's RSS, and the ratio of the two runs'
 * throughputs. Settings (environment):
 *   LOAD_SHOPPERS (200), LOAD_THINK_MS (300), LOAD_SECONDS (60), LOAD_WORKERS ("1,2"),
 *   TEST_DATABASE_URL or DATABASE_URL: a PostgreSQL where a throw-away database is made per run;
 *   LOAD_URL: instead, a shop already running elsewhere (e.g. `http://shop.internal:3000`), so
 *   that the shoppers run on another machine than the shop: one run, no RSS.
 * Results and targets: docs/performance.md.
 */
import { execFileSync } from "node:child_process";
import { Agent, request as httpRequest, type IncomingMessage } from "node:http";
import { resolve } from "node:path";
import { gunzipSync } from "node:zlib";
import pg from "pg";
import { percentile } from "./measure.ts";
import { buildStorefront, startShop, waitForReady } from "./serve.ts";

const root = resolve(import.meta.dirname, "..");
const SHOPPERS = Number(process.env.LOAD_SHOPPERS ?? 200);
const THINK_MS = Number(process.env.LOAD_THINK_MS ?? 300);
const SECONDS = Number(process.env.LOAD_SECONDS ?? 60);
const WORKERS = (process.env.LOAD_WORKERS ?? "1,2").split(",").map(Number);
const PORT = Number(process.env.LOAD_PORT ?? 3290);
const TIMEOUT_MS = 30_000;

type Kind = "page" | "search page" | "predictive" | "cart add" | "cart.json" | "checkout";
type Sample = { kind: Kind; ms: number; ok: boolean };

export type LoadRun = {
  /** Workers the harness started; 0 for the shop at LOAD_URL. */
  workers: number;
  seconds: number;
  samples: Sample[];
  rssStartMb: number;
  rssPeakMb: number;
  rssEndMb: number;
  /** Every 30 s: seconds into the run, RSS and one worker's V8 heap in use (MB, from /metrics). */
  memory: { at: number; rssMb: number; heapMb: number }[];
};

const QUERIES = ["comte", "chocolat", "vin rouge", "miel", "saucisson", "the", "huile", "brie"];

/** A shopper's cookies, kept as a browser keeps them (name → value). */
class CookieJar {
  readonly #cookies = new Map<string, string>();
  header(): string {
    return [...this.#cookies].map(([name, value]) => `${name}=${value}`).join("; ");
  }
  keep(lines: string[] | undefined) {
    for (const line of lines ?? []) {
      const [pair] = line.split(";");
      const at = pair?.indexOf("=") ?? -1;
      if (!pair || at < 1) continue;
      this.#cookies.set(pair.slice(0, at).trim(), pair.slice(at + 1).trim());
    }
  }
}

/**
 * The shoppers' connections, kept alive as a browser keeps them. Plain `node:http` rather than
 * `fetch`: the generator shares the machine with the shop, and `fetch` cost it about 1.8 ms of a
 * core per request (a third of a core at 170 requests/s), taken from the shop it measures.
 */
const agent = new Agent({ keepAlive: true, maxSockets: Number.POSITIVE_INFINITY });

type Answer = { status: number; cookies: string[] | undefined; body: () => string };

/**
 * One request as a browser sends it (gzip accepted). The body is read to its end but only
 * unzipped when `body()` is called, since the shoppers read few answers.
 */
function send(
  url: URL,
  options: { method?: string; headers: Record<string, string>; body?: string },
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      url,
      {
        agent,
        method: options.method ?? "GET",
        headers: { "accept-encoding": "gzip", ...options.headers },
        timeout: TIMEOUT_MS,
      },
      (res: IncomingMessage) => {
        const chunks: Buffer[] = [];
        res.on("data", (chunk: Buffer) => chunks.push(chunk));
        res.on("error", reject);
        res.on("end", () => {
          const raw = Buffer.concat(chunks);
          const zipped = res.headers["content-encoding"] === "gzip";
          resolve({
            status: res.statusCode ?? 0,
            cookies: res.headers["set-cookie"],
            body: () => (zipped ? gunzipSync(raw) : raw).toString("utf8"),
          });
        });
      },
    );
    req.on("timeout", () => req.destroy(new Error("timed out")));
    req.on("error", reject);
    req.end(options.body);
  });
}

/** The server's resident memory, its workers' included (MB). */
function rssMb(pid: number): number {
  try {
    const out = execFileSync("ps", ["-o", "rss=", "--pid", String(pid), "--ppid", String(pid)], {
      encoding: "utf8",
    });
    return out.split("\n").reduce((sum, line) => sum + (Number(line.trim()) || 0), 0) / 1024;
  } catch {
    return 0;
  }
}

async function shopper(
  base: string,
  catalogue: { categories: string[]; products: string[]; variants: string[] },
  until: number,
  seed: number,
  samples: Sample[],
) {
  const jar = new CookieJar();
  // mulberry32: a shopper's choices follow its seed, so two runs ask for the same mix.
  let state = seed >>> 0;
  const random = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const pick = <T>(items: T[]): T => items[Math.floor(random() * items.length)] as T;
  const request = async (
    kind: Kind,
    path: string,
    init: { method?: string; body?: string; headers?: Record<string, string> } = {},
  ) => {
    const started = performance.now();
    let answer: Answer | undefined;
    try {
      answer = await send(new URL(path, base), {
        method: init.method,
        body: init.body,
        headers: { cookie: jar.header(), origin: base, ...init.headers },
      });
      jar.keep(answer.cookies);
    } catch {
      answer = undefined;
    }
    const ok = answer !== undefined && answer.status < 400;
    samples.push({ kind, ms: performance.now() - started, ok });
    return answer;
  };
  const think = () => new Promise((next) => setTimeout(next, THINK_MS * (0.5 + random())));

  while (Date.now() < until) {
    const roll = Math.floor(random() * 20);
    if (roll < 3) await request("page", "/");
    else if (roll < 6) await request("page", pick(catalogue.categories));
    else if (roll < 10) await request("page", pick(catalogue.products));
    else if (roll < 12)
      await request("search page", `/search/?q=${encodeURIComponent(pick(QUERIES))}`);
    else if (roll < 15) {
      const q = pick(QUERIES);
      await request(
        "predictive",
        `/search/suggestions.json?q=${encodeURIComponent(q.slice(0, 3))}`,
      );
    } else if (roll < 18) {
      const form = new URLSearchParams({ merchandiseId: pick(catalogue.variants), _fetcher: "1" });
      await request("cart add", "/cart/add", {
        method: "POST",
        body: form.toString(),
        headers: { "content-type": "application/x-www-form-urlencoded" },
      });
    } else if (roll < 19) await request("cart.json", "/cart.json");
    else {
      const cart = await request("cart.json", "/cart.json");
      const url = cart ? /"checkoutUrl":"([^"]+)"/.exec(cart.body())?.[1] : undefined;
      if (url) await request("checkout", new URL(url).pathname + new URL(url).search);
    }
    await think();
  }
}

/** The category, product and variant addresses the shoppers pick from, read off the shop. */
async function readCatalogue(base: string) {
  const sitemap = await (await fetch(`${base}/sitemap.xml`)).text();
  const locs = [...sitemap.matchAll(/<loc>[^<]*?(\/(?:p|c)\/[^<]+\/)<\/loc>/g)].map((m) => m[1]);
  const products = locs.filter((path): path is string => Boolean(path?.startsWith("/p/")));
  const categories = locs.filter((path): path is string => Boolean(path?.startsWith("/c/")));
  const variants = new Set<string>();
  for (const category of categories.slice(0, 6)) {
    const html = await (await fetch(`${base}${category}`)).text();
    for (const m of html.matchAll(/name="merchandiseId" value="([^"]+)"/g))
      variants.add(m[1] ?? "");
  }
  variants.delete("");
  if (products.length === 0 || categories.length === 0 || variants.size === 0) {
    throw new Error("the shop shows no products to load");
  }
  return {
    categories: categories.slice(0, 40),
    products: products.slice(0, 200),
    variants: [...variants],
  };
}

/**
 * The V8 heap in use of the worker that answers `/metrics` (prom-client's default metrics; the
 * harness's address is in the default ADMIN_ALLOWLIST), in MB; 0 when it cannot be read.
 */
async function heapUsedMb(base: string): Promise<number> {
  try {
    const text = await (await fetch(`${base}/metrics`)).text();
    const value = /^nodejs_heap_size_used_bytes (\S+)$/m.exec(text)?.[1];
    return value ? Number(value) / 1024 / 1024 : 0;
  } catch {
    return 0;
  }
}

/** The shoppers' run against `base`, after a warm-up; `rss` reads the server's memory if known. */
async function drive(base: string, workers: number, rss: () => number): Promise<LoadRun> {
  const catalogue = await readCatalogue(base);
  // Warm the caches and the JIT of each worker: a few rounds of every page kind.
  const warm: Sample[] = [];
  await Promise.all(
    Array.from({ length: 8 }, (_, i) => shopper(base, catalogue, Date.now() + 5_000, i + 1, warm)),
  );
  const rssStartMb = rss();
  let rssPeakMb = rssStartMb;
  const watch = setInterval(() => {
    rssPeakMb = Math.max(rssPeakMb, rss());
  }, 1_000);
  const samples: Sample[] = [];
  const started = Date.now();
  const until = started + SECONDS * 1000;
  const memory: LoadRun["memory"] = [];
  const note = async () => {
    memory.push({
      at: Math.round((Date.now() - started) / 1000),
      rssMb: rss(),
      heapMb: await heapUsedMb(base),
    });
  };
  await note();
  const sampling = setInterval(note, 30_000);
  await Promise.all(
    Array.from({ length: SHOPPERS }, (_, i) => shopper(base, catalogue, until, i + 100, samples)),
  );
  clearInterval(watch);
  clearInterval(sampling);
  await note();
  const seconds = (Date.now() - started) / 1000;
  return { workers, seconds, samples, rssStartMb, rssPeakMb, rssEndMb: rss(), memory };
}

async function runOnce(databaseUrl: string, workers: number): Promise<LoadRun> {
  const url = new URL(databaseUrl);
  const name = `comptoir_load_${process.pid}_${workers}`;
  const admin = new pg.Client({ connectionString: databaseUrl });
  await admin.connect();
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.query(`create database ${name}`);
  url.pathname = `/${name}`;
  const base = `http://127.0.0.1:${PORT}`;
  const { server, stop } = startShop({
    root,
    port: PORT,
    name: "load",
    stdio: "ignore",
    env: { LOG_LEVEL: "silent", DATABASE_URL: url.toString(), WEB_CONCURRENCY: String(workers) },
  });
  try {
    await waitForReady(server, base);
    const pid = server.pid ?? 0;
    return await drive(base, workers, () => rssMb(pid));
  } finally {
    await stop();
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}

function report(run: LoadRun) {
  const kinds = [...new Set(run.samples.map((s) => s.kind))].sort();
  const who =
    run.workers === 0
      ? "the shop at LOAD_URL"
      : `${run.workers} worker${run.workers > 1 ? "s" : ""}`;
  console.log(`\n${who}: ${SHOPPERS} shoppers, think ${THINK_MS} ms, ${run.seconds.toFixed(0)} s`);
  console.log(
    `${"kind".padEnd(12)} ${"req/s".padStart(8)} ${"p50 ms".padStart(9)} ${"p99 ms".padStart(9)} errors`,
  );
  for (const kind of [...kinds, "all" as const]) {
    const of = kind === "all" ? run.samples : run.samples.filter((s) => s.kind === kind);
    const times = of.map((s) => s.ms).sort((a, b) => a - b);
    const errors = of.filter((s) => !s.ok).length;
    console.log(
      `${kind.padEnd(12)} ${(of.length / run.seconds).toFixed(1).padStart(8)} ${percentile(times, 50).toFixed(1).padStart(9)} ${percentile(times, 99).toFixed(1).padStart(9)} ${errors}`,
    );
  }
  const heap = run.memory.map((point) => `${point.at} s ${point.heapMb.toFixed(0)}`).join(", ");
  console.log(`V8 heap in use (MB, one worker): ${heap}`);
  if (run.workers === 0) return;
  console.log(
    `server RSS: ${run.rssStartMb.toFixed(0)} MB at start, ${run.rssPeakMb.toFixed(0)} MB at most, ${run.rssEndMb.toFixed(0)} MB at the end`,
  );
  console.log(
    `RSS over the run (MB): ${run.memory.map((point) => `${point.at} s ${point.rssMb.toFixed(0)}`).join(", ")}`,
  );
  // Flat means no growth once warm: what RSS gains from the first third of the run to its end.
  const settled = run.memory.find((point) => point.at >= run.seconds / 3);
  const last = run.memory.at(-1);
  if (settled && last && last.at > settled.at) {
    const gained = last.rssMb - settled.rssMb;
    const perMinute = gained / ((last.at - settled.at) / 60);
    console.log(
      `RSS from ${settled.at} s to the end: ${gained >= 0 ? "+" : ""}${gained.toFixed(0)} MB (${((100 * gained) / settled.rssMb).toFixed(1)} %, ${perMinute.toFixed(1)} MB a minute)`,
    );
  }
}

export async function runLoadBench(): Promise<void> {
  const remote = process.env.LOAD_URL;
  if (remote) {
    const base = new URL(remote).origin;
    report(await drive(base, 0, () => 0));
    return;
  }
  const databaseUrl = process.env.DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  if (!databaseUrl) {
    throw new Error(
      "npm run bench -- load needs PostgreSQL: set TEST_DATABASE_URL or DATABASE_URL",
    );
  }
  buildStorefront(root, "ignore");
  const runs: LoadRun[] = [];
  for (const workers of WORKERS) {
    const run = await runOnce(databaseUrl, workers);
    report(run);
    runs.push(run);
  }
  const [first, second] = runs;
  if (first && second) {
    const rate = (run: LoadRun) => run.samples.length / run.seconds;
    console.log(
      `\nthroughput ratio, ${second.workers} workers to ${first.workers}: ${(rate(second) / rate(first)).toFixed(2)}×`,
    );
  }
}
