/**
 * The cookies the server's page cache keys on (server/rules/page-cache.ts) and the storefront
 * writes: both read the names from here, so they stay in step.
 */

/** The cookie that marks a signed-in customer; its requests never touch the shared cache. */
export const CUSTOMER_SESSION_COOKIE = "customerAccessToken";
export const PROVINCE_COOKIE = "isProvince";
