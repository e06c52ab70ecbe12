/** `npm run db:migrate`: applies pending migrations to the configured database. */
import { databaseFromEnv } from "#db/client.ts";
import { migrate } from "#db/migrate.ts";
import { loadEnv } from "#server/env.ts";

const env = loadEnv();
const started = performance.now();
const database = await databaseFromEnv(env);
try {
  await migrate(database);
  const where = database.engine === "pglite" ? `PGlite in ${env.DATA_DIR}` : "PostgreSQL";
  const ms = Math.round(performance.now() - started);
  console.log(`Database migrated (${where}) in ${ms} ms.`);
} finally {
  await database.close();
}
