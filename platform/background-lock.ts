import { createHash } from "node:crypto";
import type { PGlite } from "@electric-sql/pglite";
import { sql } from "drizzle-orm";
import pg from "pg";
import type { Db } from "#db/client.ts";
import { processGlobal } from "#platform/process-global.ts";

/**
 * Background work that must run once across every instance on one database (search index
 * rebuild, exports, syncs, scheduled sweeps) runs under a PostgreSQL session-level advisory lock
 * named after the work: `pg_try_advisory_lock` on a connection taken from the pool and kept for
 * the work's duration, unlocked and handed back after. A second instance that asks for the same
 * lock is told it is taken, at once; an instance that dies drops its connection, and with it the
 * lock. On PGlite (one process, one connection) the same SQL runs on its only session; since a
 * session may take its own lock twice, a set of the names held on that PGlite refuses the second
 * taker.
 */

/** A lock this process holds; `release` unlocks it and returns the connection to the pool. */
export type HeldLock = { readonly name: string; release(): Promise<void> };

/** The stable 64-bit key of a lock name: the first 8 bytes of its SHA-256, signed, as text. */
export function lockKey(name: string): string {
  return createHash("sha256")
    .update(`comptoir.background:${name}`)
    .digest()
    .readBigInt64BE(0)
    .toString();
}

/** The locks taken on each PGlite (one session: it would grant its own lock twice). */
function heldOn(driver: PGlite): Set<string> {
  const held = processGlobal("backgroundLocks", () => new WeakMap<PGlite, Set<string>>());
  let names = held.get(driver);
  if (!names) {
    names = new Set();
    held.set(driver, names);
  }
  return names;
}

function driverOf(db: Db): pg.Pool | PGlite {
  return (db as unknown as { $client: pg.Pool | PGlite }).$client;
}

/** Takes the lock `name` unless anyone holds it (this process or another instance). */
export async function tryBackgroundLock(db: Db, name: string): Promise<HeldLock | null> {
  const driver = driverOf(db);
  if (driver instanceof pg.Pool) return tryLock(driver, name);
  const held = heldOn(driver);
  if (held.has(name)) return null;
  held.add(name);
  try {
    const lock = await tryLock(driver, name);
    if (!lock) held.delete(name);
    return lock;
  } catch (error) {
    held.delete(name);
    throw error;
  }
}

async function tryLock(driver: pg.Pool | PGlite, name: string): Promise<HeldLock | null> {
  const key = lockKey(name);
  const take = "select pg_try_advisory_lock($1::bigint) as locked";
  const unlock = "select pg_advisory_unlock($1::bigint)";
  if (driver instanceof pg.Pool) {
    const connection = await driver.connect();
    // A connection dropped while held must not crash the process: the lock went with it.
    const ignore = () => {};
    connection.on("error", ignore);
    let locked = false;
    try {
      const result = await connection.query<{ locked: boolean }>(take, [key]);
      locked = result.rows[0]?.locked === true;
    } finally {
      if (!locked) {
        connection.off("error", ignore);
        connection.release();
      }
    }
    if (!locked) return null;
    return {
      name,
      async release() {
        try {
          await connection.query(unlock, [key]);
          connection.release();
        } catch (error) {
          // Its session is gone or broken: discard it, the lock went with the session.
          connection.release(error instanceof Error ? error : true);
        } finally {
          connection.off("error", ignore);
        }
      },
    };
  }
  const result = await driver.query<{ locked: boolean }>(take, [key]);
  if (result.rows[0]?.locked !== true) return null;
  return {
    name,
    async release() {
      await driver.query(unlock, [key]).catch(() => {});
      heldOn(driver).delete(name);
    },
  };
}

/** Whether anyone, on any instance, holds the lock `name` now (from `pg_locks`). */
export async function backgroundLockHeld(db: Db, name: string): Promise<boolean> {
  const driver = driverOf(db);
  if (!(driver instanceof pg.Pool) && heldOn(driver).has(name)) return true;
  const key = lockKey(name);
  const result = (await db.execute(sql`
    select exists (
      select 1 from pg_locks
      where locktype = 'advisory' and objsubid = 1 and granted
        and classid::text::bigint = ((${key}::bigint >> 32) & 4294967295)
        and objid::text::bigint = (${key}::bigint & 4294967295)
    ) as held`)) as { rows: { held?: boolean }[] };
  return result.rows[0]?.held === true;
}

/**
 * Runs `work` under the lock `name`, released after (whether it succeeds or throws); resolves to
 * `{ ran: false }` without running it when the lock is taken — the work is going on elsewhere.
 */
export async function runOnce<T>(
  db: Db,
  name: string,
  work: () => Promise<T>,
): Promise<{ ran: true; value: T } | { ran: false }> {
  const lock = await tryBackgroundLock(db, name);
  if (!lock) return { ran: false };
  try {
    return { ran: true, value: await work() };
  } finally {
    await lock.release();
  }
}
