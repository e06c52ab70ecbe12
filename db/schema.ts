/** Every table of every module, for Drizzle's typed queries and for drizzle-kit's migrations. */
export * from "#db/meta-schema.ts";
export * from "#platform/commerce/schema.ts";
export * from "#platform/content/schema.ts";
export * from "#platform/search/schema.ts";
