import { buildSchema, type GraphQLEnumType, type GraphQLSchema } from "graphql";
import { describe, expect, it } from "vitest";
import { officialStorefrontSchema } from "./compatibility/official-schema.ts";
import { STOREFRONT_SDL } from "./sdl.ts";

const ours = buildSchema(STOREFRONT_SDL);
const official = officialStorefrontSchema();

const values = (schema: GraphQLSchema, name: string) =>
  (schema.getType(name) as GraphQLEnumType | undefined)?.getValues().map((value) => value.name);

const deprecations = (schema: GraphQLSchema, name: string) =>
  (schema.getType(name) as GraphQLEnumType)
    .getValues()
    .filter((value) => value.deprecationReason)
    .map((value) => [value.name, value.deprecationReason]);

describe("the country, currency and language codes", () => {
  it.each(["CountryCode", "CurrencyCode", "LanguageCode"])(
    "accept every %s value of the official schema, deprecated ones marked alike",
    (name) => {
      expect(values(ours, name)).toEqual(values(official, name));
      expect(deprecations(ours, name)).toEqual(deprecations(official, name));
    },
  );

  it("include the ones Hydrogen's starter sends by default and the shop's own", () => {
    expect(values(ours, "CountryCode")).toEqual(expect.arrayContaining(["ZZ", "US", "FR"]));
    expect(values(ours, "LanguageCode")).toEqual(expect.arrayContaining(["EN", "FR"]));
    expect(values(ours, "CurrencyCode")).toContain("EUR");
  });
});
