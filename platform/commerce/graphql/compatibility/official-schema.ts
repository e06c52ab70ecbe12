import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { buildClientSchema, type GraphQLSchema, type IntrospectionQuery } from "graphql";

let official: GraphQLSchema | undefined;

/** Shopify's official Storefront schema, as `@shopify/hydrogen-react` ships it (tests only). */
export function officialStorefrontSchema(): GraphQLSchema {
  if (!official) {
    const path = createRequire(import.meta.url).resolve(
      "@shopify/hydrogen-react/storefront.schema.json",
    );
    official = buildClientSchema(JSON.parse(readFileSync(path, "utf8")) as IntrospectionQuery);
  }
  return official;
}
