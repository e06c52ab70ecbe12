import { join } from "node:path";
import { drizzle as drizzleNodePostgres } from "drizzle-orm/node-postgres";
import { migrate as migrateNodePostgres } from "drizzle-orm/node-postgres/migrator";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import type { Database } from "#db/client.ts";

const migrationsFolder = join(import.meta.dirname, "migrations");

// Any fixed key: servers starting together on one PostgreSQL migrate one after the other.
const MIGRATION_LOCK = 7_242_001;

/** Applies the pending migrations of db/migrations; a no-op when there are none. */
export async function migrate(database: Database): Promise<void> {
  if (database.engine === "pglite") {
    await migratePglite(drizzlePglite({ client: database.client }), { migrationsFolder });
    return;
  }
  // An advisory lock belongs to a session: hold one connection for the whole migration.
  const connection = await database.client.connect();
  try {
    await connection.query("select pg_advisory_lock($1)", [MIGRATION_LOCK]);
    await migrateNodePostgres(drizzleNodePostgres({ client: connection }), { migrationsFolder });
  } finally {
    // A connection that could not unlock is destroyed, which frees the lock with the session.
    const unlocked = await connection
      .query("select pg_advisory_unlock($1)", [MIGRATION_LOCK])
      .then(() => true)
      .catch(() => false);
    connection.release(!unlocked);
  }
}
