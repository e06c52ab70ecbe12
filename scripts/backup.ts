/**
 * Backups of the embedded PGlite database (`npm run db:dump`, `npm run db:restore`).
 *
 * A backup is a tar file (docs/deployment.md, "Backups"):
 * - `comptoir-backup.json`: what it is (format, version, date, PostgreSQL version, contents);
 * - `pgdata.tar.gz`: the database cluster, as PGlite's `dumpDataDir("gzip")` writes it;
 * - `secrets.json`: DATA_DIR/secrets.json, when there is one (sessions and tokens depend on it).
 *
 * PGlite lives in one process: a data directory a server holds is never read or written here.
 * DATA_DIR also holds the image cache, receipts and the backups themselves: they are not part of
 * the database and stay out of the backup.
 */
import { randomBytes } from "node:crypto";
import { existsSync } from "node:fs";
import {
  chmod,
  cp,
  link,
  mkdir,
  mkdtemp,
  readdir,
  readFile,
  rename,
  rm,
  writeFile,
} from "node:fs/promises";
import { dirname, join, resolve } from "node:path";
import { gunzipSync } from "node:zlib";
import { sql } from "drizzle-orm";
import { openDatabase } from "#db/client.ts";
import { SECRETS_FILE } from "#platform/secrets/index.ts";
import { readTar, TarError, writeTar } from "./tar.ts";

export const BACKUP_FORMAT = "comptoir-pglite-backup";
export const BACKUP_VERSION = 1;
const MANIFEST = "comptoir-backup.json";
const PGDATA = "pgdata.tar.gz";

/** A refusal or a failure, in one line; `exitCode` is what the command line exits with. */
export class BackupError extends Error {
  readonly exitCode: number;
  constructor(message: string, exitCode = 1) {
    super(message);
    this.exitCode = exitCode;
  }
}

export type BackupManifest = {
  format: typeof BACKUP_FORMAT;
  version: number;
  createdAt: string;
  postgresVersion: string;
  files: string[];
};

/** The entries of a data directory that belong to PostgreSQL's cluster (what PGlite writes). */
function isClusterEntry(name: string): boolean {
  if (name === "postmaster.pid" || name === "postmaster.opts") return false;
  return (
    name === "PG_VERSION" ||
    name === "base" ||
    name === "global" ||
    name.startsWith("pg_") ||
    name.startsWith("postgresql.")
  );
}

async function entries(directory: string): Promise<string[]> {
  try {
    return await readdir(directory);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return [];
    throw error;
  }
}

/**
 * PGlite writes `postmaster.pid` when it opens a data directory and removes it when it closes:
 * present, a server (or a script) holds the directory, or the last one did not stop cleanly.
 */
export function dataDirInUse(dataDir: string): boolean {
  return existsSync(join(dataDir, "postmaster.pid"));
}

function refuseInUse(dataDir: string) {
  if (dataDirInUse(dataDir)) {
    throw new BackupError(
      `${dataDir} is in use: stop the shop first (if none is running, the last one stopped uncleanly: start and stop it once, or delete ${join(dataDir, "postmaster.pid")})`,
    );
  }
}

/** `comptoir-20250601-083000.tar`, in UTC. */
export function defaultBackupName(now: Date): string {
  const stamp = now
    .toISOString()
    .replace(/\.\d+Z$/, "")
    .replace(/[-:]/g, "")
    .replace("T", "-");
  return `comptoir-${stamp}.tar`;
}

/** Where `npm run db:dump` writes without an argument: DATA_DIR/backups/. */
export function defaultBackupFile(dataDir: string, now: Date): string {
  return join(dataDir, "backups", defaultBackupName(now));
}

export type DumpResult = { file: string; bytes: number; secrets: boolean };

/**
 * Writes a backup of the PGlite database in `dataDir` (and its secrets) to `file`, which must
 * not exist yet. The directory must not be in use. The cluster is copied aside, opened there (a
 * check that it is whole) and dumped by PGlite, so the live directory is only read.
 */
export async function dumpBackup(options: {
  dataDir: string;
  file?: string;
  now?: Date;
}): Promise<DumpResult> {
  const dataDir = resolve(options.dataDir);
  const now = options.now ?? new Date();
  const file = resolve(options.file ?? defaultBackupFile(dataDir, now));
  if (!existsSync(join(dataDir, "PG_VERSION"))) {
    throw new BackupError(`No PGlite database in ${dataDir} (DATA_DIR): nothing to back up`);
  }
  refuseInUse(dataDir);
  if (existsSync(file)) throw new BackupError(`${file} already exists: choose another name`);

  const folder = dirname(file);
  await mkdir(folder, { recursive: true, mode: 0o700 });
  const staging = await mkdtemp(join(folder, ".comptoir-dump-"));
  try {
    for (const name of (await entries(dataDir)).filter(isClusterEntry)) {
      await cp(join(dataDir, name), join(staging, name), { recursive: true });
    }
    const database = await openDatabase({ dataDir: staging });
    if (database.engine !== "pglite") throw new Error("expected an embedded PGlite");
    let pgdata: Uint8Array;
    let postgresVersion: string;
    try {
      const result = await database.client.query<{ version: string }>(
        "select current_setting('server_version') as version",
      );
      postgresVersion = result.rows[0]?.version ?? "unknown";
      pgdata = new Uint8Array(await (await database.client.dumpDataDir("gzip")).arrayBuffer());
    } finally {
      await database.close();
    }

    const secrets = await readFile(join(dataDir, SECRETS_FILE)).catch((error) => {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
      throw error;
    });
    const files = secrets ? [PGDATA, SECRETS_FILE] : [PGDATA];
    const manifest: BackupManifest = {
      format: BACKUP_FORMAT,
      version: BACKUP_VERSION,
      createdAt: now.toISOString(),
      postgresVersion,
      files,
    };
    const archive = writeTar([
      {
        name: MANIFEST,
        data: new TextEncoder().encode(`${JSON.stringify(manifest, null, 2)}\n`),
        mtime: now,
      },
      { name: PGDATA, data: pgdata, mtime: now },
      ...(secrets ? [{ name: SECRETS_FILE, data: new Uint8Array(secrets), mtime: now }] : []),
    ]);
    // Written aside, then linked into place: never half a file, never over an existing one. The
    // backup holds the secrets: readable by its owner only.
    const partial = join(staging, "backup.tar");
    await writeFile(partial, archive, { mode: 0o600 });
    try {
      await link(partial, file);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "EEXIST") {
        throw new BackupError(`${file} already exists: choose another name`);
      }
      throw error;
    }
    return { file, bytes: archive.length, secrets: secrets !== null };
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
}

type ReadBackup = {
  manifest: BackupManifest;
  pgdata: Uint8Array<ArrayBuffer>;
  secrets: Uint8Array | null;
};

/** The parts of a backup file, checked; a BackupError names what is wrong. */
export async function readBackup(file: string): Promise<ReadBackup> {
  let bytes: Uint8Array;
  try {
    bytes = new Uint8Array(await readFile(file));
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === "ENOENT") throw new BackupError(`${file}: no such file`);
    if (code === "EISDIR") throw new BackupError(`${file} is a folder, not a backup file`);
    throw new BackupError(`${file} cannot be read (${code ?? String(error)})`);
  }
  const bad = (why: string) => new BackupError(`${file} is not a Comptoir backup: ${why}`);
  let parts: Map<string, Uint8Array<ArrayBuffer>>;
  try {
    parts = new Map(readTar(bytes).map((entry) => [entry.name, entry.data]));
  } catch (error) {
    if (error instanceof TarError) throw bad(error.message);
    throw error;
  }
  const manifestBytes = parts.get(MANIFEST);
  if (!manifestBytes) throw bad(`${MANIFEST} is missing`);
  let manifest: BackupManifest;
  try {
    manifest = JSON.parse(new TextDecoder().decode(manifestBytes));
  } catch {
    throw bad(`${MANIFEST} is not JSON`);
  }
  if (manifest?.format !== BACKUP_FORMAT) throw bad(`${MANIFEST} names another format`);
  if (manifest.version > BACKUP_VERSION) {
    throw new BackupError(
      `${file} is a backup of format version ${manifest.version}; this Comptoir reads up to version ${BACKUP_VERSION}: upgrade first`,
    );
  }
  const pgdata = parts.get(PGDATA);
  if (!pgdata) throw bad(`${PGDATA} is missing`);
  // Checked whole before PGlite is given it: PGlite reports a damaged tarball as an unhandled
  // rejection, not as an error of the open.
  let clusterFiles: string[];
  try {
    clusterFiles = readTar(new Uint8Array(gunzipSync(pgdata))).map((entry) => entry.name);
  } catch (error) {
    if (error instanceof TarError) throw bad(`${PGDATA} is damaged (${error.message})`);
    throw bad(`${PGDATA} is damaged (${(error as Error).message})`);
  }
  if (!clusterFiles.some((name) => /^\/?PG_VERSION$/.test(name))) {
    throw bad(`${PGDATA} holds no PostgreSQL data directory`);
  }
  const secrets = parts.get(SECRETS_FILE) ?? null;
  if (manifest.files?.includes(SECRETS_FILE) && !secrets) throw bad(`${SECRETS_FILE} is missing`);
  if (secrets) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(new TextDecoder().decode(secrets));
    } catch {
      throw bad(`${SECRETS_FILE} is not JSON`);
    }
    if (typeof parsed !== "object" || parsed === null)
      throw bad(`${SECRETS_FILE} is not an object`);
  }
  return { manifest, pgdata, secrets };
}

export type RestoreResult = {
  manifest: BackupManifest;
  /** With `force`, where the database and secrets it replaced were moved. */
  replacedTo: string | null;
};

/**
 * Restores a backup into `dataDir`. Refuses a directory in use, and one that already holds a
 * database or secrets unless `force` (they are then moved to DATA_DIR/backups/replaced-…, not
 * deleted). The database is unpacked and opened aside first: a backup that cannot be opened
 * leaves `dataDir` as it was.
 */
export async function restoreBackup(options: {
  dataDir: string;
  file: string;
  force?: boolean;
  now?: Date;
}): Promise<RestoreResult> {
  const dataDir = resolve(options.dataDir);
  const now = options.now ?? new Date();
  const backup = await readBackup(resolve(options.file));
  refuseInUse(dataDir);
  const existing = (await entries(dataDir)).filter(
    (name) => isClusterEntry(name) || name === SECRETS_FILE,
  );
  if (existing.length > 0 && !options.force) {
    throw new BackupError(
      `${dataDir} already holds a database: restore into an empty DATA_DIR, or add --force to replace it (it is moved to ${join(dataDir, "backups")}/)`,
    );
  }

  await mkdir(dataDir, { recursive: true });
  const staging = join(dataDir, `.comptoir-restore-${randomBytes(6).toString("hex")}`);
  try {
    await mkdir(staging);
    try {
      const database = await openDatabase({
        dataDir: staging,
        loadDataDir: new Blob([backup.pgdata], { type: "application/x-gzip" }),
      });
      try {
        await database.db.execute(sql`select count(*) from pg_class`);
      } finally {
        await database.close();
      }
    } catch (error) {
      if (error instanceof BackupError) throw error;
      throw new BackupError(
        `${options.file} is not a Comptoir backup: its database cannot be opened (${String(error).split("\n")[0]})`,
      );
    }

    let replacedTo: string | null = null;
    if (existing.length > 0) {
      replacedTo = join(
        dataDir,
        "backups",
        `replaced-${defaultBackupName(now).replace(/^comptoir-|\.tar$/g, "")}`,
      );
      await mkdir(replacedTo, { recursive: true, mode: 0o700 });
      for (const name of existing) await rename(join(dataDir, name), join(replacedTo, name));
    }
    for (const name of (await entries(staging)).filter(isClusterEntry)) {
      await rename(join(staging, name), join(dataDir, name));
    }
    if (backup.secrets) {
      const partial = join(staging, SECRETS_FILE);
      await writeFile(partial, backup.secrets, { mode: 0o600 });
      await chmod(partial, 0o600);
      await rename(partial, join(dataDir, SECRETS_FILE));
    }
    return { manifest: backup.manifest, replacedTo };
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
}
