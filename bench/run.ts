/**
 * `npm run bench`: every performance budget of DESIGN.md §8 that has a benchmark, with p50, p95
 * and the budget; exits non-zero when one is missed. Results and how to read them:
 * docs/performance.md.
 */
import { runCartBench } from "./cart.ts";
import { runCatalogueBench } from "./catalogue.ts";
import { runHttpBench } from "./http.ts";
import { runLoadBench } from "./load.ts";
import type { BenchResult } from "./measure.ts";
import { runPaymentsBench } from "./payments.ts";
import { runRelevanceBench } from "./relevance.ts";

const only = process.argv[2];
// The load run has no budget of its own to pass or fail: it prints its figures (docs/performance.md).
if (only === "load") {
  await runLoadBench();
  process.exit(0);
}
// Relevance is judged on the demo catalogue, apart from the speed budgets (issue 22).
if (only === "relevance") {
  process.exit((await runRelevanceBench({ details: process.argv.includes("--details") })) ? 0 : 1);
}
const results: BenchResult[] = [];
if (!only || only === "catalogue") results.push(...(await runCatalogueBench()));
if (!only || only === "cart") results.push(...(await runCartBench()));
if (!only || only === "http") results.push(...(await runHttpBench()));
if (!only || only === "payments") results.push(...(await runPaymentsBench()));

console.log("");
for (const r of results) {
  if (r.kilobytes !== undefined) {
    const size = r.kilobytes.toFixed(1).padStart(8);
    console.log(
      `${r.ok ? "✓" : "✗"} ${r.name.padEnd(44)} ${size} kB gzip${" ".repeat(17)}  ${r.budget}`,
    );
    continue;
  }
  if (r.cpuMs !== undefined) {
    const cpu = r.cpuMs.toFixed(2).padStart(8);
    console.log(`· ${r.name.padEnd(44)} ${cpu} ms CPU a page${" ".repeat(14)}  ${r.budget}`);
    continue;
  }
  const rate = r.perSecond === undefined ? "" : `  ${r.perSecond.toFixed(0).padStart(5)} req/s`;
  const p50 = r.p50.toFixed(2).padStart(8);
  const p95 = r.p95.toFixed(2).padStart(8);
  const mark = r.informative ? "·" : r.ok ? "✓" : "✗";
  console.log(`${mark} ${r.name.padEnd(44)} p50 ${p50} ms  p95 ${p95} ms${rate}  ${r.budget}`);
}
process.exit(results.every((r) => r.ok) ? 0 : 1);
