import { availableParallelism } from "node:os";
import { defineConfig } from "vitest/config";

/**
 * Three projects:
 * - `unit`: pure tests beside the code (`*.test.ts`), no database;
 * - `pglite`: integration tests (`*.int.test.ts`) on an embedded PGlite, always;
 * - `postgres`: the same integration tests on a real PostgreSQL, when TEST_DATABASE_URL is set.
 */
const integration = ["**/*.int.test.ts"];
const ignored = ["**/node_modules/**", "build/**", "e2e/**", "data/**"];
// In CI the browser journeys run beside these suites on the same two cores (scripts/test.ts), and
// a test that takes 5 s alone can take 30 s there, more on a slow machine (a test that seeds a
// whole database went past 90 s on one): CI waits six times as long before calling a test hung.
const slow = process.env.CI ? 6 : 1;
const timeouts = { testTimeout: 30_000 * slow, hookTimeout: 60_000 * slow };

export default defineConfig({
  test: {
    // Vitest's default leaves a core free: one worker on CI's two cores, where the integration
    // files spend much of their time waiting on PostgreSQL or a socket. Two workers there run
    // the suite in about two thirds of the time (21 instead of 32 minutes).
    maxWorkers: Math.max(2, availableParallelism() - 1),
    // A worker imports the module graph once and runs file after file in it, rather than
    // importing it again for each file (about 4 s a file, some 340 files): the suite takes about
    // half the time. State a file leaves behind is per database handle, or dropped when a server
    // is composed (`forgetServiceReads`), so the next file's database does not see it; the Vite
    // dev servers tests start are started one at a time across workers (`server/testing.ts`).
    isolate: false,
    projects: [
      {
        test: {
          name: "unit",
          include: ["**/*.test.ts", "**/*.test.tsx"],
          exclude: [...ignored, ...integration],
          testTimeout: 5_000 * slow,
        },
      },
      {
        test: {
          name: "pglite",
          include: integration,
          exclude: ignored,
          env: { TEST_ENGINE: "pglite" },
          globalSetup: ["db/testing/global-setup.ts"],
          ...timeouts,
        },
      },
      ...(process.env.TEST_DATABASE_URL
        ? [
            {
              test: {
                name: "postgres",
                include: integration,
                exclude: ignored,
                env: { TEST_ENGINE: "postgres" },
                globalSetup: ["db/testing/global-setup.ts"],
                ...timeouts,
              },
            },
          ]
        : []),
    ],
  },
});
