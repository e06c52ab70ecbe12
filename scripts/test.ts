/**
 * `npm test`: the whole suite in one command — types and lint, Debian's Varnish for the shared
 * cache's tests, then, side by side, the unit and integration tests (PGlite, and PostgreSQL when
 * TEST_DATABASE_URL is set) and the browser journeys in Debian's Chromium on a production build.
 * Ends with one summary line:
 * "tests: N passed, N failed, N skipped".
 */
import { spawn } from "node:child_process";
import { createWriteStream, existsSync, mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";

const root = resolve(import.meta.dirname, "..");
const reports = mkdtempSync(join(tmpdir(), "comptoir-test-"));
const bin = (name: string) => join(root, "node_modules/.bin", name);

/**
 * Runs a step; its output goes to this terminal, or to `log` when given (a step running beside
 * another, whose lines would otherwise interleave). Resolves to whether it passed.
 */
function run(
  title: string,
  command: string,
  args: string[],
  { env = {}, log }: { env?: NodeJS.ProcessEnv; log?: string } = {},
): Promise<boolean> {
  const heading = `\n▶ ${title}\n`;
  const out = log ? createWriteStream(log, { flags: "a" }) : undefined;
  if (out) out.write(heading);
  else process.stdout.write(heading);
  const child = spawn(command, args, {
    cwd: root,
    stdio: out ? ["ignore", "pipe", "pipe"] : "inherit",
    env: { ...process.env, ...env },
  });
  if (out) {
    child.stdout?.pipe(out, { end: false });
    child.stderr?.pipe(out, { end: false });
  }
  return new Promise((done) => {
    child.once("error", (error) => {
      out?.end(`${error.message}\n`);
      done(false);
    });
    child.once("close", (code) => {
      if (out) out.end(() => done(code === 0));
      else done(code === 0);
    });
  });
}

type Counts = { passed: number; failed: number; skipped: number };
const total: Counts = { passed: 0, failed: 0, skipped: 0 };
let ok = true;

ok = (await run("Type check", bin("react-router"), ["typegen"])) && ok;
ok = (await run("Type check", bin("tsc"), ["-p", "."])) && ok;
ok = (await run("Lint", bin("biome"), ["check", "."])) && ok;

// The shared cache's tests run Debian's Varnish (server/shared-cache.int.test.ts): installed
// first, when missing, since they start with the other integration tests.
ok = (await run("Varnish", "bash", [join(root, "scripts/ensure-varnish.sh")])) && ok;

if (!process.env.TEST_DATABASE_URL) {
  console.log("\nTEST_DATABASE_URL is not set: integration tests run on PGlite only.");
}

// Vitest and the journeys run side by side: each waits much of its time on a database, a socket
// or a browser, and one after the other they took twice as long on CI's two cores. Vitest
// writes here; the journeys write to a file, shown once both are done.
const vitestReport = join(reports, "vitest.json");
const vitest = run("Unit and integration tests", bin("vitest"), [
  "run",
  "--reporter=default",
  "--reporter=json",
  `--outputFile.json=${vitestReport}`,
]);
const journeysLog = join(reports, "journeys.log");
const playwrightReport = join(reports, "playwright.json");
console.log(`\nThe browser journeys run beside it; their output follows it (${journeysLog}).`);
const journeys = (async () => {
  const log = journeysLog;
  let ready = await run("Chromium", "bash", [join(root, "scripts/ensure-chromium.sh")], { log });
  ready = (await run("nginx", "bash", [join(root, "scripts/ensure-nginx.sh")], { log })) && ready;
  ready = (await run("Production build", bin("react-router"), ["build"], { log })) && ready;
  const passed = await run("Browser journeys", bin("playwright"), ["test"], {
    env: { PLAYWRIGHT_JSON_OUTPUT_NAME: playwrightReport, E2E_WHOLE_SUITE: "1" },
    log,
  });
  return ready && passed;
})();

ok = (await vitest) && ok;
if (existsSync(vitestReport)) {
  const report = JSON.parse(readFileSync(vitestReport, "utf8"));
  total.passed += report.numPassedTests;
  total.failed += report.numFailedTests;
  total.skipped += report.numPendingTests + report.numTodoTests;
} else {
  total.failed += 1;
}

ok = (await journeys) && ok;
process.stdout.write(readFileSync(journeysLog, "utf8"));
if (existsSync(playwrightReport)) {
  const { stats } = JSON.parse(readFileSync(playwrightReport, "utf8"));
  total.passed += stats.expected + stats.flaky;
  total.failed += stats.unexpected;
  total.skipped += stats.skipped;
} else {
  total.failed += 1;
}

console.log(`\ntests: ${total.passed} passed, ${total.failed} failed, ${total.skipped} skipped`);
process.exit(ok && total.failed === 0 ? 0 : 1);
