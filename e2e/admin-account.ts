/** The administrator the browser tests' server starts with (playwright.config.ts). */
export const E2E_ADMIN = { email: "chef@comptoir.test", password: "e2e-admin-secret-2026" };
