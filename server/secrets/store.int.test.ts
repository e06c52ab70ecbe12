import { mkdtemp, readFile, rm, stat } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "#db/client.ts";
import { createTestDatabase } from "#db/testing/index.ts";
import { parseEnv, SECRET_NAMES } from "#server/env.ts";
import { resolveSecrets, SECRETS_FILE } from "./store.ts";

/** Secrets generated at first start and kept (security issue, item 1), on both engines. */
let database: Database;
let dataDir: string;

beforeAll(async () => {
  database = await createTestDatabase();
  dataDir = await mkdtemp(join(tmpdir(), "comptoir-secrets-"));
});

afterAll(async () => {
  await database?.close();
  await rm(dataDir, { recursive: true, force: true });
});

const configured = (source: Record<string, string> = {}) =>
  parseEnv({ NODE_ENV: "production", DATA_DIR: dataDir, ...source });

describe("resolveSecrets", () => {
  it("generates every unset secret once, random and long, and finds the same ones next start", async () => {
    const first = await resolveSecrets(configured(), database);
    expect(first.generated.sort()).toEqual([...SECRET_NAMES].sort());
    const values = SECRET_NAMES.map((name) => first.env[name]);
    expect(new Set(values).size).toBe(SECRET_NAMES.length);
    for (const value of values) expect(value.length).toBeGreaterThanOrEqual(43);

    const again = await resolveSecrets(configured(), database);
    expect(again.generated).toEqual([]);
    expect(SECRET_NAMES.map((name) => again.env[name])).toEqual(values);
  });

  it("lets a configured secret win over the kept one, and keeps the kept one", async () => {
    const kept = (await resolveSecrets(configured(), database)).env.ADMIN_VERIFY_SECRET;
    const own = "a-secret-of-the-operator-with-enough-length";
    const withOwn = await resolveSecrets(configured({ ADMIN_VERIFY_SECRET: own }), database);
    expect(withOwn.env.ADMIN_VERIFY_SECRET).toBe(own);
    const without = await resolveSecrets(configured(), database);
    expect(without.env.ADMIN_VERIFY_SECRET).toBe(kept);
  });

  it("gives instances starting together the same secrets", async () => {
    const other = await mkdtemp(join(tmpdir(), "comptoir-secrets-race-"));
    try {
      const env = parseEnv({ NODE_ENV: "production", DATA_DIR: other });
      // On PostgreSQL the rows are shared; on PGlite (one process) the file is.
      const fresh = database.engine === "postgres" ? await createTestDatabase() : database;
      try {
        const [a, b] = await Promise.all([resolveSecrets(env, fresh), resolveSecrets(env, fresh)]);
        expect(a.env.COMMERCE_PRIVATE_TOKEN).toBe(b.env.COMMERCE_PRIVATE_TOKEN);
        expect(a.env.ORDERING_API_TOKEN).toBe(b.env.ORDERING_API_TOKEN);
        expect([...a.generated, ...b.generated].sort()).toEqual([...SECRET_NAMES].sort());
        const next = await resolveSecrets(env, fresh);
        expect(next.env.ORDERING_API_TOKEN).toBe(a.env.ORDERING_API_TOKEN);
      } finally {
        if (fresh !== database) await fresh.close();
      }
    } finally {
      await rm(other, { recursive: true, force: true });
    }
  });

  it("keeps PGlite's secrets in a file of DATA_DIR for its user only, PostgreSQL's in the database", async () => {
    const { keptIn, env } = await resolveSecrets(configured(), database);
    if (database.engine === "postgres") {
      expect(keptIn).toBe("database");
      return;
    }
    expect(keptIn).toBe(join(dataDir, SECRETS_FILE));
    expect((await stat(keptIn)).mode & 0o777).toBe(0o600);
    const file = JSON.parse(await readFile(keptIn, "utf8"));
    expect(file.CONTENT_MANAGEMENT_TOKEN).toBe(env.CONTENT_MANAGEMENT_TOKEN);
  });
});
