/**
 * `npm run secrets`: prints the secrets the shop runs with (configured, or generated at first start
 * and kept), for a developer who needs a token: a remote storefront, a script, the content SDK.
 * Generates and keeps the missing ones, as a start would.
 */
import { databaseFromEnv } from "#db/client.ts";
import { migrate } from "#db/migrate.ts";
import { loadEnv, SECRET_NAMES } from "#server/env.ts";
import { resolveSecrets } from "#server/secrets/store.ts";

const configured = loadEnv();
const database = await databaseFromEnv(configured);
try {
  await migrate(database);
  const { env, keptIn } = await resolveSecrets(configured, database);
  // In .env syntax, so lines can be copied as they are.
  const kept = SECRET_NAMES.filter((name) => configured[name] === undefined);
  const own = SECRET_NAMES.filter((name) => configured[name] !== undefined);
  if (kept.length > 0) console.log(`# generated at first start, kept in ${keptIn}`);
  for (const name of kept) console.log(`${name}=${env[name]}`);
  if (own.length > 0) console.log("# configured (environment or .env)");
  for (const name of own) console.log(`${name}=${env[name]}`);
} finally {
  await database.close();
}
