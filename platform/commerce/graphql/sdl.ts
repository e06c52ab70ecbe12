import { readFileSync } from "node:fs";

/** The SDL of our Storefront API (schema.graphql beside this file). */
export const STOREFRONT_SDL = readFileSync(new URL("./schema.graphql", import.meta.url), "utf8");
