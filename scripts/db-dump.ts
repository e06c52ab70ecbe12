/**
 * `npm run db:dump [-- file]`: a backup of the embedded PGlite database and its secrets, by
 * default to DATA_DIR/backups/comptoir-<UTC date>-<time>.tar. The shop must be stopped. With
 * DATABASE_URL set it prints the pg_dump command to use instead. Exit codes: 0 written, 1
 * refused or failed, 2 wrong usage, 3 PostgreSQL (nothing done). See docs/deployment.md.
 */
import { parseArgs } from "node:util";
import { loadEnv } from "#server/env.ts";
import { BackupError, defaultBackupName, dumpBackup } from "./backup.ts";

const usage = "Usage: npm run db:dump [-- <file>]";

function parse() {
  try {
    const { positionals, values } = parseArgs({
      allowPositionals: true,
      options: { help: { type: "boolean", short: "h" } },
    });
    if (values.help) {
      console.log(usage);
      process.exit(0);
    }
    if (positionals.length > 1) throw new Error("one file at most");
    return positionals[0];
  } catch (error) {
    console.error(`${(error as Error).message}\n${usage}`);
    process.exit(2);
  }
}

const file = parse();
const env = loadEnv();
if (env.DATABASE_URL !== undefined) {
  const name = (file ?? defaultBackupName(new Date())).replace(/\.tar$/, ".dump");
  console.error(
    "DATABASE_URL is set: back PostgreSQL up with its own tool (the secrets are in the shop_secrets table, inside the dump). Nothing was done; run:",
  );
  console.log(`pg_dump --format=custom --file=${name} "$DATABASE_URL"`);
  process.exit(3);
}

try {
  const result = await dumpBackup({ dataDir: env.DATA_DIR, file });
  const size = `${(result.bytes / 1024 / 1024).toFixed(1)} MB`;
  const secrets = result.secrets ? "database and secrets" : "database (no secrets.json yet)";
  console.log(`Backup written: ${result.file} (${size}, ${secrets}).`);
} catch (error) {
  if (!(error instanceof BackupError)) throw error;
  console.error(error.message);
  process.exit(error.exitCode);
}
