/**
 * `npm run compat:coverage`: writes docs/storefront-api-coverage.md, the table of what our
 * Storefront API serves of Shopify's official schema (platform/commerce/graphql/compatibility/coverage.ts).
 */
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { buildSchema } from "graphql";
import {
  COVERAGE_DOC_HEADER,
  coverageTable,
  officialStorefrontSchema,
  STOREFRONT_SDL,
} from "#platform/commerce/testing.ts";

const path = join(import.meta.dirname, "../docs/storefront-api-coverage.md");
writeFileSync(
  path,
  COVERAGE_DOC_HEADER + coverageTable(buildSchema(STOREFRONT_SDL), officialStorefrontSchema()),
);
console.log(`Wrote ${path}`);
