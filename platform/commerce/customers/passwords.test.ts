import { describe, expect, it } from "vitest";
import {
  hashingParams,
  hashPassword,
  passwordProblem,
  SCRYPT_PARAMS,
  verifyPassword,
} from "./passwords.ts";

describe("password hashing", () => {
  it("stores OWASP's scrypt parameters and a fresh salt in a self-describing hash", async () => {
    const [first, second] = await Promise.all([
      hashPassword("fromage-de-chevre", undefined, SCRYPT_PARAMS),
      hashPassword("fromage-de-chevre", undefined, SCRYPT_PARAMS),
    ]);
    expect(first).toMatch(/^scrypt\$131072\$8\$1\$[A-Za-z0-9+/=]{24}\$[A-Za-z0-9+/=]{44}$/);
    expect(SCRYPT_PARAMS).toEqual({ N: 2 ** 17, r: 8, p: 1 });
    expect(first).not.toBe(second);
  }, 30_000);

  it("hashes with OWASP's parameters outside tests, and cheaper ones under Vitest", () => {
    expect(hashingParams()).toEqual({ N: 2 ** 12, r: 8, p: 1 });
    const saved = process.env.VITEST;
    delete process.env.VITEST;
    try {
      expect(hashingParams()).toEqual(SCRYPT_PARAMS);
    } finally {
      process.env.VITEST = saved;
    }
  });

  it("verifies the right password only", async () => {
    const stored = await hashPassword("fromage-de-chevre");
    expect(await verifyPassword("fromage-de-chevre", stored)).toBe(true);
    expect(await verifyPassword("fromage-de-brebis", stored)).toBe(false);
    expect(await verifyPassword("fromage-de-chevre", stored.replace(/.{4}$/, "AAA="))).toBe(false);
    expect(await verifyPassword("fromage-de-chevre", "md5$abc")).toBe(false);
  }, 30_000);

  it("reads the parameters from the hash, so cheaper or older hashes still verify", async () => {
    const salt = Buffer.from("sel-de-guerande!").toString("base64");
    const { scrypt } = await import("node:crypto");
    const key = await new Promise<Buffer>((resolve, reject) =>
      scrypt("tomme", Buffer.from(salt, "base64"), 32, { N: 1024, r: 8, p: 1 }, (error, derived) =>
        error ? reject(error) : resolve(derived),
      ),
    );
    expect(await verifyPassword("tomme", `scrypt$1024$8$1$${salt}$${key.toString("base64")}`)).toBe(
      true,
    );
  });

  it("accepts 8 to 40 characters", () => {
    expect(passwordProblem("  ")).toBe("BLANK");
    expect(passwordProblem("1234567")).toBe("TOO_SHORT");
    expect(passwordProblem("12345678")).toBeUndefined();
    expect(passwordProblem("x".repeat(40))).toBeUndefined();
    expect(passwordProblem("x".repeat(41))).toBe("TOO_LONG");
  });
});
