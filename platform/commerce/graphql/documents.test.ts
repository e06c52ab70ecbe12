import { join } from "node:path";
import { type DocumentNode, Kind, parse, validate } from "graphql";
import { describe, expect, it } from "vitest";
import { documentsIn, extractGraphqlDocuments } from "./documents.ts";
import { officialStorefrontSchema } from "./official-schema.ts";

const official = officialStorefrontSchema();
const root = join(import.meta.dirname, "../../..");

/** Validates documents together, so fragments defined in one file serve the others. */
function validateAll(documents: string[]) {
  const parsed = documents.map((document) => parse(document));
  const fragments = parsed.flatMap((doc) =>
    doc.definitions.filter((d) => d.kind === Kind.FRAGMENT_DEFINITION),
  );
  return parsed.flatMap((doc) => {
    const operations = doc.definitions.filter((d) => d.kind !== Kind.FRAGMENT_DEFINITION);
    if (operations.length === 0) return [];
    const whole: DocumentNode = { kind: Kind.DOCUMENT, definitions: [...operations, ...fragments] };
    return validate(official, whole).map((error) => error.message);
  });
}

describe("GraphQL documents", () => {
  it("in the storefront and the commerce tests all validate against Shopify's official schema", () => {
    const found = [
      ...documentsIn(join(root, "app")),
      ...documentsIn(join(root, "platform/commerce")),
    ];
    expect(found.length).toBeGreaterThan(0);
    expect(validateAll(found.map((f) => f.document))).toEqual([]);
  });

  it("are caught when they ask for a field the platform does not have", () => {
    // Assembled so that this file's own source holds no tagged literal.
    const tag = ["#", "graphql"].join("");
    const [bad] = extractGraphqlDocuments(
      `const Q = \`${tag}\n query Bad { product(handle: "x") { titre } }\`;`,
    );
    expect(validateAll([bad ?? ""])).toEqual([
      'Cannot query field "titre" on type "Product". Did you mean "title"?',
    ]);
  });
});
