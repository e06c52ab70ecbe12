import { tmpdir } from "node:os";
import { join } from "node:path";
import { defineConfig, devices } from "@playwright/test";
import { E2E_ADMIN } from "./e2e/admin-account.ts";
import { consentGiven, E2E_SECRETS } from "./e2e/shop-config.ts";

const port = Number(process.env.E2E_PORT ?? 3100);
const baseURL = `http://127.0.0.1:${port}`;

/**
 * Browser journeys in Debian's Chromium (no browser download: `executablePath`), against the
 * production server on a throw-away PGlite database with demo data.
 */
export default defineConfig({
  testDir: "e2e",
  fullyParallel: true,
  forbidOnly: Boolean(process.env.CI),
  // One retry in CI only: a journey that fails twice fails the run, and one that passes on its
  // retry is reported as "flaky" in the output, to be fixed rather than ignored.
  retries: process.env.CI ? 1 : 0,
  workers: process.env.CI ? 2 : undefined,
  // A client-side navigation renders in a React transition, which React may hold back up to 5 s
  // while a busy machine keeps the main thread full: CI's two cores run two browsers and the
  // server. Assertions wait for it there rather than racing it.
  expect: { timeout: process.env.CI ? 15_000 : 5_000 },
  // A journey there makes several such navigations of 100-product pages: 30 s (Playwright's
  // default) is less than two slow assertions.
  timeout: process.env.CI ? 90_000 : 30_000,
  reporter: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ? [["list"], ["json"]] : [["list"]],
  use: {
    baseURL,
    // Journeys start with the cookie choice made (everything refused), so the first-visit privacy
    // banner does not cover what they click; e2e/privacy-tracking.spec.ts starts without it.
    storageState: consentGiven("127.0.0.1"),
    // Recording a trace (a screenshot per action, a DOM snapshot per step) cost a quarter of the
    // journeys' time on CI's two cores: there it is recorded on a retry only, the run that shows
    // how a failure repeats.
    trace: process.env.CI ? "on-first-retry" : "retain-on-failure",
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--no-first-run",
      ],
    },
  },
  projects: [
    {
      name: "desktop",
      use: { ...devices["Desktop Chrome"], channel: undefined },
      grepInvert: /@exclusive/,
    },
    {
      name: "mobile",
      use: { ...devices["Pixel 7"], channel: undefined },
      grepInvert: /@exclusive/,
    },
    // Journeys that change what every shopper sees (an automatic discount on every cart, a store
    // closed for a day, a full slot; tagged @exclusive) run alone: in the whole suite (`npm test` sets E2E_WHOLE_SUITE), once the
    // others are done, so that no other journey meets their change. Without it, a run of a few
    // files does not drag every journey in as a dependency.
    {
      name: "exclusive",
      use: { ...devices["Desktop Chrome"], channel: undefined },
      grep: /@exclusive/,
      dependencies: process.env.E2E_WHOLE_SUITE ? ["desktop", "mobile"] : [],
    },
  ],
  webServer: {
    command: "node scripts/start.ts",
    url: `${baseURL}/readyz`,
    reuseExistingServer: false,
    timeout: 180_000,
    stdout: "ignore",
    stderr: "pipe",
    env: {
      NODE_ENV: "production",
      PORT: String(port),
      HOST: "127.0.0.1",
      // Links the shop builds (checkout, emails) must land where the browser's cookies are.
      PUBLIC_URL: baseURL,
      DATA_DIR: join(tmpdir(), `comptoir-e2e-${process.pid}`),
      LOG_LEVEL: "warn",
      ADMIN_EMAIL: E2E_ADMIN.email,
      ADMIN_PASSWORD: E2E_ADMIN.password,
      // Journeys with a fixed clock run the content schedule at their instant
      // (e2e/content-schedule.ts); a production server takes it on 127.0.0.1 only.
      TEST_HOOKS: "1",
      ...E2E_SECRETS,
    },
  },
});
