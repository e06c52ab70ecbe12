/**
 * The countries the shop delivers to, by ISO code, with their French names (how addresses print
 * them and how `localization` names them) and the other names shoppers type. France first: the
 * shop's own country, the default of an address and of the Storefront API's context. An address
 * elsewhere is refused (customer and cart addresses), and `localization.availableCountries` lists
 * exactly these.
 */
export const DELIVERY_COUNTRIES = [
  { code: "FR", name: "France", aliases: [] },
  { code: "BE", name: "Belgique", aliases: ["belgium"] },
  { code: "LU", name: "Luxembourg", aliases: [] },
  { code: "MC", name: "Monaco", aliases: [] },
  { code: "CH", name: "Suisse", aliases: ["switzerland"] },
  { code: "DE", name: "Allemagne", aliases: ["germany", "deutschland"] },
  { code: "ES", name: "Espagne", aliases: ["spain", "españa"] },
  { code: "IT", name: "Italie", aliases: ["italy", "italia"] },
] as const satisfies readonly { code: string; name: string; aliases: readonly string[] }[];

export type DeliveryCountry = (typeof DELIVERY_COUNTRIES)[number];

export const HOME_COUNTRY: DeliveryCountry = DELIVERY_COUNTRIES[0];

/** The delivered country of an ISO code; undefined for any other code. */
export function deliveryCountry(code: string | null | undefined): DeliveryCountry | undefined {
  return DELIVERY_COUNTRIES.find((country) => country.code === code);
}

/** The delivered country a shopper typed, by code or name, any case; undefined elsewhere. */
export function deliveryCountryNamed(value: string): DeliveryCountry | undefined {
  const key = value.trim().toLowerCase();
  return DELIVERY_COUNTRIES.find(
    (country) =>
      country.code.toLowerCase() === key ||
      country.name.toLowerCase() === key ||
      (country.aliases as readonly string[]).includes(key),
  );
}

/** A country's name as French addresses print it; the code itself for a country not delivered. */
export function countryName(code: string | null | undefined): string | null {
  return code ? (deliveryCountry(code)?.name ?? code) : null;
}
