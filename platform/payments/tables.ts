/**
 * The payments module's tables, for the code that writes every module's rows: seed/, tests, and
 * drizzle-kit through drizzle.config.ts. Nothing else outside the module imports them.
 */

export * from "./card-entry/schema.ts";
export * from "./schema.ts";
export * from "./settlement/schema.ts";
