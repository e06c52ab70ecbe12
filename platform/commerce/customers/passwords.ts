import { randomBytes, type ScryptOptions, scrypt, timingSafeEqual } from "node:crypto";

/**
 * OWASP's scrypt parameters for password storage (Password Storage Cheat Sheet): N=2^17, r=8,
 * p=1. scrypt needs 128·N·r bytes (128 MiB here), above Node's 32 MiB default `maxmem`, so the
 * limit is raised to just what these parameters need.
 */
export const SCRYPT_PARAMS = { N: 2 ** 17, r: 8, p: 1 } as const;

type ScryptParams = { N: number; r: number; p: number };

/**
 * The parameters new hashes get: OWASP's, except inside Vitest's workers (which set VITEST), where
 * N=2^12 keeps the same code path 32 times cheaper, so that the suites that sign in hundreds of
 * times stay fast. Verification reads the parameters from each hash, so nothing else differs. The
 * browser journeys run the production server, with OWASP's parameters.
 */
export function hashingParams(): ScryptParams {
  return process.env.VITEST ? { ...SCRYPT_PARAMS, N: 2 ** 12 } : SCRYPT_PARAMS;
}
const KEY_BYTES = 32;
const SALT_BYTES = 16;

/** Shopify's customer password bounds: at least 5 on Shopify, 8 here (see docs), at most 40. */
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 40;

function derive(password: string, salt: Buffer, params: { N: number; r: number; p: number }) {
  const options: ScryptOptions = { ...params, maxmem: 128 * params.N * params.r + 1024 * 1024 };
  return new Promise<Buffer>((resolve, reject) => {
    scrypt(password.normalize("NFKC"), salt, KEY_BYTES, options, (error, key) =>
      error ? reject(error) : resolve(key),
    );
  });
}

/**
 * A self-describing hash, `scrypt$N$r$p$salt$key` (base64), with a fresh random salt. Only the
 * demo seeder passes a salt, so that a reseed gives identical rows.
 */
export async function hashPassword(
  password: string,
  salt: Buffer = randomBytes(SALT_BYTES),
  params: ScryptParams = hashingParams(),
): Promise<string> {
  const key = await derive(password, salt, params);
  const { N, r, p } = params;
  return ["scrypt", N, r, p, salt.toString("base64"), key.toString("base64")].join("$");
}

/**
 * Whether `password` matches `stored`, compared in constant time. Reads the parameters from the
 * hash itself, so hashes made with other parameters (older, or cheaper ones in tests) still verify.
 */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, key] = stored.split("$");
  if (scheme !== "scrypt" || !salt || !key) return false;
  const expected = Buffer.from(key, "base64");
  const actual = await derive(password, Buffer.from(salt, "base64"), {
    N: Number(n),
    r: Number(r),
    p: Number(p),
  });
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

/** Why a new password is refused, or undefined when it is acceptable. */
export function passwordProblem(password: string): "BLANK" | "TOO_SHORT" | "TOO_LONG" | undefined {
  if (password.trim() === "") return "BLANK";
  if (password.length < PASSWORD_MIN_LENGTH) return "TOO_SHORT";
  if (password.length > PASSWORD_MAX_LENGTH) return "TOO_LONG";
  return undefined;
}
