import { type GraphQLResolveInfo, Kind } from "graphql";
import {
  DELIVERY_COUNTRIES,
  type DeliveryCountry,
  deliveryCountry,
  HOME_COUNTRY,
} from "#platform/commerce/countries.ts";

/**
 * `localization` and the `@inContext` directive (localization.graphql). The shop has one
 * language, one currency and one market over the countries it delivers to, so a context only
 * picks which of those countries is active; prices, currency and texts never change with it.
 */

const FRENCH = { isoCode: "FR", name: "français", endonymName: "français" };
const EURO = { isoCode: "EUR", name: "euro", symbol: "€" };
const MARKET = { id: "gid://shopify/Market/1", handle: "france" };

function localizedCountry(country: DeliveryCountry) {
  return {
    isoCode: country.code,
    name: country.name,
    currency: EURO,
    availableLanguages: [FRENCH],
    defaultLanguage: FRENCH,
    unitSystem: "METRIC_SYSTEM",
    market: MARKET,
  };
}

/**
 * An enum argument of the operation's `@inContext` (`country`, `language`), literal or variable;
 * null when absent. Read from the syntax tree, which validation has already checked, rather than
 * with graphql's `getDirectiveValues`, which refuses the server's schema types when they come from
 * another copy of graphql (ESM and CommonJS, as in the tests).
 */
export function contextArgument(info: GraphQLResolveInfo, name: string): string | null {
  const directive = info.operation.directives?.find((node) => node.name.value === "inContext");
  const value = directive?.arguments?.find((node) => node.name.value === name)?.value;
  if (value?.kind === Kind.ENUM) return value.value;
  if (value?.kind === Kind.VARIABLE) {
    const given = info.variableValues[value.name.value];
    return typeof given === "string" ? given : null;
  }
  return null;
}

/**
 * `QueryRoot.localization`: the context's country when the shop delivers there, else France, as
 * Shopify answers its default country for a country outside its markets; always French, the
 * only language, whatever `language` asks.
 */
export function localization(_: unknown, __: unknown, ___: unknown, info: GraphQLResolveInfo) {
  const active = deliveryCountry(contextArgument(info, "country")) ?? HOME_COUNTRY;
  return {
    availableCountries: DELIVERY_COUNTRIES.map(localizedCountry),
    availableLanguages: [FRENCH],
    country: localizedCountry(active),
    language: FRENCH,
    market: MARKET,
  };
}
