/**
 * `npm test`: the whole suite in one command — types, lint, unit and integration tests (PGlite,
 * and PostgreSQL when TEST_DATABASE_URL is set), then the browser journeys in Debian's Chromium
 * on a production build. Ends with one summary line: "tests: N passed, N failed, N skipped".
 */
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";

const root = resolve(import.meta.dirname, "..");
const reports = mkdtempSync(join(tmpdir(), "comptoir-test-"));
const bin = (name: string) => join(root, "node_modules/.bin", name);

function run(title: string, command: string, args: string[], env: NodeJS.ProcessEnv = {}) {
  console.log(`\n▶ ${title}`);
  const result = spawnSync(command, args, {
    cwd: root,
    stdio: "inherit",
    env: { ...process.env, ...env },
  });
  return result.status === 0;
}

type Counts = { passed: number; failed: number; skipped: number };
const total: Counts = { passed: 0, failed: 0, skipped: 0 };
let ok = true;

ok = run("Type check", bin("react-router"), ["typegen"]) && ok;
ok = run("Type check", bin("tsc"), ["-p", "."]) && ok;
ok = run("Lint", bin("biome"), ["check", "."]) && ok;

if (!process.env.TEST_DATABASE_URL) {
  console.log("\nTEST_DATABASE_URL is not set: integration tests run on PGlite only.");
}
const vitestReport = join(reports, "vitest.json");
ok =
  run("Unit and integration tests", bin("vitest"), [
    "run",
    "--reporter=default",
    "--reporter=json",
    `--outputFile.json=${vitestReport}`,
  ]) && ok;
if (existsSync(vitestReport)) {
  const report = JSON.parse(readFileSync(vitestReport, "utf8"));
  total.passed += report.numPassedTests;
  total.failed += report.numFailedTests;
  total.skipped += report.numPendingTests + report.numTodoTests;
} else {
  total.failed += 1;
}

ok = run("Chromium", "bash", [join(root, "scripts/ensure-chromium.sh")]) && ok;
ok = run("nginx", "bash", [join(root, "scripts/ensure-nginx.sh")]) && ok;
ok = run("Production build", bin("react-router"), ["build"]) && ok;
const playwrightReport = join(reports, "playwright.json");
ok =
  run("Browser journeys", bin("playwright"), ["test"], {
    PLAYWRIGHT_JSON_OUTPUT_NAME: playwrightReport,
    E2E_WHOLE_SUITE: "1",
  }) && ok;
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
