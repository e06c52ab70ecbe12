import { Writable } from "node:stream";
import { sql } from "drizzle-orm";
import { GraphQLError } from "graphql";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "#db/client.ts";
import { createTestDatabase } from "#db/testing/index.ts";
import { yogaLogging } from "#server/log-errors.ts";
import { createLogger } from "#server/logger.ts";

/** What a customer typed, which a failed query would otherwise print. */
const EMAIL = "jeanne.dupont@example.com";

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database?.close());

/** The server's logger writing into a string. */
function capturedLogger() {
  let output = "";
  const stream = new Writable({
    write(chunk, _encoding, done) {
      output += String(chunk);
      done();
    },
  });
  return { logger: createLogger({ LOG_LEVEL: "info" }, stream), output: () => output };
}

async function failedQuery(): Promise<unknown> {
  try {
    // PostgreSQL quotes the value in its message: `invalid input syntax for type integer: "…"`.
    await database.db.execute(sql`select ${EMAIL}::int as id, ${"second-secret"} as note`);
  } catch (error) {
    return error;
  }
  throw new Error("the query was expected to fail");
}

describe("a failed query in the logs", () => {
  it("keeps neither SQL nor parameter values, and keeps the error's type and code", async () => {
    const { logger, output } = capturedLogger();
    const error = await failedQuery();
    logger.error({ err: error, path: "/compte/" }, "unhandled error");
    const line = output();
    expect(line).not.toContain("jeanne");
    expect(line).not.toContain("second-secret");
    expect(line).not.toContain("select");
    expect(line).toContain("Failed query (SQL and parameters withheld)");
    expect(line).toContain("22P02");
    expect(JSON.parse(line)).toMatchObject({ path: "/compte/", msg: "unhandled error" });
  });

  it("keeps them out when the Storefront API logs the error wrapped in a GraphQL error", async () => {
    const { logger, output } = capturedLogger();
    const cause = (await failedQuery()) as Error;
    const wrapped = new GraphQLError(cause.message, { originalError: cause });
    yogaLogging(logger).error(wrapped);
    expect(output()).not.toContain("jeanne");
    expect(output()).not.toContain("second-secret");
    expect(output()).toContain("storefront api");
  });

  it("leaves other errors as pino writes them", () => {
    const { logger, output } = capturedLogger();
    logger.error({ err: new Error(`no order for "${EMAIL}"`) }, "lookup failed");
    expect(output()).toContain(EMAIL);
  });
});
