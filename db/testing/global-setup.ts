import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import type { TestProject } from "vitest/node";
import { type Database, openDatabase } from "#db/client.ts";
import { migrate } from "#db/migrate.ts";
import { testDatabaseUrl, uniqueDatabaseName, withDatabase } from "#db/testing/url.ts";
import { seedDatabase } from "#seed/index.ts";

/**
 * Migrates one template database per test run, so that each test file gets a fresh copy in well
 * under a second: a PGlite data-directory dump, or a PostgreSQL `TEMPLATE` database. A second
 * template also holds the demo data (seed 1), for the many files that test against it: seeding
 * takes seconds, copying it does not.
 */
export default async function setup(project: TestProject) {
  if (project.name === "postgres") return setupPostgres(project);
  if (project.name === "pglite") return setupPglite(project);
}

async function setupPglite(project: TestProject) {
  const folder = await mkdtemp(join(tmpdir(), "comptoir-pglite-"));
  const database = await openDatabase();
  try {
    await migrate(database);
    if (database.engine !== "pglite") throw new Error("expected an embedded PGlite");
    const dump = await database.client.dumpDataDir("none");
    const file = join(folder, "template.tar");
    await writeFile(file, new Uint8Array(await dump.arrayBuffer()));
    project.provide("pgliteTemplate", file);
    await seedDatabase(database, { seed: 1 });
    const seeded = await database.client.dumpDataDir("none");
    const seededFile = join(folder, "seeded.tar");
    await writeFile(seededFile, new Uint8Array(await seeded.arrayBuffer()));
    project.provide("pgliteSeededTemplate", seededFile);
  } finally {
    await database.close();
  }
  return () => rm(folder, { recursive: true, force: true });
}

async function setupPostgres(project: TestProject) {
  const url = testDatabaseUrl();
  const template = uniqueDatabaseName("comptoir_template");
  const seeded = uniqueDatabaseName("comptoir_seeded");
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  const drop = async () => {
    await admin.query(`drop database if exists ${seeded} with (force)`);
    await admin.query(`drop database if exists ${template} with (force)`);
    await admin.end();
  };
  // A template must have no open connection when it is copied: each is closed once prepared.
  const prepare = async (name: string, work: (database: Database) => Promise<unknown>) => {
    const database = await openDatabase({ url: withDatabase(url, name), poolSize: 1 });
    try {
      await work(database);
    } finally {
      await database.close();
    }
  };
  try {
    await admin.query(`create database ${template}`);
    await prepare(template, migrate);
    await admin.query(`create database ${seeded} template ${template}`);
    await prepare(seeded, (database) => seedDatabase(database, { seed: 1 }));
  } catch (error) {
    await drop();
    throw error;
  }
  project.provide("postgresTemplate", template);
  project.provide("postgresSeededTemplate", seeded);
  return drop;
}

declare module "vitest" {
  export interface ProvidedContext {
    /** Path of a tarball of a migrated PGlite data directory. */
    pgliteTemplate: string;
    /** The same, holding the demo data (seed 1). */
    pgliteSeededTemplate: string;
    /** Name of a migrated PostgreSQL database to copy with `CREATE DATABASE … TEMPLATE`. */
    postgresTemplate: string;
    /** The same, holding the demo data (seed 1). */
    postgresSeededTemplate: string;
  }
}
