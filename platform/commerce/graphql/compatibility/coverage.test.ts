import { readFileSync } from "node:fs";
import { buildSchema } from "graphql";
import { describe, expect, it } from "vitest";
import {
  COVERAGE_DOC_HEADER,
  coverageTable,
} from "#platform/commerce/graphql/compatibility/coverage.ts";
import { officialStorefrontSchema } from "#platform/commerce/graphql/compatibility/official-schema.ts";
import { STOREFRONT_SDL } from "#platform/commerce/graphql/sdl.ts";

describe("docs/storefront-api-coverage.md", () => {
  const table = coverageTable(buildSchema(STOREFRONT_SDL), officialStorefrontSchema());

  it("is up to date with our schema: run `npm run compat:coverage` after changing it", () => {
    const committed = readFileSync(
      new URL("../../../../docs/storefront-api-coverage.md", import.meta.url),
      "utf8",
    );
    expect(committed).toBe(COVERAGE_DOC_HEADER + table);
  });

  it("marks a served root field supported and an absent one not served", () => {
    expect(table).toContain("| `product` | ✅ supported |");
    expect(table).toContain("| `productByHandle` | ✅ supported |");
    expect(table).toMatch(/\| `cartCompletionAttempt` \| — \|/);
    expect(table).toMatch(/\| `Product` \| object \| 🟡 partial \(\d+ of \d+\) \|/);
  });
});
