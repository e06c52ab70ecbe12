import { z } from "zod";

const testDatabaseUrlSchema = z
  .string({ error: "is not set" })
  .regex(/^postgres(ql)?:\/\/[^/]+\/[^/?]+/, "must be a postgres:// URL that names a database");

/**
 * TEST_DATABASE_URL, validated: a PostgreSQL server where the integration tests run a second
 * time. Its user needs CREATEDB; every test file gets a database of its own there.
 */
export function testDatabaseUrl(): string {
  const result = testDatabaseUrlSchema.safeParse(process.env.TEST_DATABASE_URL);
  if (result.success) return result.data;
  throw new Error(`Invalid TEST_DATABASE_URL: ${result.error.issues[0]?.message}`);
}

/** The same server and credentials, another database. */
export function withDatabase(url: string, name: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${name}`;
  return parsed.toString();
}

/** A fresh database name (lowercase, so it needs no quoting). */
export function uniqueDatabaseName(prefix: string): string {
  return `${prefix}_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 10)}`;
}
