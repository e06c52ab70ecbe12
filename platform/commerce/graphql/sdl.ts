import { readdirSync, readFileSync } from "node:fs";

const folder = new URL("./", import.meta.url);

/**
 * The SDL of our Storefront API: `schema.graphql` (root types, catalogue) then the other
 * `*.graphql` files beside it (carts, customers, orders), which extend the root types.
 */
export const STOREFRONT_SDL = [
  "schema.graphql",
  ...readdirSync(folder)
    .filter((name) => name.endsWith(".graphql") && name !== "schema.graphql")
    .sort(),
]
  .map((name) => readFileSync(new URL(name, folder), "utf8"))
  .join("\n");
