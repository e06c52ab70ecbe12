import { describe, expect, it } from "vitest";
import { EnvError, parseEnv } from "./env.ts";

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
  });

  it("splits comma-separated lists and trims them", () => {
    const env = parseEnv({ ADMIN_ALLOWLIST: " 10.0.0.0/8, 2001:db8::/32 ,", TRUSTED_PROXIES: "" });
    expect(env.ADMIN_ALLOWLIST).toEqual(["10.0.0.0/8", "2001:db8::/32"]);
    expect(env.TRUSTED_PROXIES).toEqual([]);
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
});
