import pino, { type DestinationStream, type Logger } from "pino";
import type { Env } from "#server/env.ts";
import { serializeError } from "#server/log-errors.ts";

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

/** The server's logger; `destination` (standard output by default) lets tests read what it writes. */
export function createLogger(env: Pick<Env, "LOG_LEVEL">, destination?: DestinationStream): Logger {
  const options = {
    level: env.LOG_LEVEL,
    base: { service: "comptoir" },
    redact: { paths: REDACTED, censor: "[redacted]" },
    // A failed query's error carries its SQL and parameters: customer data.
    serializers: { err: serializeError },
  };
  return destination ? pino(options, destination) : pino(options);
}
