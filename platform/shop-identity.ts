import { processGlobal } from "#platform/process-global.ts";

/**
 * The shop's legal identity, kept in one place: the trade and legal names, the registered
 * office, the SIRET (whose first nine digits are the SIREN of the RCS registration), the VAT
 * number and the contact address and phone. The receipts (PDF), the emails, the legal pages, the
 * footer and the JSON-LD all print it from here (docs/shop-identity.md).
 *
 * The demo values are coherent (a SIREN and SIRET that pass the Luhn check, the VAT key computed
 * from the SIREN); a deployment sets its own with the `SHOP_*` variables (server/env.ts), which
 * the server hands to `configureShopIdentity` at start.
 */

export type ShopIdentity = {
  /** The name shoppers know: `Comptoir`. */
  tradeName: string;
  /** The company's registered name: `Comptoir SAS`. */
  legalName: string;
  /** Its legal form, in words: `société par actions simplifiée`. */
  legalForm: string;
  /** Its share capital as printed: `50 000 €`. */
  shareCapital: string;
  /** The registered office. */
  address: { street: string; postcode: string; city: string };
  /** 14 digits, no spaces; the first 9 are the SIREN. */
  siret: string;
  /** The city of the trade and companies register (RCS). */
  rcsCity: string;
  /** The intra-community VAT number, no spaces: `FR65912345675`. */
  vatNumber: string;
  /** Where shoppers write to. */
  email: string;
  /** The customer service's number, national form: `01 45 26 00 00`. */
  phone: string;
  /** Who is responsible for the site's publication (legal notice). */
  publicationDirector: string;
};

export const DEMO_SHOP_IDENTITY: ShopIdentity = {
  tradeName: "Comptoir",
  legalName: "Comptoir SAS",
  legalForm: "société par actions simplifiée",
  shareCapital: "50\u00a0000\u00a0€",
  address: { street: "42 boulevard Haussmann", postcode: "75009", city: "Paris" },
  siret: "91234567500017",
  rcsCity: "Paris",
  vatNumber: "FR65912345675",
  email: "bonjour@comptoir.example",
  phone: "01 45 26 00 00",
  publicationDirector: "Claire Delorme",
};

/** The environment variables that override the demo identity, each naming one field. */
export const SHOP_IDENTITY_VARIABLES = {
  SHOP_TRADE_NAME: "tradeName",
  SHOP_LEGAL_NAME: "legalName",
  SHOP_LEGAL_FORM: "legalForm",
  SHOP_SHARE_CAPITAL: "shareCapital",
  SHOP_STREET: "street",
  SHOP_POSTCODE: "postcode",
  SHOP_CITY: "city",
  SHOP_SIRET: "siret",
  SHOP_RCS_CITY: "rcsCity",
  SHOP_VAT_NUMBER: "vatNumber",
  SHOP_EMAIL: "email",
  SHOP_PHONE: "phone",
  SHOP_PUBLICATION_DIRECTOR: "publicationDirector",
} as const;

export type ShopIdentityVariable = keyof typeof SHOP_IDENTITY_VARIABLES;

/** Digits only: `912 345 675 00017` → `91234567500017`. */
const digits = (value: string) => value.replace(/\D/g, "");

/**
 * The identity a deployment configured: each `SHOP_*` variable set replaces one field of the demo
 * identity. Spaces in the SIRET and VAT number are dropped. Values are checked by server/env.ts.
 */
export function shopIdentityFromEnv(
  env: Partial<Record<ShopIdentityVariable, string | undefined>>,
): ShopIdentity {
  const value = (name: ShopIdentityVariable, fallback: string) => {
    const set = env[name]?.trim();
    return set ? set : fallback;
  };
  const demo = DEMO_SHOP_IDENTITY;
  return {
    tradeName: value("SHOP_TRADE_NAME", demo.tradeName),
    legalName: value("SHOP_LEGAL_NAME", demo.legalName),
    legalForm: value("SHOP_LEGAL_FORM", demo.legalForm),
    shareCapital: value("SHOP_SHARE_CAPITAL", demo.shareCapital),
    address: {
      street: value("SHOP_STREET", demo.address.street),
      postcode: value("SHOP_POSTCODE", demo.address.postcode),
      city: value("SHOP_CITY", demo.address.city),
    },
    siret: digits(value("SHOP_SIRET", demo.siret)),
    rcsCity: value("SHOP_RCS_CITY", demo.rcsCity),
    vatNumber: value("SHOP_VAT_NUMBER", demo.vatNumber).replace(/\s/g, "").toUpperCase(),
    email: value("SHOP_EMAIL", demo.email),
    phone: value("SHOP_PHONE", demo.phone),
    publicationDirector: value("SHOP_PUBLICATION_DIRECTOR", demo.publicationDirector),
  };
}

/** Whether a number passes the Luhn check (SIREN and SIRET numbers do). */
export function passesLuhn(number: string): boolean {
  if (!/^\d+$/.test(number)) return false;
  let sum = 0;
  for (const [index, char] of [...number].reverse().entries()) {
    let digit = Number(char);
    if (index % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

/** A French VAT number's key for a SIREN: `(12 + 3 × (SIREN mod 97)) mod 97`, two digits. */
export function vatKey(siren: string): string {
  return String((12 + 3 * (Number(siren) % 97)) % 97).padStart(2, "0");
}

/** Why a SIRET is not one (14 digits passing the Luhn check), or null. */
export function siretProblem(value: string): string | null {
  const number = digits(value);
  if (number.length !== 14 || /[^\d\s]/.test(value)) return "must be 14 digits";
  return passesLuhn(number) ? null : "fails the Luhn check";
}

/** Why a French VAT number does not match a SIRET (`FR`, its key, the SIREN), or null. */
export function vatNumberProblem(vatNumber: string, siret: string): string | null {
  const siren = digits(siret).slice(0, 9);
  const expected = `FR${vatKey(siren)}${siren}`;
  return vatNumber.replace(/\s/g, "").toUpperCase() === expected
    ? null
    : `must be ${expected} for SIRET ${digits(siret)}`;
}

const current = () => processGlobal("shop-identity", () => ({ identity: DEMO_SHOP_IDENTITY }));

/** Sets the identity every page, email and receipt prints (the server calls it at start). */
export function configureShopIdentity(identity: ShopIdentity): void {
  current().identity = identity;
}

/** The shop's identity: the configured one, else the demo one. */
export function shopIdentity(): ShopIdentity {
  return current().identity;
}

/** `912 345 675`: the SIREN (the RCS number), grouped by three. */
export function sirenOf(identity: ShopIdentity): string {
  return identity.siret.slice(0, 9).replace(/(\d{3})(?=\d)/g, "$1 ");
}

/** `912 345 675 00017`: the SIRET, grouped as printed. */
export function formattedSiret(identity: ShopIdentity): string {
  return `${sirenOf(identity)} ${identity.siret.slice(9)}`;
}

/** `RCS Paris 912 345 675`. */
export function rcsOf(identity: ShopIdentity): string {
  return `RCS ${identity.rcsCity} ${sirenOf(identity)}`;
}

/** `42 boulevard Haussmann, 75009 Paris`. */
export function addressLine(identity: ShopIdentity): string {
  const { street, postcode, city } = identity.address;
  return `${street}, ${postcode} ${city}`;
}

/** `Comptoir SAS, 42 boulevard Haussmann, 75009 Paris. RCS Paris 912 345 675.` */
export function legalLine(identity: ShopIdentity): string {
  return `${identity.legalName}, ${addressLine(identity)}. ${rcsOf(identity)}.`;
}

/** `+33 1 45 26 00 00`: the phone in international form (JSON-LD, `tel:` links). */
export function internationalPhone(identity: ShopIdentity): string {
  const number = digits(identity.phone);
  return number.startsWith("0")
    ? `+33 ${number.slice(1).replace(/(\d)(?=(\d{2})+$)/g, "$1 ")}`
    : identity.phone;
}

/** schema.org's Organization for the identity (home page, stores' `parentOrganization`). */
export function organizationJsonLd(identity: ShopIdentity, origin: string) {
  return {
    "@type": "Organization",
    name: identity.tradeName,
    legalName: identity.legalName,
    url: new URL("/", origin).toString(),
    logo: new URL("/favicon.svg", origin).toString(),
    email: identity.email,
    telephone: internationalPhone(identity),
    vatID: identity.vatNumber,
    taxID: identity.siret,
    address: {
      "@type": "PostalAddress",
      streetAddress: identity.address.street,
      postalCode: identity.address.postcode,
      addressLocality: identity.address.city,
      addressCountry: "FR",
    },
  };
}
