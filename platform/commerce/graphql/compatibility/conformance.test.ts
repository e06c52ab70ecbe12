import { buildSchema } from "graphql";
import { describe, expect, it } from "vitest";
import { STOREFRONT_SDL } from "../sdl.ts";
import { schemaDifferences } from "./conformance.ts";
import { officialStorefrontSchema } from "./official-schema.ts";

const official = officialStorefrontSchema();

describe("the Storefront API schema", () => {
  it("is a strict subset of Shopify's official Storefront schema", () => {
    expect(schemaDifferences(buildSchema(STOREFRONT_SDL), official)).toEqual([]);
  });

  it("notices a renamed field", () => {
    const renamed = STOREFRONT_SDL.replace("  vendor: String!\n", "  brand: String!\n");
    expect(schemaDifferences(buildSchema(renamed), official)).toContain(
      "Product.brand does not exist in the official schema",
    );
  });

  it("notices a changed nullability", () => {
    const loosened = STOREFRONT_SDL.replace(
      "  handle: String!\n  id: ID!\n  images",
      "  handle: String\n  id: ID!\n  images",
    );
    expect(schemaDifferences(buildSchema(loosened), official)).toContain(
      "Product.handle is String, officially String!",
    );
  });

  it("notices an invented enum value, argument and type", () => {
    const invented = STOREFRONT_SDL.replace("enum CurrencyCode {\n", "enum CurrencyCode {\n  FRF\n")
      .replace("product(handle: String, id: ID)", "product(handle: String, id: ID, slug: String)")
      .concat("\ntype Fromage {\n  nom: String\n}\n");
    expect(schemaDifferences(buildSchema(invented), official)).toEqual(
      expect.arrayContaining([
        "enum CurrencyCode has FRF, officially not",
        "QueryRoot.product(slug) does not exist in the official schema",
        "type Fromage does not exist in the official schema",
      ]),
    );
  });

  it("notices a directive declared otherwise than officially", () => {
    const changed = STOREFRONT_SDL.replace(
      "  visitorConsent: VisitorConsent\n) on MUTATION | QUERY",
      "  visitorConsent: VisitorConsent\n  currency: CurrencyCode\n) on MUTATION | QUERY | FIELD",
    ).concat("\ndirective @cache(maxAge: Int) on QUERY\n");
    expect(schemaDifferences(buildSchema(changed), official)).toEqual([
      "directive @inContext is allowed on FIELD, officially not",
      "@inContext(currency) does not exist in the official schema",
      "directive @cache does not exist in the official schema",
    ]);
  });
});
