import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import {
  addressLine,
  DEMO_SHOP_IDENTITY,
  formattedSiret,
  internationalPhone,
  legalLine,
  passesLuhn,
  rcsOf,
  SHOP_IDENTITY_VARIABLES,
  shopIdentityFromEnv,
  siretProblem,
  vatNumberProblem,
} from "#platform/shop-identity.ts";
import { parseEnv } from "#server/env.ts";

describe("the demo identity", () => {
  it("is coherent: a Luhn-valid SIREN and SIRET, the VAT key of that SIREN", () => {
    const { siret, vatNumber } = DEMO_SHOP_IDENTITY;
    expect(passesLuhn(siret.slice(0, 9))).toBe(true);
    expect(siretProblem(siret)).toBeNull();
    expect(vatNumberProblem(vatNumber, siret)).toBeNull();
  });

  it("prints as the pages, emails and receipts show it", () => {
    expect(formattedSiret(DEMO_SHOP_IDENTITY)).toBe("912 345 675 00017");
    expect(rcsOf(DEMO_SHOP_IDENTITY)).toBe("RCS Paris 912 345 675");
    expect(addressLine(DEMO_SHOP_IDENTITY)).toBe("42 boulevard Haussmann, 75009 Paris");
    expect(legalLine(DEMO_SHOP_IDENTITY)).toBe(
      "Comptoir SAS, 42 boulevard Haussmann, 75009 Paris. RCS Paris 912 345 675.",
    );
    expect(internationalPhone(DEMO_SHOP_IDENTITY)).toBe("+33 1 45 26 00 00");
  });
});

describe("the SHOP_* variables", () => {
  it("each replace one field; spaces in the numbers are dropped", () => {
    const identity = shopIdentityFromEnv({
      SHOP_LEGAL_NAME: "Épicerie Martin SARL",
      SHOP_SIRET: "800 123 457 00015",
      SHOP_VAT_NUMBER: "fr 41 800123457",
    });
    expect(identity).toEqual({
      ...DEMO_SHOP_IDENTITY,
      legalName: "Épicerie Martin SARL",
      siret: "80012345700015",
      vatNumber: "FR41800123457",
    });
    expect(Object.keys(SHOP_IDENTITY_VARIABLES)).toHaveLength(13);
  });

  it("are checked at start: a bad SIRET, or a VAT number of another SIREN, names the variable", () => {
    expect(() => parseEnv({ SHOP_SIRET: "800 123 457 00016" })).toThrow(
      "Invalid environment variable SHOP_SIRET: fails the Luhn check",
    );
    expect(() => parseEnv({ SHOP_SIRET: "80012345700015" })).toThrow(
      "Invalid environment variable SHOP_VAT_NUMBER: must be FR41800123457",
    );
    expect(() => parseEnv({ SHOP_POSTCODE: "759" })).toThrow("SHOP_POSTCODE");
    expect(
      parseEnv({ SHOP_SIRET: "80012345700015", SHOP_VAT_NUMBER: "FR41800123457" }).SHOP_SIRET,
    ).toBe("80012345700015");
  });
});

const ROOT = join(import.meta.dirname, "..");

/** Source, seed, docs and configuration files, tests left out (they may name old values). */
function files(path: string): string[] {
  const full = join(ROOT, path);
  if (!existsSync(full)) return [];
  if (!statSync(full).isDirectory()) return [path];
  return readdirSync(full).flatMap((name) =>
    /\.test\.tsx?$|^node_modules$|testing/.test(name) ? [] : files(`${path}/${name}`),
  );
}

describe("one identity in the sources", () => {
  const scanned = [
    "app",
    "platform",
    "server",
    "seed/content",
    "seed/ordering",
    "docs",
    "README.md",
    ".env.example",
  ]
    .flatMap(files)
    .filter((path) => /\.(tsx?|md|css)$|\.env\.example$/.test(path));

  it("keeps none of the contradictory values of old", () => {
    const old = [
      "rue des Halles",
      "75001 Paris",
      "123 456 789",
      "FR32123456789",
      "rue des Martyrs",
      "912 345 678",
      "FR 42 912345678",
    ];
    const found = scanned.flatMap((path) => {
      const text = readFileSync(join(ROOT, path), "utf8");
      return old.filter((value) => text.includes(value)).map((value) => `${path}: ${value}`);
    });
    expect(scanned.length).toBeGreaterThan(300);
    expect(found).toEqual([]);
  });

  it("writes the identity's numbers and legal name only in platform/shop-identity.ts", () => {
    const values = [
      DEMO_SHOP_IDENTITY.legalName,
      DEMO_SHOP_IDENTITY.siret,
      formattedSiret(DEMO_SHOP_IDENTITY),
      DEMO_SHOP_IDENTITY.vatNumber,
    ];
    const found = scanned
      .filter((path) => path.endsWith(".ts") || path.endsWith(".tsx"))
      .filter((path) => path !== "platform/shop-identity.ts")
      .flatMap((path) => {
        const text = readFileSync(join(ROOT, path), "utf8");
        return values.filter((value) => text.includes(value)).map((value) => `${path}: ${value}`);
      });
    expect(found).toEqual([]);
  });
});
