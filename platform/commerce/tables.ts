/**
 * The commerce module's tables, for the code that writes every module's rows: seed/, tests, and
 * drizzle-kit through drizzle.config.ts. Nothing else outside the module imports them.
 */
export * from "./cart-schema.ts";
export * from "./customer-schema.ts";
export * from "./gift-card-schema.ts";
export * from "./order-schema.ts";
export * from "./redirect-schema.ts";
export * from "./schema.ts";
