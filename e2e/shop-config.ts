/**
 * Secrets the browser tests' server is configured with (playwright.config.ts), so journeys can
 * call its APIs as a client would. Like any configured production secret, 32 characters or more.
 */
export const E2E_SECRETS = {
  COMMERCE_STOREFRONT_TOKEN: "e2e-public-storefront-token-0123456789",
  ADMIN_VERIFY_SECRET: "e2e-admin-verify-secret-0123456789abcd",
};
