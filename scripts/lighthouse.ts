/**
 * `npm run lighthouse`: Lighthouse (mobile, its default configuration) on a production build
 * served on 127.0.0.1 with a throw-away demo database, on the home page, a category and a
 * product. Prints the four scores against the targets of the storefront issue and writes them
 * into docs/performance.md. Chromium: CHROMIUM_PATH, else /usr/bin/chromium. Not part of
 * `npm test` (five runs a page take about six minutes; LIGHTHOUSE_RUNS changes the count).
 */
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { buildStorefront, startShop, waitForReady } from "../bench/serve.ts";

const root = resolve(import.meta.dirname, "..");
const port = Number(process.env.LIGHTHOUSE_PORT ?? 3300);
const base = `http://127.0.0.1:${port}`;
const chromePath = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const reportFile = join(root, "docs/performance.md");

const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"] as const;
type Category = (typeof CATEGORIES)[number];
// Performance: issue 24's target, in each run (DESIGN §8 asks 95).
const TARGETS: Record<Category, number> = {
  performance: 98,
  accessibility: 100,
  "best-practices": 95,
  seo: 100,
};
const LABELS: Record<Category, string> = {
  performance: "performance",
  accessibility: "accessibility",
  "best-practices": "best practices",
  seo: "SEO",
};

type PageResult = {
  name: string;
  path: string;
  scores: Record<Category, number>;
  /** The lab metrics behind the performance score ("1,2 s"), by audit id. */
  metrics: Record<Metric, string>;
  /** Failed audits of categories under target: what to fix. */
  findings: string[];
  /** Every run's performance score and Total Blocking Time, in run order. */
  runs: { performance: number; tbtMs: number }[];
};

const METRICS = {
  "first-contentful-paint": "FCP",
  "largest-contentful-paint": "LCP",
  "total-blocking-time": "TBT",
  "cumulative-layout-shift": "CLS",
  "speed-index": "SI",
} as const;
type Metric = keyof typeof METRICS;

/** The first product linked from a category page. */
async function productPath(categoryPath: string): Promise<string> {
  const html = await (await fetch(`${base}${categoryPath}`)).text();
  const path = /href="(\/p\/[^"?#]+\/)"/.exec(html)?.[1];
  if (!path) throw new Error(`no product link on ${categoryPath}`);
  return path;
}

type AuditItem = { node?: { snippet?: string }; items?: AuditItem[] };
type Audit = {
  id: string;
  title: string;
  score: number | null;
  scoreDisplayMode: string;
  displayValue?: string;
  numericValue?: number;
  details?: { items?: AuditItem[] };
};
type Lhr = {
  categories: Record<string, { score: number | null; auditRefs: { id: string }[] }>;
  audits: Record<string, Audit>;
  runtimeError?: { code?: string; message: string };
};

/**
 * One Lighthouse audit of `path`. A run whose trace Chromium failed to record (Lighthouse's
 * NO_NAVSTART and its kin: a runtime error, not a score) is made again, twice at most.
 */
async function lighthouseRun(chromePort: number, path: string) {
  for (let attempt = 1; ; attempt++) {
    const result = await lighthouse(`${base}${path}`, {
      port: chromePort,
      output: "json",
      logLevel: "error",
      onlyCategories: [...CATEGORIES],
    });
    const lhr = result?.lhr as unknown as Lhr | undefined;
    if (!lhr) throw new Error(`Lighthouse gave no result for ${path}`);
    if (!lhr.runtimeError) return { result, lhr };
    if (attempt === 3) throw new Error(`${path}: ${lhr.runtimeError.message}`);
    console.warn(`${path}: ${lhr.runtimeError.code ?? "runtime error"}, run again`);
  }
}

async function audit(
  chromePort: number,
  name: string,
  path: string,
  run: number,
): Promise<PageResult> {
  // Once to fill the page cache, as a visitor after the first would find it.
  await (await fetch(`${base}${path}`)).arrayBuffer();
  const { result, lhr } = await lighthouseRun(chromePort, path);
  const scores = {} as Record<Category, number>;
  const findings: string[] = [];
  for (const category of CATEGORIES) {
    const entry = lhr.categories[category];
    scores[category] = Math.round((entry?.score ?? 0) * 100);
    if (scores[category] >= TARGETS[category]) continue;
    for (const ref of entry?.auditRefs ?? []) {
      const found = lhr.audits[ref.id];
      if (!found || found.score === null || found.score >= 0.9) continue;
      if (found.scoreDisplayMode === "informative" || found.scoreDisplayMode === "manual") continue;
      findings.push(`${LABELS[category]}: ${found.title} (${found.id}, ${found.score})`);
      // Which elements, for the audits that name them (accessibility, mostly).
      const items = Array.isArray(found.details?.items) ? found.details.items : [];
      // Some audits nest their table in a list (the LCP element).
      const flat = items.flatMap((item) => (Array.isArray(item.items) ? item.items : [item]));
      for (const item of flat.slice(0, 3)) {
        if (item.node?.snippet) findings.push(`    ${item.node.snippet.slice(0, 200)}`);
      }
    }
  }
  const metrics = {} as Record<Metric, string>;
  for (const id of Object.keys(METRICS) as Metric[]) {
    metrics[id] = (lhr.audits[id]?.displayValue ?? "?").replace(/\u00a0/g, " ");
  }
  // LIGHTHOUSE_REPORTS=folder keeps each run's full JSON report (home-1.json…), to dig into.
  const reports = process.env.LIGHTHOUSE_REPORTS;
  if (reports) {
    mkdirSync(reports, { recursive: true });
    writeFileSync(join(reports, `${name}-${run + 1}.json`), String(result?.report ?? ""));
  }
  const tbtMs = Math.round(lhr.audits["total-blocking-time"]?.numericValue ?? 0);
  return {
    name,
    path,
    scores,
    metrics,
    findings,
    runs: [{ performance: scores.performance, tbtMs }],
  };
}

/**
 * Lighthouse's scores move from run to run (its own guidance: take the median of several runs).
 * Each page is audited RUNS times; the run with the median performance score is the one shown,
 * with every run's score and TBT beside it, and the page's performance is judged on its worst run.
 */
const RUNS = Math.max(1, Number(process.env.LIGHTHOUSE_RUNS ?? 5));

async function medianAudit(chromePort: number, name: string, path: string) {
  // A first, unscored run loads the page as a browser does, so that the server's caches hold
  // what a visitor after the first finds there: the page, and its pictures rendered at the sizes
  // asked (the image service renders one on its first request: 330 ms for the home page's banner,
  // which made that run's LCP 2.6 s against 1.3–1.9 s for the next ones).
  await lighthouseRun(chromePort, path);
  const runs: PageResult[] = [];
  for (let run = 0; run < RUNS; run++) runs.push(await audit(chromePort, name, path, run));
  const all = runs.flatMap((run) => run.runs);
  const sorted = [...runs].sort((a, b) => a.scores.performance - b.scores.performance);
  const median = sorted[Math.floor(sorted.length / 2)] as PageResult;
  const worst = sorted[0] as PageResult;
  return {
    ...median,
    scores: { ...median.scores, performance: worst.scores.performance },
    runs: all,
  };
}

function table(results: PageResult[]): string {
  const header = `| page | ${CATEGORIES.map((c) => `${LABELS[c]} (≥ ${TARGETS[c]})`).join(" | ")} | runs: performance / TBT | lab metrics (median run) |`;
  const rule = `|---|${CATEGORIES.map(() => "---").join("|")}|---|---|`;
  const rows = results.map((result) => {
    const scores = CATEGORIES.map(
      (c) => `${result.scores[c] >= TARGETS[c] ? "✓" : "✗"} ${result.scores[c]}`,
    ).join(" | ");
    const metrics = (Object.keys(METRICS) as Metric[])
      .map((id) => `${METRICS[id]} ${result.metrics[id]}`)
      .join(", ");
    const runs = result.runs.map((run) => `${run.performance} / ${run.tbtMs} ms`).join(", ");
    return `| ${result.name} \`${result.path}\` | ${scores} | ${runs} | ${metrics} |`;
  });
  return [header, rule, ...rows].join("\n");
}

const START = "<!-- lighthouse:start -->";
const END = "<!-- lighthouse:end -->";

function writeReport(results: PageResult[], chromeVersion: string) {
  const date = new Date().toISOString().slice(0, 10);
  const section = [
    START,
    `## Lighthouse (${date})`,
    "",
    `\`npm run lighthouse\`: Lighthouse ${lighthouseVersion()} in its default mobile configuration`,
    `(simulated slow 4G and a 4× slower CPU), ${chromeVersion}, on a production build with the demo`,
    `data; each page loaded once first (the server's caches warm), then audited ${RUNS} times. The`,
    "performance column is the worst run's score; the lab metrics are the median run's.",
    "",
    table(results),
    END,
  ].join("\n");
  const current = readFileSync(reportFile, "utf8");
  const start = current.indexOf(START);
  const end = current.indexOf(END);
  const next =
    start !== -1 && end > start
      ? `${current.slice(0, start)}${section}${current.slice(end + END.length)}`
      : `${current.trimEnd()}\n\n${section}\n`;
  writeFileSync(reportFile, next);
}

function lighthouseVersion(): string {
  const manifest = JSON.parse(
    readFileSync(join(root, "node_modules/lighthouse/package.json"), "utf8"),
  ) as { version: string };
  return manifest.version;
}

async function main() {
  // `npm run lighthouse -- --no-build` audits the existing build (COMPTOIR_BUILD_DIR or build/).
  if (!process.argv.includes("--no-build")) {
    console.log("Building the storefront…");
    buildStorefront(root, "inherit");
  }

  const { server, stop } = startShop({
    root,
    port,
    name: "lighthouse",
    stdio: ["ignore", "ignore", "inherit"],
    env: { LOG_LEVEL: "warn" },
  });
  let chrome: chromeLauncher.LaunchedChrome | undefined;
  const results: PageResult[] = [];
  try {
    console.log("Starting the shop with demo data…");
    await waitForReady(server, base);
    chrome = await chromeLauncher.launch({
      chromePath,
      chromeFlags: ["--headless=new", "--no-sandbox", "--disable-gpu", "--no-first-run"],
    });
    const version = await (await fetch(`http://127.0.0.1:${chrome.port}/json/version`)).json();
    const chromeVersion = String((version as { Browser?: string }).Browser ?? "Chromium");
    const category = "/c/epicerie-salee/";
    const pages = [
      { name: "home", path: "/" },
      { name: "category", path: category },
      { name: "product", path: await productPath(category) },
    ];
    for (const page of pages) {
      console.log(`Lighthouse on ${page.path}…`);
      results.push(await medianAudit(chrome.port, page.name, page.path));
    }
    console.log(`\n${table(results)}\n`);
    for (const result of results) {
      for (const finding of result.findings) console.log(`  ${result.name}: ${finding}`);
    }
    writeReport(results, chromeVersion);
    console.log(`Written into ${reportFile}`);
  } finally {
    await chrome?.kill();
    await stop();
  }
  const missed = results.some((result) =>
    CATEGORIES.some((category) => result.scores[category] < TARGETS[category]),
  );
  process.exitCode = missed ? 1 : 0;
}

await main();
