import { readFile } from "node:fs/promises";
import { setTimeout as sleep } from "node:timers/promises";
import pg from "pg";
import { inject } from "vitest";
import { type Database, openDatabase } from "#db/client.ts";
import { testDatabaseUrl, uniqueDatabaseName, withDatabase } from "#db/testing/url.ts";

export type TestEngine = Database["engine"];

/** The engine of the running Vitest project (`pglite` or `postgres`). */
export function testEngine(): TestEngine {
  return process.env.TEST_ENGINE === "postgres" ? "postgres" : "pglite";
}

/**
 * A fresh, migrated database for a test file, on the engine of the running Vitest project: empty,
 * or with `seeded` holding the demo data as `seedDatabase(database, { seed: 1 })` leaves it
 * (copied from a template seeded once per run). Close it in `afterAll`: on PostgreSQL closing
 * also drops it.
 */
export async function createTestDatabase(options: { seeded?: boolean } = {}): Promise<Database> {
  const seeded = options.seeded ?? false;
  if (testEngine() === "postgres") {
    return createPostgresDatabase(inject(seeded ? "postgresSeededTemplate" : "postgresTemplate"));
  }
  const template = await readFile(inject(seeded ? "pgliteSeededTemplate" : "pgliteTemplate"));
  return openDatabase({ loadDataDir: new Blob([template]) });
}

/** The advisory lock the test files' template copies take in turn (any number of our own). */
const TEMPLATE_COPY_LOCK = 727_274_001;

async function createPostgresDatabase(template: string): Promise<Database> {
  const url = testDatabaseUrl();
  const name = uniqueDatabaseName("comptoir_test");
  await withAdmin(url, async (admin) => {
    // PostgreSQL refuses to copy a template while another session copies or uses it: the
    // workers' copies queue on one advisory lock rather than fail and back off (test files
    // started together waited seconds for nothing). A refusal left (a session that lingers on
    // the template) is tried again.
    await admin.query("select pg_advisory_lock($1)", [TEMPLATE_COPY_LOCK]);
    try {
      for (let attempt = 1; ; attempt++) {
        try {
          await admin.query(`create database ${name} template ${template}`);
          return;
        } catch (error) {
          if ((error as { code?: string }).code !== "55006" || attempt >= 20) throw error;
          await sleep(50 * attempt);
        }
      }
    } finally {
      await admin.query("select pg_advisory_unlock($1)", [TEMPLATE_COPY_LOCK]);
    }
  });
  const database = await openDatabase({ url: withDatabase(url, name), poolSize: 5 });
  return {
    ...database,
    async close() {
      await database.close();
      await withAdmin(url, (admin) => admin.query(`drop database if exists ${name} with (force)`));
    },
  };
}

async function withAdmin<T>(url: string, work: (admin: pg.Client) => Promise<T>): Promise<T> {
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    return await work(admin);
  } finally {
    await admin.end();
  }
}
