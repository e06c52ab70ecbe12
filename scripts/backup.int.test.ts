import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdir, mkdtemp, readdir, readFile, rm, stat, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { gzipSync } from "node:zlib";
import { type SQL, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { type Database, openDatabase } from "#db/client.ts";
import { testEngine } from "#db/testing/index.ts";
import { keepSecrets } from "#platform/secrets/index.ts";
import { SECRET_NAMES } from "#server/env.ts";
import { BackupError, dumpBackup, restoreBackup } from "./backup.ts";
import { readTar, writeTar } from "./tar.ts";

const NOW = new Date("2025-06-01T08:30:00Z");
const root = resolve(import.meta.dirname, "..");
let folder: string;

beforeAll(async () => {
  folder = await mkdtemp(join(tmpdir(), "comptoir-backup-"));
});
afterAll(async () => {
  await rm(folder, { recursive: true, force: true });
});

const rows = async <T>(database: Database, statement: SQL) =>
  ((await database.db.execute(statement)) as unknown as { rows: T[] }).rows;

/** Rows per table of the public schema, and the migrations applied. */
async function contents(database: Database) {
  const tables = await rows<{ name: string }>(
    database,
    sql`select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`,
  );
  const counts: Record<string, number> = {};
  for (const { name } of tables) {
    const [row] = await rows<{ n: number }>(
      database,
      sql`select count(*)::int as n from ${sql.identifier(name)}`,
    );
    counts[name] = row?.n ?? -1;
  }
  const [migrations] = await rows<{ n: number }>(
    database,
    sql`select count(*)::int as n from drizzle.__drizzle_migrations`,
  );
  return { counts, migrations: migrations?.n };
}

async function withDataDir<T>(dataDir: string, work: (database: Database) => Promise<T>) {
  const database = await openDatabase({ dataDir });
  try {
    return await work(database);
  } finally {
    await database.close();
  }
}

describe.skipIf(testEngine() === "postgres")("PGlite backups", () => {
  let shop: string;
  let expected: Awaited<ReturnType<typeof contents>>;
  let secrets: string;

  beforeAll(async () => {
    // A real data directory: migrated, with the demo data, its generated secrets, an image cache.
    shop = join(folder, "shop");
    const template = await readFile(inject("pgliteSeededTemplate"));
    const database = await openDatabase({ dataDir: shop, loadDataDir: new Blob([template]) });
    try {
      await keepSecrets(database, { dataDir: shop, known: SECRET_NAMES, missing: SECRET_NAMES });
      expected = await contents(database);
    } finally {
      await database.close();
    }
    secrets = await readFile(join(shop, "secrets.json"), "utf8");
    await mkdir(join(shop, "image-cache"), { recursive: true });
    await writeFile(join(shop, "image-cache", "miel-450.webp"), "not really an image");
  });

  it("round-trips the database and its secrets into a fresh DATA_DIR", async () => {
    const dump = await dumpBackup({ dataDir: shop, now: NOW });
    expect(dump.file).toBe(join(shop, "backups", "comptoir-20250601-083000.tar"));
    expect(dump.secrets).toBe(true);
    expect((await stat(dump.file)).mode & 0o777).toBe(0o600);
    const parts = readTar(new Uint8Array(await readFile(dump.file)));
    expect(parts.map((part) => part.name)).toEqual([
      "comptoir-backup.json",
      "pgdata.tar.gz",
      "secrets.json",
    ]);
    expect(JSON.parse(new TextDecoder().decode(parts[0]?.data))).toMatchObject({
      format: "comptoir-pglite-backup",
      version: 1,
      createdAt: "2025-06-01T08:30:00.000Z",
      files: ["pgdata.tar.gz", "secrets.json"],
    });
    expect(expected.counts.commerce_product).toBeGreaterThan(0);

    const fresh = join(folder, "fresh");
    const restored = await restoreBackup({ dataDir: fresh, file: dump.file });
    expect(restored.replacedTo).toBeNull();
    expect(await withDataDir(fresh, contents)).toEqual(expected);
    expect(await readFile(join(fresh, "secrets.json"), "utf8")).toBe(secrets);
    expect((await stat(join(fresh, "secrets.json"))).mode & 0o777).toBe(0o600);
    // The image cache and the backups are not part of it; nothing is left of the unpacking.
    expect(existsSync(join(fresh, "image-cache"))).toBe(false);
    expect(existsSync(join(fresh, "backups"))).toBe(false);
    expect((await readdir(fresh)).filter((name) => name.startsWith("."))).toEqual([]);
    expect(existsSync(join(fresh, "postmaster.pid"))).toBe(false);
  });

  it("writes to the file named and never over an existing one", async () => {
    const file = join(folder, "named", "nightly.tar");
    await dumpBackup({ dataDir: shop, file, now: NOW });
    await expect(dumpBackup({ dataDir: shop, file, now: NOW })).rejects.toThrow(
      `${file} already exists: choose another name`,
    );
    expect((await readdir(join(folder, "named"))).sort()).toEqual(["nightly.tar"]);
  });

  it("refuses a data directory a server holds", async () => {
    const file = join(folder, "held.tar");
    const database = await openDatabase({ dataDir: shop });
    try {
      await expect(dumpBackup({ dataDir: shop, file })).rejects.toThrow(
        /is in use: stop the shop first/,
      );
      await expect(
        restoreBackup({
          dataDir: shop,
          file: join(shop, "backups", "comptoir-20250601-083000.tar"),
          force: true,
        }),
      ).rejects.toThrow(/is in use: stop the shop first/);
    } finally {
      await database.close();
    }
    expect(existsSync(file)).toBe(false);
  });

  it("refuses a DATA_DIR that holds a database unless forced, then keeps the old one aside", async () => {
    const file = join(shop, "backups", "comptoir-20250601-083000.tar");
    const target = join(folder, "occupied");
    await withDataDir(target, (database) => database.db.execute(sql`create table marker (x int)`));
    await writeFile(join(target, "secrets.json"), '{"ADMIN_VERIFY_SECRET":"old"}\n');

    await expect(restoreBackup({ dataDir: target, file })).rejects.toThrow(
      /already holds a database: restore into an empty DATA_DIR, or add --force/,
    );
    expect(await readFile(join(target, "secrets.json"), "utf8")).toContain('"old"');

    const later = new Date("2025-06-02T10:00:00Z");
    const restored = await restoreBackup({ dataDir: target, file, force: true, now: later });
    expect(restored.replacedTo).toBe(join(target, "backups", "replaced-20250602-100000"));
    expect(await withDataDir(target, contents)).toEqual(expected);
    expect(await readFile(join(target, "secrets.json"), "utf8")).toBe(secrets);
    const replaced = restored.replacedTo ?? "";
    expect(await readFile(join(replaced, "secrets.json"), "utf8")).toContain('"old"');
    const marker = await withDataDir(replaced, (database) =>
      rows(database, sql`select count(*)::int as n from marker`),
    );
    expect(marker).toEqual([{ n: 0 }]);
  });

  it("refuses missing and damaged files, leaving DATA_DIR as it was", async () => {
    const target = join(folder, "untouched");
    const good = new Uint8Array(
      await readFile(join(shop, "backups", "comptoir-20250601-083000.tar")),
    );
    const manifest = {
      name: "comptoir-backup.json",
      data: new TextEncoder().encode(
        JSON.stringify({ format: "comptoir-pglite-backup", version: 1, files: ["pgdata.tar.gz"] }),
      ),
    };
    const backupOf = (pgdata: Uint8Array) =>
      writeTar([manifest, { name: "pgdata.tar.gz", data: pgdata }]);
    const write = async (name: string, bytes: Uint8Array) => {
      const file = join(folder, name);
      await writeFile(file, bytes);
      return file;
    };
    const cases: [string, RegExp][] = [
      [join(folder, "nowhere.tar"), /nowhere\.tar: no such file$/],
      [
        await write("random.tar", new Uint8Array(4096).fill(7)),
        /is not a Comptoir backup: not a tar archive/,
      ],
      [
        await write("truncated.tar", good.subarray(0, good.length / 2)),
        /is not a Comptoir backup: truncated tar archive/,
      ],
      [
        await write("not-gzip.tar", backupOf(new Uint8Array(10_000).fill(1))),
        /is not a Comptoir backup: pgdata\.tar\.gz is damaged/,
      ],
      [
        await write("not-tar.tar", backupOf(gzipSync(Buffer.alloc(10_000, 1)))),
        /is not a Comptoir backup: pgdata\.tar\.gz is damaged \(not a tar archive/,
      ],
      [
        await write(
          "no-cluster.tar",
          backupOf(gzipSync(writeTar([{ name: "notes.txt", data: new Uint8Array(3) }]))),
        ),
        /is not a Comptoir backup: pgdata\.tar\.gz holds no PostgreSQL data directory/,
      ],
      [
        await write("other.tar", writeTar([{ name: "notes.txt", data: new Uint8Array(3) }])),
        /comptoir-backup\.json is missing/,
      ],
    ];
    for (const [file, message] of cases) {
      const error = await restoreBackup({ dataDir: target, file }).catch((caught) => caught);
      expect(error, file).toBeInstanceOf(BackupError);
      expect(error.message, file).toMatch(message);
      expect(error.message, file).not.toContain("\n");
    }
    expect(existsSync(target) ? await readdir(target) : []).toEqual([]);
  });
});

describe("the db:dump and db:restore commands", () => {
  const run = (script: string, args: string[], env: Record<string, string>) => {
    const result = spawnSync(process.execPath, [join(root, "scripts", script), ...args], {
      cwd: folder,
      env: { ...process.env, NODE_ENV: "test", DATABASE_URL: "", ...env },
      encoding: "utf8",
    });
    return { status: result.status, stdout: result.stdout, stderr: result.stderr };
  };

  it("answer with one line and exit 1 on a missing file, 2 on wrong usage", () => {
    const dataDir = join(folder, "cli");
    const missing = run("db-restore.ts", ["missing.tar"], { DATA_DIR: dataDir });
    expect(missing).toMatchObject({ status: 1, stdout: "" });
    expect(missing.stderr).toBe(`${join(folder, "missing.tar")}: no such file\n`);
    expect(run("db-restore.ts", [], { DATA_DIR: dataDir })).toMatchObject({ status: 2 });
    expect(run("db-dump.ts", ["a.tar", "b.tar"], { DATA_DIR: dataDir })).toMatchObject({
      status: 2,
    });
    const empty = run("db-dump.ts", [], { DATA_DIR: dataDir });
    expect(empty).toMatchObject({ status: 1 });
    expect(empty.stderr).toMatch(
      /^No PGlite database in .*cli \(DATA_DIR\): nothing to back up\n$/,
    );
  });

  it("print the PostgreSQL command and exit 3 when DATABASE_URL is set", () => {
    const env = { DATABASE_URL: "postgres://shop:secret@db.invalid:5432/comptoir" };
    const dump = run("db-dump.ts", ["nightly.tar"], env);
    expect(dump.status).toBe(3);
    expect(dump.stdout).toBe('pg_dump --format=custom --file=nightly.dump "$DATABASE_URL"\n');
    const restore = run("db-restore.ts", ["nightly.dump"], env);
    expect(restore.status).toBe(3);
    expect(restore.stdout).toContain(
      'pg_restore --clean --if-exists --no-owner --exit-on-error --dbname="$DATABASE_URL" nightly.dump',
    );
    expect(dump.stderr + restore.stderr).not.toContain("secret@");
  });
});
