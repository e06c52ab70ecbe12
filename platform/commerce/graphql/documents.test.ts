import { readFileSync } from "node:fs";
import { join } from "node:path";
import {
  buildSchema,
  type DefinitionNode,
  type DocumentNode,
  type FragmentDefinitionNode,
  type GraphQLSchema,
  Kind,
  parse,
  validate,
  visit,
} from "graphql";
import { describe, expect, it } from "vitest";
import { productsByHandlesQuery } from "#app/lib/content/pages.server.ts";
import { officialStorefrontSchema } from "./compatibility/official-schema.ts";
import { documentsIn, extractGraphqlDocuments } from "./documents.ts";
import { STOREFRONT_SDL } from "./sdl.ts";

const official = officialStorefrontSchema();
const root = join(import.meta.dirname, "../../..");

/** The fragments an operation uses, directly or through other fragments. */
function reachableFragments(
  from: readonly DefinitionNode[],
  fragments: ReadonlyMap<string, FragmentDefinitionNode>,
): FragmentDefinitionNode[] {
  const found = new Map<string, FragmentDefinitionNode>();
  const pending = [...from];
  while (pending.length > 0) {
    const node = pending.pop();
    visit(node as DefinitionNode, {
      FragmentSpread(spread) {
        const fragment = fragments.get(spread.name.value);
        if (fragment && !found.has(spread.name.value)) {
          found.set(spread.name.value, fragment);
          pending.push(fragment);
        }
      },
    });
  }
  return [...found.values()];
}

/**
 * Validates each operation with the fragments it reaches, wherever they are defined, so that
 * fragments shared between files serve them all.
 */
function validateAll(documents: string[], schema: GraphQLSchema = official) {
  const parsed = documents.map((document) => parse(document));
  const fragments = new Map(
    parsed
      .flatMap((doc) => doc.definitions)
      .filter((d): d is FragmentDefinitionNode => d.kind === Kind.FRAGMENT_DEFINITION)
      .map((fragment) => [fragment.name.value, fragment]),
  );
  return parsed.flatMap((doc) => {
    const operations = doc.definitions.filter((d) => d.kind !== Kind.FRAGMENT_DEFINITION);
    if (operations.length === 0) return [];
    const whole: DocumentNode = {
      kind: Kind.DOCUMENT,
      definitions: [...operations, ...reachableFragments(operations, fragments)],
    };
    return validate(schema, whole).map((error) => error.message);
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

  it("in the storefront ask only for what our commerce service serves", () => {
    const ours = buildSchema(STOREFRONT_SDL);
    expect(
      validateAll(
        documentsIn(join(root, "app")).map((f) => f.document),
        ours,
      ),
    ).toEqual([]);
  });

  it("built at run time (product cards by handle) validate against both schemas", () => {
    const cards = extractGraphqlDocuments(readFileSync(join(root, "app/lib/fragments.ts"), "utf8"));
    const documents = [productsByHandlesQuery(3), ...cards];
    expect(validateAll(documents)).toEqual([]);
    expect(validateAll(documents, buildSchema(STOREFRONT_SDL))).toEqual([]);
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
