import pino, { type Logger } from "pino";
import type { Env } from "#server/env.ts";

export type { Logger };

/** Fields that may hold a credential, wherever they appear in a log object. */
const REDACTED = [
  "password",
  "*.password",
  "token",
  "*.token",
  "secret",
  "*.secret",
  "authorization",
  "*.authorization",
  "cookie",
  "*.cookie",
  "headers.authorization",
  "headers.cookie",
  'headers["set-cookie"]',
  'headers["x-shopify-storefront-access-token"]',
];

export function createLogger(env: Pick<Env, "LOG_LEVEL">): Logger {
  return pino({
    level: env.LOG_LEVEL,
    base: { service: "comptoir" },
    redact: { paths: REDACTED, censor: "[redacted]" },
  });
}
