import { describe, expect, it } from "vitest";
import { EnvError, PUBLISHED_SECRETS, parseEnv, SECRET_NAMES } from "./env.ts";

describe("parseEnv", () => {
  it("runs with no configuration at all", () => {
    const env = parseEnv({});
    expect(env.PORT).toBe(3000);
    expect(env.DATABASE_URL).toBeUndefined();
    expect(env.DATA_DIR).toBe("data");
    expect(env.ADMIN_ALLOWLIST).toEqual(["127.0.0.1", "::1"]);
    expect(env.TRUSTED_PROXIES).toEqual([]);
    expect(env.PAGE_CACHE_MAX_ENTRIES).toBe(10);
    expect(env.PAGE_CACHE_TTL_SECONDS).toBe(604_800);
    expect(env.SEED_ON_START).toBe(true);
    expect(env.DATABASE_POOL_SIZE).toBe(10);
    expect(env.MAX_CONCURRENT_REQUESTS).toBe(6);
  });

  it("needs Vonage's keys and signature secret for SMS_GATEWAY=vonage", () => {
    const keys = {
      SMS_GATEWAY: "vonage",
      VONAGE_API_KEY: "a1b2c3d4",
      VONAGE_API_SECRET: "Secret0fTheAccount",
      VONAGE_SIGNATURE_SECRET: "signature-secret",
    };
    expect(() => parseEnv({ SMS_GATEWAY: "vonage", VONAGE_API_KEY: "a1b2c3d4" })).toThrow(
      new EnvError(
        "Invalid environment variable VONAGE_API_SECRET: required when SMS_GATEWAY=vonage",
      ),
    );
    expect(() => parseEnv({ ...keys, VONAGE_SIGNATURE_SECRET: undefined })).toThrow(
      new EnvError(
        "Invalid environment variable VONAGE_SIGNATURE_SECRET: required when SMS_GATEWAY=vonage",
      ),
    );
    expect(parseEnv(keys)).toMatchObject({ ...keys, VONAGE_SIGNATURE_METHOD: "sha256" });
    expect(() => parseEnv({ ...keys, VONAGE_SIGNATURE_METHOD: "crc32" })).toThrowError(
      /VONAGE_SIGNATURE_METHOD/,
    );
    expect(() => parseEnv({ SMS_GATEWAY: "twilio" })).toThrowError(
      /^Invalid environment variable SMS_GATEWAY:/,
    );
  });

  it("keeps SMS in the outbox by default and needs the whole SMPP link for SMS_GATEWAY=smpp", () => {
    const offline = parseEnv({});
    expect(offline.SMS_GATEWAY).toBe("outbox");
    expect(offline.SMS_SENDER).toBe("Comptoir");
    expect(offline.SMS_COUNTRIES).toEqual(["FR"]);
    expect(() => parseEnv({ SMS_GATEWAY: "smpp", SMPP_URL: "smpp://smsc.example:2775" })).toThrow(
      new EnvError("Invalid environment variable SMPP_SYSTEM_ID: required when SMS_GATEWAY=smpp"),
    );
    const env = parseEnv({
      SMS_GATEWAY: "smpp",
      SMPP_URL: "smpp://smsc.example:2775",
      SMPP_SYSTEM_ID: "comptoir",
      SMPP_PASSWORD: "secret12",
      SMPP_BIND: "transmitter",
      SMS_COUNTRIES: "fr, be",
      SMS_RATE_PER_SECOND: "5",
    });
    expect(env).toMatchObject({ SMPP_BIND: "transmitter", SMS_COUNTRIES: ["FR", "BE"] });
    expect(() => parseEnv({ SMPP_URL: "http://smsc.example" })).toThrowError(/SMPP_URL/);
    expect(() => parseEnv({ SMS_SENDER: "ComptoirParis" })).toThrowError(/SMS_SENDER/);
    expect(() => parseEnv({ SMS_SENDER: "0612345678" })).toThrowError(/SMS_SENDER/);
    expect(() => parseEnv({ SMS_COUNTRIES: "FR,XX" })).toThrowError(/SMS_COUNTRIES/);
  });

  it("takes 0 for no limit on requests worked on at once", () => {
    expect(parseEnv({ MAX_CONCURRENT_REQUESTS: "0" }).MAX_CONCURRENT_REQUESTS).toBe(0);
    expect(() => parseEnv({ MAX_CONCURRENT_REQUESTS: "-1" })).toThrowError(
      /MAX_CONCURRENT_REQUESTS/,
    );
  });

  it("takes a PostgreSQL pool of 1 to 200 connections", () => {
    expect(parseEnv({ DATABASE_POOL_SIZE: "25" }).DATABASE_POOL_SIZE).toBe(25);
    expect(() => parseEnv({ DATABASE_POOL_SIZE: "0" })).toThrowError(/DATABASE_POOL_SIZE/);
    expect(() => parseEnv({ DATABASE_POOL_SIZE: "many" })).toThrowError(/DATABASE_POOL_SIZE/);
  });

  it("splits comma-separated lists and trims them", () => {
    const env = parseEnv({ ADMIN_ALLOWLIST: " 10.0.0.0/8, 2001:db8::/32 ,", TRUSTED_PROXIES: "" });
    expect(env.ADMIN_ALLOWLIST).toEqual(["10.0.0.0/8", "2001:db8::/32"]);
    expect(env.TRUSTED_PROXIES).toEqual([]);
  });

  it("takes a port of the metrics' own, never the shop's", () => {
    expect(parseEnv({}).METRICS_PORT).toBeUndefined();
    expect(parseEnv({ METRICS_PORT: "9464" }).METRICS_PORT).toBe(9464);
    expect(() => parseEnv({ PORT: "8080", METRICS_PORT: "8080" })).toThrowError(
      new EnvError("Invalid environment variable METRICS_PORT: must differ from PORT"),
    );
    expect(() => parseEnv({ METRICS_PORT: "70000" })).toThrowError(/METRICS_PORT/);
  });

  it("treats an empty value as unset", () => {
    expect(parseEnv({ DATABASE_URL: "", PORT: "" }).PORT).toBe(3000);
  });

  it("names the variable when a value is bad", () => {
    expect(() => parseEnv({ PORT: "eighty" })).toThrowError(
      new EnvError(
        "Invalid environment variable PORT: Invalid input: expected number, received NaN",
      ),
    );
    expect(() => parseEnv({ DATABASE_URL: "mysql://x" })).toThrowError(/DATABASE_URL/);
    expect(() => parseEnv({ SEED_ON_START: "yes" })).toThrowError(/SEED_ON_START/);
    expect(() => parseEnv({ ADMIN_ALLOWLIST: "127.0.0.1,office" })).toThrowError(
      /ADMIN_ALLOWLIST: each entry must be an IP address or a CIDR range/,
    );
    expect(() => parseEnv({ TRUSTED_PROXIES: "10.0.0.0/33" })).toThrowError(/TRUSTED_PROXIES/);
  });

  it("takes http://localhost:PORT as the shop's origin unless PUBLIC_URL says otherwise", () => {
    expect(parseEnv({}).PUBLIC_URL).toBe("http://localhost:3000");
    expect(parseEnv({ PORT: "8080" }).PUBLIC_URL).toBe("http://localhost:8080");
    expect(parseEnv({ PUBLIC_URL: "https://comptoir.example/" }).PUBLIC_URL).toBe(
      "https://comptoir.example",
    );
    expect(() => parseEnv({ PUBLIC_URL: "https://comptoir.example/boutique" })).toThrowError(
      /PUBLIC_URL: must be an origin/,
    );
    expect(() => parseEnv({ PUBLIC_URL: "ftp://comptoir.example" })).toThrowError(/PUBLIC_URL/);
  });

  it("leaves unset secrets unset: they are generated at start, never a published default", () => {
    const env = parseEnv({});
    for (const name of SECRET_NAMES) expect(env[name]).toBeUndefined();
  });

  it.each(SECRET_NAMES)("refuses a published value of %s in production, naming it", (name) => {
    for (const published of PUBLISHED_SECRETS) {
      expect(() => parseEnv({ NODE_ENV: "production", [name]: published })).toThrowError(
        new RegExp(`^Invalid environment variable ${name}: this value has been published`),
      );
    }
  });

  it("refuses a production secret shorter than 32 characters, and takes it in development", () => {
    const short = "seize-caracteres-ou-plus";
    expect(() => parseEnv({ NODE_ENV: "production", ADMIN_VERIFY_SECRET: short })).toThrowError(
      "Invalid environment variable ADMIN_VERIFY_SECRET: needs at least 32 characters in production",
    );
    expect(parseEnv({ ADMIN_VERIFY_SECRET: short }).ADMIN_VERIFY_SECRET).toBe(short);
    const long = "x".repeat(32);
    expect(
      parseEnv({ NODE_ENV: "production", ADMIN_VERIFY_SECRET: long }).ADMIN_VERIFY_SECRET,
    ).toBe(long);
  });
});

describe("the payment provider", () => {
  const stripeKeys = {
    STRIPE_SECRET_KEY: "sk_test_51AbCdEfGhIjKlMnOp",
    STRIPE_WEBHOOK_SECRET: "whsec_AbCdEfGhIjKlMnOpQrSt",
  };

  it("is the embedded test provider unless told otherwise", () => {
    expect(parseEnv({}).PAYMENT_PROVIDER).toBe("test");
  });

  it("takes Stripe with both of its keys", () => {
    const env = parseEnv({ PAYMENT_PROVIDER: "stripe", ...stripeKeys });
    expect(env).toMatchObject({ PAYMENT_PROVIDER: "stripe", ...stripeKeys });
  });

  it("names the first Stripe key missing, in one line", () => {
    expect(() => parseEnv({ PAYMENT_PROVIDER: "stripe" })).toThrow(
      new EnvError(
        "Invalid environment variable STRIPE_SECRET_KEY: required when PAYMENT_PROVIDER=stripe",
      ),
    );
    expect(() =>
      parseEnv({ PAYMENT_PROVIDER: "stripe", STRIPE_SECRET_KEY: stripeKeys.STRIPE_SECRET_KEY }),
    ).toThrow(
      "Invalid environment variable STRIPE_WEBHOOK_SECRET: required when PAYMENT_PROVIDER=stripe",
    );
  });

  it("refuses what is not a Stripe key, and an unknown provider", () => {
    expect(() => parseEnv({ STRIPE_SECRET_KEY: "pk_test_123" })).toThrow(
      /^Invalid environment variable STRIPE_SECRET_KEY: must be a Stripe secret key/,
    );
    expect(() => parseEnv({ STRIPE_WEBHOOK_SECRET: "secret" })).toThrow(
      /^Invalid environment variable STRIPE_WEBHOOK_SECRET: must be a webhook signing secret/,
    );
    expect(() => parseEnv({ PAYMENT_PROVIDER: "mollie" })).toThrow(
      /^Invalid environment variable PAYMENT_PROVIDER:/,
    );
  });
});

describe("the shared cache's purges", () => {
  it("are off by default, and the s-maxage is an hour", () => {
    const env = parseEnv({});
    expect(env.SHARED_CACHE_PURGE_URL).toBeUndefined();
    expect(env.SHARED_CACHE_MAX_AGE_SECONDS).toBe(3600);
  });

  it("take Varnish's address with its token, and refuse the address alone", () => {
    const url = "http://127.0.0.1:6081";
    expect(
      parseEnv({ SHARED_CACHE_PURGE_URL: url, SHARED_CACHE_PURGE_TOKEN: "0123456789abcdef" }),
    ).toMatchObject({ SHARED_CACHE_PURGE_URL: url });
    expect(() => parseEnv({ SHARED_CACHE_PURGE_URL: url })).toThrow(
      new EnvError(
        "Invalid environment variable SHARED_CACHE_PURGE_TOKEN: required when SHARED_CACHE_PURGE_URL is set",
      ),
    );
    expect(() => parseEnv({ SHARED_CACHE_PURGE_URL: "ftp://cache" })).toThrow(
      /^Invalid environment variable SHARED_CACHE_PURGE_URL/,
    );
  });
});
