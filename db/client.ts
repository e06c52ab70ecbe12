import { mkdir } from "node:fs/promises";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { unaccent } from "@electric-sql/pglite/contrib/unaccent";
import { type ExtractTablesWithRelations, sql } from "drizzle-orm";
import { drizzle as drizzleNodePostgres } from "drizzle-orm/node-postgres";
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import pg from "pg";

/**
 * The Drizzle database every service uses, whichever engine runs underneath. Only the query
 * builders are engine-neutral: the shape of a raw `db.execute()` result differs (read `.rows`).
 */
export type Db = PgDatabase<PgQueryResultHKT>;

// No schema is handed to Drizzle: queries name their tables (`db.query.*` is not used), and each
// module's tables stay in its module.
type NoSchema = Record<string, never>;

/** The transaction `db.transaction(async (tx) => …)` hands out. */
export type Tx = PgTransaction<PgQueryResultHKT, NoSchema, ExtractTablesWithRelations<NoSchema>>;

type Common = {
  db: Db;
  /** Resolves when the database answers a trivial query, rejects otherwise. */
  ping(): Promise<void>;
  close(): Promise<void>;
};

/** An open database. `client` is the driver underneath, for what only one engine can do. */
export type Database =
  | (Common & { engine: "pglite"; client: PGlite })
  | (Common & { engine: "postgres"; client: pg.Pool });

export type OpenDatabaseOptions = {
  /** A postgres:// URL: connect to PostgreSQL. Without it the database is an embedded PGlite. */
  url?: string;
  /** PostgreSQL: connections in the pool (10 by default). */
  poolSize?: number;
  /** PGlite: folder of the data files, created on first open; in memory when omitted. */
  dataDir?: string;
  /** PGlite: start from a `dumpDataDir()` tarball instead of an empty cluster. */
  loadDataDir?: Blob;
};

// PGlite only loads the contrib extensions it is given; the migrations then create them.
const pgliteExtensions = { pg_trgm, unaccent };

export async function openDatabase(options: OpenDatabaseOptions = {}): Promise<Database> {
  if (options.url !== undefined) return openPostgres(options.url, options.poolSize ?? 10);
  return openPglite(options.dataDir, options.loadDataDir);
}

/** Where the server's database is: the settings of server/env.ts that say so. */
export type DatabaseConfig = {
  DATABASE_URL?: string;
  DATABASE_POOL_SIZE?: number;
  DATA_DIR: string;
};

/** The server's database: PostgreSQL when DATABASE_URL is set, else PGlite in DATA_DIR. */
export function databaseFromEnv(env: DatabaseConfig): Promise<Database> {
  if (env.DATABASE_URL !== undefined) {
    return openDatabase({ url: env.DATABASE_URL, poolSize: env.DATABASE_POOL_SIZE });
  }
  return openDatabase({ dataDir: env.DATA_DIR });
}

async function openPglite(dataDir?: string, loadDataDir?: Blob): Promise<Database> {
  if (dataDir !== undefined) await mkdir(dataDir, { recursive: true });
  const client = await PGlite.create({ dataDir, loadDataDir, extensions: pgliteExtensions });
  const db: Db = drizzlePglite({ client });
  return {
    engine: "pglite",
    client,
    db,
    ping: () => ping(db),
    close: () => client.close(),
  };
}

function openPostgres(url: string, poolSize: number): Database {
  const client = new pg.Pool({ connectionString: url, max: poolSize });
  // An idle connection dropped by the server (restart, failover) must not crash the process:
  // the pool discards it and the next query opens a new one.
  client.on("error", () => {});
  client.on("connect", oneQueryAtATime);
  const db: Db = drizzleNodePostgres({ client });
  return {
    engine: "postgres",
    client,
    db,
    ping: () => ping(db),
    close: () => client.end(),
  };
}

/**
 * Makes a connection run the queries sent to it one after the other, in the order sent. A
 * transaction holds one connection, and code reads in parallel inside one (a `Promise.all` of
 * queries, often through a function that takes either the pool or a transaction). node-postgres
 * queues such queries itself today, but warns that version 9 will refuse them. The order and the
 * errors are the same as its own queue's: a failed query does not stop the next.
 */
function oneQueryAtATime(connection: pg.PoolClient) {
  const send = connection.query.bind(connection) as (...args: unknown[]) => unknown;
  let last: Promise<unknown> = Promise.resolve();
  connection.query = ((...args: unknown[]) => {
    // The callback and streaming forms keep node-postgres's own handling: `pool.query` sends
    // with a callback on a connection it holds alone.
    const [first] = args;
    const streaming = typeof first === "object" && first !== null && "submit" in first;
    if (streaming || args.some((arg) => typeof arg === "function")) return send(...args);
    const result = last.then(() => send(...args));
    last = result.catch(() => undefined);
    return result;
  }) as typeof connection.query;
}

async function ping(db: Db) {
  await db.execute(sql`select 1`);
}
