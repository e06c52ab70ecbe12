import { existsSync } from "node:fs";
import { z } from "zod";
import { SMS_COUNTRY_CODES, VONAGE_SIGNATURE_METHODS } from "#platform/notify/index.ts";
import { shopIdentityFromEnv, siretProblem, vatNumberProblem } from "#platform/shop-identity.ts";
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

/** A credential: optional here, generated and kept at first start when unset (server/secrets.ts). */
const secret = z.string().min(16).optional();

const postgresUrl = z
  .string()
  .regex(/^postgres(ql)?:\/\//, "must be a postgres:// or postgresql:// URL");

export const envSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  HOST: z.string().min(1).default("0.0.0.0"),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  // Prometheus metrics on a port of their own (only /metrics, on HOST); unset: /metrics on PORT,
  // answered only to ADMIN_ALLOWLIST.
  METRICS_PORT: z.coerce.number().int().min(0).max(65535).optional(),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),

  DATABASE_URL: postgresUrl.optional(),
  // PostgreSQL connections each process keeps in its pool (plus one that listens for cache
  // invalidations).
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
  DATA_DIR: z.string().min(1).default("data"),
  SEED_ON_START: flag.default(true),

  SITE_PASSWORD: z.string().min(1).optional(),
  ADMIN_ALLOWLIST: ipList("127.0.0.1,::1"),
  TRUSTED_PROXIES: ipList(),

  PAGE_CACHE_MAX_ENTRIES: z.coerce.number().int().min(0).default(10),
  PAGE_CACHE_TTL_SECONDS: z.coerce.number().int().min(1).default(604_800),
  // How long a shared cache in front (Varnish, a CDN) keeps a public page: its `s-maxage`. Each
  // change purges the pages that show it, so this bounds only what no purge reaches.
  SHARED_CACHE_MAX_AGE_SECONDS: z.coerce.number().int().min(0).default(3600),
  // The shared cache's purge endpoint (deploy/varnish/comptoir.vcl: Varnish's own address) and
  // the token it asks for: every purge of the page cache reaches it too, by surrogate key.
  SHARED_CACHE_PURGE_URL: z.url({ protocol: /^https?$/ }).optional(),
  SHARED_CACHE_PURGE_TOKEN: z.string().min(16).optional(),

  // The shop's public origin (e.g. https://comptoir.example): every absolute link (emails, SMS,
  // canonical links, sitemaps, checkout redirects, API URLs) is built from it, never from the
  // request's Host. Default: http://localhost:PORT.
  PUBLIC_URL: z
    .url({ protocol: /^https?$/, error: "must be an http:// or https:// URL" })
    .refine((url) => /^[a-z]+:\/\/[^/?#]+\/?$/i.test(url), {
      message: "must be an origin, with no path (e.g. https://comptoir.example)",
    })
    .optional(),
  // Other host names (host or host:port) the shop answers to in production besides PUBLIC_URL's,
  // e.g. `www.comptoir.example`; any other Host gets 400.
  ALLOWED_HOSTS: list().transform((hosts) => hosts.map((host) => host.toLowerCase())),
  // A remote commerce service (Storefront API) instead of the embedded one.
  COMMERCE_URL: z.url().optional(),
  // The secrets below are generated at first start and kept when unset (server/secrets.ts).
  // The Storefront API's access tokens: the public one (X-Shopify-Storefront-Access-Token) and the
  // private one for server calls (Shopify-Storefront-Private-Token).
  COMMERCE_STOREFRONT_TOKEN: secret,
  COMMERCE_PRIVATE_TOKEN: secret,
  // The content service's delivery token (`Authorization: Bearer …` or `?access_token=`).
  CONTENT_DELIVERY_TOKEN: secret,
  // The content service's management token (Bearer), for the admin area and editors' tools.
  CONTENT_MANAGEMENT_TOKEN: secret,
  // The content service's Preview API token (drafts; `/content-preview/…`), which also signs the
  // storefront's preview links.
  CONTENT_PREVIEW_TOKEN: secret,
  // Resized images (webp variants) are written here (default: DATA_DIR/image-cache); safe to
  // delete, rebuilt on demand.
  IMAGE_CACHE_DIR: z.string().min(1).optional(),

  // The first administrator of the admin area (/middleware/), created at start when no
  // administrator exists yet. The password needs at least 12 characters.
  ADMIN_EMAIL: z.email().optional(),
  ADMIN_PASSWORD: z.string().min(12).optional(),

  // Shared secret of admin-style calls (imports, deletes, purge, exports, index rebuild,
  // webhooks): the `X-Comptoir-Verify` header, or the `password` query parameter.
  ADMIN_VERIFY_SECRET: secret,

  // Outgoing mail and SMS are kept in the database outbox; with SMTP_URL set, emails are also
  // sent through that server (e.g. smtp://user:pass@smtp.example.com:587).
  SMTP_URL: z.url().optional(),
  MAIL_FROM: z.string().min(3).default("Comptoir <bonjour@comptoir.example>"),

  // SMS: `outbox` keeps them in the outbox (the admin area and tests read them); `smpp` sends
  // them through an operator's SMSC, with the SMPP_* settings below; `vonage` through Vonage's
  // SMS API, with the VONAGE_* settings below (docs/notify.md).
  SMS_GATEWAY: z.enum(["outbox", "smpp", "vonage"]).default("outbox"),
  SMPP_URL: z
    .string()
    .regex(/^s?smpp:\/\/[^/:]+(:\d+)?\/?$/, "must be like smpp://host:2775 (ssmpp:// for TLS)")
    .optional(),
  SMPP_SYSTEM_ID: z.string().min(1).max(15).optional(),
  SMPP_PASSWORD: z.string().min(1).optional(),
  // transceiver: submits and delivery receipts on one link; transmitter: submits only.
  SMPP_BIND: z.enum(["transceiver", "transmitter"]).default("transceiver"),
  // Vonage's SMS API: the account's API key and secret (Dashboard → API settings), and the
  // signature secret and method its delivery receipts are signed with (Signed webhooks).
  VONAGE_API_KEY: z.string().min(1).optional(),
  VONAGE_API_SECRET: z.string().min(1).optional(),
  VONAGE_SIGNATURE_SECRET: z.string().min(1).optional(),
  VONAGE_SIGNATURE_METHOD: z.enum(VONAGE_SIGNATURE_METHODS).default("sha256"),
  // Another origin for the SMS API than Vonage's https://rest.nexmo.com (a stand-in, a proxy).
  VONAGE_REST_HOST: z.url().optional(),
  // The alphanumeric sender shown on the phone, as registered with the operator.
  SMS_SENDER: z
    .string()
    .regex(
      /^(?=.*[A-Za-z])[A-Za-z0-9 .-]{1,11}$/,
      "must be an alphanumeric sender of at most 11 characters (letters, digits, spaces), e.g. Comptoir",
    )
    .default("Comptoir"),
  SMS_RATE_PER_SECOND: z.coerce.number().positive().max(1000).default(10),
  // An SMS claimed this long ago by a sender that died (a crash mid-send) is sent again.
  SMS_CLAIM_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(3600).default(120),
  // ISO codes of the countries SMS may go to; a number elsewhere is refused.
  SMS_COUNTRIES: list("FR")
    .transform((codes) => codes.map((code) => code.toUpperCase()))
    .refine((codes) => codes.length > 0 && codes.every((code) => code in SMS_COUNTRY_CODES), {
      message: `must list countries among ${Object.keys(SMS_COUNTRY_CODES).join(", ")}`,
    }),

  // A remote ordering service (Flipdish-shaped REST) instead of the embedded one.
  ORDERING_URL: z.url().optional(),
  // The ordering service's administrative bearer credential (menus, vouchers, orders).
  ORDERING_API_TOKEN: secret,
  // The white label (brand account) of the shop in the ordering service.
  ORDERING_WHITE_LABEL: z.string().min(1).default("comptoir"),

  // Card payments (platform/payments/provider.ts): `test`, the embedded test provider (offline,
  // Stripe-shaped, the default), or `stripe`, which needs both Stripe keys below.
  PAYMENT_PROVIDER: z.enum(["test", "stripe"]).default("test"),
  // Stripe's secret key (sk_live_… or sk_test_…; a restricted key rk_… works too).
  STRIPE_SECRET_KEY: z
    .string()
    .regex(
      /^(sk|rk)_(live|test)_[A-Za-z0-9_]+$/,
      "must be a Stripe secret key (sk_live_…, sk_test_… or rk_…)",
    )
    .optional(),
  // The signing secret of the shop's webhook endpoint in Stripe's dashboard (whsec_…).
  STRIPE_WEBHOOK_SECRET: z
    .string()
    .regex(/^whsec_[A-Za-z0-9_]+$/, "must be a webhook signing secret (whsec_…)")
    .optional(),

  // PDF receipts are written here (default: DATA_DIR/receipts).
  RECEIPTS_DIR: z.string().min(1).optional(),

  // The tag manager container (GTM-XXXXXXX), loaded in the browser only after the visitor's
  // consent to audience measurement; no tag manager when unset.
  GTM_ID: z
    .string()
    .regex(/^GTM-[A-Z0-9]{4,12}$/, "must be like GTM-AB12CD3")
    .optional(),

  // Routes for browser journeys only (server/test-hooks.ts: run the content schedule at a given
  // instant): never on a deployment. Refused in production unless PUBLIC_URL is on this machine.
  TEST_HOOKS: flag.default(false),

  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(0).default(10_000),
  // Requests each process works on at once; the others wait their turn (server/admission.ts).
  // 0: no limit. 6: under a load the process cannot keep up with, every kind of request waits
  // about as long, and the slowest answers come two to three times sooner (docs/performance.md).
  MAX_CONCURRENT_REQUESTS: z.coerce.number().int().min(0).max(10_000).default(6),
  // Worker processes serving one port (node:cluster): a number, or `auto` for one per core.
  // More than one needs PostgreSQL (DATABASE_URL): PGlite is a single-process database.
  WEB_CONCURRENCY: z.union([z.literal("auto"), z.coerce.number().int().min(1).max(256)]).default(1),

  // The shop's legal identity (platform/shop-identity.ts): each one set replaces the demo value
  // printed on receipts, emails, legal pages, the footer and the JSON-LD. The SIRET and the VAT
  // number are checked together (the VAT number carries the SIRET's SIREN).
  SHOP_TRADE_NAME: z.string().min(1).max(100).optional(),
  SHOP_LEGAL_NAME: z.string().min(1).max(200).optional(),
  SHOP_LEGAL_FORM: z.string().min(1).max(200).optional(),
  SHOP_SHARE_CAPITAL: z.string().min(1).max(100).optional(),
  SHOP_STREET: z.string().min(1).max(200).optional(),
  SHOP_POSTCODE: z
    .string()
    .regex(/^\d{5}$/, "must be a French postcode (5 digits)")
    .optional(),
  SHOP_CITY: z.string().min(1).max(100).optional(),
  SHOP_SIRET: z
    .string()
    .superRefine((value, context) => {
      const problem = siretProblem(value);
      if (problem) context.addIssue({ code: "custom", message: problem });
    })
    .optional(),
  SHOP_RCS_CITY: z.string().min(1).max(100).optional(),
  SHOP_VAT_NUMBER: z.string().min(4).max(20).optional(),
  SHOP_EMAIL: z.email().optional(),
  SHOP_PHONE: z.string().min(4).max(30).optional(),
  SHOP_PUBLICATION_DIRECTOR: z.string().min(1).max(200).optional(),
});

/** The secrets a deployment may set, each generated at first start when it does not. */
export const SECRET_NAMES = [
  "COMMERCE_STOREFRONT_TOKEN",
  "COMMERCE_PRIVATE_TOKEN",
  "CONTENT_DELIVERY_TOKEN",
  "CONTENT_MANAGEMENT_TOKEN",
  "CONTENT_PREVIEW_TOKEN",
  "ORDERING_API_TOKEN",
  "ADMIN_VERIFY_SECRET",
] as const;
export type SecretName = (typeof SECRET_NAMES)[number];
export type Secrets = Record<SecretName, string>;

/**
 * Values that have been published (the defaults of earlier versions, printed in their docs): a
 * production server refuses to run with any of them.
 */
export const PUBLISHED_SECRETS: readonly string[] = [
  "comptoir-public-storefront-token",
  "comptoir-private-storefront-token",
  "comptoir-content-delivery-token",
  "comptoir-content-management-token",
  "comptoir-ordering-api-token",
  "comptoir-admin-verify-secret",
];

/** A production secret needs at least this many characters. */
export const PRODUCTION_SECRET_LENGTH = 32;

/** The environment as configured: secrets that are not set are still missing. */
export type ConfiguredEnv = Omit<z.infer<typeof envSchema>, "PUBLIC_URL"> & {
  /** The shop's origin, without a trailing slash (`http://localhost:3000` by default). */
  PUBLIC_URL: string;
};

/** The environment the server runs with: every secret known (configured or generated). */
export type Env = Omit<ConfiguredEnv, SecretName> & Secrets;

export class EnvError extends Error {}

/** Completes a configured environment with the secrets it lacked. */
export function withSecrets(env: ConfiguredEnv, secrets: Partial<Secrets>): Env {
  const complete = { ...env };
  for (const name of SECRET_NAMES) complete[name] ??= secrets[name];
  const missing = SECRET_NAMES.find((name) => complete[name] === undefined);
  if (missing) throw new EnvError(`Missing secret ${missing}`);
  return complete as Env;
}

/** Production refuses short secrets and published ones: one line naming the variable. */
function checkProductionSecrets(env: ConfiguredEnv) {
  if (env.NODE_ENV !== "production") return;
  for (const name of SECRET_NAMES) {
    const value = env[name];
    if (value === undefined) continue;
    if (PUBLISHED_SECRETS.includes(value)) {
      throw new EnvError(
        `Invalid environment variable ${name}: this value has been published; set a secret of your own (or unset it to have one generated)`,
      );
    }
    if (value.length < PRODUCTION_SECRET_LENGTH) {
      throw new EnvError(
        `Invalid environment variable ${name}: needs at least ${PRODUCTION_SECRET_LENGTH} characters in production`,
      );
    }
  }
}

/** `PAYMENT_PROVIDER=stripe` needs both of Stripe's keys: one line names the first missing. */
function checkPaymentProvider(env: ConfiguredEnv) {
  if (env.PAYMENT_PROVIDER !== "stripe") return;
  for (const name of ["STRIPE_SECRET_KEY", "STRIPE_WEBHOOK_SECRET"] as const) {
    if (env[name] === undefined) {
      throw new EnvError(
        `Invalid environment variable ${name}: required when PAYMENT_PROVIDER=stripe`,
      );
    }
  }
}

/** `SHARED_CACHE_PURGE_URL` needs the token the shared cache checks. */
function checkSharedCache(env: ConfiguredEnv) {
  if (env.SHARED_CACHE_PURGE_URL !== undefined && env.SHARED_CACHE_PURGE_TOKEN === undefined) {
    throw new EnvError(
      "Invalid environment variable SHARED_CACHE_PURGE_TOKEN: required when SHARED_CACHE_PURGE_URL is set",
    );
  }
}

const SMS_GATEWAY_SETTINGS = {
  outbox: [],
  smpp: ["SMPP_URL", "SMPP_SYSTEM_ID", "SMPP_PASSWORD"],
  vonage: ["VONAGE_API_KEY", "VONAGE_API_SECRET", "VONAGE_SIGNATURE_SECRET"],
} as const;

/** `SMS_GATEWAY=smpp|vonage` needs its settings: one line naming the first one missing. */
function checkSmsGateway(env: ConfiguredEnv) {
  for (const name of SMS_GATEWAY_SETTINGS[env.SMS_GATEWAY]) {
    if (env[name] === undefined) {
      throw new EnvError(
        `Invalid environment variable ${name}: required when SMS_GATEWAY=${env.SMS_GATEWAY}`,
      );
    }
  }
}

/** Whether an origin is this machine's: what a test server listens on, never a deployment. */
function isLoopbackOrigin(origin: string): boolean {
  const host = new URL(origin).hostname;
  return host === "localhost" || host === "[::1]" || /^127(\.\d{1,3}){3}$/.test(host);
}

/**
 * `TEST_HOOKS` opens routes that change the shop at a test's will: a production server takes it
 * only when it answers on this machine alone (the browser journeys' server).
 */
function checkTestHooks(env: ConfiguredEnv) {
  if (!env.TEST_HOOKS || env.NODE_ENV !== "production" || isLoopbackOrigin(env.PUBLIC_URL)) return;
  throw new EnvError(
    "Invalid environment variable TEST_HOOKS: test routes are for browser tests on this machine; in production PUBLIC_URL must then be http://127.0.0.1:… or http://localhost:…",
  );
}

/** Parses an environment; on a bad value throws one line that names the variable. */
export function parseEnv(source: Record<string, string | undefined>): ConfiguredEnv {
  // An empty string means "unset", as in a .env file with `KEY=`.
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, value]) => value !== ""));
  const result = envSchema.safeParse(cleaned);
  if (!result.success) {
    const issue = result.error.issues[0];
    const name = issue?.path.join(".") ?? "environment";
    throw new EnvError(
      `Invalid environment variable ${name}: ${issue?.message ?? "invalid value"}`,
    );
  }
  const parsed = result.data;
  const env: ConfiguredEnv = {
    ...parsed,
    PUBLIC_URL: new URL(parsed.PUBLIC_URL ?? `http://localhost:${parsed.PORT}`).origin,
  };
  if (env.METRICS_PORT !== undefined && env.METRICS_PORT !== 0 && env.METRICS_PORT === env.PORT) {
    throw new EnvError("Invalid environment variable METRICS_PORT: must differ from PORT");
  }
  checkProductionSecrets(env);
  checkPaymentProvider(env);
  checkSmsGateway(env);
  checkSharedCache(env);
  checkTestHooks(env);
  const identity = shopIdentityFromEnv(env);
  const vatProblem = vatNumberProblem(identity.vatNumber, identity.siret);
  if (vatProblem) throw new EnvError(`Invalid environment variable SHOP_VAT_NUMBER: ${vatProblem}`);
  return env;
}

/**
 * Reads the environment for the server's entry points, after a `.env` file in the working
 * directory if there is one (real environment variables win); prints one line and exits on a bad
 * value.
 */
export function loadEnv(): ConfiguredEnv {
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
