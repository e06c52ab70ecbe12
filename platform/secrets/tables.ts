/** The secrets module's table, for seed/, tests and drizzle-kit. */
export * from "./schema.ts";
