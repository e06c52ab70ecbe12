import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type SQL, sql } from "drizzle-orm";
import type pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Database, databaseFromEnv, openDatabase } from "#db/client.ts";
import { migrate } from "#db/migrate.ts";
import { createTestDatabase, testEngine } from "#db/testing/index.ts";
import { commerceShop } from "#platform/commerce/tables.ts";

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database?.close());

// Both drivers put the rows of a raw query in `.rows`.
async function rows<T>(query: SQL): Promise<T[]> {
  const result = (await database.db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

describe("a test database", () => {
  it("runs on the engine of the test project", () => {
    expect(database.engine).toBe(testEngine());
  });

  it("has every migration applied", async () => {
    const tables = await rows<{ name: string }>(
      sql`select table_name as name from information_schema.tables where table_schema = 'public'`,
    );
    expect(tables.map((table) => table.name)).toEqual(
      expect.arrayContaining(["commerce_shop", "seed_runs"]),
    );
  });

  it("strips accents with unaccent", async () => {
    const [result] = await rows<{ plain: string }>(sql`select unaccent('Épicerie') as plain`);
    expect(result?.plain).toBe("Epicerie");
  });

  it("scores misspellings with pg_trgm's similarity", async () => {
    const [result] = await rows<{ close: number; far: number }>(
      sql`select similarity('camenbert', 'camembert') as close, similarity('camenbert', 'baguette') as far`,
    );
    expect(Number(result?.close)).toBeGreaterThan(0.4);
    expect(Number(result?.far)).toBeLessThan(0.1);
  });

  it("migrates again without error", async () => {
    await migrate(database);
    await migrate(database);
  });

  it("answers ping", async () => {
    await expect(database.ping()).resolves.toBeUndefined();
  });

  it("shares no data with another test database", async () => {
    const other = await createTestDatabase();
    try {
      await other.db.insert(commerceShop).values({ name: "Ailleurs", primaryDomainUrl: "x" });
      expect(await other.db.select().from(commerceShop)).toHaveLength(1);
      expect(await database.db.select().from(commerceShop)).toEqual([]);
    } finally {
      await other.close();
    }
  });

  it("fills snake_case columns from camelCase properties, with their defaults", async () => {
    const [shop] = await database.db
      .insert(commerceShop)
      .values({ name: "Comptoir", primaryDomainUrl: "http://localhost:3000" })
      .returning();
    expect(shop).toMatchObject({ currencyCode: "EUR", description: "" });
    expect(shop?.createdAt).toBeInstanceOf(Date);
    const [raw] = await rows<{ primary_domain_url: string }>(
      sql`select primary_domain_url from commerce_shop`,
    );
    expect(raw?.primary_domain_url).toBe("http://localhost:3000");
  });
});

describe.runIf(testEngine() === "pglite")("an embedded PGlite in a folder", () => {
  it("keeps its data across a close and a reopen", async () => {
    const parent = await mkdtemp(join(tmpdir(), "comptoir-data-"));
    const dataDir = join(parent, "not-yet-created");
    try {
      const first = await openDatabase({ dataDir });
      await migrate(first);
      await first.db.insert(commerceShop).values({ name: "Comptoir", primaryDomainUrl: "x" });
      await first.close();

      const again = await openDatabase({ dataDir });
      try {
        await migrate(again);
        const shops = await again.db.select({ name: commerceShop.name }).from(commerceShop);
        expect(shops).toEqual([{ name: "Comptoir" }]);
      } finally {
        await again.close();
      }
    } finally {
      await rm(parent, { recursive: true, force: true });
    }
  });
});

describe("a transaction's parallel queries", () => {
  it("run one after another on its connection, each with its own answer, without node-postgres's warning", async () => {
    const warnings: string[] = [];
    const listen = (warning: Error) => warnings.push(warning.message);
    process.on("warning", listen);
    try {
      const answers = await database.db.transaction((tx) =>
        Promise.all(
          [1, 2, 3, 4].map(async (n) => {
            const result = (await tx.execute(sql`select ${n}::int as n`)) as unknown as {
              rows: { n: number }[];
            };
            return result.rows[0]?.n;
          }),
        ),
      );
      expect(answers).toEqual([1, 2, 3, 4]);
      // A warning is emitted on the next tick.
      await new Promise((next) => setImmediate(next));
      expect(warnings.filter((message) => message.includes("already executing"))).toEqual([]);
    } finally {
      process.off("warning", listen);
    }
  });
});

describe.runIf(testEngine() === "postgres")("a PostgreSQL from the server's settings", () => {
  it("keeps as many connections as DATABASE_POOL_SIZE says, 10 when unset", async () => {
    const url = process.env.TEST_DATABASE_URL as string;
    const sized = await databaseFromEnv({
      DATABASE_URL: url,
      DATABASE_POOL_SIZE: 3,
      DATA_DIR: "-",
    });
    const unset = await databaseFromEnv({ DATABASE_URL: url, DATA_DIR: "-" });
    try {
      expect((sized.client as pg.Pool).options.max).toBe(3);
      expect((unset.client as pg.Pool).options.max).toBe(10);
      // Four queries at once on a pool of three: one waits for a connection, none fails.
      const held = await Promise.all(
        [1, 2, 3, 4].map(() => sized.db.execute(sql`select pg_sleep(0.05), 1 as one`)),
      );
      expect(held).toHaveLength(4);
      expect((sized.client as pg.Pool).totalCount).toBeLessThanOrEqual(3);
    } finally {
      await sized.close();
      await unset.close();
    }
  });
});
