import { readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { generate } from "@graphql-codegen/cli";
import { describe, expect, it } from "vitest";
import { sourceFiles } from "#platform/commerce/testing.ts";
import config from "../../codegen.ts";

const root = join(import.meta.dirname, "../..");
const GENERATED = "app/lib/storefront.generated.ts";

describe("the storefront's generated GraphQL types", () => {
  it("are up to date with its documents and the commerce schema", async () => {
    const outputs = await generate({ ...config, cwd: root, silent: true }, false);
    const output = (outputs as { filename: string; content: string }[]).find((file) =>
      file.filename.endsWith(GENERATED),
    );
    const committed = readFileSync(join(root, GENERATED), "utf8");
    expect(
      output?.content === committed,
      `${GENERATED} is out of date: run \`npm run codegen\` and commit it`,
    ).toBe(true);
  }, 60_000);

  it("type each document by its own operation", () => {
    const mismatches: string[] = [];
    const files = sourceFiles(join(root, "app")).filter((file) => !/\.test\.tsx?$/.test(file));
    for (const file of files) {
      const source = readFileSync(file, "utf8");
      for (const match of source.matchAll(
        /\x60#graphql([\s\S]*?)\x60(\s+as\s+StorefrontDocument<"(\w+)">)?/g,
      )) {
        const operation = /^\s*(?:query|mutation)\s+(\w+)/m.exec(match[1] ?? "")?.[1];
        if (operation && match[3] !== operation) {
          mismatches.push(
            `${relative(root, file)}: ${operation} typed as ${match[3] ?? "nothing"}`,
          );
        }
      }
    }
    expect(mismatches).toEqual([]);
  });
});
