/**
 * The search module's tables, for the code that writes every module's rows: seed/, tests, and
 * drizzle-kit through drizzle.config.ts. Nothing else outside the module imports them.
 */
export * from "./query-log-schema.ts";
export * from "./schema.ts";
export * from "./synonym-schema.ts";
