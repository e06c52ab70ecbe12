/** Every table of every module, for Drizzle's typed queries and for drizzle-kit's migrations. */
export * from "#db/meta-schema.ts";
export * from "#platform/commerce/cart-schema.ts";
export * from "#platform/commerce/customer-schema.ts";
export * from "#platform/commerce/order-schema.ts";
export * from "#platform/commerce/schema.ts";
export * from "#platform/content/schema.ts";
export * from "#platform/documents/schema.ts";
export * from "#platform/notify/newsletter-schema.ts";
export * from "#platform/notify/schema.ts";
export * from "#platform/ordering/schema.ts";
export * from "#platform/payments/schema.ts";
export * from "#platform/search/schema.ts";
export * from "#server/admin/schema.ts";
export * from "#server/secrets/schema.ts";
