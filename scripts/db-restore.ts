/**
 * `npm run db:restore -- <file> [--force]`: puts a `npm run db:dump` backup (database and
 * secrets) into DATA_DIR. The shop must be stopped; a DATA_DIR that already holds a database
 * needs --force (the old one is moved to DATA_DIR/backups/replaced-…). With DATABASE_URL set it
 * prints the pg_restore command to use instead. Exit codes: 0 restored, 1 refused or failed, 2
 * wrong usage, 3 PostgreSQL (nothing done). See docs/deployment.md.
 */
import { parseArgs } from "node:util";
import { loadEnv } from "#server/env.ts";
import { BackupError, restoreBackup } from "./backup.ts";

const usage = "Usage: npm run db:restore -- <file> [--force]";

function parse() {
  try {
    const { positionals, values } = parseArgs({
      allowPositionals: true,
      options: { force: { type: "boolean" }, help: { type: "boolean", short: "h" } },
    });
    if (values.help) {
      console.log(usage);
      process.exit(0);
    }
    const [file, ...rest] = positionals;
    if (file === undefined) throw new Error("which backup file?");
    if (rest.length > 0) throw new Error("one file only");
    return { file, force: values.force ?? false };
  } catch (error) {
    console.error(`${(error as Error).message}\n${usage}`);
    process.exit(2);
  }
}

const { file, force } = parse();
const env = loadEnv();
if (env.DATABASE_URL !== undefined) {
  console.error(
    "DATABASE_URL is set: restore PostgreSQL with its own tool, all instances stopped, preferably into an empty database. Nothing was done; run:",
  );
  console.log(
    `pg_restore --clean --if-exists --no-owner --exit-on-error --dbname="$DATABASE_URL" ${file}`,
  );
  process.exit(3);
}

try {
  const result = await restoreBackup({ dataDir: env.DATA_DIR, file, force });
  console.log(`Restored ${file} (made ${result.manifest.createdAt}) into ${env.DATA_DIR}.`);
  if (result.replacedTo) {
    console.log(
      `The database it replaced is in ${result.replacedTo}: delete it once the shop runs.`,
    );
  }
} catch (error) {
  if (!(error instanceof BackupError)) throw error;
  console.error(error.message);
  process.exit(error.exitCode);
}
