import { existsSync } from "node:fs";
import { z } from "zod";
import { parseIpRange } from "#server/rules/client-ip.ts";

/**
 * Every environment variable the server reads, validated once at boot. Code elsewhere receives
 * the typed `Env` value; nothing else reads `process.env`.
 */

/** A comma-separated list, e.g. `127.0.0.1, 10.0.0.0/8`. */
const list = (fallback = "") =>
  z
    .string()
    .default(fallback)
    .transform((value) =>
      value
        .split(",")
        .map((item) => item.trim())
        .filter(Boolean),
    );

/** A list of IP addresses or CIDR ranges, IPv4 or IPv6. */
const ipList = (fallback = "") =>
  list(fallback).refine((entries) => entries.every((entry) => parseIpRange(entry)), {
    message: "each entry must be an IP address or a CIDR range (e.g. 10.0.0.0/8, ::1)",
  });

const flag = z
  .enum(["true", "false", "1", "0"])
  .transform((value) => value === "true" || value === "1");

const postgresUrl = z
  .string()
  .regex(/^postgres(ql)?:\/\//, "must be a postgres:// or postgresql:// URL");

export const envSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  HOST: z.string().min(1).default("0.0.0.0"),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),

  DATABASE_URL: postgresUrl.optional(),
  DATA_DIR: z.string().min(1).default("data"),
  SEED_ON_START: flag.default(true),

  SITE_PASSWORD: z.string().min(1).optional(),
  ADMIN_ALLOWLIST: ipList("127.0.0.1,::1"),
  TRUSTED_PROXIES: ipList(),

  PAGE_CACHE_MAX_ENTRIES: z.coerce.number().int().min(0).default(10),
  PAGE_CACHE_TTL_SECONDS: z.coerce.number().int().min(1).default(604_800),

  // The shop's public address, for absolute URLs in API answers (images, product links); the
  // request's own origin when unset.
  PUBLIC_URL: z.url().optional(),
  // A remote commerce service (Storefront API) instead of the embedded one.
  COMMERCE_URL: z.url().optional(),
  // The Storefront API's access tokens: the public one (X-Shopify-Storefront-Access-Token) and the
  // private one for server calls (Shopify-Storefront-Private-Token). Set real values in production.
  COMMERCE_STOREFRONT_TOKEN: z.string().min(16).default("comptoir-public-storefront-token"),
  COMMERCE_PRIVATE_TOKEN: z.string().min(16).default("comptoir-private-storefront-token"),
  // The content service's delivery token (`Authorization: Bearer …` or `?access_token=`).
  CONTENT_DELIVERY_TOKEN: z.string().min(16).default("comptoir-content-delivery-token"),
  // The content service's management token (Bearer), for the admin area and editors' tools.
  CONTENT_MANAGEMENT_TOKEN: z.string().min(16).default("comptoir-content-management-token"),
  // Resized images (webp variants) are written here (default: DATA_DIR/image-cache); safe to
  // delete, rebuilt on demand.
  IMAGE_CACHE_DIR: z.string().min(1).optional(),

  // The first administrator of the admin area (/middleware/), created at start when no
  // administrator exists yet. The password needs at least 12 characters.
  ADMIN_EMAIL: z.email().optional(),
  ADMIN_PASSWORD: z.string().min(12).optional(),

  // Shared secret of admin-style calls (imports, deletes, purge, exports, index rebuild,
  // webhooks): the `X-Comptoir-Verify` header, or the `password` query parameter.
  ADMIN_VERIFY_SECRET: z.string().min(16).default("comptoir-admin-verify-secret"),

  // Outgoing mail and SMS are kept in the database outbox; with SMTP_URL set, emails are also
  // sent through that server (e.g. smtp://user:pass@smtp.example.com:587).
  SMTP_URL: z.url().optional(),
  MAIL_FROM: z.string().min(3).default("Comptoir <bonjour@comptoir.example>"),

  // A remote ordering service (Flipdish-shaped REST) instead of the embedded one.
  ORDERING_URL: z.url().optional(),
  // The ordering service's administrative bearer credential (menus, vouchers, orders).
  ORDERING_API_TOKEN: z.string().min(16).default("comptoir-ordering-api-token"),
  // The white label (brand account) of the shop in the ordering service.
  ORDERING_WHITE_LABEL: z.string().min(1).default("comptoir"),

  // PDF receipts are written here (default: DATA_DIR/receipts).
  RECEIPTS_DIR: z.string().min(1).optional(),

  // The tag manager container (GTM-XXXXXXX), loaded in the browser only after the visitor's
  // consent to audience measurement; no tag manager when unset.
  GTM_ID: z
    .string()
    .regex(/^GTM-[A-Z0-9]{4,12}$/, "must be like GTM-AB12CD3")
    .optional(),

  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(0).default(10_000),
});

export type Env = z.infer<typeof envSchema>;

export class EnvError extends Error {}

/** Parses an environment; on a bad value throws one line that names the variable. */
export function parseEnv(source: Record<string, string | undefined>): Env {
  // An empty string means "unset", as in a .env file with `KEY=`.
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, value]) => value !== ""));
  const result = envSchema.safeParse(cleaned);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const name = issue?.path.join(".") ?? "environment";
  throw new EnvError(`Invalid environment variable ${name}: ${issue?.message ?? "invalid value"}`);
}

/**
 * Reads the environment for the server's entry points, after a `.env` file in the working
 * directory if there is one (real environment variables win); prints one line and exits on a bad
 * value.
 */
export function loadEnv(): Env {
  if (existsSync(".env")) process.loadEnvFile(".env");
  try {
    return parseEnv(process.env);
  } catch (error) {
    if (error instanceof EnvError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}
