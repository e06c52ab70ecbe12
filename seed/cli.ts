/**
 * `npm run seed [-- --seed N] [-- --products N]`: migrates, empties the seeded tables and loads
 * the demo data again.
 */
import { parseArgs } from "node:util";
import { z } from "zod";
import { databaseFromEnv } from "#db/client.ts";
import { migrate } from "#db/migrate.ts";
import { DEFAULT_SEED, seedDatabase } from "#seed/index.ts";
import { loadEnv } from "#server/env.ts";

const flagsSchema = z
  .object({
    seed: z.coerce.number().int().min(0).max(2_147_483_647).default(DEFAULT_SEED),
    // Scale catalogue size; comes with the catalogue issue, unused for now.
    products: z.coerce.number().int().min(1).max(1_000_000).optional(),
  })
  .strict();

function readFlags() {
  try {
    const { values } = parseArgs({
      options: { seed: { type: "string" }, products: { type: "string" } },
    });
    const parsed = flagsSchema.safeParse(values);
    if (parsed.success) return parsed.data;
    const issue = parsed.error.issues[0];
    throw new Error(`Invalid option --${issue?.path.join(".")}: ${issue?.message}`);
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    console.error("Usage: npm run seed -- [--seed N] [--products N]");
    process.exit(1);
  }
}

const flags = readFlags();
const env = loadEnv();
const started = performance.now();
const database = await databaseFromEnv(env);
try {
  await migrate(database);
  const summary = await seedDatabase(database, { ...flags, force: true });
  const rows = Object.entries(summary?.rows ?? {})
    .map(([table, count]) => `${table} ${count}`)
    .join(", ");
  const where = database.engine === "pglite" ? `PGlite in ${env.DATA_DIR}` : "PostgreSQL";
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  console.log(`Seeded ${where} with seed ${flags.seed} in ${seconds} s: ${rows}.`);
} finally {
  await database.close();
}
