/**
 * Secrets the browser tests' server is configured with (playwright.config.ts), so journeys can
 * call its APIs as a client would. Like any configured production secret, 32 characters or more.
 */
export const E2E_SECRETS = {
  COMMERCE_STOREFRONT_TOKEN: "e2e-public-storefront-token-0123456789",
  ADMIN_VERIFY_SECRET: "e2e-admin-verify-secret-0123456789abcd",
};

/**
 * The cookie choice made (everything refused), as journeys start: the first-visit privacy banner
 * would cover what they click (e2e/privacy-tracking.spec.ts starts without it).
 */
export function consentGiven(domain: string) {
  return {
    cookies: [
      {
        name: "comptoir_consent",
        value: "v1.a0.m0.2026-01-01",
        domain,
        path: "/",
        expires: -1,
        httpOnly: false,
        secure: false,
        sameSite: "Lax" as const,
      },
    ],
    origins: [],
  };
}
