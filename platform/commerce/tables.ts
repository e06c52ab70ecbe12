/**
 * The commerce module's tables, for the code that writes every module's rows: seed/, tests, and
 * drizzle-kit through drizzle.config.ts. Nothing else outside the module imports them.
 */
export * from "./cart/schema.ts";
export * from "./customers/schema.ts";
export * from "./gift-cards/schema.ts";
export * from "./orders/schema.ts";
export * from "./redirects/schema.ts";
export * from "./schema.ts";
