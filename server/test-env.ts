import { type Env, parseEnv, SECRET_NAMES, type Secrets, withSecrets } from "#server/env.ts";

/** The secrets every test server runs with: fixed, so tests can send them. */
export const TEST_SECRETS: Secrets = Object.fromEntries(
  SECRET_NAMES.map((name) => [name, `test-${name.toLowerCase().replaceAll("_", "-")}-0123456789`]),
) as Secrets;

/**
 * The environment of a test server: NODE_ENV=test, silent logs, the test secrets, then what the
 * test sets (a secret it sets wins).
 */
export function testEnv(source: Record<string, string | undefined> = {}): Env {
  return withSecrets(parseEnv({ NODE_ENV: "test", LOG_LEVEL: "silent", ...source }), TEST_SECRETS);
}
